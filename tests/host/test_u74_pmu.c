/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The built-in U74 event map of the FU740 and FU540 quirks (platform/generic/
 * quirks/u74_pmu.c) through the PMU core's rules, on a simulated U74 hart
 * (mhpmcounter3/4 of 40 bits, 5..31 hardwired to zero, no Sscofpmf):
 * which counter each event gets and the exact mhpmevent value written, the
 * raw class/mask encoding, and that a riscv,pmu DT node wins over the map.
 *
 * Expected selectors are spelled out as numbers (the binding's HiFive
 * Unmatched example, OpenSBI's docs/pmu_support.md; FU740-C000 manual, mhpmevent classes).
 */
#include <stdlib.h>
#include <libfdt.h>
#include "test.h"
#include "pmu/pmu_fixture.h"
#include "host_console.h"
#include "u74_pmu.h"

TEST_MAIN_GLOBALS

/* mcycle, time, minstret, mhpmcounter3, mhpmcounter4. */
#define U74_PRESENT        0x1fu
#define U74_NUM_HW         5
#define ALL_COUNTERS       ((1UL << (U74_NUM_HW + PMU_FW_COUNTERS)) - 1)
#define HPM3               3
#define HPM4               4

#define EV_L1D_READ_MISS   0x10001
#define EV_L1D_WRITE_ACCESS 0x10002
#define EV_L1I_READ_MISS   0x10009
#define EV_LL_READ_MISS    0x10011

static const struct {
	uint32_t event_idx;
	uint64_t selector;
} expected_selectors[] = {
	{ SBI_PMU_HW_CACHE_REFERENCES, 0x1801 },     /* class 1: I-cache busy | D-cache busy */
	{ SBI_PMU_HW_CACHE_MISSES, 0x0302 },         /* class 2: I-cache miss | D-cache miss */
	{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0x4000 },  /* class 0: conditional branch retired */
	{ SBI_PMU_HW_BRANCH_MISSES, 0x6001 },        /* class 1: direction | target misprediction */
	{ EV_L1D_READ_MISS, 0x0202 },                /* class 2: D-cache miss */
	{ EV_L1I_READ_MISS, 0x0102 },                /* class 2: I-cache miss */
	{ EV_DTLB_RD_MISS, 0x1002 },                 /* class 2: DTLB miss */
	{ EV_ITLB_RD_MISS, 0x0802 },                 /* class 2: ITLB miss */
};
#define EXPECTED_SELECTORS (sizeof(expected_selectors) / sizeof(expected_selectors[0]))

static void test_setup(void)
{
	fixture_init(&sim_u74, false, false);
	/* No DT at all: the map is the built-in table's rows, indexed. */
	pmu_dt_parse(NULL, &pmu_event_map, U74_PRESENT, &u74_pmu_default_map);
}

static struct sbiret config(unsigned long flags, unsigned long event_idx, uint64_t data)
{
	return pmu_counter_config_matching(&ph, 0, ALL_COUNTERS, flags, event_idx, data);
}

static void unmap_all(void)
{
	pmu_counter_stop(&ph, 0, ALL_COUNTERS, SBI_PMU_STOP_FLAG_RESET);
}

/* ---- The simulated hart is a U74 ---- */

TEST(u74_hart_has_two_40_bit_counters)
{
	CHECK_EQ(ph.hw_present, U74_PRESENT);
	CHECK_EQ(ph.num_hw, U74_NUM_HW);
	CHECK_EQ(pmu_num_counters(&ph), U74_NUM_HW + PMU_FW_COUNTERS);
	CHECK(!ph.has_sscofpmf);
	/* counter_get_info: hpmcounter3/4, width 40 (field 39). */
	CHECK_EQ(pmu_counter_get_info(&ph, HPM3).value, 0xc03 | (39UL << 12));
	CHECK_EQ(pmu_counter_get_info(&ph, HPM4).value, 0xc04 | (39UL << 12));
}

/* ---- The map the table expands to ---- */

/* The rows of the FU740 DT example's riscv,pmu node, less the two without a U74 event. */
static const struct pmu_event_range expected_ranges[] = {
	{ SBI_PMU_HW_CACHE_REFERENCES, SBI_PMU_HW_BRANCH_MISSES, 0x18 },
	{ EV_L1D_READ_MISS, EV_L1D_READ_MISS, 0x18 },
	{ EV_L1I_READ_MISS, EV_L1I_READ_MISS, 0x18 },
	{ EV_DTLB_RD_MISS, EV_DTLB_RD_MISS, 0x18 },
	{ EV_ITLB_RD_MISS, EV_ITLB_RD_MISS, 0x18 },
};
static const struct pmu_raw_range expected_raw[] = {
	{ 0, 0xfffffffffc0000ffULL, 0x18 },   /* class 0: bits 8..25 */
	{ 1, 0xfffffffffff800ffULL, 0x18 },   /* class 1: bits 8..18 */
	{ 2, 0xffffffffffffc0ffULL, 0x18 },   /* class 2: bits 8..13 */
};

/* The map pmu_dt_parse made of the built-in table has exactly the rows above. */
static void check_expected_rows(void)
{
	CHECK_EQ(pmu_event_map.selector_count, EXPECTED_SELECTORS);
	for (unsigned int i = 0; i < EXPECTED_SELECTORS; i++) {
		CHECK_EQ(pmu_event_map.selectors[i].event_idx, expected_selectors[i].event_idx);
		CHECK_EQ(pmu_event_map.selectors[i].selector, expected_selectors[i].selector);
	}
	CHECK_EQ(pmu_event_map.range_count, 5);
	for (unsigned int i = 0; i < 5; i++) {
		CHECK_EQ(pmu_event_map.ranges[i].first, expected_ranges[i].first);
		CHECK_EQ(pmu_event_map.ranges[i].last, expected_ranges[i].last);
		CHECK_EQ(pmu_event_map.ranges[i].counters, expected_ranges[i].counters);
	}
	CHECK_EQ(pmu_event_map.raw_count, 3);
	for (unsigned int i = 0; i < 3; i++) {
		CHECK_EQ(pmu_event_map.raw[i].match, expected_raw[i].match);
		CHECK_EQ(pmu_event_map.raw[i].mask, expected_raw[i].mask);
		CHECK_EQ(pmu_event_map.raw[i].counters, expected_raw[i].counters);
	}
	/* The rest of each table stays empty. */
	CHECK_EQ(pmu_event_map.ranges[5].counters, 0);
	CHECK_EQ(pmu_event_map.selectors[EXPECTED_SELECTORS].event_idx, 0);
	CHECK_EQ(pmu_event_map.raw[3].mask, 0);
}

TEST(default_map_expands_to_the_expected_rows)
{
	check_expected_rows();
}

/* ---- Each mapped event through counter_config_matching ---- */

TEST(each_mapped_event_gets_counter_3_with_its_selector)
{
	for (unsigned int i = 0; i < EXPECTED_SELECTORS; i++) {
		struct sbiret ret = config(SBI_PMU_CFG_FLAG_CLEAR_VALUE, expected_selectors[i].event_idx, 0);

		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, HPM3);
		CHECK_EQ(sim.mhpmevent[HPM3], expected_selectors[i].selector);
		CHECK_EQ(sim.mhpmevent[HPM4], 0);
		unmap_all();
		CHECK_EQ(sim.mhpmevent[HPM3], 0);
	}
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(two_events_fill_both_counters_then_none_is_left)
{
	struct sbiret ret;

	ret = config(0, SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, HPM3);
	ret = config(0, SBI_PMU_HW_BRANCH_MISSES, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, HPM4);
	CHECK_EQ(sim.mhpmevent[HPM3], 0x4000);
	CHECK_EQ(sim.mhpmevent[HPM4], 0x6001);
	CHECK_EQ(config(0, SBI_PMU_HW_CACHE_MISSES, 0).error, SBI_ERR_NOT_SUPPORTED);
	/* cycles and instructions still have their fixed counters */
	ret = config(0, SBI_PMU_HW_CPU_CYCLES, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
	ret = config(0, SBI_PMU_HW_INSTRUCTIONS, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 2);
}

TEST(events_without_a_u74_equivalent_are_not_supported)
{
	static const unsigned long unmapped[] = {
		EV_L1D_WRITE_ACCESS,     /* the seed's stand-in counts write-backs */
		EV_LL_READ_MISS,         /* the seed's stand-in counts UTLB misses */
		EV_DTLB_WR_MISS,
		SBI_PMU_HW_BUS_CYCLES,
		SBI_PMU_HW_STALLED_CYCLES_FRONTEND,
		SBI_PMU_HW_REF_CPU_CYCLES,
	};

	for (unsigned int i = 0; i < sizeof(unmapped) / sizeof(unmapped[0]); i++)
		CHECK_EQ(config(0, unmapped[i], 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sim.mhpmevent[HPM3], 0);
	CHECK_EQ(sim.mhpmevent[HPM4], 0);
}

/* No Sscofpmf: the filter flags are hints, nothing lands in mhpmevent's bits 58..62. */
TEST(filter_flags_leave_the_selector_alone)
{
	unsigned long filters = SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_SET_SINH |
				SBI_PMU_CFG_FLAG_SET_MINH;
	struct sbiret ret = config(filters, SBI_PMU_HW_CACHE_REFERENCES, 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, HPM3);
	CHECK_EQ(sim.mhpmevent[HPM3], 0x1801);
}

/* ---- Raw events: class in bits 7:0, events of that class ORed above ---- */

TEST(raw_events_of_one_class_go_to_mhpmevent_unchanged)
{
	static const uint64_t selectors[] = {
		0x4000,      /* class 0: conditional branch */
		0x1c000,     /* class 0: conditional branch | JAL | JALR */
		0x3ffff00,   /* class 0: every event */
		0x6001,      /* class 1: both mispredictions */
		0x7ff01,     /* class 1: every event */
		0x2002,      /* class 2: UTLB miss (bit 13) */
		0x3f02,      /* class 2: every event */
	};

	for (unsigned int i = 0; i < sizeof(selectors) / sizeof(selectors[0]); i++) {
		struct sbiret ret = config(0, EV_RAW, selectors[i]);

		if (!(ret.error == SBI_SUCCESS && ret.value == HPM3 && sim.mhpmevent[HPM3] == selectors[i]))
			printf("  raw 0x%llx\n", (unsigned long long)selectors[i]);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, HPM3);
		CHECK_EQ(sim.mhpmevent[HPM3], selectors[i]);
		unmap_all();
	}
	/* Type 3 (raw v2) follows the same rows. */
	CHECK_EQ(config(0, EV_RAW_V2, 0x0302).value, HPM3);
	CHECK_EQ(sim.mhpmevent[HPM3], 0x0302);
}

TEST(raw_events_outside_the_classes_are_not_supported)
{
	static const uint64_t selectors[] = {
		0x0103,       /* class 3 does not exist */
		0x01ff,       /* nor does class 0xff */
		0x4000000,    /* class 0, bit 26: past its last event */
		0x80001,      /* class 1, bit 19 */
		0x4002,       /* class 2, bit 14 */
		0x100004000,  /* class 0 with a bit far above its events */
	};

	for (unsigned int i = 0; i < sizeof(selectors) / sizeof(selectors[0]); i++) {
		long error = config(0, EV_RAW, selectors[i]).error;

		if (error != SBI_ERR_NOT_SUPPORTED)
			printf("  raw 0x%llx\n", (unsigned long long)selectors[i]);
		CHECK_EQ(error, SBI_ERR_NOT_SUPPORTED);
	}
	CHECK_EQ(sim.mhpmevent[HPM3], 0);
}

/* ---- Where the map comes from: the DT node wins, the default fills in ---- */

static void *build_fdt(bool with_pmu_node)
{
	const fdt32_t ranges[] = { cpu_to_fdt32(5), cpu_to_fdt32(5), cpu_to_fdt32(0x18) };
	/* branch instructions as conditional branches, JALs and JALRs retired */
	const fdt32_t selectors[] = { cpu_to_fdt32(5), cpu_to_fdt32(0), cpu_to_fdt32(0x1c000) };
	void *fdt = calloc(1, 4096);
	int node;

	if (!fdt || fdt_create_empty_tree(fdt, 4096))
		return NULL;
	if (with_pmu_node) {
		node = fdt_add_subnode(fdt, 0, "pmu");
		if (node < 0 || fdt_setprop_string(fdt, node, "compatible", "riscv,pmu") ||
		    fdt_setprop(fdt, node, "riscv,event-to-mhpmcounters", ranges, sizeof(ranges)) ||
		    fdt_setprop(fdt, node, "riscv,event-to-mhpmevent", selectors, sizeof(selectors)))
			return NULL;
	}
	return fdt;
}

TEST(without_a_dt_node_the_default_map_is_used)
{
	void *fdt = build_fdt(false);

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &pmu_event_map, U74_PRESENT, &u74_pmu_default_map), 0);
	free(fdt);
	check_expected_rows();
	if (test_failed_flag)
		return;
	CHECK(host_console_contains("default map"));
	CHECK_EQ(config(0, SBI_PMU_HW_CACHE_MISSES, 0).value, HPM3);
	CHECK_EQ(sim.mhpmevent[HPM3], 0x0302);
}

