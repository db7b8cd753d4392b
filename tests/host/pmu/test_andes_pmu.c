/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Andes AX45MP's own counter overflow interrupt and mode filters on the
 * simulated hart (sim_hart_config.has_andes_pmu: mcounterinten,
 * mcounterovf, mcountermask_s/_u, mslideleg, slip; a wrap sets the
 * counter's overflow bit and, with its enable, PMOVI in slip once
 * mslideleg delegates it): andes_ax45_pmu_hart_init()
 * (platform/generic/quirks/andes_ax45_pmu.c) takes it on a hart without
 * Sscofpmf and delegates it to S-mode; taking an event sets its filters
 * and disarms it, a start arms it, Linux's handler (stop, read scounterof,
 * clear slip, start) gets it again, no overflow bit is cleared while PMOVI
 * is pending, a snapshot reports mcounterovf, hart reset clears all; the
 * facts of OpenSBI 1.9's andes_pmu.c and Linux 7.2's riscv_pmu_sbi (irq
 * 256 + 18). Harts without it never touch these CSRs.
 */
#include "test.h"
#include "pmu_fixture.h"
#include "platform.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* The RZ/Five's AX45MP: mhpmcounter3-6, 64-bit, mcountinhibit, no Sscofpmf. */
static const struct sim_hart_config ax45mp = {
	.hpm_present = 0x78, .hpm_width = 64, .has_mcountinhibit = true, .has_andes_pmu = true,
};

#define PMOVI (1UL << ANDES_IRQ_PMOVI)

static struct sbiret config(unsigned long base, unsigned long mask, unsigned long flags,
			    unsigned long event_idx)
{
	return pmu_counter_config_matching(&ph, base, mask, flags, event_idx, 0);
}

/* The AX45MP with its overflow interrupt taken, QEMU's map (cycles on mcycle and 3.., TLB events on 3..). */
static bool setup_ax45(void)
{
	fixture_init(&ax45mp, false, false);
	fixture_qemu_map();
	return andes_ax45_pmu_hart_init(&ph);
}

/* Linux 7.2's pmu_sbi_ovf_handler: stop every counter, read scounterof, clear slip's PMOVI. */
static uint32_t linux_handler_reads_overflow(unsigned long base, unsigned long mask)
{
	uint32_t overflow;

	pmu_counter_stop(&ph, base, mask, 0);
	overflow = sim.andes_ovf;   /* scounterof: S-mode's view of mcounterovf */
	sim.andes_slip &= ~PMOVI;
	return overflow;
}

TEST(taken_on_an_ax45mp_delegated_and_left_disarmed)
{
	fixture_init(&ax45mp, false, false);
	/* What an earlier stage left. */
	sim.andes_inten = 0x78;
	sim.andes_ovf = 0x8;
	sim.andes_mask_s = 0x10;
	sim.andes_mask_u = 0x20;
	sim.andes_slip = PMOVI;
	CHECK(andes_ax45_pmu_hart_init(&ph));
	CHECK(ph.vendor_counters);
	CHECK(!ph.plain_counters);
	CHECK(!pmu_thead_overflow(&ph));
	CHECK_EQ(sim.andes_mslideleg, PMOVI);   /* OpenSBI: mslideleg = MIP_PMOVI */
	CHECK_EQ(sim.andes_inten, 0);
	CHECK_EQ(sim.andes_ovf, 0);
	CHECK_EQ(sim.andes_mask_s, 0);
	CHECK_EQ(sim.andes_mask_u, 0);
	CHECK(!sim_andes_smode_irq());
	CHECK_EQ(sim.bad_accesses, 0);
}

