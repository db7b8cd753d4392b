/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board quirks chosen by the DT's root compatible (platform/generic/): the
 * QEMU virt, FU540, FU740, JH7110, T-Head (TH1520, SG2042, D1, CV18xx) and
 * RZ/Five quirks for their DTs (QEMU's own and Linux's board DTs' strings),
 * none for a board no quirk names, for a string that only begins like a
 * quirk's, or for a root without (or with an empty) compatible; and what
 * each quirk gives: its event map, the stale-TLB erratum, the firmware
 * regions its set-up adds, the clock writes that turn an I2C controller on.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "test.h"
#include "platform.h"
#include "console.h"
#include "andes_ax45_pmu.h"
#include "host_console.h"
#include "host_memory.h"
#include "i2c_bus.h"
#include "riscv_csr.h"
#include "trap_expect.h"
#include "thead_c9xx_pmu.h"
#include "u74_pmu.h"

TEST_MAIN_GLOBALS

/* The QEMU virt quirk's platform event counts what the console wrote: this is the count. */
static uint64_t console_bytes;
uint64_t console_bytes_written(void)
{
	return console_bytes;
}

static char blob[4096];

/* ---- The CSRs the RZ/Five quirk reads and writes (tests/fuzz/host/riscv_csr.h) ---- */
#define CSR_MMSC_CFG  0xfc2
#define CSR_PMACFG0   0xbc0
#define CSR_PMAADDR0  0xbd0
static struct {
	bool andes;                   /* the CSRs exist (else every access traps) */
	unsigned long mmsc_cfg, pmacfg0, pmaaddr0;
	bool pmaaddr_hardwired;       /* pmaaddr0 keeps nothing written */
	unsigned int writes;
} csrs;
static bool expecting, trapped;

static unsigned long *csr_slot(unsigned int csr)
{
	if (!csrs.andes)
		return NULL;
	return csr == CSR_MMSC_CFG ? &csrs.mmsc_cfg : csr == CSR_PMACFG0 ? &csrs.pmacfg0 :
	       csr == CSR_PMAADDR0 ? &csrs.pmaaddr0 : NULL;
}

void host_csr_read_expecting_trap(unsigned int csr, unsigned long *value)
{
	unsigned long *slot = csr_slot(csr);

	if (!expecting)
		abort();
	if (slot)
		*value = *slot;
	else
		trapped = true;
}

void host_csr_write_expecting_trap(unsigned int csr, unsigned long value)
{
	unsigned long *slot = csr_slot(csr);

	if (!expecting)
		abort();
	if (!slot || csr == CSR_MMSC_CFG) {
		trapped = true;
		return;
	}
	csrs.writes++;
	if (!(csr == CSR_PMAADDR0 && csrs.pmaaddr_hardwired))
		*slot = value;
}

void trap_expect_begin_on(struct trap_expect *st)
{
	(void)st;
	expecting = true;
	trapped = false;
}

bool trap_expect_end_on(struct trap_expect *st)
{
	(void)st;
	expecting = false;
	return trapped;
}

/*
 * No device answers here unless a test says so: the K1 quirk's probe finds
 * none (test_spacemit_k1.c simulates its registers); the I2C clock hooks'
 * registers answer in [mmio_answer_from, mmio_answer_to), but at
 * mmio_fault_at.
 */
static uintptr_t mmio_answer_from, mmio_answer_to, mmio_fault_at;
static unsigned int mmio_probes;

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uintptr_t a = (uintptr_t)addr;

	(void)st;
	mmio_probes++;
	if (a < mmio_answer_from || a >= mmio_answer_to || a == mmio_fault_at || width != 4)
		return false;
	*value = 0;
	return true;
}

static void test_setup(void)
{
	mmio_answer_from = mmio_answer_to = mmio_fault_at = 0;
	mmio_probes = 0;
	console_bytes = 0;
	memset(&csrs, 0, sizeof(csrs));
	host_console_clear();
}

