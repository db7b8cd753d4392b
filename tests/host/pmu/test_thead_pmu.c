/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * T-Head C906/C910's own counter overflow interrupt on the simulated hart
 * (sim_hart_config.has_thead_ovf: mcounterwen, mcounterinten, mcounterof;
 * interrupt 17 pending while a counter's overflow bit and its enable are
 * set): pmu_hart_thead_overflow() takes it on a hart without Sscofpmf, a
 * start arms the counter (its overflow bit cleared, its interrupt and
 * S-mode's view enabled), taking an event disarms it, hart reset disarms
 * all, and a snapshot reports mcounterof; M-mode is never counted there
 * (mxstatus.PMDM), nor on an Andes hart (mcountermask_m). Harts without it
 * never touch the vendor CSRs (sim.bad_accesses).
 */
#include "test.h"
#include "pmu_fixture.h"
#include "host_console.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* Allwinner D1's C906: mhpmcounter3-9 and 13-17, 64-bit, mcountinhibit, no Sscofpmf. */
static const struct sim_hart_config c906 = {
	.hpm_present = 0x3e3f8, .hpm_width = 64, .has_mcountinhibit = true, .has_thead_ovf = true,
};

static struct sbiret config(unsigned long base, unsigned long mask, unsigned long flags, unsigned long event_idx)
{
	return pmu_counter_config_matching(&ph, base, mask, flags, event_idx, 0);
}

/* The C906 with its overflow interrupt taken, QEMU's map (every event on 3..18). */
static bool setup_c906(void)
{
	fixture_init(&c906, false, false);
	fixture_qemu_map();
	return pmu_hart_thead_overflow(&ph);
}

TEST(taken_on_a_c906_and_left_disarmed)
{
	fixture_init(&c906, false, false);
	/* What an earlier stage left. */
	sim.thead_inten = 0x3e3f8;
	sim.thead_of = 0x8;
	CHECK(pmu_hart_thead_overflow(&ph));
	CHECK(pmu_thead_overflow(&ph));
	CHECK_EQ(sim.thead_inten, 0);
	CHECK_EQ(sim.thead_of, 0);
	CHECK(!sim_thead_irq());
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(start_arms_overflow_interrupts_s_mode)
{
	CHECK(setup_c906());
	CHECK_EQ(config(13, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS).value, 13);
	CHECK_EQ(sim.thead_inten, 0);
	/* Near the top: five S-mode events wrap it. */
	CHECK_EQ(pmu_counter_start(&ph, 13, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 2).error, SBI_SUCCESS);
	CHECK_EQ(sim.thead_inten, 1u << 13);
	CHECK_EQ(sim.thead_wen, 1u << 13);
	CHECK(!sim_thead_irq());
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(5);
	sim.priv = SIM_PRIV_M;
	CHECK_EQ(sim.counter[13], 2);
	CHECK_EQ(sim.thead_of, 1u << 13);
	CHECK(sim_thead_irq());
	/* Linux's handler: stop, then start again from a new value; the start clears the bit. */
	CHECK_EQ(pmu_counter_stop(&ph, 13, 1, 0).error, SBI_SUCCESS);
	CHECK(sim_thead_irq());
	CHECK_EQ(pmu_counter_start(&ph, 13, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	CHECK(!sim_thead_irq());
	CHECK_EQ(sim.thead_inten, 1u << 13);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(taking_an_event_disarms)
{
	CHECK(setup_c906());
	CHECK_EQ(config(14, 1, 0, EV_DTLB_RD_MISS).value, 14);
	CHECK_EQ(pmu_counter_start(&ph, 14, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL).error, SBI_SUCCESS);
	sim_hart_tick(1);
	CHECK(sim_thead_irq());
	CHECK_EQ(pmu_counter_stop(&ph, 14, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	/* Taken again, for another event: no interrupt until it is started. */
	CHECK_EQ(config(14, 1, 0, EV_ITLB_RD_MISS).value, 14);
	CHECK_EQ(sim.thead_inten, 0);
	CHECK(!sim_thead_irq());
	/* mcycle and minstret have no T-Head overflow bits to arm. */
	CHECK_EQ(config(0, 1, 0, EV_CYCLES).value, 0);
	CHECK_EQ(pmu_counter_start(&ph, 0, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.thead_inten, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(hart_reset_disarms_every_counter)
{
	CHECK(setup_c906());
	for (unsigned long idx = 3; idx <= 5; idx++) {
		CHECK_EQ(config(idx, 1, 0, EV_DTLB_RD_MISS).value, idx);
		CHECK_EQ(pmu_counter_start(&ph, idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL).error, SBI_SUCCESS);
	}
	sim_hart_tick(1);
	CHECK_EQ(sim.thead_of, 0x38);
	pmu_hart_reset(&ph);
	CHECK_EQ(sim.thead_inten, 0);
	CHECK_EQ(sim.thead_of, 0);
	CHECK(!sim_thead_irq());
	CHECK(pmu_thead_overflow(&ph));
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(snapshot_reports_t_head_overflow)
{
	volatile uint64_t *snap = (volatile uint64_t *)fixture_ram;

	CHECK(setup_c906());
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(13, 1, 0, EV_DTLB_RD_MISS).value, 13);
	CHECK_EQ(config(15, 1, 0, EV_DTLB_RD_MISS).value, 15);
	CHECK_EQ(pmu_counter_start(&ph, 13, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_start(&ph, 15, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 1).error, SBI_SUCCESS);
	sim_hart_tick(4);
	CHECK_EQ(pmu_counter_stop(&ph, 13, 0x7, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(snap[0], 0x4);                 /* counter 15 = base 13 + 2 */
	CHECK_EQ(snap[1], 4);
	CHECK_EQ(snap[3], 2);
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * M-mode is never counted: without Sscofpmf's MINH the C9xx hart stops every
 * counter in M-mode through mxstatus.PMDM, mcycle and minstret included.
 */
TEST(m_mode_is_not_counted_on_a_c906)
{
	fixture_init(&c906, false, false);
	CHECK_EQ(sim.thead_mxstatus, 0);
	CHECK(!ph.vendor_mmode_uncounted);
	CHECK(pmu_hart_thead_overflow(&ph));
	CHECK_EQ(sim.thead_mxstatus, THEAD_MXSTATUS_PMDM);
	CHECK(ph.vendor_mmode_uncounted);
	fixture_qemu_map();
	CHECK_EQ(config(13, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_RD_MISS).value, 13);
	sim.counter[0] = sim.counter[2] = 0;
	sim.priv = SIM_PRIV_M;
	sim_hart_tick(100);
	CHECK_EQ(sim.counter[13], 0);
	CHECK_EQ(sim.counter[0], 0);
	CHECK_EQ(sim.counter[2], 0);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(7);
	sim.priv = SIM_PRIV_M;
	CHECK_EQ(sim.counter[13], 7);
	CHECK_EQ(sim.counter[0], 7);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* An Andes hart (AX45MP) without Sscofpmf: mcountermask_m names every counter but time. */
TEST(m_mode_is_not_counted_on_an_andes_hart)
{
	static const struct sim_hart_config ax45mp = {
		.hpm_present = 0x78, .hpm_width = 64, .has_mcountinhibit = true, .has_andes_pmu = true,
	};
	struct sim_hart_config without = ax45mp;
	unsigned int traps;

	fixture_init(&ax45mp, false, false);
	pmu_hart_andes_mmode_uncounted(&ph);
	CHECK_EQ(sim.andes_mask_m, 0x7d);
	CHECK(ph.vendor_mmode_uncounted);
	sim.counter[0] = sim.counter[2] = 0;
	sim.priv = SIM_PRIV_M;
	sim_hart_tick(100);
	CHECK_EQ(sim.counter[0], 0);
	CHECK_EQ(sim.counter[2], 0);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(3);
	CHECK_EQ(sim.counter[0], 3);
	CHECK(!pmu_thead_overflow(&ph));
	/* No such CSR (it traps): nothing is claimed. */
	without.has_andes_pmu = false;
	fixture_init(&without, false, false);
	traps = sim.traps;
	pmu_hart_andes_mmode_uncounted(&ph);
	CHECK(!ph.vendor_mmode_uncounted);
	CHECK_EQ(sim.traps, traps + 1);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* Not taken with Sscofpmf (the standard interrupt wins) or without mcounterinten. */
TEST(not_taken_elsewhere)
{
	struct sim_hart_config both = c906, plain = c906;

	both.has_sscofpmf = true;
	fixture_init(&both, true, false);
	CHECK(!pmu_hart_thead_overflow(&ph));
	CHECK(!pmu_thead_overflow(&ph));

	plain.has_thead_ovf = false;
	fixture_init(&plain, false, false);
	CHECK(!pmu_hart_thead_overflow(&ph));
	CHECK(!pmu_thead_overflow(&ph));
	fixture_qemu_map();
	/* Configuring, starting, stopping and resetting touch no vendor CSR. */
	CHECK_EQ(config(13, 1, 0, EV_DTLB_RD_MISS).value, 13);
	CHECK_EQ(pmu_counter_start(&ph, 13, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_stop(&ph, 13, 1, 0).error, SBI_SUCCESS);
	pmu_hart_reset(&ph);
	CHECK_EQ(sim.bad_accesses, 0);
	CHECK_EQ(sim.thead_mxstatus, 0);
	CHECK(!ph.vendor_mmode_uncounted);
}

int main(void)
{
	RUN(taken_on_a_c906_and_left_disarmed);
	RUN(start_arms_overflow_interrupts_s_mode);
	RUN(taking_an_event_disarms);
	RUN(hart_reset_disarms_every_counter);
	RUN(snapshot_reports_t_head_overflow);
	RUN(m_mode_is_not_counted_on_a_c906);
	RUN(m_mode_is_not_counted_on_an_andes_hart);
	RUN(not_taken_elsewhere);
	return TEST_EXIT_CODE;
}
