/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/uart_ns16550.c on the host: the 16550 and the DesignWare APB
 * UART (snps,dw-apb-uart) probed from DT nodes built here, whose reg points
 * at a simulated register file (a plain array). Checks where each register
 * is for reg-shift/reg-io-width, how wide every access is, which nodes the
 * driver refuses (a spacing or width it does not do, registers closer than
 * they are wide, a status register whose read faults: mmio_try_read is
 * faked, a window of the array "faults"), the access width it asks the
 * region check for, and that try_putc never waits: with no room it writes
 * nothing (the console decides how long to try again). Nothing but the
 * registers the driver means may change.
 *
 * The XScale UART (intel,xscale-uart: the SpacemiT K1's) on simulated
 * registers that log every access with its width (tests/host/sim_mmio.h):
 * the probe sets IER's UUE (unit enable) when the loader left it clear,
 * keeping IER's other bits, and a plain 16550 never has IER touched.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "console.h"
#include "sim_mmio.h"
#include "test.h"
#include "trap_expect.h"

/* The driver under test: its DT_DRIVER() entry (lib/drivers/uart_ns16550.c). */
extern const struct dt_driver uart_ns16550_driver;

TEST_MAIN_GLOBALS

#define UART_LSR_DR   0x01
#define UART_LSR_THRE 0x20

/* The register file: 8 registers at most 16 bytes apart. */
static uint8_t regs[8 * 16] __attribute__((aligned(16)));

/* ---- What the driver calls outside itself ---- */
static const struct console_device *console;
static unsigned int probe_reads, probe_width, refusals;
static uintptr_t probe_addr, fault_from, fault_to;
static uint64_t asked_min_size;
static unsigned int asked_width;
static const char *refused_why;

/*
 * The region check (lib/core/dt_device_reg.c, tests/host/test_dt_device_reg.c):
 * here the reg as it is, its size and alignment only.
 */
int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	asked_min_size = min_size;
	asked_width = width;
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	return *size < min_size || *base % width ? DT_REG_REFUSED : 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size;
	refusals++;
	refused_why = why;
}

void console_set_device(const struct console_device *dev)
{
	console = dev;
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uintptr_t a = (uintptr_t)addr;

	(void)st;
	probe_reads++;
	probe_addr = a;
	probe_width = width;
	if (a >= fault_from && a < fault_to)
		return false;
	if (width == 4) {
		uint32_t v;
		memcpy(&v, (const void *)a, 4);
		*value = v;
	} else {
		*value = *(const volatile uint8_t *)addr;
	}
	return true;
}

static void test_setup(void)
{
	memset(regs, 0, sizeof(regs));
	console = NULL;
	probe_reads = probe_width = refusals = 0;
	probe_addr = fault_from = fault_to = 0;
	asked_min_size = 0;
	asked_width = 0;
	refused_why = NULL;
}

/* A serial node at base (a string list compatible of len bytes); shift, width < 0: the property is absent. */
static int probe_node_at(uintptr_t base, uint32_t size, const char *compatible, int len, int shift, int width)
{
	static uint8_t fdt[4096];
	fdt32_t reg[4] = { cpu_to_fdt32((uint64_t)base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32(size) };
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "serial@10000000");
	if (err || node < 0)
		return -100;
	err |= fdt_setprop(fdt, node, "compatible", compatible, len);
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	if (shift >= 0)
		err |= fdt_setprop_u32(fdt, node, "reg-shift", (uint32_t)shift);
	if (width >= 0)
		err |= fdt_setprop_u32(fdt, node, "reg-io-width", (uint32_t)width);
	if (err || !dt_driver_matches(&uart_ns16550_driver, fdt, node))
		return -100;
	return uart_ns16550_driver.probe(fdt, node);
}

static int probe_node(const char *compatible, int shift, int width)
{
	return probe_node_at((uintptr_t)regs, sizeof(regs), compatible, (int)strlen(compatible) + 1, shift, width);
}

static uint32_t reg32(unsigned int offset)
{
	uint32_t v;

	memcpy(&v, regs + offset, 4);
	return v;
}

static void set_reg32(unsigned int offset, uint32_t v)
{
	memcpy(regs + offset, &v, 4);
}

/* Bytes of the register file other than [from, from + n) that are not zero. */
static unsigned int stray_bytes(unsigned int from, unsigned int n, unsigned int from2, unsigned int n2)
{
	unsigned int stray = 0;

	for (unsigned int i = 0; i < sizeof(regs); i++)
		if (regs[i] && !(i >= from && i < from + n) && !(i >= from2 && i < from2 + n2))
			stray++;
	return stray;
}