/* A DT whose root compatible is the given strings (len bytes, NULs included); len < 0: none. */
static const void *root_with(const char *compatible, int len)
{
	if (fdt_create_empty_tree(blob, sizeof(blob)) ||
	    (len >= 0 && fdt_setprop(blob, 0, "compatible", compatible, len))) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}
#define ROOT(lit) root_with(lit, sizeof(lit))

TEST(qemu_virt_gets_its_platform_event)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT("riscv-virtio"));

	CHECK(!strcmp(q->name, "QEMU virt"));
	CHECK(!q->hooks && !q->trap_flushes_tlb);
	CHECK(q->pmu && !q->pmu->default_map);
	CHECK_EQ(q->pmu->fw_event_lookup(1), 1);
	CHECK_EQ(q->pmu->fw_event_lookup(2), -1);
	CHECK_EQ(q->pmu->fw_event_lookup(0), -1);
	console_bytes = 1234;
	CHECK_EQ(q->pmu->fw_event_read(1), 1234);
}

TEST(the_hifive_unmatched_gets_the_fu740_quirk_and_the_u74_map)
{
	const struct platform_quirk *q =
		platform_quirk_match(ROOT("sifive,hifive-unmatched-a00\0sifive,fu740-c000\0sifive,fu740"));

	CHECK(!strcmp(q->name, "SiFive FU740"));
	CHECK(q->pmu && q->pmu->default_map == &u74_pmu_default_map);
	CHECK(!q->pmu->fw_event_lookup);
	/* Another FU740 board: the SoC's strings are enough. */
	CHECK_EQ(platform_quirk_match(ROOT("acme,board\0sifive,fu740")), q);
}

TEST(qemu_sifive_u_and_the_unleashed_get_the_fu540_quirk)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT("sifive,hifive-unleashed-a00"));

	CHECK(!strcmp(q->name, "SiFive FU540"));
	CHECK(q->pmu && q->pmu->default_map == &u74_pmu_default_map);
	CHECK_EQ(platform_quirk_match(ROOT("sifive,hifive-unleashed-a00\0sifive,fu540-c000\0sifive,fu540")), q);
}

/* The JH7110's U74 cores get the FU740's map (Linux's JH7110 DTs have no riscv,pmu node). */
TEST(jh7110_boards_get_the_u74_map)
{
	const struct platform_quirk *q =
		platform_quirk_match(ROOT("starfive,visionfive-2-v1.3b\0starfive,jh7110"));

	CHECK(!strcmp(q->name, "StarFive JH7110"));
	CHECK(q->pmu && q->pmu->default_map == &u74_pmu_default_map);
	CHECK(q->hooks && !q->hooks->init && !q->hooks->system_reset && !q->trap_flushes_tlb);
	CHECK(q->hooks && q->hooks->i2c_bus_power);
	CHECK_EQ(platform_quirk_match(ROOT("milkv,mars\0starfive,jh7110")), q);
	CHECK_EQ(platform_quirk_match(ROOT("pine64,star64\0starfive,jh7110")), q);
}

