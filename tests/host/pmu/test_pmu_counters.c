/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU core on a simulated hart: counter_start (FID 3, Tables 10-11),
 * counter_stop (FID 4, Tables 12-13), counter_fw_read/_hi (FIDs 5-6,
 * Tables 14-15) and the snapshot shared memory (FID 7, Tables 16-17).
 */
#include <limits.h>
#include "test.h"
#include "pmu_fixture.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

#define NUM_QEMU (19 + PMU_FW_COUNTERS)
#define FW0 19   /* first firmware counter on the QEMU hart */

static struct sbiret start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value)
{
	return pmu_counter_start(&ph, base, mask, flags, value);
}

static struct sbiret stop(unsigned long base, unsigned long mask, unsigned long flags)
{
	return pmu_counter_stop(&ph, base, mask, flags);
}

static unsigned long config(unsigned long base, unsigned long mask, unsigned long flags, unsigned long event_idx)
{
	return pmu_counter_config_matching(&ph, base, mask, flags, event_idx, 0).value;
}

/* Snapshot page (RAM page 0): 8-byte overflow bitmap, then the values. */
static volatile uint64_t *snapshot_u64(unsigned int i)
{
	return (volatile uint64_t *)fixture_ram + i;
}
#define SNAP_OVERFLOW   (*snapshot_u64(0))
#define SNAP_VALUE(i)   (*snapshot_u64(1 + (i)))
#define PATTERN_U64     0xa5a5a5a5a5a5a5a5ULL

/* QEMU hart, QEMU map; counters 3 and 4 count DTLB read misses, FW0 SET_TIMER; all stopped. */
static void setup_three_counters(const struct sim_hart_config *cfg, bool sscofpmf)
{
	fixture_init(cfg, sscofpmf, false);
	fixture_qemu_map();
	config(3, 0x3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS);
	config(3, 0x3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS);
	config(FW0, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER));
}

#define CHECK_FAILS_UNCHANGED(err, call) do { \
	struct pmu_hart _before = ph; struct sim_hart _sim = sim; \
	struct sbiret _r = (call); \
	CHECK_EQ(_r.error, err); \
	CHECK_EQ(_r.value, 0); \
	CHECK(memcmp(&_before, &ph, sizeof ph) == 0); \
	CHECK(memcmp(&_sim, &sim, sizeof sim) == 0); \
	CHECK_EQ(fixture_changed_bytes(0, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0); \
} while (0)

/* ---- counter_start: errors (Table 11) ---- */

TEST(start_reserved_flags)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(3, 1, 1UL << 2, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(3, 1, 1UL << 63, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(3, 0, ~0UL, 0));
}

TEST(start_init_value_and_snapshot_are_exclusive)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(3, 1, SBI_PMU_START_FLAG_ALL, 5));
}

TEST(start_snapshot_without_shmem)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_FAILS_UNCHANGED(SBI_ERR_NO_SHMEM, start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0));
	/* after disabling it again */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, ~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK_FAILS_UNCHANGED(SBI_ERR_NO_SHMEM, start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0));
}

