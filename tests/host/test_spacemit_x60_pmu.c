/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SpacemiT K1 quirk's X60 event map (platform/generic/quirks/
 * spacemit_x60_pmu.c) through the PMU core's rules on a simulated X60 hart
 * (mhpmcounter3-18, Sscofpmf): each SBI event SpacemiT maps gets its
 * selector on any of the 16 counters; raw events 0x01-0xbd, the hardware's,
 * are accepted and land unchanged in mhpmevent, others are not.
 *
 * Expected values are spelled out from SpacemiT's own tables: the riscv,pmu
 * node of its Bianbu "Perf Usage Note" and the X60 perf event list of its
 * Linux SDK (tools/perf/pmu-events/arch/riscv/spacemit/x60/cache.json).
 */
#include <stdlib.h>
#include <libfdt.h>
#include "host_console.h"
#include "pmu/pmu_fixture.h"
#include "spacemit_x60_pmu.h"
#include "test.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

static const struct sim_hart_config x60 = {
	.hpm_present = 0x7fff8, .hpm_width = 64, .has_mcountinhibit = true,
};

#define ALL ((1UL << pmu_num_counters(&ph)) - 1)
#define L1D(op, res) (0x10000 | ((op) << 1) | (res))
#define L1I(op, res) (0x10008 | ((op) << 1) | (res))

static void setup(void)
{
	fixture_init(&x60, true, false);
	host_console_clear();
	pmu_dt_parse(NULL, &pmu_event_map, ph.hw_present, &spacemit_x60_pmu_default_map);
}

static struct sbiret config(unsigned long event_idx, uint64_t data)
{
	return pmu_counter_config_matching(&ph, 0, ALL, SBI_PMU_CFG_FLAG_CLEAR_VALUE, event_idx, data);
}

TEST(x60_map_uses_spacemit_selectors_on_any_counter)
{
	static const struct {
		uint32_t event_idx;
		uint64_t selector;
	} events[] = {
		{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0x01 }, { SBI_PMU_HW_BRANCH_MISSES, 0x02 },
		{ SBI_PMU_HW_STALLED_CYCLES_FRONTEND, 0x03 }, { SBI_PMU_HW_STALLED_CYCLES_BACKEND, 0x04 },
		{ L1D(0, 0), 0x06 }, { L1D(0, 1), 0x05 }, { L1D(1, 0), 0x0a }, { L1D(1, 1), 0x09 },
		{ L1I(0, 0), 0x0c }, { L1I(0, 1), 0x0b }, { L1I(2, 0), 0x0e }, { L1I(2, 1), 0x0d },
		{ 0x10019, 0x15 },   /* DTLB read miss */
		{ 0x1001b, 0x19 },   /* DTLB write miss */
		{ 0x10021, 0x1b },   /* ITLB read miss */
	};

	setup();
	CHECK_EQ(pmu_event_map.range_count, 8);
	CHECK_EQ(pmu_event_map.selector_count, 15);
	CHECK_EQ(pmu_event_map.raw_count, 12);
	for (unsigned int i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		struct sbiret r = config(events[i].event_idx, 0);

		if (r.error || r.value != 3 || sim.mhpmevent[3] != events[i].selector)
			printf("  event 0x%x\n", (unsigned int)events[i].event_idx);
		CHECK_EQ(r.error, SBI_SUCCESS);
		CHECK_EQ(r.value, 3);
		CHECK_EQ(sim.mhpmevent[3], events[i].selector);
		pmu_counter_stop(&ph, r.value, 1, SBI_PMU_STOP_FLAG_RESET);
	}
	/* Each of the 16 counters takes one event; the 17th finds none. */
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(config(L1D(0, 1), 0).value, n);
	CHECK_EQ(config(L1D(0, 1), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* What SpacemiT maps nothing to stays unsupported rather than counting something else. */
TEST(x60_map_leaves_unmapped_events_out)
{
	setup();
	CHECK_EQ(config(SBI_PMU_HW_CACHE_REFERENCES, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(SBI_PMU_HW_CACHE_MISSES, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(SBI_PMU_HW_BUS_CYCLES, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(0x10010, 0).error, SBI_ERR_NOT_SUPPORTED);   /* LL read access */
	CHECK_EQ(config(0x10018, 0).error, SBI_ERR_NOT_SUPPORTED);   /* DTLB read access */
}

TEST(x60_raw_events_are_0x01_to_0xbd)
{
	setup();
	for (uint64_t ev = 0; ev <= 0x1ff; ev++) {
		struct sbiret r = config(EV_RAW, ev);
		bool documented = ev >= 0x01 && ev <= 0xbd;

		if (documented != (r.error == SBI_SUCCESS))
			printf("  raw 0x%llx\n", (unsigned long long)ev);
		CHECK_EQ(r.error, documented ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED);
		if (!documented)
			continue;
		CHECK_EQ(sim.mhpmevent[r.value], ev);
		pmu_counter_stop(&ph, r.value, 1, SBI_PMU_STOP_FLAG_RESET);
	}
	CHECK_EQ(config(EV_RAW, 0x100000001ULL).error, SBI_ERR_NOT_SUPPORTED);
}

int main(void)
{
	RUN(x60_map_uses_spacemit_selectors_on_any_counter);
	RUN(x60_map_leaves_unmapped_events_out);
	RUN(x60_raw_events_are_0x01_to_0xbd);
	return TEST_EXIT_CODE;
}