/* JH7110, TH1520: registers 4 bytes apart, 32-bit accesses. */
TEST(dw_apb_uart_shift2_width4)
{
	CHECK_EQ(probe_node("snps,dw-apb-uart", 2, 4), 0);
	CHECK(console != NULL);
	/* The probe read the line status register, 32 bits wide, at 5 << 2. */
	CHECK_EQ(probe_reads, 1);
	CHECK_EQ(probe_addr, (uintptr_t)regs + 20);
	CHECK_EQ(probe_width, 4);
	CHECK_EQ(asked_min_size, 24);                 /* the region must hold LSR, 4 bytes wide */
	CHECK_EQ(asked_width, 4);                     /* ... at a 4-byte aligned base */
	CHECK_EQ(refusals, 0);

	set_reg32(20, UART_LSR_THRE);
	set_reg32(0, 0xaaaaaa00);                     /* a byte write would leave the upper bytes */
	CHECK(console->try_putc('A'));
	CHECK_EQ(reg32(0), 'A');                      /* THR, a whole word written */
	CHECK_EQ(stray_bytes(0, 4, 20, 4), 0);

	set_reg32(0, 'x');                             /* RBR */
	CHECK_EQ(console->getc(), -1);                 /* DR clear: nothing waiting */
	set_reg32(20, UART_LSR_DR | UART_LSR_THRE);
	CHECK_EQ(console->getc(), 'x');
}

/* QEMU virt's 16550 as the DT may describe it: explicit reg-shift = <0>, reg-io-width = <1>. */
TEST(explicit_shift0_width1_is_byte_spaced)
{
	CHECK_EQ(probe_node("snps,dw-apb-uart", 0, 1), 0);
	CHECK_EQ(probe_addr, (uintptr_t)regs + 5);
	CHECK_EQ(probe_width, 1);
	CHECK_EQ(asked_width, 1);
	regs[5] = UART_LSR_THRE;
	CHECK(console->try_putc('B'));
	CHECK_EQ(regs[0], 'B');
	CHECK_EQ(stray_bytes(0, 1, 5, 1), 0);
	regs[0] = 'y';
	regs[5] = UART_LSR_DR;
	CHECK_EQ(console->getc(), 'y');
}

/* No properties: reg-shift 0, byte accesses (the ns16550a binding's defaults). */
TEST(defaults_are_shift0_width1)
{
	CHECK_EQ(probe_node("ns16550a", -1, -1), 0);
	CHECK_EQ(probe_addr, (uintptr_t)regs + 5);
	CHECK_EQ(probe_width, 1);
	regs[5] = UART_LSR_THRE;
	CHECK(console->try_putc('C'));
	CHECK_EQ(regs[0], 'C');
	CHECK_EQ(stray_bytes(0, 1, 5, 1), 0);
}

/* Registers 16 bytes apart (the largest spacing taken), byte accesses. */
TEST(shift4_width1)
{
	CHECK_EQ(probe_node("ns16550a", 4, 1), 0);
	CHECK_EQ(probe_addr, (uintptr_t)regs + 80);
	regs[80] = UART_LSR_THRE;
	CHECK(console->try_putc('D'));
	CHECK_EQ(regs[0], 'D');
	CHECK_EQ(stray_bytes(0, 1, 80, 1), 0);
}

/* A transmitter with no room: one status read, nothing written, false (the console waits, not the driver). */
TEST(full_transmitter_takes_nothing)
{
	CHECK_EQ(probe_node("snps,dw-apb-uart", 2, 4), 0);
	set_reg32(0, 0x5a);
	CHECK(!console->try_putc('E'));
	CHECK_EQ(reg32(0), 0x5a);
	CHECK_EQ(stray_bytes(0, 4, 0, 0), 0);
	set_reg32(20, UART_LSR_THRE);                 /* room again */
	CHECK(console->try_putc('F'));
	CHECK_EQ(reg32(0), 'F');
}

/*
 * Registers closer together than they are wide: 32-bit accesses 1 or 2
 * bytes apart would read LSR misaligned (a trap on many harts). Refused at
 * probe with a line, nothing read.
 */
TEST(refuses_registers_closer_than_their_width)
{
	CHECK_EQ(probe_node("snps,dw-apb-uart", 0, 4), -1);
	CHECK_EQ(probe_node("snps,dw-apb-uart", 1, 4), -1);
	CHECK_EQ(refusals, 2);
	CHECK(strstr(refused_why, "reg-io-width") != NULL);
	CHECK_EQ(probe_reads, 0);
	CHECK(console == NULL);
	/* Byte accesses 4 bytes apart are fine. */
	CHECK_EQ(probe_node("snps,dw-apb-uart", 2, 1), 0);
	CHECK_EQ(probe_addr, (uintptr_t)regs + 20);
	CHECK_EQ(probe_width, 1);
}

/* The base must be aligned to the access width: the check is asked for it (and refuses), nothing is read. */
TEST(misaligned_base_is_refused_by_the_region_check)
{
	CHECK_EQ(probe_node_at((uintptr_t)regs + 2, sizeof(regs), "snps,dw-apb-uart", sizeof("snps,dw-apb-uart"), 2, 4), -1);
	CHECK_EQ(asked_width, 4);
	CHECK_EQ(probe_reads, 0);
	CHECK(console == NULL);
	/* Byte accesses at an odd base are fine. */
	CHECK_EQ(probe_node_at((uintptr_t)regs + 1, sizeof(regs), "ns16550a", sizeof("ns16550a"), 0, 1), 0);
	CHECK_EQ(asked_width, 1);
	CHECK_EQ(probe_addr, (uintptr_t)regs + 6);
}