TEST(start_invalid_counter_sets)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(NUM_QEMU, 1, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(3, 1UL << 63, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(ULONG_MAX, 1, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(ULONG_MAX, 0x30, 0, 0));   /* wraps to 3, 4 */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(ULONG_MAX - 60, 1UL << 63, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(NUM_QEMU - 1, 0x3, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(0, ~0UL, SBI_PMU_START_FLAG_SET_INIT_VALUE, 9));
}

TEST(start_counter_without_event)
{
	setup_three_counters(&sim_qemu_virt, false);
	/* 3 and 4 are configured, 5 is not: an invalid counter, the others start
	 * (one rule for start and stop, docs/pmu.md "Start and stop") */
	CHECK_EQ(start(3, 0x7, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(ph.started, 0x18);
	CHECK_EQ(sim.mcountinhibit & 0x38, 0x20);
	/* ... and wins over one already started */
	CHECK_EQ(start(3, 0x7, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(start(3, 0x3, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(stop(3, 0x3, 0).error, SBI_SUCCESS);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(0, 1, 0, 0));        /* free-running mcycle */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(1, 1, 0, 0));        /* time */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(2, 1, 0, 0));        /* free-running minstret */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, start(FW0 + 1, 1, 0, 0));  /* unconfigured */
	/* with a configured counter: that one starts */
	CHECK_EQ(start(2, 0x3, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(start(FW0, 0x3, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(ph.started, (1ULL << 3) | (1ULL << FW0));
}

TEST(start_empty_set_does_nothing)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, start(0, 0, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, start(ULONG_MAX, 0, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1));
}

/* ---- counter_start: effects ---- */

TEST(start_with_initial_value)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1000).error, SBI_SUCCESS);
	CHECK_EQ(ph.started, 1UL << 3);
	CHECK_EQ(sim.mcountinhibit & 0x18, 0x10);
	sim_hart_tick(50);
	CHECK_EQ(sim.counter[3], 1050);
	CHECK_EQ(sim.counter[4], 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(start_without_flag_keeps_value)
{
	setup_three_counters(&sim_qemu_virt, false);
	sim.counter[4] = 300;
	CHECK_EQ(start(4, 1, 0, 1000).error, SBI_SUCCESS);
	sim_hart_tick(7);
	CHECK_EQ(sim.counter[4], 307);
	CHECK_EQ(stop(4, 1, 0).error, SBI_SUCCESS);
	sim_hart_tick(7);
	CHECK_EQ(sim.counter[4], 307);
	CHECK_EQ(start(4, 1, 0, 0).error, SBI_SUCCESS);
	sim_hart_tick(1);
	CHECK_EQ(sim.counter[4], 308);
}

TEST(start_several_counters_with_one_value)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(start(3, 0x3, SBI_PMU_START_FLAG_SET_INIT_VALUE, 20).error, SBI_SUCCESS);
	sim_hart_tick(2);
	CHECK_EQ(sim.counter[3], 22);
	CHECK_EQ(sim.counter[4], 22);
	CHECK_EQ(ph.started, 0x18);
}

TEST(start_fixed_counters)
{
	fixture_init(&sim_qemu_virt, false, false);
	CHECK_EQ(config(0, 1, 0, EV_CYCLES), 0);
	CHECK_EQ(config(2, 1, 0, EV_INSTRUCTIONS), 2);
	CHECK_EQ(start(0, 0x5, SBI_PMU_START_FLAG_SET_INIT_VALUE, 100).error, SBI_SUCCESS);
	sim_hart_tick(1);
	CHECK_EQ(sim.counter[0], 101);
	CHECK_EQ(sim.counter[2], 101);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(start_already_started_is_best_effort)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 5).error, SBI_SUCCESS);
	CHECK_EQ(start(3, 0x3, SBI_PMU_START_FLAG_SET_INIT_VALUE, 500).error, SBI_ERR_ALREADY_STARTED);
	/* 4 started with the value, 3 untouched */
	CHECK_EQ(sim.counter[3], 5);
	CHECK_EQ(sim.counter[4], 500);
	CHECK_EQ(ph.started, 0x18);
	CHECK_EQ(start(3, 0x3, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sim.counter[3], 5);
	/* firmware counter likewise */
	CHECK_EQ(start(FW0, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(start(FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 9).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 0);
}

/* Sscofpmf: OF is cleared and the value written after un-inhibiting (QEMU 7.2 overflow quirk). */
TEST(start_sscofpmf_clears_of_and_writes_value_while_running)
{
	setup_three_counters(&sim_qemu_sscofpmf, true);
	sim.mhpmevent[3] |= MHPMEVENT_OF;
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 9).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	CHECK_EQ(sim.written_while_inhibited & 0x8, 0);
	CHECK_EQ(sim.counter[3], ~0ULL - 9);
	sim_hart_tick(9);
	CHECK(!sim.lcofip);
	sim_hart_tick(1);
	CHECK(sim.lcofip);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_OF | MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * Sscofpmf: an overflow whose interrupt S-mode has not taken yet keeps its
 * OF bit across a stop and start (Linux's perf reloads a counter with
 * interrupts off); once LCOFIP is cleared, a start clears OF and the next
 * wrap raises the interrupt again. The same on QEMU 7.2's counters.
 */
static void check_of_kept_while_pending(const struct sim_hart_config *cfg)
{
	unsigned int raised;

	setup_three_counters(cfg, true);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 9).error, SBI_SUCCESS);
	sim_hart_tick(12);
	CHECK(sim.lcofip);
	CHECK_EQ(csr_read_scountovf(), 0x8);
	/* Reloaded from a new value before the interrupt is taken: OF stays. */
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 99).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0x8);
	CHECK_EQ(csr_read_counter(3), ~0ULL - 99);
	/* And resumed without a value. */
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(start(3, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0x8);
	CHECK_EQ(csr_read_counter(3), ~0ULL - 99);
	/* The handler: stops, reads scountovf, clears LCOFIP, restarts: OF cleared. */
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0x8);
	sim.lcofip = false;
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 4).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	raised = sim.lcofi_raised;
	sim_hart_tick(4);
	CHECK(!sim.lcofip);
	sim_hart_tick(1);
	CHECK(sim.lcofip);
	CHECK_EQ(sim.lcofi_raised, raised + 1);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(start_keeps_of_while_its_interrupt_is_pending)
{
	check_of_kept_while_pending(&sim_qemu_sscofpmf);
	check_of_kept_while_pending(&sim_qemu72_sscofpmf);
}

/*
 * Sscofpmf: an overflow whose interrupt is pending, then a RESET stop of its
 * counter (Linux's context switch, interrupts off) leaves no OF bit; the
 * counter configured next gets OF, and keeps it when started, so that the
 * interrupt's handler finds an overflow to handle (Linux's leaves every
 * counter of the CPU stopped otherwise); the handler's restart clears it.
 * With no interrupt pending a configured counter has OF clear.
 */
static void check_config_sets_of_while_pending(const struct sim_hart_config *cfg)
{
	unsigned long idx;

	/* No interrupt pending: configured counters have OF clear. */
	setup_three_counters(cfg, true);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	CHECK_EQ(sim.mhpmevent[4], MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 9).error, SBI_SUCCESS);
	sim_hart_tick(12);
	CHECK(sim.lcofip);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0);
	CHECK(sim.lcofip);
	/* The next task's event: configured and started before the interrupt is taken. */
	idx = config(3, 0x3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS);
	CHECK_EQ(idx, 3);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_OF | MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 99).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0x8);
	/* The handler: stops, finds OF, clears LCOFIP, restarts: OF cleared, the next wrap interrupts. */
	CHECK_EQ(stop(0, 0x8, 0).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0x8);
	sim.lcofip = false;
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 4).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_scountovf(), 0);
	sim_hart_tick(5);
	CHECK(sim.lcofip);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(config_sets_of_while_an_overflow_interrupt_is_pending)
{
	check_config_sets_of_while_pending(&sim_qemu_sscofpmf);
	check_config_sets_of_while_pending(&sim_qemu72_sscofpmf);
}

/* pmu_hart_init tells counters that freeze when inhibited from QEMU 7.2's. */
TEST(probe_tells_frozen_counters_from_qemu72s)
{
	struct sim_hart_config cfg;

	fixture_init(&sim_qemu_sscofpmf, true, false);
	CHECK(!ph.counter_from_last_write);
	fixture_init(&sim_qemu_virt, false, false);
	CHECK(!ph.counter_from_last_write);
	fixture_init(&sim_u74, false, false);
	CHECK(!ph.counter_from_last_write);
	fixture_init(&sim_qemu72_sscofpmf, true, false);
	CHECK(ph.counter_from_last_write);
	/* Nothing to inhibit: nothing to probe. */
	cfg = sim_qemu72_sscofpmf;
	cfg.has_mcountinhibit = false;
	fixture_init(&cfg, true, false);
	CHECK(!ph.counter_from_last_write);
	/* Smcntrpmf: minstret counts M-mode for the probe even if an earlier boot set MINH; MINH after. */
	cfg = sim_qemu72_sscofpmf;
	cfg.has_smcntrpmf = true;
	sim_hart_reset(&cfg);
	sim.counter_cfg[2] = MHPMEVENT_MINH;
	pmu_hart_init(&ph, true, true);
	CHECK(ph.counter_from_last_write);
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH);
	CHECK_EQ(sim.counter_cfg[2], MHPMEVENT_MINH);
	CHECK_EQ(sim.mcountinhibit & 0x5, 0);
	cfg.counts_from_last_write = false;
	sim_hart_reset(&cfg);
	sim.counter_cfg[2] = MHPMEVENT_MINH;
	pmu_hart_init(&ph, true, true);
	CHECK(!ph.counter_from_last_write);
	CHECK_EQ(sim.counter_cfg[2], MHPMEVENT_MINH);
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * A counter stopped and restarted by S-mode loses no event it counted and
 * counts none twice, where counters freeze when inhibited (the stop is the
 * inhibit bit alone, a resume clears it) and on QEMU 7.2's (the stop writes
 * the value back, a resume writes it again after un-inhibiting). csr_writes:
 * the CSR writes each call makes.
 */
