/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/andes_plicsw.c on the host: the RZ/Five's PLICSW node as
 * U-Boot hands it over (reg 0x400000 bytes, one <&cpuN_intc 3> per hart),
 * its registers simulated (tests/host/sim_mmio.h) with every access logged.
 * The model is a PLIC whose pending bits software sets (OpenSBI 1.9's
 * andes_plicsw.c; Linux 7.2's andestech,plicsw.yaml): a 1 written to a
 * pending word sets that bit and a 0 changes nothing; a context's claim
 * returns the lowest pending source enabled on it with a priority above its
 * threshold, and clears that bit; a write of the source completes it.
 * Checked: the set-up of each context, access by access; that an IPI is one
 * 32-bit store of one bit; that only the target's context sees it; that the
 * hart claims and completes it.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "board_host.h"
#include "drivers.h"
#include "ipi_device.h"
#include "riscv_csr.h"
#include "sim_mmio.h"
#include "test.h"

extern const struct dt_driver andes_plicsw_driver;

TEST_MAIN_GLOBALS

#define R false
#define W true
#define PRIORITY(src)    (4 * (src))
#define PENDING(word)    (0x1000 + 4 * (word))
#define ENABLE(ctx, w)   (0x2000 + 0x80 * (ctx) + 4 * (w))
#define THRESHOLD(ctx)   (0x200000 + 0x1000 * (ctx))
#define CLAIM(ctx)       (THRESHOLD(ctx) + 4)
#define PLICSW_SIZE      0x400000

static struct sim_mmio sim;
static uint8_t fdt[16 * 1024];
static unsigned int completions;

static bool bit(struct sim_mmio *m, uintptr_t base, unsigned int n)
{
	return (sim_mmio_peek(m, base + 4 * (n / 32), 4) >> (n % 32)) & 1;
}

/* A claim: the lowest pending source enabled on the context above its threshold, taken. */
static void model_before_read(struct sim_mmio *m, uintptr_t offset, unsigned int width)
{
	(void)width;
	if (offset < CLAIM(0) || (offset - CLAIM(0)) % 0x1000)
		return;
	unsigned int ctx = (unsigned int)((offset - CLAIM(0)) / 0x1000), src;
	for (src = 1; src < 1024; src++)
		if (bit(m, PENDING(0), src) && bit(m, ENABLE(ctx, 0), src) &&
		    sim_mmio_peek(m, PRIORITY(src), 4) > sim_mmio_peek(m, THRESHOLD(ctx), 4))
			break;
	if (src == 1024) {
		sim_mmio_poke(m, offset, 4, 0);
		return;
	}
	sim_mmio_poke(m, offset, 4, src);
	sim_mmio_poke(m, PENDING(src / 32), 4, sim_mmio_peek(m, PENDING(src / 32), 4) & ~(1u << (src % 32)));
}

static void model_after_write(struct sim_mmio *m, uintptr_t offset, unsigned int width, uint64_t value, uint64_t old)
{
	(void)width;
	if (offset >= PENDING(0) && offset < PENDING(32))
		sim_mmio_poke(m, offset, 4, old | value);       /* 1 sets, 0 leaves */
	else if (offset >= CLAIM(0) && (offset - CLAIM(0)) % 0x1000 == 0)
		completions++;
}

static void test_setup(void)
{
	sim_mmio_reset(&sim);
	board_checks_reset();
	completions = 0;
}

static uintptr_t sim_base(void)
{
	return (uintptr_t)sim.base;
}

static int build(unsigned int harts)
{
	static const char plicsw[] = "andestech,plicsw";
	const uint32_t msip = IRQ_M_SOFT;

	board_harts_reset(harts);
	if (board_fdt_create(fdt, sizeof(fdt), harts))
		return -1;
	return board_fdt_add_node(fdt, "interrupt-controller@13000000", plicsw, sizeof(plicsw), sim_base(), PLICSW_SIZE,
				  0, harts, &msip, 1) < 0 ? -1 : 0;
}

/* Per context: source ctx + 1 at priority 1, enabled there alone (the loader's bits gone), threshold 0. */
TEST(probe_routes_one_source_per_context)
{
	CHECK_EQ(build(4), 0);
	sim_mmio_poke(&sim, ENABLE(1, 0), 4, 0xffffffff);    /* left by the loader */
	sim_mmio_poke(&sim, THRESHOLD(2), 4, 7);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK_EQ(sim.count, 13);
	CHECK(sim_mmio_logged(&sim, 0, R, PENDING(0), 4, 0));
	for (unsigned int ctx = 0; ctx < 4; ctx++) {
		CHECK(sim_mmio_logged(&sim, 1 + 3 * ctx, W, PRIORITY(ctx + 1), 4, 1));
		CHECK(sim_mmio_logged(&sim, 2 + 3 * ctx, W, ENABLE(ctx, 0), 4, 1u << (ctx + 1)));
		CHECK(sim_mmio_logged(&sim, 3 + 3 * ctx, W, THRESHOLD(ctx), 4, 0));
		const struct hart_state *hs = &board_harts[ctx];
		CHECK(hs->ipi_dev != NULL && strcmp(hs->ipi_dev->name, "plicsw") == 0);
		CHECK_EQ(hs->ipi_dev->mip, MIP_MSIP);
		CHECK_EQ((uintptr_t)hs->ipi_reg, sim_base() + CLAIM(ctx));
		CHECK(hs->timer_dev == NULL);
	}
	CHECK_EQ(board_checks.owned, 1);
	CHECK_EQ(board_checks.own[0].size, PLICSW_SIZE);
	CHECK(strcmp(board_checks.own[0].name, "plicsw") == 0);
	CHECK_EQ(sim.bad, 0);
}

/* An IPI: one 32-bit store of the target's bit; a second target's bit adds to it. */
TEST(send_sets_one_pending_bit)
{
	CHECK_EQ(build(4), 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	sim_mmio_clear_log(&sim);
	ipi_device_send(&board_harts[2]);
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, W, PENDING(0), 4, 1u << 3));
	ipi_device_send(&board_harts[0]);
	CHECK(sim_mmio_logged(&sim, 1, W, PENDING(0), 4, 1u << 1));
	CHECK_EQ(sim_mmio_peek(&sim, PENDING(0), 4), (1u << 3) | (1u << 1));
}

