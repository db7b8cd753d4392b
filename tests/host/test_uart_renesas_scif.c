/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/uart_renesas_scif.c on the host: the RZ/Five's SCIF probed
 * from DT nodes built here, its registers simulated (tests/host/sim_mmio.h)
 * with every access logged. The model is the RZ/G2L SCIF as Linux 7.2's
 * sh-sci.c drives it: 16-byte FIFOs whose fill SCFDR counts (transmit in
 * bits 12:8, receive in 4:0), SCFTDR/SCFRDR 8 bits wide, the other
 * registers 16, status flags in SCFSR and SCLSR.ORER cleared by writing 0
 * (a 1 leaves a flag as it is). Checked: each register sequence access by
 * access, with its width, and what the driver refuses.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "console.h"
#include "sim_mmio.h"
#include "test.h"
#include "trap_expect.h"

extern const struct dt_driver uart_renesas_scif_driver;

TEST_MAIN_GLOBALS

#define SCBRR  0x02
#define SCSCR  0x04
#define SCFTDR 0x06
#define SCFSR  0x08
#define SCFRDR 0x0a
#define SCFDR  0x0e
#define SCLSR  0x12
#define FSR_ER  0x80
#define FSR_TEND 0x40
#define FSR_TDFE 0x20
#define FSR_BRK 0x10
#define FSR_FER 0x08
#define FSR_PER 0x04
#define FSR_RDF 0x02
#define FSR_DR  0x01
#define R false
#define W true

static struct sim_mmio sim;

/* ---- The SCIF model ---- */
static unsigned int tx_fill;                  /* bytes in the transmit FIFO */
static char sent[64];
static unsigned int sent_count, overruns;
static const char *rx_queue;                  /* bytes waiting in the receive FIFO */

static void model_before_read(struct sim_mmio *m, uintptr_t offset, unsigned int width)
{
	(void)width;
	if (offset == SCFDR) {
		sim_mmio_poke(m, SCFDR, 2, (uint64_t)(tx_fill << 8 | (unsigned int)strlen(rx_queue)));
	} else if (offset == SCFRDR && *rx_queue) {
		sim_mmio_poke(m, SCFRDR, 1, (uint8_t)*rx_queue++);
	}
}

static void model_after_write(struct sim_mmio *m, uintptr_t offset, unsigned int width, uint64_t value, uint64_t old)
{
	(void)width;
	if (offset == SCFTDR) {
		if (tx_fill >= 16)
			overruns++;
		else
			tx_fill++;
		if (sent_count < sizeof(sent))
			sent[sent_count++] = (char)value;
	} else if (offset == SCFSR) {
		/* Flags: a 0 clears, a 1 keeps; the error counts (15:8) are read-only. */
		sim_mmio_poke(m, SCFSR, 2, (old & 0xff00) | (old & value & 0xff));
	} else if (offset == SCLSR) {
		sim_mmio_poke(m, SCLSR, 2, old & (value | ~1ULL));
	}
}

/* ---- What the driver calls outside itself ---- */
static const struct console_device *console;
static unsigned int refusals;
static uintptr_t fault_from, fault_to;

static unsigned int asked_width;

int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	const fdt32_t *reg;
	int len;

	(void)index;
	asked_width = width;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < 16)
		return DT_REG_ABSENT;
	*base = (uint64_t)fdt32_ld(&reg[0]) << 32 | fdt32_ld(&reg[1]);
	*size = (uint64_t)fdt32_ld(&reg[2]) << 32 | fdt32_ld(&reg[3]);
	return *size < min_size || *base % width ? DT_REG_REFUSED : 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size, (void)why;
	refusals++;
}

void console_set_device(const struct console_device *dev)
{
	console = dev;
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uintptr_t a = (uintptr_t)addr;

	(void)st;
	if (a >= fault_from && a < fault_to)
		return false;
	*value = width == 4 ? *(volatile const uint32_t *)addr : *(volatile const uint8_t *)addr;
	return true;
}

static void test_setup(void)
{
	sim_mmio_free(&sim);
	sim_mmio_init(&sim, 0x400);
	sim.before_read = model_before_read;
	sim.after_write = model_after_write;
	tx_fill = sent_count = overruns = 0;
	rx_queue = "";
	console = NULL;
	refusals = 0;
	fault_from = fault_to = 0;
}