static void check_stop_start_exact(const struct sim_hart_config *cfg, unsigned int stop_writes,
				   unsigned int resume_writes)
{
	unsigned int writes;

	setup_three_counters(cfg, true);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1000).error, SBI_SUCCESS);
	sim_hart_tick(10);
	writes = sim.csr_writes;
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.csr_writes - writes, stop_writes);
	/* S-mode reads it (hpmcounter3), as often as it likes, while it is stopped. */
	CHECK_EQ(csr_read_counter(3), 1010);
	CHECK_EQ(csr_read_counter(3), 1010);
	sim_hart_tick(7);
	CHECK_EQ(csr_read_counter(3), 1010);
	writes = sim.csr_writes;
	CHECK_EQ(start(3, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.csr_writes - writes, resume_writes);
	CHECK_EQ(csr_read_counter(3), 1010);
	sim_hart_tick(5);
	CHECK_EQ(csr_read_counter(3), 1015);
	/* Stopped through the general path (a set, as Linux's overflow handler stops). */
	CHECK_EQ(stop(0, 0x18, 0).error, SBI_ERR_ALREADY_STOPPED);
	sim_hart_tick(3);
	CHECK_EQ(csr_read_counter(3), 1015);
	CHECK_EQ(csr_read_counter(3), 1015);
	/* A new start value: counted from there. */
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 50).error, SBI_SUCCESS);
	sim_hart_tick(3);
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	sim_hart_tick(3);
	CHECK_EQ(csr_read_counter(3), 53);
	/* The snapshot of a stopped counter holds its value. */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(SNAP_VALUE(0), 53);
	/* Started from the snapshot, stopped with one: the value it reached. */
	SNAP_VALUE(0) = 2000;
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_SUCCESS);
	sim_hart_tick(4);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_VALUE(0), 2004);
	CHECK_EQ(csr_read_counter(3), 2004);
	/* mcycle, configured without CLEAR_VALUE, keeps counting from its value when started. */
	CHECK_EQ(config(0, 1, 0, EV_CYCLES), 0);
	writes = (unsigned int)csr_read_counter(0);
	sim_hart_tick(2);
	CHECK_EQ(csr_read_counter(0), writes);
	CHECK_EQ(start(0, 1, 0, 0).error, SBI_SUCCESS);
	sim_hart_tick(6);
	CHECK_EQ(stop(0, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(csr_read_counter(0), (uint64_t)writes + 6);
	CHECK_EQ(sim.bad_accesses, 0);
}

/*
 * QEMU 7.2's stop of a programmable counter of cycles or instructions writes
 * the value back with no event selected (no overflow timer armed for a
 * wrapped value): the value and the whole mhpmevent, OF included, stay.
 */
TEST(qemu72_cycle_counter_stop_keeps_value_and_selector)
{
	uint64_t event;
	unsigned int timers;

	setup_three_counters(&sim_qemu72_sscofpmf, true);
	CHECK_EQ(config(3, 0x4, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_CYCLES), 5);
	CHECK_EQ(start(5, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 9).error, SBI_SUCCESS);
	sim_hart_tick(30);
	CHECK(sim.lcofip);
	event = sim.mhpmevent[5];
	CHECK(event & MHPMEVENT_OF);
	/* The one-counter path and the general one: no timer armed in the past. */
	timers = sim.qemu72_past_timers;
	CHECK_EQ(stop(5, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.qemu72_past_timers, timers);
	CHECK_EQ(sim.mhpmevent[5], event);
	sim_hart_tick(5);
	CHECK_EQ(csr_read_counter(5), 20);
	CHECK_EQ(csr_read_counter(5), 20);
	CHECK_EQ(start(5, 1, 0, 0).error, SBI_SUCCESS);
	sim_hart_tick(2);
	timers = sim.qemu72_past_timers;
	CHECK_EQ(stop(0, 0x20, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.qemu72_past_timers, timers);
	CHECK_EQ(sim.mhpmevent[5], event);
	sim_hart_tick(5);
	CHECK_EQ(csr_read_counter(5), 22);
	CHECK_EQ(csr_read_counter(5), 22);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(stop_start_loses_and_doubles_nothing)
{
	/* Freezing counters: a stop is one CSR write, a resume one. */
	check_stop_start_exact(&sim_qemu_sscofpmf, 1, 1);
	check_stop_start_exact(&sim_qemu_virt, 1, 1);
	/* QEMU 7.2's: the stop writes the value back, the resume writes it again. */
	check_stop_start_exact(&sim_qemu72_sscofpmf, 2, 2);
}

/* ---- counter_stop (Tables 12-13) ---- */

TEST(stop_errors)
{
	setup_three_counters(&sim_qemu_virt, false);
	start(3, 0x3, 0, 0);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(3, 1, 1UL << 2));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(3, 1, 1UL << 63));
	CHECK_FAILS_UNCHANGED(SBI_ERR_NO_SHMEM, stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(NUM_QEMU, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(3, 1UL << 63, SBI_PMU_STOP_FLAG_RESET));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(ULONG_MAX, 0x30, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(ULONG_MAX - 59, 1UL << 63, SBI_PMU_STOP_FLAG_RESET));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, stop(3, ~0UL, SBI_PMU_STOP_FLAG_RESET));
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, stop(3, 0, SBI_PMU_STOP_FLAG_RESET));
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, stop(0, 0, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT));
}