/* The stale-TLB erratum: TH1520 and SG2042 flush at every trap; the C906 SoCs do not. */
TEST(t_head_socs_get_their_core_maps_and_errata)
{
	const struct platform_quirk *th1520 = platform_quirk_match(ROOT("sipeed,lichee-pi-4a\0thead,th1520"));
	const struct platform_quirk *sg2042 = platform_quirk_match(ROOT("milkv,pioneer\0sophgo,sg2042"));
	const struct platform_quirk *d1 = platform_quirk_match(ROOT("allwinner,d1-nezha\0allwinner,sun20i-d1"));
	const struct platform_quirk *duo = platform_quirk_match(ROOT("milkv,duo\0sophgo,cv1800b"));

	CHECK(!strcmp(th1520->name, "T-Head TH1520"));
	CHECK(th1520->trap_flushes_tlb && th1520->pmu->default_map == &thead_c910_pmu_default_map);
	CHECK_EQ(platform_quirk_match(ROOT("beagle,beaglev-ahead\0thead,th1520")), th1520);
	CHECK(!strcmp(sg2042->name, "Sophgo SG2042"));
	CHECK(sg2042->trap_flushes_tlb && sg2042->pmu->default_map == &thead_c910_pmu_default_map);
	CHECK(!strcmp(d1->name, "Allwinner D1"));
	CHECK(!d1->trap_flushes_tlb && d1->pmu->default_map == &thead_c906_pmu_default_map);
	CHECK_EQ(platform_quirk_match(ROOT("widora,mangopi-mq\0allwinner,sun20i-d1s")), d1);
	CHECK(!strcmp(duo->name, "Sophgo CV18xx"));
	CHECK(!duo->trap_flushes_tlb && duo->pmu->default_map == &thead_c906_pmu_default_map);
	CHECK_EQ(platform_quirk_match(ROOT("sophgo,huashan-pi\0sophgo,cv1812h")), duo);
	CHECK_EQ(platform_quirk_match(ROOT("sipeed,licheerv-nano-b\0sophgo,sg2002")), duo);
	/* The SG2044 has Sscofpmf and its own DT map: not the SG2042's quirk. */
	CHECK_EQ(platform_quirk_match(ROOT("sophgo,srd3-10\0sophgo,sg2044")), &platform_quirk_generic);
}

/* The SG2042's 16 MTIMER blocks become one firmware region: one PMP entry. */
TEST(sg2042_merges_its_mtimers)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT("milkv,pioneer\0sophgo,sg2042"));

	host_memory_reset();
	CHECK_EQ(q->hooks->init(blob), 0);
	CHECK_EQ(memory_map.device_count, 1);
	CHECK_EQ(memory_map.device[0].base, 0x70ac000000ULL);
	CHECK_EQ(memory_map.device[0].size, 0x100000);
}

#define RZFIVE_ROOT "renesas,smarc-evk\0renesas,r9a07g043f01\0renesas,r9a07g043"

/* RZ/Five: the AX45MP map, and its ILM/DLM kept from S/U-mode. */
TEST(rzfive_gets_the_ax45mp_map_and_hides_its_local_memories)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT(RZFIVE_ROOT));

	CHECK(!strcmp(q->name, "Renesas RZ/Five"));
	CHECK(q->pmu && q->pmu->default_map == &andes_ax45_pmu_default_map);
	host_memory_reset();
	CHECK_EQ(q->hooks->init(blob), 0);
	CHECK_EQ(memory_map.device_count, 1);
	CHECK_EQ(memory_map.device[0].base, 0x30000);
	CHECK_EQ(memory_map.device[0].size, 0x20000);
	CHECK(!strcmp(memory_map.device[0].name, "ILM/DLM"));
}

/* A DT with the RZ/Five's root cells and room for the fixup. */
static void *rzfive_tree(void)
{
	const void *fdt = ROOT(RZFIVE_ROOT);

	if (fdt_setprop_u32(blob, 0, "#address-cells", 2) || fdt_setprop_u32(blob, 0, "#size-cells", 2))
		return NULL;
	return (void *)fdt;
}

/*
 * Its DMA pool: 0x58000000-0x5fffffff uncached through PMA entry 0 (NAPOT,
 * non-cacheable bufferable: pmacfg0's byte 0 = 0xf, pmaaddr0 = 0x16ffffff),
 * the other entries' bytes kept; then a shared-dma-pool node for S-mode.
 */
