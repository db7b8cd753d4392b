/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/aclint.c on the host: the DT walk of the timer/IPI drivers
 * (lib/core/dt_driver.c) over trees built here, the registers simulated
 * with every access logged (tests/host/sim_mmio.h).
 *
 * - The SG2042's T-Head ACLINT as Linux 7.2's sg2042-cpus.dtsi lays it out:
 *   one thead,c900-aclint-mswi node for 64 harts, 16
 *   thead,c900-aclint-mtimer nodes of 4 harts 64 KiB apart whose one reg is
 *   the mtimecmp array. Every hart gets its doorbell and compare register;
 *   a doorbell is one 32-bit store; a compare value goes in as 32-bit halves
 *   (low at its maximum, high, low), since T-Head's MTIMER takes no 64-bit
 *   access, and the time comes from the time CSR (there is no mtime).
 * - The Andes PLMT: mtime at 0, compare registers from 8, 64-bit accesses.
 * - The SiFive CLINT beside them: its compare register is still one 64-bit
 *   store, its time one 64-bit load (the variants cost it nothing).
 */
#include <stdlib.h>
#include <libfdt.h>
#include "board_host.h"
#include "drivers.h"
#include "ipi_device.h"
#include "riscv_csr.h"
#include "sim_mmio.h"
#include "test.h"
#include "timer_device.h"

TEST_MAIN_GLOBALS

#define R false
#define W true
#define SG2042_HARTS 64
#define MTIMER_BASE(k) (0x10000 * ((k) + 1) + 0x4000)   /* as 0x70ac004000 + 0x10000 k */
#define MTIMER_SIZE 0xc000
#define FAKE_TIME 0x1122334455667788ULL

static struct sim_mmio sim;
static uint8_t fdt[64 * 1024];
static unsigned int time_csr_reads;

/* The time CSR (T-Head: no mtime register). */
unsigned long host_csr_read(unsigned int csr)
{
	if (csr == CSR_TIME) {
		time_csr_reads++;
		return FAKE_TIME;
	}
	return 0;
}

static void test_setup(void)
{
	sim_mmio_free(&sim);
	sim_mmio_init(&sim, 0x110000);
	board_checks_reset();
	time_csr_reads = 0;
}

static uintptr_t sim_base(void)
{
	return (uintptr_t)sim.base;
}

/* The SG2042's MSWI and 16 MTIMERs, on the simulated registers. */
static int build_sg2042(void)
{
	static const char mswi[] = "sophgo,sg2042-aclint-mswi\0thead,c900-aclint-mswi";
	static const char mtimer[] = "sophgo,sg2042-aclint-mtimer\0thead,c900-aclint-mtimer";
	const uint32_t msip = IRQ_M_SOFT, mtip = IRQ_M_TIMER;

	board_harts_reset(SG2042_HARTS);
	if (board_fdt_create(fdt, sizeof(fdt), SG2042_HARTS))
		return -1;
	/* Added in reverse: each new node goes first. */
	for (unsigned int k = 16; k-- > 0;) {
		char name[32];
		snprintf(name, sizeof(name), "timer@%x", MTIMER_BASE(k));
		if (board_fdt_add_node(fdt, name, mtimer, sizeof(mtimer), sim_base() + MTIMER_BASE(k), MTIMER_SIZE, 4 * k, 4,
				       &mtip, 1) < 0)
			return -1;
	}
	return board_fdt_add_node(fdt, "interrupt-controller@0", mswi, sizeof(mswi), sim_base(), 0x4000, 0,
				  SG2042_HARTS, &msip, 1) < 0 ? -1 : 0;
}