TEST(a_dt_node_wins_over_the_default_map)
{
	void *fdt = build_fdt(true);

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &pmu_event_map, U74_PRESENT, &u74_pmu_default_map), 0);
	free(fdt);
	CHECK_EQ(pmu_event_map.range_count, 1);
	CHECK_EQ(pmu_event_map.selector_count, 1);
	CHECK_EQ(pmu_event_map.raw_count, 0);
	CHECK_EQ(config(0, SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0).value, HPM3);
	CHECK_EQ(sim.mhpmevent[HPM3], 0x1c000);
	/* Only in the default map: not used. */
	CHECK_EQ(config(0, SBI_PMU_HW_CACHE_MISSES, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(0, EV_RAW, 0x4000).error, SBI_ERR_NOT_SUPPORTED);
}

int main(void)
{
	RUN(u74_hart_has_two_40_bit_counters);
	RUN(default_map_expands_to_the_expected_rows);
	RUN(each_mapped_event_gets_counter_3_with_its_selector);
	RUN(two_events_fill_both_counters_then_none_is_left);
	RUN(events_without_a_u74_equivalent_are_not_supported);
	RUN(filter_flags_leave_the_selector_alone);
	RUN(raw_events_of_one_class_go_to_mhpmevent_unchanged);
	RUN(raw_events_outside_the_classes_are_not_supported);
	RUN(without_a_dt_node_the_default_map_is_used);
	RUN(a_dt_node_wins_over_the_default_map);
	return TEST_EXIT_CODE;
}