TEST(rzfive_makes_its_dma_pool_uncached_and_tells_s_mode)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT(RZFIVE_ROOT));
	void *fdt = rzfive_tree();
	const fdt32_t *reg;
	int node, len;

	CHECK(fdt);
	csrs.andes = true;
	csrs.mmsc_cfg = 1UL << 30;
	csrs.pmacfg0 = 0xf00;                        /* entry 1 in use: kept */
	host_memory_reset();
	CHECK_EQ(q->hooks->init(fdt), 0);
	CHECK_EQ(csrs.pmaaddr0, 0x16ffffff);
	CHECK_EQ(csrs.pmacfg0, 0xf0f);
	CHECK(host_console_contains("abacus: RZ/Five         : 0x58000000-0x5fffffff uncached (PMA): DMA pool for S-mode\n"));
	CHECK_EQ(q->hooks->fdt_fixup(fdt), 0);
	node = fdt_path_offset(fdt, "/reserved-memory/dma-pool@58000000");
	CHECK(node >= 0);
	CHECK(!fdt_node_check_compatible(fdt, node, "shared-dma-pool"));
	CHECK(fdt_getprop(fdt, node, "no-map", &len) && len == 0);
	CHECK(fdt_getprop(fdt, node, "linux,dma-default", &len) && len == 0);
	reg = fdt_getprop(fdt, node, "reg", &len);
	CHECK(reg && len == 16);
	CHECK_EQ(fdt32_to_cpu(reg[0]), 0);
	CHECK_EQ(fdt32_to_cpu(reg[1]), 0x58000000);
	CHECK_EQ(fdt32_to_cpu(reg[2]), 0);
	CHECK_EQ(fdt32_to_cpu(reg[3]), 0x8000000);
}

/*
 * A /reserved-memory the DT (or the firmware's own node) made first: the
 * pool's reg in its cells, 1 and 1 here; 3 address cells are refused.
 */
TEST(rzfive_pool_node_follows_an_existing_reserved_memory)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT(RZFIVE_ROOT));
	void *fdt = rzfive_tree();
	const fdt32_t *reg;
	int parent, node, len;

	CHECK(fdt);
	memset(&csrs, 0, sizeof(csrs));
	csrs.andes = true;
	csrs.mmsc_cfg = 1UL << 30;
	host_memory_reset();
	CHECK_EQ(q->hooks->init(fdt), 0);
	parent = fdt_add_subnode(fdt, 0, "reserved-memory");
	CHECK(parent >= 0);
	CHECK_EQ(fdt_setprop_u32(fdt, parent, "#address-cells", 1), 0);
	CHECK_EQ(fdt_setprop_u32(fdt, parent, "#size-cells", 1), 0);
	CHECK_EQ(q->hooks->fdt_fixup(fdt), 0);
	node = fdt_path_offset(fdt, "/reserved-memory/dma-pool@58000000");
	CHECK(node >= 0);
	CHECK(!fdt_node_check_compatible(fdt, node, "shared-dma-pool"));
	CHECK(fdt_getprop(fdt, node, "no-map", &len) && len == 0);
	CHECK(fdt_getprop(fdt, node, "linux,dma-default", &len) && len == 0);
	reg = fdt_getprop(fdt, node, "reg", &len);
	CHECK(reg && len == 8);
	CHECK_EQ(fdt32_to_cpu(reg[0]), 0x58000000);
	CHECK_EQ(fdt32_to_cpu(reg[1]), 0x8000000);
	CHECK_EQ(fdt_del_node(fdt, node), 0);
	parent = fdt_path_offset(fdt, "/reserved-memory");
	CHECK_EQ(fdt_setprop_u32(fdt, parent, "#address-cells", 3), 0);
	CHECK_EQ(q->hooks->fdt_fixup(fdt), -FDT_ERR_BADNCELLS);
	CHECK(fdt_path_offset(fdt, "/reserved-memory/dma-pool@58000000") < 0);
	CHECK_EQ(fdt_del_node(fdt, parent), 0);
}