TEST(sg2042_every_hart_gets_doorbell_and_compare)
{
	CHECK_EQ(build_sg2042(), 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 17);
	for (unsigned int i = 0; i < SG2042_HARTS; i++) {
		const struct hart_state *hs = &board_harts[i];
		CHECK(hs->ipi_dev != NULL && strcmp(hs->ipi_dev->name, "mswi") == 0);
		CHECK_EQ(hs->ipi_dev->mip, MIP_MSIP);
		CHECK_EQ((uintptr_t)hs->ipi_reg, sim_base() + 4 * i);
		CHECK(hs->timer_dev != NULL && strncmp(hs->timer_dev->name, "thead-mtimer", 12) == 0);
		CHECK_EQ((uintptr_t)hs->timer_reg, sim_base() + MTIMER_BASE(i / 4) + 8 * (i % 4));
	}
	CHECK(timer_present());
	/* Each region owned (PMP-denied to S-mode), whole, as the DT gives it. */
	CHECK_EQ(board_checks.owned, 17);
	CHECK_EQ(board_checks.own[0].base, sim_base());
	CHECK_EQ(board_checks.own[0].size, 0x4000);
	CHECK_EQ(board_checks.own[16].base, sim_base() + MTIMER_BASE(15));
	CHECK_EQ(board_checks.own[16].size, MTIMER_SIZE);
	CHECK_EQ(board_checks.refusals, 0);
	/* Probing touches no register. */
	CHECK_EQ(sim.count, 0);
}

/* A doorbell is one 32-bit store of 1 into the target's msip word; clearing, one of 0. */
TEST(thead_mswi_send_and_clear)
{
	CHECK_EQ(build_sg2042(), 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 17);
	ipi_device_send(&board_harts[37]);
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, W, 4 * 37, 4, 1));
	ipi_device_clear(&board_harts[37]);
	CHECK_EQ(sim.count, 2);
	CHECK(sim_mmio_logged(&sim, 1, W, 4 * 37, 4, 0));
	ipi_device_send(&board_harts[63]);
	CHECK(sim_mmio_logged(&sim, 2, W, 4 * 63, 4, 1));
	CHECK_EQ(sim.bad, 0);
}

/* mtimecmp in 32-bit halves: low = max (nothing fires early), high, low; time from the CSR. */
TEST(thead_mtimer_compare_in_halves)
{
	struct hart_state *hs = &board_harts[22];      /* node 5, slot 2 */
	uintptr_t cmp = MTIMER_BASE(5) + 16;

	CHECK_EQ(build_sg2042(), 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 17);
	timer_set_compare(hs, 0x0123456789abcdefULL);
	CHECK_EQ(sim.count, 3);
	CHECK(sim_mmio_logged(&sim, 0, W, cmp, 4, 0xffffffff));
	CHECK(sim_mmio_logged(&sim, 1, W, cmp + 4, 4, 0x01234567));
	CHECK(sim_mmio_logged(&sim, 2, W, cmp, 4, 0x89abcdef));
	CHECK_EQ(sim_mmio_peek(&sim, cmp, 8), 0x0123456789abcdefULL);
	CHECK_EQ(hs->timer_dev->now(), FAKE_TIME);
	CHECK_EQ(time_csr_reads, 1);
	CHECK_EQ(sim.count, 3);
	CHECK_EQ(sim.bad, 0);
}