/* Only the target's context sees it; the target claims (the bit goes) and completes; then nothing is left. */
TEST(clear_claims_and_completes)
{
	CHECK_EQ(build(4), 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	ipi_device_send(&board_harts[2]);
	sim_mmio_clear_log(&sim);
	ipi_device_clear(&board_harts[1]);                   /* another hart: its context has nothing */
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, R, CLAIM(1), 4, 0));
	ipi_device_clear(&board_harts[2]);
	CHECK_EQ(sim.count, 3);
	CHECK(sim_mmio_logged(&sim, 1, R, CLAIM(2), 4, 3));
	CHECK(sim_mmio_logged(&sim, 2, W, CLAIM(2), 4, 3));
	CHECK_EQ(completions, 1);
	CHECK_EQ(sim_mmio_peek(&sim, PENDING(0), 4), 0);
	ipi_device_clear(&board_harts[2]);                   /* nothing pending: no completion */
	CHECK_EQ(sim.count, 4);
	CHECK(sim_mmio_logged(&sim, 3, R, CLAIM(2), 4, 0));
	CHECK_EQ(sim.bad, 0);
}

/* 40 harts: sources 32-40 in the second word of pending and enable bits. */
TEST(forty_harts_use_the_second_word)
{
	CHECK_EQ(build(40), 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK_EQ(sim_mmio_peek(&sim, ENABLE(35, 0), 4), 0);
	CHECK_EQ(sim_mmio_peek(&sim, ENABLE(35, 1), 4), 1u << 4);
	CHECK_EQ(sim_mmio_peek(&sim, ENABLE(30, 0), 4), 1u << 31);
	CHECK_EQ(sim_mmio_peek(&sim, ENABLE(30, 1), 4), 0);
	sim_mmio_clear_log(&sim);
	ipi_device_send(&board_harts[35]);
	CHECK(sim_mmio_logged(&sim, 0, W, PENDING(1), 4, 1u << 4));
	ipi_device_clear(&board_harts[35]);
	CHECK(sim_mmio_logged(&sim, 1, R, CLAIM(35), 4, 36));
	CHECK(sim_mmio_logged(&sim, 2, W, CLAIM(35), 4, 36));
}

/* A hart that has a doorbell already keeps it; its context is left alone. */
TEST(a_hart_with_a_doorbell_keeps_it)
{
	static const struct ipi_device other = { .mip = MIP_MSIP, .name = "other" };

	CHECK_EQ(build(4), 0);
	board_harts[1].ipi_dev = &other;
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK(board_harts[1].ipi_dev == &other);
	CHECK_EQ(sim_mmio_count_at(&sim, PRIORITY(2), 4, true), 0);
	CHECK_EQ(sim_mmio_count_at(&sim, ENABLE(1, 0), 4, true), 0);
	CHECK_EQ(sim_mmio_count_at(&sim, THRESHOLD(1), 4, true), 0);
	CHECK(board_harts[2].ipi_dev != NULL && strcmp(board_harts[2].ipi_dev->name, "plicsw") == 0);
}

/* Nothing answers at its reg (QEMU virt has no PLICSW): refused, nothing written or owned. */
TEST(refused_when_it_faults)
{
	CHECK_EQ(build(1), 0);
	board_checks.fault_from = sim_base();
	board_checks.fault_to = sim_base() + PLICSW_SIZE;
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 0);
	CHECK_EQ(board_checks.refusals, 1);
	CHECK(strstr(board_checks.refused_why, "faults") != NULL);
	CHECK_EQ(board_checks.owned, 0);
	CHECK(board_harts[0].ipi_dev == NULL);
	CHECK_EQ(sim.count, 0);
}

/* A second PLICSW elsewhere is refused: a doorbell knows one base (the driver keeps the first it took:
 * this region, since the tests before). */
TEST(a_second_plicsw_is_refused)
{
	static const char plicsw[] = "andestech,plicsw";
	const uint32_t msip = IRQ_M_SOFT;

	CHECK_EQ(build(2), 0);
	CHECK(board_fdt_add_node(fdt, "interrupt-controller@14000000", plicsw, sizeof(plicsw), sim_base() + 0x1000,
				 PLICSW_SIZE - 0x1000, 1, 1, &msip, 1) >= 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK_EQ(board_checks.refusals, 1);
	CHECK(strstr(board_checks.refused_why, "second") != NULL);
	CHECK_EQ((uintptr_t)board_harts[1].ipi_reg, sim_base() + CLAIM(1));
}

int main(void)
{
	sim_mmio_init(&sim, PLICSW_SIZE);
	sim.before_read = model_before_read;
	sim.after_write = model_after_write;
	RUN(probe_routes_one_source_per_context);
	RUN(send_sets_one_pending_bit);
	RUN(clear_claims_and_completes);
	RUN(forty_harts_use_the_second_word);
	RUN(a_hart_with_a_doorbell_keeps_it);
	RUN(refused_when_it_faults);
	RUN(a_second_plicsw_is_refused);
	sim_mmio_free(&sim);
	return TEST_EXIT_CODE;
}