/* Without programmable PMA, with entry 0 taken, or with a pmaaddr0 that keeps nothing: no pool, one line. */
TEST(rzfive_offers_no_pool_it_cannot_make_uncached)
{
	static const struct {
		bool andes, hardwired;
		unsigned long mmsc_cfg, pmacfg0;
		const char *why;
		unsigned int writes;
	} cases[] = {
		{ false, false, 0, 0, "no programmable PMA", 0 },                  /* no Andes CSRs: they trap */
		{ true, false, 0, 0, "no programmable PMA", 0 },                   /* mmsc_cfg.PPMA clear */
		{ true, false, 1UL << 30, 0x3, "PMA entry 0 busy", 0 },
		{ true, true, 1UL << 30, 0, "PMA entry 0 refused it", 2 },
	};

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct platform_quirk *q = platform_quirk_match(ROOT(RZFIVE_ROOT));
		void *fdt = rzfive_tree();

		memset(&csrs, 0, sizeof(csrs));
		csrs.andes = cases[i].andes;
		csrs.pmaaddr_hardwired = cases[i].hardwired;
		csrs.mmsc_cfg = cases[i].mmsc_cfg;
		csrs.pmacfg0 = cases[i].pmacfg0;
		host_console_clear();
		host_memory_reset();
		CHECK(fdt);
		CHECK_EQ(q->hooks->init(fdt), 0);
		CHECK_EQ(csrs.writes, cases[i].writes);
		CHECK(host_console_contains(cases[i].why));
		CHECK(host_console_contains("abacus: RZ/Five         : "));
		CHECK(host_console_contains(": no DMA pool for S-mode\n"));
		CHECK_EQ(q->hooks->fdt_fixup(fdt), 0);
		CHECK(fdt_path_offset(fdt, "/reserved-memory") < 0);
	}
}

/*
 * A DT with the root's compatible and cells, a clock controller (compatible
 * ctl, phandle 1, at ctl_base, ctl_size bytes) and an I2C controller whose
 * clocks property is the ncells cells given; returns the I2C node.
 */
static int clocked_i2c(const char *root, int root_len, const char *ctl, uint64_t ctl_base, uint64_t ctl_size,
		       const uint32_t *cells, int ncells)
{
	fdt32_t reg[4] = { cpu_to_fdt32(ctl_base >> 32), cpu_to_fdt32((uint32_t)ctl_base), 0,
			   cpu_to_fdt32((uint32_t)ctl_size) };
	fdt32_t clk[4];
	int c, i2c, err;

	root_with(root, root_len);
	for (int i = 0; i < ncells; i++)
		clk[i] = cpu_to_fdt32(cells[i]);
	err = fdt_setprop_u32(blob, 0, "#address-cells", 2) | fdt_setprop_u32(blob, 0, "#size-cells", 2);
	/* (A new node or property moves the offsets after it: each node found again before it is written.) */
	err |= fdt_add_subnode(blob, 0, "clock-controller") < 0 || fdt_add_subnode(blob, 0, "i2c") < 0;
	c = fdt_path_offset(blob, "/clock-controller");
	if (err || c < 0 || fdt_setprop_string(blob, c, "compatible", ctl) ||
	    fdt_setprop(blob, fdt_path_offset(blob, "/clock-controller"), "reg", reg, sizeof(reg)) ||
	    fdt_setprop_u32(blob, fdt_path_offset(blob, "/clock-controller"), "phandle", 1))
		return -1;
	i2c = fdt_path_offset(blob, "/i2c");
	if (i2c < 0 || fdt_setprop(blob, i2c, "clocks", clk, ncells * (int)sizeof(fdt32_t)))
		return -1;
	return fdt_path_offset(blob, "/i2c");
}

#define JH7110_ROOT "starfive,visionfive-2-v1.3b\0starfive,jh7110"

/*
 * The VisionFive 2's I2C5: clocks = <&syscrg JH7110_SYSCLK_I2C5_APB (143)>:
 * bit 31 of SYSCRG + 4 x 143 set before each transfer, the rest kept
 * (Linux 7.2 clk-starfive-jh71x0.c; OpenSBI 1.9 jh7110.c pmic_i2c_clk_enable).
 */
