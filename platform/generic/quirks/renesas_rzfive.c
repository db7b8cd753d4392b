/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas RZ/Five (R9A07G043F): one Andes AX45MP core.
 * - PMU: M-mode kept out of the counts is found on the hart (lib/ext/pmu, by
 *   mvendorid); Linux's RZ/Five DT has no riscv,pmu node: the AX45MP map
 *   (andes_ax45_pmu.c).
 * - The core's instruction and data local memories (ILM, DLM) answer at
 *   0x30000-0x4ffff whatever the MMU says: an S-mode or U-mode access
 *   there, at a virtual address the page tables map elsewhere, would reach
 *   them instead of faulting. PMP denies them to S/U-mode (a firmware
 *   region, as OpenSBI 1.9's rzfive.c adds an M-mode-only domain region).
 * - DMA: the core is not DMA-coherent and has no Svpbmt, so Linux takes
 *   its coherent DMA buffers from a pool the firmware makes uncacheable:
 *   0x58000000-0x5fffffff, non-cacheable bufferable memory through the
 *   AX45MP's programmable PMA (entry 0: pmacfg0's first byte, pmaaddr0
 *   NAPOT), given to S-mode as /reserved-memory's shared-dma-pool, no-map,
 *   linux,dma-default (the region, attributes and properties of OpenSBI
 *   1.9's rzfive.c and andes_pma.c; AndeStar V5 PMA CSRs). Only where the
 *   core has programmable PMA (mmsc_cfg.PPMA) and entry 0 is free: else
 *   one line, and no pool (uncached memory the DT promised and the core
 *   caches would corrupt DMA).
 * - The RIIC I2C controllers' clocks (the DA9062 PMIC's I2C0): Linux's
 *   RIIC driver lets runtime PM stop the controller's module clock and put
 *   the module in standby after each transfer (autosuspend delay 0), so
 *   each of the firmware's transfers first turns both on again, as Linux
 *   does to resume it (drivers/clk/renesas/rzg2l-cpg.c,
 *   rzg2l_mod_clock_endisable: CLK_ON written with the bit's write-enable
 *   (bit + 16) and the bit, then the bus's MSTOP written with the bit's
 *   write-enable alone: out of standby; r9a07g043-cpg.c: "i2c0".."i2c3",
 *   R9A07G043_I2C0_PCLK 59 ..., CLK_ON 0x580 bits 0-3, MSTOP(BUS_MCPU2,
 *   bits 10-13), CPG_BUS_MCPU2_MSTOP 0xb68 in rzg2l-cpg.h). The controller
 *   node names its clock <&cpg CPG_MOD (1) id>. Before those, the
 *   controller's module reset deasserted (a loader that never used I2C0 may
 *   leave it asserted; Linux's riic probe deasserts it, rzg2l_cpg_deassert:
 *   RST 0x880 bit n written with its write enable, r9a07g043-cpg.c
 *   DEF_RST(R9A07G043_I2C0_MRST, 0x880, 0) ...); Linux asserts it again
 *   only for system suspend. The RIIC driver then sets up a controller it
 *   finds off (i2c_riic.c).
 */
#include <libfdt.h>
#include "andes_ax45_pmu.h"
#include "console.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "i2c_bus.h"
#include "platform.h"
#include "heap.h"
#include "riscv_csr.h"
#include "memory_map.h"
#include "trap_expect.h"

#define RZFIVE_LOCAL_MEMORY_BASE 0x30000
#define RZFIVE_LOCAL_MEMORY_SIZE 0x20000
#define RZFIVE_DMA_POOL_BASE     0x58000000UL
#define RZFIVE_DMA_POOL_SIZE     0x8000000UL
#define RZFIVE_DMA_POOL_RANGE    "0x58000000-0x5fffffff"    /* for the boot log */
_Static_assert(RZFIVE_DMA_POOL_BASE == 0x58000000UL && RZFIVE_DMA_POOL_SIZE == 0x8000000UL,
	       "RZFIVE_DMA_POOL_RANGE and the node's name dma-pool@58000000 say the pool's place");

#define CSR_ANDES_MMSC_CFG       0xfc2
#define ANDES_MMSC_CFG_PPMA      (1UL << 30)     /* programmable PMA */
#define CSR_ANDES_PMACFG0        0xbc0
#define CSR_ANDES_PMAADDR0       0xbd0
#define ANDES_PMA_ETYP_MASK      3UL
#define ANDES_PMA_ETYP_NAPOT     3UL
#define ANDES_PMA_MTYP_NC_BUF    (3UL << 2)      /* memory, non-cacheable, bufferable */
/* pmaaddr of a NAPOT region, as PMP's: (base | (size / 2 - 1)) >> 2. */
#define RZFIVE_DMA_POOL_PMAADDR  ((RZFIVE_DMA_POOL_BASE | (RZFIVE_DMA_POOL_SIZE / 2 - 1)) >> 2)

static bool dma_pool_uncached;