/* Table 8's SINH/UINH become the counter's bits of mcountermask_s/_u: nothing else changes. */
TEST(config_sets_mode_filters_exactly)
{
	CHECK(setup_ax45());
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS).value, 3);
	CHECK_EQ(sim.andes_mask_s, 1u << 3);
	CHECK_EQ(sim.andes_mask_u, 0);
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_SET_UINH, EV_DTLB_RD_MISS).value, 4);
	CHECK_EQ(sim.andes_mask_s, 1u << 3);
	CHECK_EQ(sim.andes_mask_u, 1u << 4);
	CHECK_EQ(config(5, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_UINH, EV_ITLB_RD_MISS).value, 5);
	CHECK_EQ(sim.andes_mask_s, (1u << 3) | (1u << 5));
	CHECK_EQ(sim.andes_mask_u, (1u << 4) | (1u << 5));
	/* No interrupt before a start; M-mode stays masked for all. */
	CHECK_EQ(sim.andes_inten, 0);
	CHECK_EQ(sim.andes_mask_m, 0);   /* (pmu_hart_andes_mmode_uncounted is boot's, not called here) */
	/* Counting: 3 not in S-mode, 4 not in U-mode, 5 in neither. */
	CHECK_EQ(pmu_counter_start(&ph, 3, 0x7, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(5);
	sim.priv = SIM_PRIV_U;
	sim_hart_tick(7);
	sim.priv = SIM_PRIV_M;
	CHECK_EQ(sim.counter[3], 7);
	CHECK_EQ(sim.counter[4], 5);
	CHECK_EQ(sim.counter[5], 0);
	/* Taken again without flags (after RESET): its filters go. */
	CHECK_EQ(pmu_counter_stop(&ph, 3, 0x7, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(config(3, 1, 0, EV_DTLB_RD_MISS).value, 3);
	CHECK_EQ(sim.andes_mask_s, (1u << 5));
	CHECK_EQ(config(4, 1, 0, EV_DTLB_RD_MISS).value, 4);
	CHECK_EQ(sim.andes_mask_u, (1u << 5));
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(start_arms_and_an_overflow_reaches_s_mode)
{
	CHECK(setup_ax45());
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS).value, 4);
	CHECK_EQ(sim.andes_inten, 0);
	/* Near the top: five S-mode events wrap it. */
	CHECK_EQ(pmu_counter_start(&ph, 4, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 2).error, SBI_SUCCESS);
	CHECK_EQ(sim.andes_inten, 1u << 4);
	CHECK(!sim_andes_smode_irq());
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(5);
	sim.priv = SIM_PRIV_M;
	CHECK_EQ(sim.counter[4], 2);
	CHECK_EQ(sim.andes_ovf, 1u << 4);
	CHECK(sim_andes_smode_irq());        /* S-mode's cause 256 + 18 */
	CHECK_EQ(sim.andes_mip, 0);          /* not M-mode's */
	/* Linux's handler, then its restart from a new value: the bit is cleared, the interrupt stays on. */
	CHECK_EQ(linux_handler_reads_overflow(3, 0xf), 1u << 4);
	CHECK_EQ(pmu_counter_start(&ph, 4, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL).error, SBI_SUCCESS);
	CHECK_EQ(sim.andes_ovf, 0);
	CHECK_EQ(sim.andes_inten, 1u << 4);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(1);
	sim.priv = SIM_PRIV_M;
	CHECK(sim_andes_smode_irq());
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * The writes themselves, counted: a start writes the enable when it is
 * off, the overflow bit when it is set, mcountinhibit and the value; a
 * stop, mcountinhibit alone; RESET, the event; a config, the enable when
 * it is on, the masks when they change, mcountinhibit and the event.
 */
TEST(each_call_writes_exactly_its_csrs)
{
	unsigned int before;

	CHECK(setup_ax45());
	before = sim.csr_writes;
	CHECK_EQ(config(6, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_DTLB_RD_MISS).value, 6);
	CHECK_EQ(sim.csr_writes - before, 3);    /* mcountermask_s, mcountinhibit, mhpmevent6 */
	before = sim.csr_writes;
	CHECK_EQ(pmu_counter_start(&ph, 6, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 5).error, SBI_SUCCESS);
	CHECK_EQ(sim.csr_writes - before, 3);    /* mcounterinten, mcountinhibit, mhpmcounter6 */
	CHECK_EQ(sim.counter[6], 5);
	before = sim.csr_writes;
	CHECK_EQ(pmu_counter_stop(&ph, 6, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.csr_writes - before, 1);    /* mcountinhibit */
	sim.andes_ovf = 1u << 6;
	before = sim.csr_writes;
	CHECK_EQ(pmu_counter_start(&ph, 6, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.csr_writes - before, 3);    /* mcounterovf, mcountinhibit, mhpmcounter6: the enable is on */
	CHECK_EQ(sim.andes_ovf, 0);
	CHECK_EQ(pmu_counter_stop(&ph, 6, 1, 0).error, SBI_SUCCESS);
	before = sim.csr_writes;
	CHECK_EQ(pmu_counter_stop(&ph, 6, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sim.csr_writes - before, 1);    /* mhpmevent6 = 0 */
	CHECK_EQ(sim.andes_inten, 1u << 6);      /* no event, no count: nothing to raise it */
	before = sim.csr_writes;
	CHECK_EQ(config(6, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_DTLB_RD_MISS).value, 6);
	CHECK_EQ(sim.csr_writes - before, 3);    /* mcounterinten, mcountinhibit, mhpmevent6 */
	CHECK_EQ(sim.andes_inten, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * The race of docs/pmu.md "Sscofpmf overflow": the counter is reset and
 * taken again (a context switch with interrupts off) while PMOVI is
 * pending. The overflow bit stays until the handler has read it.
 */
TEST(no_overflow_bit_cleared_while_pmovi_is_pending)
{
	CHECK(setup_ax45());
	CHECK_EQ(config(3, 1, 0, EV_DTLB_RD_MISS).value, 3);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL).error, SBI_SUCCESS);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(1);
	sim.priv = SIM_PRIV_M;
	CHECK(sim_andes_smode_irq());
	CHECK_EQ(pmu_counter_stop(&ph, 3, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_ITLB_RD_MISS).value, 3);
	CHECK_EQ(sim.andes_inten, 0);
	CHECK_EQ(sim.andes_ovf, 1u << 3);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.andes_ovf, 1u << 3);
	CHECK_EQ(sim.andes_inten, 1u << 3);
	/* The handler finds the bit (so restarts the CPU's counters); the next start clears it. */
	CHECK_EQ(linux_handler_reads_overflow(3, 1), 1u << 3);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.andes_ovf, 0);
	/* Not pending: taking an event clears a stale bit. */
	sim.andes_ovf = 1u << 5;
	CHECK_EQ(config(5, 1, 0, EV_DTLB_RD_MISS).value, 5);
	CHECK_EQ(sim.andes_ovf, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(snapshot_reports_andes_overflow)
{
	volatile uint64_t *snap = (volatile uint64_t *)fixture_ram;

	CHECK(setup_ax45());
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(3, 1, 0, EV_DTLB_RD_MISS).value, 3);
	CHECK_EQ(config(5, 1, 0, EV_DTLB_RD_MISS).value, 5);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_start(&ph, 5, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 1).error, SBI_SUCCESS);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(4);
	sim.priv = SIM_PRIV_M;
	/* Counter 4 has no event: INVALID_PARAM, the others stopped and reported (Table 12, 16). */
	CHECK_EQ(pmu_counter_stop(&ph, 3, 0x7, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(snap[0], 0x4);                 /* counter 5 = base 3 + 2 */
	CHECK_EQ(snap[1], 4);
	CHECK_EQ(snap[3], 2);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(hart_reset_clears_everything)
{
	CHECK(setup_ax45());
	for (unsigned long idx = 3; idx <= 5; idx++) {
		CHECK_EQ(config(idx, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_UINH, EV_DTLB_RD_MISS).value, idx);
		CHECK_EQ(pmu_counter_start(&ph, idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL).error, SBI_SUCCESS);
	}
	sim.andes_mask_s = sim.andes_mask_u = 0;   /* let them count in S-mode */
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(1);
	sim.priv = SIM_PRIV_M;
	CHECK_EQ(sim.andes_ovf, 0x38);
	CHECK(sim_andes_smode_irq());
	sim.andes_mask_s = 0x38;
	pmu_hart_reset(&ph);
	CHECK_EQ(sim.andes_inten, 0);
	CHECK_EQ(sim.andes_ovf, 0);
	CHECK_EQ(sim.andes_mask_s, 0);
	CHECK(!sim_andes_smode_irq());
	CHECK_EQ(sim.andes_mslideleg, PMOVI);   /* still S-mode's */
	CHECK(ph.vendor_counters);
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * Cycles and instructions go to a programmable counter first, where they
 * overflow with an interrupt; mcycle/minstret, when nothing else is free,
 * get no vendor bit (neither filters nor interrupt: nothing would undo
 * them at the RESET that lets them run free again).
 */
TEST(cycles_prefer_a_counter_that_interrupts)
{
	CHECK(setup_ax45());
	CHECK_EQ(config(0, 0x7f, SBI_PMU_CFG_FLAG_SET_UINH, EV_CYCLES).value, 3);
	CHECK_EQ(sim.andes_mask_u, 1u << 3);
	CHECK_EQ(config(0, 0x7f, 0, EV_CYCLES).value, 4);
	CHECK_EQ(config(0, 0x7f, 0, EV_CYCLES).value, 5);
	CHECK_EQ(config(0, 0x7f, 0, EV_CYCLES).value, 6);
	CHECK_EQ(config(0, 0x7f, SBI_PMU_CFG_FLAG_SET_UINH, EV_CYCLES).value, 0);
	CHECK_EQ(sim.andes_mask_u, 1u << 3);
	CHECK_EQ(pmu_counter_start(&ph, 0, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.andes_inten, 0);
	CHECK_EQ(pmu_counter_stop(&ph, 0, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* Not taken with Sscofpmf (the standard interrupt wins), without its CSRs or without mcountinhibit. */
TEST(not_taken_elsewhere_and_nothing_touched)
{
	struct sim_hart_config both = ax45mp, none = ax45mp, free_running = ax45mp;

	both.has_sscofpmf = true;
	fixture_init(&both, true, false);
	CHECK(!andes_ax45_pmu_hart_init(&ph));
	CHECK(!ph.vendor_counters);
	CHECK_EQ(sim.andes_mslideleg, 0);

	free_running.has_mcountinhibit = false;
	fixture_init(&free_running, false, false);
	CHECK(!andes_ax45_pmu_hart_init(&ph));
	CHECK_EQ(sim.andes_mslideleg, 0);

	none.has_andes_pmu = false;
	fixture_init(&none, false, false);
	CHECK(!andes_ax45_pmu_hart_init(&ph));
	CHECK(!ph.vendor_counters);
	CHECK(ph.plain_counters);
	fixture_qemu_map();
	/* A plain hart: configuring (with filters), starting, stopping, snapshots and reset touch no Andes CSR. */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_DTLB_RD_MISS).value, 3);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_stop(&ph, 3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	pmu_hart_reset(&ph);
	CHECK_EQ(sim.bad_accesses, 0);
	CHECK_EQ(sim.andes_mask_s | sim.andes_inten | sim.andes_ovf, 0);
	/* The same hart model with the CSRs but never probed: none written. */
	fixture_init(&ax45mp, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_DTLB_RD_MISS).value, 3);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.andes_mask_s | sim.andes_inten | sim.andes_mslideleg, 0);
}

int main(void)
{
	RUN(taken_on_an_ax45mp_delegated_and_left_disarmed);
	RUN(config_sets_mode_filters_exactly);
	RUN(start_arms_and_an_overflow_reaches_s_mode);
	RUN(each_call_writes_exactly_its_csrs);
	RUN(no_overflow_bit_cleared_while_pmovi_is_pending);
	RUN(snapshot_reports_andes_overflow);
	RUN(hart_reset_clears_everything);
	RUN(cycles_prefer_a_counter_that_interrupts);
	RUN(not_taken_elsewhere_and_nothing_touched);
	return TEST_EXIT_CODE;
}