TEST(jh7110_turns_its_i2c_clock_on)
{
	static const uint32_t i2c5[] = { 1, 143 }, two[] = { 1, 143, 1, 144 };
	const struct platform_quirk *q = platform_quirk_match(ROOT(JH7110_ROOT));
	struct i2c_bus bus = { 0 };

	CHECK(q->hooks && q->hooks->i2c_bus_power);
	host_memory_reset();
	mmio_answer_from = 0x13020000, mmio_answer_to = 0x13030000;
	bus.node = clocked_i2c(JH7110_ROOT, sizeof(JH7110_ROOT), "starfive,jh7110-syscrg", 0x13020000, 0x10000, i2c5, 2);
	CHECK(bus.node >= 0);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 1);
	CHECK_EQ(bus.power[0].reg, 0x1302023c);
	CHECK_EQ(bus.power[0].clear, 0);
	CHECK_EQ(bus.power[0].set, 0x80000000);
	/* Not the SYSCRG's clock, two clocks, or a SYSCRG too small for the clock: nothing. */
	memset(&bus, 0, sizeof(bus));
	bus.node = clocked_i2c(JH7110_ROOT, sizeof(JH7110_ROOT), "starfive,jh7110-aoncrg", 0x17000000, 0x10000, i2c5, 2);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	bus.node = clocked_i2c(JH7110_ROOT, sizeof(JH7110_ROOT), "starfive,jh7110-syscrg", 0x13020000, 0x10000, two, 4);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	bus.node = clocked_i2c(JH7110_ROOT, sizeof(JH7110_ROOT), "starfive,jh7110-syscrg", 0x13020000, 0x200, i2c5, 2);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	CHECK(!bus.power);
	/* A clock register that faults: refused, with its line, never written. */
	mmio_fault_at = 0x1302023c;
	bus.node = clocked_i2c(JH7110_ROOT, sizeof(JH7110_ROOT), "starfive,jh7110-syscrg", 0x13020000, 0x10000, i2c5, 2);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	CHECK(host_console_contains("clock-controller: reg 0x13020000-0x1302ffff faults when read; device refused"));
}

/*
 * The RZ/Five's RIIC n: clocks = <&cpg CPG_MOD (1) R9A07G043_I2Cn_PCLK (59 + n)>:
 * RST 0x880 written (bit n + 16) | (bit n): out of its module reset
 * (R9A07G043_I2Cn_MRST); CLK_ON 0x580 written (bit n + 16) | (bit n), then
 * MSTOP 0xb68 written bit (10 + n) + 16 alone (Linux 7.2 rzg2l-cpg.c,
 * r9a07g043-cpg.c).
 */