/* Refused with a log line, and the console left as it was: nothing is read or written but the probe's one read. */
TEST(refuses_what_it_cannot_drive)
{
	CHECK_EQ(probe_node("snps,dw-apb-uart", 5, 4), -1);     /* registers 32 bytes apart */
	CHECK_EQ(probe_node("snps,dw-apb-uart", 2, 2), -1);     /* 16-bit accesses */
	CHECK_EQ(probe_node("snps,dw-apb-uart", 2, 8), -1);
	CHECK_EQ(refusals, 3);
	CHECK(strstr(refused_why, "reg-io-width") != NULL);
	CHECK_EQ(probe_reads, 0);
	CHECK(console == NULL);
	/* Its status register faults: nothing answers at that reg. */
	fault_from = (uintptr_t)regs;
	fault_to = (uintptr_t)regs + sizeof(regs);
	CHECK_EQ(probe_node("snps,dw-apb-uart", 2, 4), -1);
	CHECK_EQ(probe_reads, 1);
	CHECK_EQ(refusals, 4);
	CHECK(strstr(refused_why, "faults") != NULL);
	CHECK(console == NULL);
	CHECK_EQ(stray_bytes(0, 0, 0, 0), 0);
}

/* ---- XScale: every access logged ---- */
#define R false
#define W true
static const char k1_uart[] = "spacemit,k1-uart\0intel,xscale-uart";

static int probe_k1(struct sim_mmio *sim, uint32_t ier)
{
	sim_mmio_init(sim, 0x100);
	sim_mmio_poke(sim, 4, 4, ier);
	return probe_node_at((uintptr_t)sim->base, 0x100, k1_uart, sizeof(k1_uart), 2, 4);
}

/* UUE clear: LSR probed, IER read and written back with UUE, 32 bits wide at 1 << 2; then a 16550. */
TEST(xscale_sets_unit_enable)
{
	struct sim_mmio sim;

	CHECK_EQ(probe_k1(&sim, 0x05), 0);
	CHECK(console != NULL && strcmp(console->name, "xscale-uart (ns16550)") == 0);
	CHECK_EQ(sim.count, 3);
	CHECK(sim_mmio_logged(&sim, 0, R, 0x14, 4, 0));
	CHECK(sim_mmio_logged(&sim, 1, R, 0x04, 4, 0x05));
	CHECK(sim_mmio_logged(&sim, 2, W, 0x04, 4, 0x45));
	sim_mmio_poke(&sim, 0x14, 4, UART_LSR_THRE);
	sim_mmio_clear_log(&sim);
	CHECK(console->try_putc('K'));
	CHECK_EQ(sim.count, 2);
	CHECK(sim_mmio_logged(&sim, 0, R, 0x14, 4, UART_LSR_THRE));
	CHECK(sim_mmio_logged(&sim, 1, W, 0x00, 4, 'K'));
	CHECK_EQ(sim.bad, 0);
	sim_mmio_free(&sim);
}

/* UUE already set by the loader: IER is read, not written. */
TEST(xscale_enabled_is_left_alone)
{
	struct sim_mmio sim;

	CHECK_EQ(probe_k1(&sim, 0x40), 0);
	CHECK_EQ(sim.count, 2);
	CHECK_EQ(sim_mmio_count_at(&sim, 0, 0x100, true), 0);
	sim_mmio_free(&sim);
}

/* A plain 16550 (the JH7110's DesignWare UART) is probed with its one LSR read: IER never touched. */
TEST(plain_16550_leaves_ier_alone)
{
	struct sim_mmio sim;
	static const char dw[] = "snps,dw-apb-uart";

	sim_mmio_init(&sim, 0x100);
	CHECK_EQ(probe_node_at((uintptr_t)sim.base, 0x100, dw, sizeof(dw), 2, 4), 0);
	CHECK(strcmp(console->name, "ns16550") == 0);
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, R, 0x14, 4, 0));
	sim_mmio_free(&sim);
}

int main(void)
{
	RUN(dw_apb_uart_shift2_width4);
	RUN(explicit_shift0_width1_is_byte_spaced);
	RUN(defaults_are_shift0_width1);
	RUN(shift4_width1);
	RUN(full_transmitter_takes_nothing);
	RUN(refuses_registers_closer_than_their_width);
	RUN(misaligned_base_is_refused_by_the_region_check);
	RUN(refuses_what_it_cannot_drive);
	RUN(xscale_sets_unit_enable);
	RUN(xscale_enabled_is_left_alone);
	RUN(plain_16550_leaves_ier_alone);
	return TEST_EXIT_CODE;
}