TEST(stop_stops_counting)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(start(3, 0x3, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	sim_hart_tick(4);
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(ph.started, 0x10);
	CHECK_EQ(sim.mcountinhibit & 0x18, 0x8);
	sim_hart_tick(4);
	CHECK_EQ(sim.counter[3], 4);
	CHECK_EQ(sim.counter[4], 8);
	/* still mapped */
	CHECK_EQ(ph.hw_event[3], EV_DTLB_RD_MISS);
	CHECK_EQ(sim.mhpmevent[3], EV_DTLB_RD_MISS);
}

TEST(stop_already_stopped_is_best_effort)
{
	setup_three_counters(&sim_qemu_virt, false);
	start(4, 1, 0, 0);
	CHECK_EQ(stop(3, 0x3, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(ph.started, 0);
	CHECK_EQ(sim.mcountinhibit & 0x18, 0x18);
	CHECK_EQ(stop(3, 0x3, 0).error, SBI_ERR_ALREADY_STOPPED);
	/* Counters without an event (unconfigured, time) are invalid counters,
	 * as for start: INVALID_PARAM wins, and the others of the set are stopped
	 * (Linux stops every counter with one call, configured or not). */
	CHECK_EQ(stop(0, 0x1f, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(stop(FW0 + 5, 1, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(stop(1, 1, 0).error, SBI_ERR_INVALID_PARAM);
	start(3, 0x3, 0, 0);
	CHECK_EQ(stop(0, 0x1f, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(ph.started, 0);
	CHECK_EQ(sim.mcountinhibit & 0x18, 0x18);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(stop_reset_with_delegated_counters_keeps_minh)
{
	/* No event again, but never M-mode: what S-mode writes itself through
	 * counter delegation (Smcdeleg, MINH read-only 0 in sireg2) keeps it. */
	setup_three_counters(&sim_qemu_sscofpmf, true);
	pmu_counters_delegated(&ph);
	CHECK_EQ(sim.mhpmevent[5], MHPMEVENT_MINH);      /* idle ones at once */
	start(3, 1, 0, 0);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(ph.hw_event[3], 0);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_MINH);
	pmu_hart_reset(&ph);
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(sim.mhpmevent[n], MHPMEVENT_MINH);
}

TEST(stop_reset_unmaps_every_counter_of_the_set)
{
	setup_three_counters(&sim_qemu_virt, false);
	start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 10);
	start(FW0, 1, 0, 0);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	/* Linux: stop, then stop again with RESET, ignoring ALREADY_STOPPED */
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(ph.hw_event[3], 0);
	CHECK_EQ(sim.mhpmevent[3], 0);
	CHECK_EQ(sim.counter[3], 10);
	/* running 4 with RESET: stopped and unmapped, SUCCESS; FW0 likewise */
	start(4, 1, 0, 0);
	CHECK_EQ(stop(4, 0x7fff, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_INVALID_PARAM);   /* 5.. unconfigured */
	CHECK_EQ(ph.hw_event[4], 0);
	CHECK_EQ(stop(FW0, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(ph.fw[0].configured, 0);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 1);   /* the value stays */
	CHECK_EQ(ph.started, 0);
	/* unmapped counters cannot start, but can be matched again */
	CHECK_EQ(start(3, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(start(FW0, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(config(3, 1, 0, EV_DTLB_WR_MISS), 3);
	CHECK_EQ(config(FW0, 1, 0, EV_FW(1)), FW0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(stop_reset_lets_fixed_counters_run_freely_again)
{
	struct sim_hart_config cfg = sim_qemu_sscofpmf;

	cfg.has_smcntrpmf = true;
	fixture_init(&cfg, true, true);
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_AUTO_START, EV_CYCLES), 0);
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH | MHPMEVENT_UINH);
	CHECK_EQ(stop(0, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.mcountinhibit & 1, 1);
	CHECK_EQ(stop(0, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sim.mcountinhibit & 1, 0);
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH);
	CHECK_EQ(ph.hw_event[0], 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* ---- Snapshots (Table 16) ---- */

TEST(snapshot_stop_writes_only_the_sets_slots)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(fixture_changed_bytes(0, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);   /* not touched yet */
	start(3, 0x3, SBI_PMU_START_FLAG_SET_INIT_VALUE, 100);
	start(FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 7);
	sim_hart_tick(5);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);

	/* base 3, mask counters 3, 4: slots 0 and 1 */
	CHECK_EQ(stop(3, 0x3, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_OVERFLOW, 0);
	CHECK_EQ(SNAP_VALUE(0), 105);
	CHECK_EQ(SNAP_VALUE(1), 105);
	CHECK_EQ(fixture_changed_bytes(24, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);

	/* base 2, the firmware counter: slot FW0 - 2 */
	fixture_fill_ram();
	CHECK_EQ(stop(2, 1UL << (FW0 - 2), SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_VALUE(FW0 - 2), 8);
	CHECK_EQ(SNAP_OVERFLOW, 0);
	CHECK_EQ(fixture_changed_bytes(8, 8 + 8 * (FW0 - 2)), 0);
	CHECK_EQ(fixture_changed_bytes(8 + 8 * (FW0 - 1), FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);

	/* stopped counters are snapshotted too (ALREADY_STOPPED); time, without an
	 * event, is an invalid counter and its slot is left alone */
	fixture_fill_ram();
	CHECK_EQ(stop(0, 0x18, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(SNAP_VALUE(3), 105);
	CHECK_EQ(SNAP_VALUE(4), 105);
	fixture_fill_ram();
	CHECK_EQ(stop(0, 0x1a, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(SNAP_VALUE(1), PATTERN_U64);   /* time */
	CHECK_EQ(SNAP_VALUE(3), 105);
	CHECK_EQ(SNAP_VALUE(4), 105);
	CHECK_EQ(SNAP_OVERFLOW, 0);
	CHECK_EQ(fixture_changed_bytes(8, 16), 0);
	CHECK_EQ(fixture_changed_bytes(24, 32), 0);
	CHECK_EQ(fixture_changed_bytes(48, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(snapshot_with_reset)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(1), 0, 0).error, SBI_SUCCESS);
	start(4, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 42);
	/* the value is taken before the counter is unmapped */
	CHECK_EQ(stop(4, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT | SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(((volatile uint64_t *)(fixture_ram + FIXTURE_PAGE))[1], 42);
	CHECK_EQ(fixture_changed_bytes(0, FIXTURE_PAGE), 0);
	CHECK_EQ(fixture_changed_bytes(FIXTURE_PAGE + 16, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
	CHECK_EQ(ph.hw_event[4], 0);
}

TEST(snapshot_overflow_bitmap_is_relative_to_base)
{
	setup_three_counters(&sim_qemu_sscofpmf, true);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0);
	start(4, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 2);
	sim_hart_tick(5);
	CHECK(sim.lcofip);
	CHECK_EQ(stop(3, 0x3, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_OVERFLOW, 0x2);           /* counter 4 = base 3 + 1 */
	CHECK_EQ(SNAP_VALUE(0), 5);
	CHECK_EQ(SNAP_VALUE(1), 2);
	/* base 4: bit 0 */
	CHECK_EQ(stop(4, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(SNAP_OVERFLOW, 0x1);
	/* base 0, counters 0..4 (0..2 without an event: INVALID_PARAM, slots untouched) */
	CHECK_EQ(stop(0, 0x1f, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(SNAP_OVERFLOW, 0x10);
	/* a set without counter 4 */
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(SNAP_OVERFLOW, 0);
	/* restarted while its interrupt is still pending: OF stays, for the handler */
	start(4, 1, 0, 0);
	CHECK_EQ(stop(4, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_OVERFLOW, 0x1);
	/* once S-mode cleared LCOFIP, restarting clears OF */
	sim.lcofip = false;
	start(4, 1, 0, 0);
	CHECK_EQ(stop(4, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_OVERFLOW, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(snapshot_overflow_bitmap_zero_without_sscofpmf)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.hpm_width = 48;
	setup_three_counters(&cfg, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, (1ULL << 48) - 1);
	sim_hart_tick(2);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(SNAP_OVERFLOW, 0);
	CHECK_EQ(SNAP_VALUE(0), 1);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(snapshot_start_reads_initial_values)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	SNAP_VALUE(0) = 1111;   /* counter 3 */
	SNAP_VALUE(1) = 2222;   /* counter 4 */
	SNAP_VALUE(FW0 - 3) = 3333;
	CHECK_EQ(start(3, 0x3 | 1UL << (FW0 - 3), SBI_PMU_START_FLAG_INIT_SNAPSHOT, 9).error, SBI_SUCCESS);
	CHECK_EQ(sim.counter[3], 1111);
	CHECK_EQ(sim.counter[4], 2222);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 3333);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 3334);
	/* the start did not write the page */
	CHECK_EQ(SNAP_OVERFLOW, PATTERN_U64);
	CHECK_EQ(fixture_changed_bytes(8 + 8 * (FW0 - 2), FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
	/* an already started counter keeps its value */
	stop(4, 1, 0);
	SNAP_VALUE(1) = 5;
	SNAP_VALUE(0) = 6;
	CHECK_EQ(start(3, 0x3, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sim.counter[3], 1111);
	CHECK_EQ(sim.counter[4], 5);
}

TEST(snapshot_round_trip)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(2), 0, 0).error, SBI_SUCCESS);
	start(3, 0x3, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1);
	sim_hart_tick(9);
	CHECK_EQ(stop(3, 0x3, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	sim.counter[3] = sim.counter[4] = 0;   /* e.g. another user of the counters */
	CHECK_EQ(start(3, 0x3, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.counter[3], 10);
	CHECK_EQ(sim.counter[4], 10);
	CHECK_EQ(fixture_changed_bytes(0, 2 * FIXTURE_PAGE), 0);
	CHECK_EQ(fixture_changed_bytes(2 * FIXTURE_PAGE + 24, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
}

/* ---- snapshot_set_shmem (Table 17) ---- */

TEST(set_shmem_errors)
{
	unsigned long ram = fixture_page(0);

	setup_three_counters(&sim_qemu_virt, false);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_snapshot_set_shmem(&ph, ram, 0, 1));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_snapshot_set_shmem(&ph, ~0UL, ~0UL, 1UL << 63));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_snapshot_set_shmem(&ph, ram + 8, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_snapshot_set_shmem(&ph, ram + 2048, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_snapshot_set_shmem(&ph, ~0UL, 0, 0));
	/* the firmware's region, outside RAM, above 4 GiB * 4 GiB, wrapping */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS,
			      pmu_snapshot_set_shmem(&ph, fixture_page(FIXTURE_FW_PAGE), 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS,
			      pmu_snapshot_set_shmem(&ph, fixture_page(FIXTURE_RAM_PAGES), 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, pmu_snapshot_set_shmem(&ph, ram - FIXTURE_PAGE, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, pmu_snapshot_set_shmem(&ph, 0, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, pmu_snapshot_set_shmem(&ph, ram, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, pmu_snapshot_set_shmem(&ph, ram, ~0UL, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, pmu_snapshot_set_shmem(&ph, ~0UL & ~0xfffUL, 0, 0));
	/* all-ones lo with another hi is not "disable": lo is then unaligned */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_snapshot_set_shmem(&ph, ~0UL, ~0UL - 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, pmu_snapshot_set_shmem(&ph, ~0UL & ~0xfffUL, ~0UL, 0));
	CHECK(!ph.snapshot_enabled);
}

TEST(set_shmem_enable_and_disable)
{
	setup_three_counters(&sim_qemu_virt, false);
	/* the last page before the firmware's */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(FIXTURE_FW_PAGE - 1), 0, 0).error, SBI_SUCCESS);
	CHECK(ph.snapshot_enabled);
	CHECK_EQ(ph.snapshot_addr, fixture_page(FIXTURE_FW_PAGE - 1));
	CHECK_EQ(fixture_changed_bytes(0, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
	/* a second call moves it */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(ph.snapshot_addr, fixture_page(0));
	/* a failed call keeps the previous one */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0) + 8, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK(ph.snapshot_enabled);
	CHECK_EQ(ph.snapshot_addr, fixture_page(0));
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, ~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK(!ph.snapshot_enabled);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);
	/* disabling twice is fine */
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, ~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK_EQ(fixture_changed_bytes(0, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
}

/* Withheld (the default: neither make PMU_SNAPSHOT=y nor /chosen/abacus,pmu-snapshot): Table 17's NOT_SUPPORTED. */
TEST(set_shmem_withheld_is_not_supported)
{
	unsigned long ram = fixture_page(0);

	setup_three_counters(&sim_qemu_virt, false);
	pmu_snapshot_offered = NULL;
	/* whatever the arguments: the function itself is unavailable */
	CHECK_FAILS_UNCHANGED(SBI_ERR_NOT_SUPPORTED, pmu_snapshot_set_shmem(&ph, ram, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_NOT_SUPPORTED, pmu_snapshot_set_shmem(&ph, ~0UL, ~0UL, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_NOT_SUPPORTED, pmu_snapshot_set_shmem(&ph, ram, 0, 1));
	CHECK_FAILS_UNCHANGED(SBI_ERR_NOT_SUPPORTED, pmu_snapshot_set_shmem(&ph, ram + 8, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_NOT_SUPPORTED,
			      pmu_snapshot_set_shmem(&ph, fixture_page(FIXTURE_FW_PAGE), 0, 0));
	/* so the snapshot flags have no memory */
	CHECK_FAILS_UNCHANGED(SBI_ERR_NO_SHMEM, start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_NO_SHMEM, stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT));
	/* and everything else works as before */
	CHECK_EQ(start(3, 0x3, 0, 0).error, SBI_SUCCESS);
	sim_hart_tick(7);
	CHECK_EQ(stop(3, 0x3, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.counter[3], 7);
	pmu_snapshot_offered = "test";
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, ram, 0, 0).error, SBI_SUCCESS);
}

/* ---- pmu_hart_reset (HSM hart_stop): the hart's PMU as boot left it ---- */

/* Puts every kind of state in place: mapped, started, overflowed, snapshot. */
static void use_everything(bool sscofpmf)
{
	pmu_platform = &fixture_platform;
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(1), 0, 0).error, SBI_SUCCESS);
	/* hpm: cycles near wrap-around (overflows on the first tick), DTLB misses, stopped one */
	CHECK_EQ(config(0, 0x7fff8, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_CYCLES), 3);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL).error, SBI_SUCCESS);
	CHECK_EQ(config(0, 0x7fff8, SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_RD_MISS), 4);
	CHECK_EQ(config(0, 0x7fff8, 0, EV_ITLB_RD_MISS), 5);
	/* mcycle and minstret mapped (SKIP_MATCH), minstret running */
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_SET_SINH, EV_CYCLES), 0);
	CHECK_EQ(config(2, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_AUTO_START, EV_INSTRUCTIONS), 2);
	/* firmware counters: a standard event running from 1000, a platform one, a stopped one */
	CHECK_EQ(config(FW0, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER)), FW0);
	CHECK_EQ(start(FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1000).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_config_matching(&ph, FW0 + 1, 1, SBI_PMU_CFG_FLAG_AUTO_START, 0xfffff,
					     FIXTURE_PLATFORM_DATA).value, FW0 + 1);
	CHECK_EQ(config(FW0 + 2, 1, 0, EV_FW(SBI_PMU_FW_IPI_SENT)), FW0 + 2);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	fixture_platform_count += 5;
	sim_hart_tick(3);
	if (sscofpmf) {
		CHECK(sim.mhpmevent[3] & MHPMEVENT_OF);
		CHECK(sim.lcofip);
	}
}

/* The hart right after boot (pmu_hart_init), the firmware event totals aside. */
static void check_as_after_boot(const struct sim_hart_config *cfg, bool sscofpmf, bool smcntrpmf)
{
	struct pmu_hart after = ph, fresh;
	struct sim_hart sim_after = sim;

	/* The same hart booted afresh (the map, the platform and RAM are not touched). */
	sim_hart_reset(cfg);
	memset(&fresh, 0x5a, sizeof fresh);
	pmu_hart_init(&fresh, sscofpmf, smcntrpmf);
	memcpy(fresh.fw_event_count, after.fw_event_count, sizeof fresh.fw_event_count);
	CHECK(memcmp(&fresh, &after, sizeof fresh) == 0);
	/* The CSRs: nothing inhibited but what boot inhibits, no event, no OF, no LCOFIP. */
	CHECK_EQ(sim_after.mcountinhibit, sim.mcountinhibit);
	for (unsigned int n = 3; n < 32; n++) {
		CHECK_EQ(sim_after.mhpmevent[n], sim.mhpmevent[n]);
		CHECK_EQ(sim_after.counter[n], sim.counter[n]);
	}
	CHECK_EQ(sim_after.counter_cfg[0], sim.counter_cfg[0]);
	CHECK_EQ(sim_after.counter_cfg[2], sim.counter_cfg[2]);
	CHECK(!sim_after.lcofip);
	CHECK_EQ(sim_after.bad_accesses, 0);
	/* back to the state the test left */
	sim = sim_after;
}

TEST(hart_reset_frees_every_counter_and_forgets_the_snapshot)
{
	struct sim_hart_config cfg = sim_qemu_sscofpmf;
	uint64_t set_timer_total;

	cfg.has_smcntrpmf = true;
	fixture_init(&cfg, true, true);
	fixture_qemu_map();
	use_everything(true);
	set_timer_total = ph.fw_event_count[SBI_PMU_FW_SET_TIMER];

	pmu_hart_reset(&ph);
	check_as_after_boot(&cfg, true, true);
	CHECK_EQ(ph.fw_event_count[SBI_PMU_FW_SET_TIMER], set_timer_total);   /* statistics stay */

	/* Nothing counts: the programmable counters are stopped at 0 (no overflow later). */
	sim_hart_tick(1000);
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(sim.counter[n], 0);
	CHECK(!sim.lcofip);
	/* Every counter is free: no event, an invalid counter for start and stop alike. */
	for (unsigned long idx = 0; idx < NUM_QEMU; idx++) {
		CHECK_EQ(start(idx, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(stop(idx, 1, 0).error, SBI_ERR_INVALID_PARAM);
	}
	/* Firmware counters read 0, as from boot. */
	for (unsigned long idx = FW0; idx < NUM_QEMU; idx++)
		CHECK_EQ(pmu_counter_fw_read(&ph, idx).value, 0);
	/* No snapshot memory any more. */
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);
	/* config_matching takes the same counters again, firmware ones count from 0. */
	CHECK_EQ(config(0, 0x7fff8, 0, EV_CYCLES), 3);
	CHECK_EQ(config(0, 0x7fff8, 0, EV_DTLB_RD_MISS), 4);
	CHECK_EQ(config(FW0, ~0UL >> (64 - PMU_FW_COUNTERS), SBI_PMU_CFG_FLAG_AUTO_START,
			EV_FW(SBI_PMU_FW_SET_TIMER)), FW0);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 1);
	/* Nothing of RAM was touched but the snapshot page by the stops before. */
	CHECK_EQ(fixture_changed_bytes(0, FIXTURE_PAGE), 0);
	CHECK_EQ(fixture_changed_bytes(2 * FIXTURE_PAGE, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
}

TEST(hart_reset_without_sscofpmf_and_on_a_u74)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	use_everything(false);
	pmu_hart_reset(&ph);
	check_as_after_boot(&sim_qemu_virt, false, false);

	fixture_init(&sim_u74, false, false);
	pmu_event_map.ranges[0] = (struct pmu_event_range){ 3, 6, 0x18 };
	pmu_event_map.range_count = 1;
	pmu_event_map_index(&pmu_event_map);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(0, 0x1f, SBI_PMU_CFG_FLAG_AUTO_START, 5), 3);
	CHECK_EQ(config(0, 0x1f, 0, 3), 4);
	sim_hart_tick(2);
	pmu_hart_reset(&ph);
	check_as_after_boot(&sim_u74, false, false);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* FU540-like: no mcountinhibit, no programmable counter: the free-running mcycle/minstret are left alone. */
TEST(hart_reset_without_mcountinhibit_touches_no_counter)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.has_mcountinhibit = false;
	cfg.hpm_present = 0;
	fixture_init(&cfg, false, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_IPI_SENT)), 3);
	unsigned int writes = sim.csr_writes, traps = sim.traps;
	pmu_hart_reset(&ph);
	CHECK_EQ(sim.csr_writes, writes);
	CHECK_EQ(sim.traps, traps);
	check_as_after_boot(&cfg, false, false);
}

/* No mcountinhibit, programmable counters: each is left selecting no event, at 0. */
TEST(hart_reset_without_mcountinhibit_stops_programmable_counters)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.has_mcountinhibit = false;
	fixture_init(&cfg, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(0, 0x7fffd, SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_RD_MISS), 3);
	CHECK_EQ(config(0, 0x7fffd, SBI_PMU_CFG_FLAG_AUTO_START, EV_CYCLES), 0);
	sim_hart_tick(10);
	CHECK_EQ(sim.mhpmevent[3], EV_DTLB_RD_MISS);
	pmu_hart_reset(&ph);
	CHECK_EQ(sim.mhpmevent[3], 0);
	CHECK_EQ(sim.counter[3], 0);
	sim_hart_tick(10);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(ph.hw_free, ph.programmable);
	CHECK_EQ(config(0, 0x7fffd, 0, EV_DTLB_RD_MISS), 3);   /* free again */
	CHECK_EQ(sim.bad_accesses, 0);
}

/* ---- Firmware counters, fw_read / fw_read_hi (Tables 14-15) ---- */

TEST(fw_read_invalid_counters)
{
	setup_three_counters(&sim_qemu_virt, false);
	static const unsigned long bad[] = { 0, 1, 2, 3, 18, NUM_QEMU, 64, ULONG_MAX, ULONG_MAX - 18 };

	for (unsigned int i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_counter_fw_read(&ph, bad[i]));
		CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, pmu_counter_fw_read_hi(&ph, bad[i]));
	}
}

TEST(fw_read_unconfigured_counter)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, pmu_counter_fw_read(&ph, FW0 + 1));
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, pmu_counter_fw_read(&ph, NUM_QEMU - 1));
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, pmu_counter_fw_read_hi(&ph, NUM_QEMU - 1));
}

TEST(fw_counter_counts_its_event)
{
	setup_three_counters(&sim_qemu_virt, false);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);   /* before start: not counted */
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 0);
	CHECK_EQ(start(FW0, 1, 0, 0).error, SBI_SUCCESS);
	for (int i = 0; i < 3; i++)
		pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	pmu_fw_event_count(&ph, SBI_PMU_FW_IPI_SENT);   /* another event */
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 3);
	CHECK_EQ(pmu_counter_fw_read_hi(&ph, FW0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_fw_read_hi(&ph, FW0).value, 0);
	CHECK_EQ(stop(FW0, 1, 0).error, SBI_SUCCESS);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 3);
	CHECK_EQ(start(FW0, 1, 0, 0).error, SBI_SUCCESS);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 5);
	CHECK_EQ(stop(FW0, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(start(FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 100).error, SBI_SUCCESS);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 101);
}

TEST(fw_counter_wraps_at_64_bits)
{
	setup_three_counters(&sim_qemu_virt, false);
	for (int i = 0; i < 5; i++)
		pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(start(FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0ULL - 1).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, ~0UL - 1);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 1);
	CHECK_EQ(pmu_counter_fw_read_hi(&ph, FW0).value, 0);
}

TEST(fw_counters_share_an_event)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK_EQ(config(FW0, 0xff, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_SET_TIMER)), FW0 + 1);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(start(FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 10).error, SBI_SUCCESS);
	pmu_fw_event_count(&ph, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0).value, 11);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0 + 1).value, 2);
}

TEST(fw_counter_platform_event)
{
	setup_three_counters(&sim_qemu_virt, false);
	pmu_platform = &fixture_platform;
	fixture_platform_count = 1000;
	CHECK_EQ(pmu_counter_config_matching(&ph, FW0, 0xf, SBI_PMU_CFG_FLAG_AUTO_START,
					     EV_FW(SBI_PMU_FW_PLATFORM), FIXTURE_PLATFORM_DATA).value, FW0 + 1);
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0 + 1).value, 0);
	fixture_platform_count += 10;
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0 + 1).value, 10);
	CHECK_EQ(stop(FW0 + 1, 1, 0).error, SBI_SUCCESS);
	fixture_platform_count += 10;
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0 + 1).value, 10);
	CHECK_EQ(start(FW0 + 1, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 50).error, SBI_SUCCESS);
	fixture_platform_count += 1;
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0 + 1).value, 51);
}

TEST(fw_only_hart_without_mcountinhibit)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.has_mcountinhibit = false;
	cfg.hpm_present = 0;
	fixture_init(&cfg, false, false);
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_ILLEGAL_INSN)), 3);
	pmu_fw_event_count(&ph, SBI_PMU_FW_ILLEGAL_INSN);
	CHECK_EQ(pmu_counter_fw_read(&ph, 3).value, 1);
	CHECK_EQ(stop(3, ~0UL >> (64 - PMU_FW_COUNTERS), SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(ph.started, 0);
	CHECK_EQ(pmu_counter_fw_read(&ph, 3 + PMU_FW_COUNTERS).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(pmu_counter_fw_read(&ph, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* ---- The U74: two counters, no Sscofpmf ---- */

TEST(u74_full_cycle)
{
	fixture_init(&sim_u74, false, false);
	pmu_event_map.ranges[0] = (struct pmu_event_range){ 3, 6, 0x18 };
	pmu_event_map.range_count = 1;
	pmu_event_map_index(&pmu_event_map);
	pmu_event_map.selectors[0] = (struct pmu_event_selector){ 5, 0x4000 };
	pmu_event_map.selector_count = 1;
	pmu_event_map_index(&pmu_event_map);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(0, 0x1f, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_SET_SINH, 5), 3);
	CHECK_EQ(sim.mhpmevent[3], 0x4000);   /* no filter bits without Sscofpmf */
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, (1ULL << 40) - 2).error, SBI_SUCCESS);
	sim_hart_tick(5);
	CHECK_EQ(stop(0, 0x1d, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT | SBI_PMU_STOP_FLAG_RESET).error,
		 SBI_ERR_INVALID_PARAM);   /* 0, 2 and 4 have no event; 3 is stopped */
	CHECK_EQ(SNAP_VALUE(3), 3);   /* wrapped at 40 bits */
	CHECK_EQ(SNAP_OVERFLOW, 0);
	CHECK_EQ(sim.mhpmevent[3], 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* ---- Harts without mcountinhibit (FU540 and other pre-1.11 cores) ---- */

TEST(free_running_fixed_counters_keep_values_linux_reads)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.has_mcountinhibit = false;
	cfg.hpm_present = 0;                             /* FU540: cycle and instret only */
	fixture_init(&cfg, false, false);
	CHECK_EQ(pmu_snapshot_set_shmem(&ph, fixture_page(0), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(0, 0x7, 0, EV_CYCLES), 0);
	CHECK_EQ(config(0, 0x7, 0, EV_INSTRUCTIONS), 2);
	CHECK_EQ(start(0, 0x5, SBI_PMU_START_FLAG_SET_INIT_VALUE, 100).error, SBI_SUCCESS);
	CHECK_EQ(sim.counter[0], 100);
	sim_hart_tick(50);
	/* stop: the counter runs on (nothing can inhibit it), the value at the stop is kept */
	CHECK_EQ(stop(0, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	sim_hart_tick(30);
	CHECK_EQ(sim.counter[0], 180);
	CHECK_EQ(SNAP_VALUE(0), 150);
	/* a later snapshot of the stopped counter still reports the value at its stop */
	CHECK_EQ(stop(0, 0x5, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(SNAP_VALUE(0), 150);
	CHECK_EQ(SNAP_VALUE(2), 180);
	/* resume without a value: from where it stopped */
	CHECK_EQ(start(0, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.counter[0], 150);
	sim_hart_tick(5);
	CHECK_EQ(sim.counter[0], 155);
	CHECK_EQ(stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(ph.hw_event[0], 0);
	CHECK_EQ(ph.hw_event[2], 0);
	CHECK_EQ(sim.bad_accesses, 0);                   /* mcountinhibit never touched */
}

TEST(free_running_programmable_counters_select_no_event_when_stopped)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.has_mcountinhibit = false;
	fixture_init(&cfg, false, false);
	fixture_qemu_map();
	pmu_event_map.raw[0] = (struct pmu_raw_range){ 0x777, ~0ULL, 1u << 4 };
	pmu_event_map.raw_count = 1;
	pmu_event_map_index(&pmu_event_map);

	CHECK_EQ(config(3, 0xffff, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS), 3);
	CHECK_EQ(sim.mhpmevent[3], 0);                   /* configured, stopped: no event */
	sim_hart_tick(10);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(start(3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 7).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[3], EV_DTLB_RD_MISS);
	CHECK_EQ(sim.counter[3], 7);
	CHECK_EQ(stop(3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[3], 0);
	CHECK_EQ(start(3, 1, 0, 0).error, SBI_SUCCESS);  /* resume: the value stayed in the counter */
	CHECK_EQ(sim.counter[3], 7);
	CHECK_EQ(sim.mhpmevent[3], EV_DTLB_RD_MISS);
	/* a raw event's data is selected again at every start */
	CHECK_EQ(pmu_counter_config_matching(&ph, 3, 0xffff, SBI_PMU_CFG_FLAG_AUTO_START, EV_RAW, 0x777).value, 4);
	CHECK_EQ(sim.mhpmevent[4], 0x777);
	CHECK_EQ(stop(4, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[4], 0);
	CHECK_EQ(start(4, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[4], 0x777);
	CHECK_EQ(stop(3, 0x3, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[3], 0);
	CHECK_EQ(sim.mhpmevent[4], 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* Each firmware counter's started byte (read by fw_read) always matches its bit of ph.started. */
static bool fw_started_mirrors_bitmask(void)
{
	for (unsigned int k = 0; k < PMU_FW_COUNTERS; k++)
		if (ph.fw[k].started != ((ph.started >> (ph.num_hw + k)) & 1))
			return false;
	return true;
}

TEST(fw_started_byte_follows_every_path)
{
	setup_three_counters(&sim_qemu_virt, false);
	CHECK(fw_started_mirrors_bitmask());
	CHECK_EQ(config(FW0 + 1, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_IPI_SENT)), FW0 + 1);
	CHECK(ph.fw[1].started);
	CHECK(fw_started_mirrors_bitmask());
	CHECK_EQ(start(FW0, 1, 0, 0).error, SBI_SUCCESS);
	CHECK(fw_started_mirrors_bitmask());
	/* SKIP_MATCH reconfiguring a running counter stops it */
	CHECK_EQ(config(FW0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_SET_TIMER)), FW0);
	CHECK(!ph.fw[0].started);
	CHECK(fw_started_mirrors_bitmask());
	CHECK_EQ(start(FW0, 0x3, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK(fw_started_mirrors_bitmask());
	CHECK_EQ(stop(FW0, 0x3, 0).error, SBI_SUCCESS);
	CHECK(fw_started_mirrors_bitmask());
	CHECK_EQ(start(FW0, 0x3, SBI_PMU_START_FLAG_SET_INIT_VALUE, 5).error, SBI_SUCCESS);
	CHECK_EQ(stop(FW0, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK(fw_started_mirrors_bitmask());
	CHECK_EQ(pmu_counter_fw_read(&ph, FW0 + 1).value, 5);
}

int main(void)
{
	RUN(start_reserved_flags);
	RUN(start_init_value_and_snapshot_are_exclusive);
	RUN(start_snapshot_without_shmem);
	RUN(start_invalid_counter_sets);
	RUN(start_counter_without_event);
	RUN(start_empty_set_does_nothing);
	RUN(start_with_initial_value);
	RUN(start_without_flag_keeps_value);
	RUN(start_several_counters_with_one_value);
	RUN(start_fixed_counters);
	RUN(start_already_started_is_best_effort);
	RUN(start_sscofpmf_clears_of_and_writes_value_while_running);
	RUN(start_keeps_of_while_its_interrupt_is_pending);
	RUN(config_sets_of_while_an_overflow_interrupt_is_pending);
	RUN(probe_tells_frozen_counters_from_qemu72s);
	RUN(stop_start_loses_and_doubles_nothing);
	RUN(qemu72_cycle_counter_stop_keeps_value_and_selector);
	RUN(stop_errors);
	RUN(stop_stops_counting);
	RUN(stop_already_stopped_is_best_effort);
	RUN(stop_reset_unmaps_every_counter_of_the_set);
	RUN(stop_reset_with_delegated_counters_keeps_minh);
	RUN(stop_reset_lets_fixed_counters_run_freely_again);
	RUN(snapshot_stop_writes_only_the_sets_slots);
	RUN(snapshot_with_reset);
	RUN(snapshot_overflow_bitmap_is_relative_to_base);
	RUN(snapshot_overflow_bitmap_zero_without_sscofpmf);
	RUN(snapshot_start_reads_initial_values);
	RUN(snapshot_round_trip);
	RUN(set_shmem_errors);
	RUN(set_shmem_enable_and_disable);
	RUN(set_shmem_withheld_is_not_supported);
	RUN(hart_reset_frees_every_counter_and_forgets_the_snapshot);
	RUN(hart_reset_without_sscofpmf_and_on_a_u74);
	RUN(hart_reset_without_mcountinhibit_touches_no_counter);
	RUN(hart_reset_without_mcountinhibit_stops_programmable_counters);
	RUN(fw_read_invalid_counters);
	RUN(fw_read_unconfigured_counter);
	RUN(fw_counter_counts_its_event);
	RUN(fw_counter_wraps_at_64_bits);
	RUN(fw_counters_share_an_event);
	RUN(fw_counter_platform_event);
	RUN(fw_only_hart_without_mcountinhibit);
	RUN(u74_full_cycle);
	RUN(fw_started_byte_follows_every_path);
	RUN(free_running_fixed_counters_keep_values_linux_reads);
	RUN(free_running_programmable_counters_select_no_event_when_stopped);
	return TEST_EXIT_CODE;
}