/* The PMA entry; why not, or NULL. */
static const char *rzfive_dma_pool_pma(void)
{
	struct trap_expect probe;
	unsigned long mmsc = 0, cfg = 0, addr = 0;

	trap_expect_begin_on(&probe);
	csr_read_expecting_trap(CSR_ANDES_MMSC_CFG, mmsc);
	csr_read_expecting_trap(CSR_ANDES_PMACFG0, cfg);
	if (trap_expect_end_on(&probe) || !(mmsc & ANDES_MMSC_CFG_PPMA))
		return "no programmable PMA";
	if (cfg & ANDES_PMA_ETYP_MASK)
		return "PMA entry 0 busy";
	trap_expect_begin_on(&probe);
	csr_write_expecting_trap(CSR_ANDES_PMAADDR0, RZFIVE_DMA_POOL_PMAADDR);
	csr_write_expecting_trap(CSR_ANDES_PMACFG0, (cfg & ~0xffUL) | ANDES_PMA_ETYP_NAPOT | ANDES_PMA_MTYP_NC_BUF);
	csr_read_expecting_trap(CSR_ANDES_PMAADDR0, addr);
	csr_read_expecting_trap(CSR_ANDES_PMACFG0, cfg);
	if (trap_expect_end_on(&probe) || addr != RZFIVE_DMA_POOL_PMAADDR ||
	    (cfg & 0xff) != (ANDES_PMA_ETYP_NAPOT | ANDES_PMA_MTYP_NC_BUF))
		return "PMA entry 0 refused it";
	return NULL;
}

static int rzfive_init(const void *fdt)
{
	const char *why = rzfive_dma_pool_pma();

	(void)fdt;
	dma_pool_uncached = !why;
	console_printf("abacus: RZ/Five         : %s: %sDMA pool for S-mode\n",
		       why ? why : RZFIVE_DMA_POOL_RANGE " uncached (PMA)", why ? "no " : "");
	return memory_map_add_device(RZFIVE_LOCAL_MEMORY_BASE, RZFIVE_LOCAL_MEMORY_SIZE, "ILM/DLM") ? 0 : -1;
}

/* /reserved-memory/dma-pool@58000000: no-map (fdt_reserved_memory_add), a shared-dma-pool, Linux's default. */
static int rzfive_fdt_fixup(void *fdt)
{
	int node, err;

	if (!dma_pool_uncached)
		return 0;
	node = fdt_reserved_memory_add(fdt, "dma-pool@58000000", RZFIVE_DMA_POOL_BASE, RZFIVE_DMA_POOL_SIZE);
	if (node < 0)
		return node;
	if ((err = fdt_setprop_string(fdt, node, "compatible", "shared-dma-pool")))
		return err;
	return fdt_setprop(fdt, node, "linux,dma-default", NULL, 0);
}

#define RZFIVE_CPG_MOD           1         /* the clock specifier's type cell: a module clock */
#define RZFIVE_CPG_I2C0_PCLK     59
#define RZFIVE_CPG_I2C_COUNT     4
#define RZFIVE_CPG_CLKON_I2C     0x580     /* bit n: I2Cn's clock; bit n + 16: its write enable */
#define RZFIVE_CPG_RST_I2C       0x880     /* bit n: I2Cn out of reset; bit n + 16: its write enable */
#define RZFIVE_CPG_MSTOP_MCPU2   0xb68     /* bit 10 + n: I2Cn in standby; + 16: write enable */
#define RZFIVE_CPG_MSTOP_I2C0    10

static void rzfive_i2c_power(const void *fdt, struct i2c_bus *bus)
{
	uint32_t clock[2];     /* <&cpg CPG_MOD id> */
	int cpg = fdt_phandle_args(fdt, bus->node, "clocks", "renesas,r9a07g043-cpg", 2, clock);
	struct i2c_bus_power *power;
	uint64_t base, size;
	uint32_t n, bit;

	if (cpg < 0 || clock[0] != RZFIVE_CPG_MOD)
		return;
	n = clock[1] - RZFIVE_CPG_I2C0_PCLK;
	/* A transfer's writes must not fault: the registers are read once here, with a fault expected. */
	if (n >= RZFIVE_CPG_I2C_COUNT ||
	    !dt_device_reg_answers(fdt, cpg, 0, RZFIVE_CPG_MSTOP_MCPU2 + 4, 4, RZFIVE_CPG_CLKON_I2C, &base, &size) ||
	    !dt_device_answers(fdt, cpg, base, size, RZFIVE_CPG_RST_I2C, 4) ||
	    !dt_device_answers(fdt, cpg, base, size, RZFIVE_CPG_MSTOP_MCPU2, 4))
		return;
	power = heap_alloc(3 * sizeof(*power), 8);
	if (!power)
		return;
	bit = 1U << n;
	power[0] = (struct i2c_bus_power){ .reg = base + RZFIVE_CPG_RST_I2C, .clear = ~0U, .set = bit << 16 | bit };
	power[1] = (struct i2c_bus_power){ .reg = base + RZFIVE_CPG_CLKON_I2C, .clear = ~0U, .set = bit << 16 | bit };
	bit = 1U << (RZFIVE_CPG_MSTOP_I2C0 + n);
	power[2] = (struct i2c_bus_power){ .reg = base + RZFIVE_CPG_MSTOP_MCPU2, .clear = ~0U, .set = bit << 16 };
	bus->power = power;
	bus->nr_power = 3;
}

static const struct pmu_platform rzfive_pmu = {
	.default_map = &andes_ax45_pmu_default_map,
};

PLATFORM_QUIRK(rzfive_quirk) = {
	.name = "Renesas RZ/Five",
	.compatible = DT_COMPATIBLE("renesas,r9a07g043f01"),
	.pmu = &rzfive_pmu,
	.hooks = &(const struct platform_hooks){
		.init = rzfive_init,
		.fdt_fixup = rzfive_fdt_fixup,
		.i2c_bus_power = rzfive_i2c_power,
	},
};