/* A region holding fewer slots than the node lists harts: the harts past it get nothing. */
TEST(thead_mswi_slots_past_the_region_get_nothing)
{
	static const char mswi[] = "thead,c900-aclint-mswi";
	const uint32_t msip = IRQ_M_SOFT;

	board_harts_reset(4);
	CHECK_EQ(board_fdt_create(fdt, sizeof(fdt), 4), 0);
	CHECK(board_fdt_add_node(fdt, "interrupt-controller@0", mswi, sizeof(mswi), sim_base(), 8, 0, 4, &msip, 1) >= 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK_EQ((uintptr_t)board_harts[1].ipi_reg, sim_base() + 4);
	CHECK(board_harts[2].ipi_dev == NULL && board_harts[3].ipi_dev == NULL);
}

/* RZ/Five: one AX45MP hart; two here, to see the second compare register. */
static int build_plmt(unsigned int harts)
{
	static const char plmt[] = "andestech,plmt0\0riscv,plmt0";
	const uint32_t mtip = IRQ_M_TIMER;

	board_harts_reset(harts);
	if (board_fdt_create(fdt, sizeof(fdt), harts))
		return -1;
	return board_fdt_add_node(fdt, "plmt0@110c0000", plmt, sizeof(plmt), sim_base(), 0x10000, 0, harts, &mtip, 1) <
		       0 ? -1 : 0;
}

/* mtime at 0 (64-bit load), each hart's mtimecmp at 8 + 8 slot (one 64-bit store); the probe reads mtime first. */
TEST(plmt_registers)
{
	CHECK_EQ(build_plmt(2), 0);
	sim_mmio_poke(&sim, 0, 8, 0xabcdef0012345678ULL);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, R, 0, 4, 0x12345678));
	for (unsigned int i = 0; i < 2; i++) {
		CHECK(board_harts[i].timer_dev != NULL && strcmp(board_harts[i].timer_dev->name, "plmt") == 0);
		CHECK_EQ((uintptr_t)board_harts[i].timer_reg, sim_base() + 8 + 8 * i);
		CHECK(board_harts[i].ipi_dev == NULL);          /* the PLICSW's, not the PLMT's */
	}
	CHECK_EQ(board_checks.owned, 1);
	CHECK(strcmp(board_checks.own[0].name, "plmt") == 0);
	sim_mmio_clear_log(&sim);
	timer_set_compare(&board_harts[1], 0x0000000200000001ULL);
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, W, 16, 8, 0x0000000200000001ULL));
	CHECK_EQ(board_harts[1].timer_dev->now(), 0xabcdef0012345678ULL);
	CHECK(sim_mmio_logged(&sim, 1, R, 0, 8, 0xabcdef0012345678ULL));
	CHECK_EQ(sim.bad, 0);
}

/* Nothing answers at the PLMT's reg (as on QEMU virt, which has none): refused, nothing used or owned. */
TEST(plmt_refused_when_it_faults)
{
	CHECK_EQ(build_plmt(1), 0);
	board_checks.fault_from = sim_base();
	board_checks.fault_to = sim_base() + 0x10000;
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 0);
	CHECK_EQ(board_checks.refusals, 1);
	CHECK(strstr(board_checks.refused_why, "faults") != NULL);
	CHECK_EQ(board_checks.owned, 0);
	CHECK(board_harts[0].timer_dev == NULL);
	CHECK_EQ(sim.count, 0);
}

/* The SiFive CLINT keeps its one 64-bit store per compare and one 64-bit load of mtime. */
TEST(sifive_clint_unchanged)
{
	static const char clint[] = "sifive,clint0";
	const uint32_t irqs[2] = { IRQ_M_SOFT, IRQ_M_TIMER };

	board_harts_reset(2);
	CHECK_EQ(board_fdt_create(fdt, sizeof(fdt), 2), 0);
	CHECK(board_fdt_add_node(fdt, "clint@2000000", clint, sizeof(clint), sim_base(), 0x10000, 0, 2, irqs, 2) >= 0);
	CHECK_EQ(dt_probe_all(fdt, DT_DRIVERS(timer_ipi)), 1);
	CHECK(strcmp(board_harts[1].timer_dev->name, "mtimer") == 0);
	timer_set_compare(&board_harts[1], 0x0123456789abcdefULL);
	CHECK_EQ(sim.count, 1);
	CHECK(sim_mmio_logged(&sim, 0, W, 0x4008, 8, 0x0123456789abcdefULL));
	sim_mmio_poke(&sim, 0xbff8, 8, 42);
	CHECK_EQ(board_harts[1].timer_dev->now(), 42);
	CHECK(sim_mmio_logged(&sim, 1, R, 0xbff8, 8, 42));
	ipi_device_send(&board_harts[1]);
	CHECK(sim_mmio_logged(&sim, 2, W, 4, 4, 1));
	CHECK_EQ(sim.bad, 0);
}

int main(void)
{
	RUN(sg2042_every_hart_gets_doorbell_and_compare);
	RUN(thead_mswi_send_and_clear);
	RUN(thead_mtimer_compare_in_halves);
	RUN(thead_mswi_slots_past_the_region_get_nothing);
	RUN(plmt_registers);
	RUN(plmt_refused_when_it_faults);
	RUN(sifive_clint_unchanged);
	sim_mmio_free(&sim);
	return TEST_EXIT_CODE;
}