/* A serial node at `base` (0x400 bytes): the RZ/Five's compatible strings unless told otherwise. */
static int probe_at(uintptr_t base, const char *compatible, int compatible_len)
{
	static uint8_t fdt[4096];
	fdt32_t reg[4] = { cpu_to_fdt32((uint64_t)base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32(0x400) };
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "serial@1004b800");
	if (err || node < 0)
		return -100;
	err |= fdt_setprop(fdt, node, "compatible", compatible, compatible_len);
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	if (err)
		return -100;
	if (!dt_driver_matches(&uart_renesas_scif_driver, fdt, node))
		return -200;
	return uart_renesas_scif_driver.probe(fdt, node);
}

static const char rzfive_compatible[] = "renesas,scif-r9a07g043\0renesas,scif-r9a07g044";

static int probe_sim(void)
{
	return probe_at((uintptr_t)sim.base, rzfive_compatible, sizeof(rzfive_compatible));
}

/* Probe: SCBRR read byte-wide (no side effect), SCSCR read 16 bits, TE|RE set in one 16-bit write. */
TEST(probe_enables_transmit_and_receive)
{
	sim_mmio_poke(&sim, SCSCR, 2, 0x0004);            /* the loader's other bits stay */
	CHECK_EQ(probe_sim(), 0);
	CHECK(console != NULL);
	CHECK(strcmp(console->name, "renesas-scif") == 0);
	CHECK_EQ(sim.count, 3);
	CHECK(sim_mmio_logged(&sim, 0, R, SCBRR, 1, 0));
	CHECK(sim_mmio_logged(&sim, 1, R, SCSCR, 2, 0x0004));
	CHECK(sim_mmio_logged(&sim, 2, W, SCSCR, 2, 0x0034));
	CHECK_EQ(sim.bad, 0);
}

TEST(probe_leaves_an_enabled_scif_alone)
{
	sim_mmio_poke(&sim, SCSCR, 2, 0x0030);
	CHECK_EQ(probe_sim(), 0);
	CHECK_EQ(sim.count, 2);
	CHECK_EQ(sim_mmio_count_at(&sim, 0, 0x400, true), 0);
}

/* Room in the FIFO: one 16-bit read of SCFDR, one byte written to SCFTDR, no status write. */
TEST(putc_with_room)
{
	CHECK_EQ(probe_sim(), 0);
	CHECK_EQ(asked_width, 2);                          /* 16-bit registers: a 2-byte aligned base */
	sim_mmio_clear_log(&sim);
	tx_fill = 15;
	CHECK(console->try_putc('A'));
	CHECK_EQ(sim.count, 2);
	CHECK(sim_mmio_logged(&sim, 0, R, SCFDR, 2, 15 << 8));
	CHECK(sim_mmio_logged(&sim, 1, W, SCFTDR, 1, 'A'));
	CHECK_EQ(sent_count, 1);
	CHECK_EQ(overruns, 0);
	CHECK_EQ(sim.bad, 0);
}

/* A full FIFO: the driver never waits (the console's rule does): one SCFDR read, nothing written, false. */
TEST(putc_never_waits_on_a_full_fifo)
{
	CHECK_EQ(probe_sim(), 0);
	sim_mmio_clear_log(&sim);
	tx_fill = 16;
	CHECK(!console->try_putc('B'));
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, R, SCFDR, 2, 16 << 8));
	CHECK_EQ(overruns, 0);
	CHECK_EQ(sent_count, 0);
	tx_fill = 15;                                      /* a byte has gone */
	CHECK(console->try_putc('C'));
	CHECK_EQ(sent_count, 1);
	CHECK(sent[0] == 'C');
	CHECK_EQ(sim_mmio_count_at(&sim, SCFSR, 2, true), 0);
}

/* Nothing received: status, line status and the count read; nothing written; -1. */
TEST(getc_empty)
{
	CHECK_EQ(probe_sim(), 0);
	sim_mmio_clear_log(&sim);
	sim_mmio_poke(&sim, SCFSR, 2, FSR_TEND | FSR_TDFE);
	CHECK_EQ(console->getc(), -1);
	CHECK_EQ(sim.count, 3);
	CHECK(sim_mmio_logged(&sim, 0, R, SCFSR, 2, FSR_TEND | FSR_TDFE));
	CHECK(sim_mmio_logged(&sim, 1, R, SCLSR, 2, 0));
	CHECK(sim_mmio_logged(&sim, 2, R, SCFDR, 2, 0));
}