TEST(rzfive_takes_its_i2c_out_of_reset_and_turns_it_on)
{
	static const uint32_t i2c0[] = { 1, 1, 59 }, i2c3[] = { 1, 1, 62 }, i2c4[] = { 1, 1, 63 }, core[] = { 1, 0, 59 };
	const struct platform_quirk *q = platform_quirk_match(ROOT(RZFIVE_ROOT));
	struct i2c_bus bus = { 0 };

	CHECK(q->hooks && q->hooks->i2c_bus_power);
	host_memory_reset();
	mmio_answer_from = 0x11010000, mmio_answer_to = 0x11020000;
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g043-cpg", 0x11010000, 0x10000, i2c0, 3);
	CHECK(bus.node >= 0);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 3);
	CHECK_EQ(bus.power[0].reg, 0x11010880);
	CHECK_EQ(bus.power[0].clear, 0xffffffff);
	CHECK_EQ(bus.power[0].set, 0x00010001);
	CHECK_EQ(bus.power[1].reg, 0x11010580);
	CHECK_EQ(bus.power[1].clear, 0xffffffff);
	CHECK_EQ(bus.power[1].set, 0x00010001);
	CHECK_EQ(bus.power[2].reg, 0x11010b68);
	CHECK_EQ(bus.power[2].clear, 0xffffffff);
	CHECK_EQ(bus.power[2].set, 0x04000000);
	memset(&bus, 0, sizeof(bus));
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g043-cpg", 0x11010000, 0x10000, i2c3, 3);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 3);
	CHECK_EQ(bus.power[0].set, 0x00080008);
	CHECK_EQ(bus.power[1].set, 0x00080008);
	CHECK_EQ(bus.power[2].set, 0x20000000);
	/* Not an I2C module clock, a core clock, another SoC's CPG: nothing. */
	memset(&bus, 0, sizeof(bus));
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g043-cpg", 0x11010000, 0x10000, i2c4, 3);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g043-cpg", 0x11010000, 0x10000, core, 3);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g044-cpg", 0x11010000, 0x10000, i2c0, 3);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	/* A clock register that faults (MSTOP here): refused, with its line. */
	mmio_fault_at = 0x11010b68;
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g043-cpg", 0x11010000, 0x10000, i2c0, 3);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
	CHECK(host_console_contains("clock-controller: reg 0x11010000-0x1101ffff faults when read; device refused"));
	/* The reset register faulting: refused too. */
	mmio_fault_at = 0x11010880;
	memset(&bus, 0, sizeof(bus));
	bus.node = clocked_i2c(RZFIVE_ROOT, sizeof(RZFIVE_ROOT), "renesas,r9a07g043-cpg", 0x11010000, 0x10000, i2c0, 3);
	q->hooks->i2c_bus_power(blob, &bus);
	CHECK_EQ(bus.nr_power, 0);
}

TEST(a_board_no_quirk_names_boots_with_none)
{
	CHECK_EQ(platform_quirk_match(ROOT("acme,board\0acme,soc")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("renesas,r9a07g043")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("thead,th1520-x")), &platform_quirk_generic);
	CHECK(!strcmp(platform_quirk_generic.name, "generic"));
	CHECK(!platform_quirk_generic.pmu && !platform_quirk_generic.hooks);
	CHECK(!platform_quirk_generic.trap_flushes_tlb);
}

TEST(only_whole_strings_match)
{
	CHECK_EQ(platform_quirk_match(ROOT("riscv-virtio-x")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("sifive,fu74")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("xsifive,fu740")), &platform_quirk_generic);
}

TEST(a_root_without_a_sane_compatible_gets_none)
{
	CHECK_EQ(platform_quirk_match(root_with(NULL, -1)), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(root_with("", 0)), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(root_with("\0\0\0", 3)), &platform_quirk_generic);
	/* A quirk's string inside a longer one ("riscv-virtio" ends at no NUL here). */
	CHECK_EQ(platform_quirk_match(root_with("riscv-virtio\xff\xff\xff", 16)), &platform_quirk_generic);
}

int main(void)
{
	RUN(qemu_virt_gets_its_platform_event);
	RUN(the_hifive_unmatched_gets_the_fu740_quirk_and_the_u74_map);
	RUN(qemu_sifive_u_and_the_unleashed_get_the_fu540_quirk);
	RUN(jh7110_boards_get_the_u74_map);
	RUN(t_head_socs_get_their_core_maps_and_errata);
	RUN(sg2042_merges_its_mtimers);
	RUN(rzfive_gets_the_ax45mp_map_and_hides_its_local_memories);
	RUN(rzfive_makes_its_dma_pool_uncached_and_tells_s_mode);
	RUN(rzfive_pool_node_follows_an_existing_reserved_memory);
	RUN(rzfive_offers_no_pool_it_cannot_make_uncached);
	RUN(jh7110_turns_its_i2c_clock_on);
	RUN(rzfive_takes_its_i2c_out_of_reset_and_turns_it_on);
	RUN(a_board_no_quirk_names_boots_with_none);
	RUN(only_whole_strings_match);
	RUN(a_root_without_a_sane_compatible_gets_none);
	return TEST_EXIT_CODE;
}