/* sh-sci.c's sci_poll_get_char: the byte, a read of SCFSR, then DR and RDF written 0 (the other flags 1). */
TEST(getc_takes_one_byte_then_clears_dr_rdf)
{
	CHECK_EQ(probe_sim(), 0);
	sim_mmio_clear_log(&sim);
	rx_queue = "xy";
	sim_mmio_poke(&sim, SCFSR, 2, FSR_TEND | FSR_TDFE | FSR_DR);
	CHECK_EQ(console->getc(), 'x');
	CHECK_EQ(sim.count, 6);
	CHECK(sim_mmio_logged(&sim, 2, R, SCFDR, 2, 2));
	CHECK(sim_mmio_logged(&sim, 3, R, SCFRDR, 1, 'x'));
	CHECK(sim_mmio_logged(&sim, 4, R, SCFSR, 2, FSR_TEND | FSR_TDFE | FSR_DR));
	CHECK(sim_mmio_logged(&sim, 5, W, SCFSR, 2, 0xff & ~(FSR_DR | FSR_RDF)));
	CHECK_EQ(sim_mmio_peek(&sim, SCFSR, 2), FSR_TEND | FSR_TDFE);   /* transmit flags untouched */
	CHECK_EQ(console->getc(), 'y');
	CHECK_EQ(console->getc(), -1);
}

/* A receive error stops reception: ER/BRK/FER/PER and ORER are cleared first, only they. */
TEST(getc_clears_receive_errors)
{
	CHECK_EQ(probe_sim(), 0);
	sim_mmio_clear_log(&sim);
	sim_mmio_poke(&sim, SCFSR, 2, 0x0300 | FSR_ER | FSR_BRK | FSR_FER | FSR_PER | FSR_TEND);
	sim_mmio_poke(&sim, SCLSR, 2, 1);
	CHECK_EQ(console->getc(), -1);
	CHECK(sim_mmio_logged(&sim, 1, W, SCFSR, 2, 0xff & ~(FSR_ER | FSR_BRK | FSR_FER | FSR_PER)));
	CHECK(sim_mmio_logged(&sim, 2, R, SCLSR, 2, 1));
	CHECK(sim_mmio_logged(&sim, 3, W, SCLSR, 2, 0));
	CHECK_EQ(sim_mmio_peek(&sim, SCFSR, 2), 0x0300 | FSR_TEND);
	CHECK_EQ(sim_mmio_peek(&sim, SCLSR, 2), 0);
	CHECK_EQ(sim.bad, 0);
}

/* A FIFO that never drains (plain memory reading full): try_putc answers false at once, writes nothing. */
TEST(stuck_transmitter_does_not_hang)
{
	static uint16_t regs[0x400 / 2];

	memset(regs, 0, sizeof(regs));
	regs[SCSCR / 2] = 0x30;
	regs[SCFDR / 2] = 16 << 8;
	CHECK_EQ(probe_at((uintptr_t)regs, rzfive_compatible, sizeof(rzfive_compatible)), 0);
	CHECK(!console->try_putc('E'));
	CHECK_EQ(((uint8_t *)regs)[SCFTDR], 0);
}

/* Refused when nothing answers (the SCBRR read faults): no register touched, no console. */
TEST(refuses_a_faulting_scif)
{
	fault_from = (uintptr_t)sim.base;
	fault_to = fault_from + 0x400;
	CHECK_EQ(probe_sim(), -1);
	CHECK_EQ(refusals, 1);
	CHECK(console == NULL);
	CHECK_EQ(sim.count, 0);
}

/* Only the RZ/G2L-family layout: the SH4 "renesas,scif" alone has registers 4 bytes apart. */
TEST(matches_only_the_rz_layout)
{
	static const char sh4[] = "renesas,rcar-gen3-scif\0renesas,scif";
	static const char g2l[] = "renesas,scif-r9a07g044";

	CHECK_EQ(probe_at((uintptr_t)sim.base, sh4, sizeof(sh4)), -200);
	CHECK_EQ(probe_at((uintptr_t)sim.base, g2l, sizeof(g2l)), 0);
}

int main(void)
{
	RUN(probe_enables_transmit_and_receive);
	RUN(probe_leaves_an_enabled_scif_alone);
	RUN(putc_with_room);
	RUN(putc_never_waits_on_a_full_fifo);
	RUN(getc_empty);
	RUN(getc_takes_one_byte_then_clears_dr_rdf);
	RUN(getc_clears_receive_errors);
	RUN(stuck_transmitter_does_not_hang);
	RUN(refuses_a_faulting_scif);
	RUN(matches_only_the_rz_layout);
	sim_mmio_free(&sim);
	return TEST_EXIT_CODE;
}
