/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The vendor event maps of the T-Head and Andes quirks (platform/generic/
 * quirks/thead_c9xx_pmu.c, andes_ax45_pmu.c) through the PMU core's rules,
 * on simulated harts: each mapped SBI event gets the counter the vendor's
 * core allows and the exact mhpmevent value its manual gives; every
 * documented raw event is accepted and lands unchanged in mhpmevent,
 * undocumented numbers are not; nothing of a map is dropped when parsed.
 *
 * Expected values are spelled out from the vendors' tables: XuanTie C906
 * user manual table 12.9 (event n on mhpmcounter n + 2 on the D1's C906:
 * OpenSBI's D1 code, Linux's D1 riscv,pmu node), C910 table 12.5 and
 * Linux's c900-legacy event list (events 0x01-0x2a), the AX45MP data
 * sheet's event selector (type in bits 3:0, event in 8:4).
 */
#include <stdlib.h>
#include <libfdt.h>
#include "andes_ax45_pmu.h"
#include "platform.h"
#include "host_console.h"
#include "pmu/pmu_fixture.h"
#include "test.h"
#include "thead_c9xx_pmu.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* The D1's C906: mhpmcounter3-9 and 13-17. */
static const struct sim_hart_config c906 = {
	.hpm_present = 0x3e3f8, .hpm_width = 64, .has_mcountinhibit = true, .has_thead_ovf = true,
};
/* TH1520's C910: mhpmcounter3-18. SG2042's C920, as Sophgo's node says: 3-31. */
static const struct sim_hart_config c910 = {
	.hpm_present = 0x7fff8, .hpm_width = 64, .has_mcountinhibit = true, .has_thead_ovf = true,
};
static const struct sim_hart_config c920 = {
	.hpm_present = 0xfffffff8, .hpm_width = 64, .has_mcountinhibit = true, .has_thead_ovf = true,
};
/* The AX45MP: mhpmcounter3-6. */
static const struct sim_hart_config ax45mp = {
	.hpm_present = 0x78, .hpm_width = 64, .has_mcountinhibit = true, .has_andes_pmu = true,
};

/* Every counter the hart has (hardware and firmware), as Linux asks. */
#define ALL ((1UL << pmu_num_counters(&ph)) - 1)
#define L1D(op, res) (0x10000 | ((op) << 1) | (res))
#define L1I(op, res) (0x10008 | ((op) << 1) | (res))
#define LL(op, res)  (0x10010 | ((op) << 1) | (res))
#define EV_BPU_READ_ACCESS 0x10028
#define EV_BPU_READ_MISS   0x10029

struct expect {
	uint32_t event_idx;
	uint64_t selector;
	unsigned int counter;    /* the first counter it may take */
};

/* Sets up the hart, parses the map as boot does without a DT node; the log says nothing was skipped. */
static void setup(const struct sim_hart_config *cfg, const struct pmu_default_map *map)
{
	fixture_init(cfg, false, false);
	/* As boot does on an Andes hart: its overflow interrupt, so cycles go to hpm counters first. */
	if (cfg->has_andes_pmu)
		andes_ax45_pmu_hart_init(&ph);
	host_console_clear();
	pmu_dt_parse(NULL, &pmu_event_map, ph.hw_present, map);
}

static struct sbiret config(unsigned long event_idx, uint64_t data)
{
	return pmu_counter_config_matching(&ph, 0, ALL, SBI_PMU_CFG_FLAG_CLEAR_VALUE, event_idx, data);
}

/* Each expected event: its counter and selector; then unmapped again. */
#define CHECK_EVENTS(table) do { \
	for (unsigned int _i = 0; _i < sizeof(table) / sizeof((table)[0]); _i++) { \
		struct sbiret _r = config((table)[_i].event_idx, 0); \
		if (_r.error || _r.value != (table)[_i].counter || \
		    sim.mhpmevent[(table)[_i].counter] != (table)[_i].selector) \
			printf("  event 0x%x\n", (unsigned int)(table)[_i].event_idx); \
		CHECK_EQ(_r.error, SBI_SUCCESS); \
		CHECK_EQ(_r.value, (table)[_i].counter); \
		CHECK_EQ(sim.mhpmevent[(table)[_i].counter], (table)[_i].selector); \
		pmu_counter_stop(&ph, _r.value, 1, SBI_PMU_STOP_FLAG_RESET); \
	} } while (0)

TEST(c906_map_puts_each_event_on_its_own_counter)
{
	static const struct expect events[] = {
		{ SBI_PMU_HW_CACHE_REFERENCES, 0x01, 3 },     /* L1 I-cache access */
		{ SBI_PMU_HW_CACHE_MISSES, 0x02, 4 },         /* L1 I-cache miss */
		{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0x07, 9 },  /* conditional branch instructions */
		{ SBI_PMU_HW_BRANCH_MISSES, 0x06, 8 },        /* conditional branch mispredictions */
		{ L1D(0, 0), 0x0c, 14 }, { L1D(0, 1), 0x0d, 15 }, { L1D(1, 0), 0x0e, 16 }, { L1D(1, 1), 0x0f, 17 },
		{ EV_DTLB_RD_MISS, 0x04, 6 },                 /* D-uTLB miss */
		{ EV_ITLB_RD_MISS, 0x03, 5 },                 /* I-uTLB miss */
	};

	setup(&c906, &thead_c906_pmu_default_map);
	CHECK_EQ(pmu_event_map.range_count, 10);
	CHECK_EQ(pmu_event_map.selector_count, 10);
	CHECK_EQ(pmu_event_map.raw_count, 12);
	CHECK_EVENTS(events);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(c906_raw_events_are_the_documented_ones)
{
	setup(&c906, &thead_c906_pmu_default_map);
	for (uint64_t ev = 0; ev <= 0x2a; ev++) {
		struct sbiret r = config(EV_RAW, ev);
		bool documented = (ev >= 0x01 && ev <= 0x07) || (ev >= 0x0b && ev <= 0x0f);

		if (documented != (r.error == SBI_SUCCESS))
			printf("  raw 0x%llx\n", (unsigned long long)ev);
		CHECK_EQ(r.error, documented ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED);
		if (!documented)
			continue;
		CHECK_EQ(r.value, ev + 2);
		CHECK_EQ(sim.mhpmevent[ev + 2], ev);
		pmu_counter_stop(&ph, r.value, 1, SBI_PMU_STOP_FLAG_RESET);
	}
}

static const struct expect c910_events[] = {
	{ SBI_PMU_HW_CACHE_REFERENCES, 0x10, 3 },          /* L2 read access */
	{ SBI_PMU_HW_CACHE_MISSES, 0x11, 3 },              /* L2 read miss */
	{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0x07, 3 },
	{ SBI_PMU_HW_BRANCH_MISSES, 0x06, 3 },
	{ SBI_PMU_HW_STALLED_CYCLES_FRONTEND, 0x27, 3 },   /* IFU stall cycles */
	{ SBI_PMU_HW_STALLED_CYCLES_BACKEND, 0x28, 3 },    /* IDU stall cycles */
	{ L1D(0, 0), 0x0c, 3 }, { L1D(0, 1), 0x0d, 3 }, { L1D(1, 0), 0x0e, 3 }, { L1D(1, 1), 0x0f, 3 },
	{ L1I(0, 0), 0x01, 3 }, { L1I(0, 1), 0x02, 3 },
	{ LL(0, 0), 0x10, 3 }, { LL(0, 1), 0x11, 3 }, { LL(1, 0), 0x12, 3 }, { LL(1, 1), 0x13, 3 },
	{ EV_DTLB_RD_MISS, 0x04, 3 }, { EV_ITLB_RD_MISS, 0x03, 3 },
	{ EV_BPU_READ_ACCESS, 0x1c, 3 }, { EV_BPU_READ_MISS, 0x1b, 3 },
};

TEST(c910_and_c920_map_any_event_on_any_counter)
{
	setup(&c910, &thead_c910_pmu_default_map);
	/* Its ranges: 3-6, 8-9, L1D, L1I, LL, DTLB, ITLB, BPU; raw 0x01-0x2a in 8 aligned blocks. */
	CHECK_EQ(pmu_event_map.range_count, 8);
	CHECK_EQ(pmu_event_map.selector_count, 20);
	CHECK_EQ(pmu_event_map.raw_count, 8);
	CHECK_EVENTS(c910_events);
	/* The TH1520's 16 counters each take one event; the 17th finds none. */
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(config(SBI_PMU_HW_BRANCH_MISSES, 0).value, n);
	CHECK_EQ(config(SBI_PMU_HW_BRANCH_MISSES, 0).error, SBI_ERR_NOT_SUPPORTED);
	/* The SG2042's C920 has 29. */
	setup(&c920, &thead_c910_pmu_default_map);
	CHECK_EVENTS(c910_events);
	for (unsigned int n = 3; n <= 31; n++)
		CHECK_EQ(config(SBI_PMU_HW_BRANCH_MISSES, 0).value, n);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(c910_raw_events_are_0x01_to_0x2a)
{
	setup(&c910, &thead_c910_pmu_default_map);
	for (uint64_t ev = 0; ev <= 0x40; ev++) {
		struct sbiret r = config(EV_RAW, ev);
		bool documented = ev >= 0x01 && ev <= 0x2a;

		CHECK_EQ(r.error, documented ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED);
		if (!documented)
			continue;
		CHECK_EQ(sim.mhpmevent[r.value], ev);
		pmu_counter_stop(&ph, r.value, 1, SBI_PMU_STOP_FLAG_RESET);
	}
	CHECK_EQ(config(EV_RAW, 0x100000001ULL).error, SBI_ERR_NOT_SUPPORTED);
}

TEST(ax45mp_map_uses_the_data_sheet_selectors)
{
	static const struct expect events[] = {
		{ SBI_PMU_HW_CPU_CYCLES, 0x10, 3 },           /* cycle count: sampled, not on mcycle */
		{ SBI_PMU_HW_INSTRUCTIONS, 0x20, 3 },         /* retired instructions */
		{ SBI_PMU_HW_CACHE_REFERENCES, 0x41, 3 },     /* D-cache access */
		{ SBI_PMU_HW_CACHE_MISSES, 0x51, 3 },         /* D-cache miss */
		{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, 0x80, 3 },  /* conditional branches */
		{ SBI_PMU_HW_BRANCH_MISSES, 0x02, 3 },        /* their mispredictions */
		{ L1D(0, 0), 0x61, 3 }, { L1D(0, 1), 0x71, 3 }, { L1D(1, 0), 0x81, 3 }, { L1D(1, 1), 0x91, 3 },
		{ L1I(0, 0), 0x21, 3 }, { L1I(0, 1), 0x31, 3 },
		{ EV_DTLB_RD_MISS, 0x141, 3 },                /* main DTLB miss */
		{ EV_ITLB_RD_MISS, 0x121, 3 },                /* main ITLB miss */
	};

	setup(&ax45mp, &andes_ax45_pmu_default_map);
	CHECK(ph.vendor_counters);
	/* Its ranges: 1-6, L1D, L1I, DTLB, ITLB; raw: 6 + 4 + 2 aligned blocks of selects. */
	CHECK_EQ(pmu_event_map.range_count, 5);
	CHECK_EQ(pmu_event_map.selector_count, 14);
	CHECK_EQ(pmu_event_map.raw_count, 12);
	CHECK_EVENTS(events);
	for (unsigned int n = 3; n <= 6; n++)
		CHECK_EQ(config(L1D(0, 1), 0).value, n);
	CHECK_EQ(config(L1D(0, 1), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(SBI_PMU_HW_BUS_CYCLES, 0).error, SBI_ERR_NOT_SUPPORTED);
}

TEST(ax45mp_raw_events_are_the_documented_ones)
{
	setup(&ax45mp, &andes_ax45_pmu_default_map);
	for (uint64_t type = 0; type < 16; type++) {
		for (uint64_t select = 0; select < 32; select++) {
			uint64_t ev = AX45_EVENT(type, select);
			struct sbiret r = config(EV_RAW, ev);
			bool documented = (type == 0 && select >= 1 && select <= 25) ||
					  (type == 1 && select <= 22) || (type == 2 && select <= 2);

			if (documented != (r.error == SBI_SUCCESS))
				printf("  raw 0x%llx\n", (unsigned long long)ev);
			CHECK_EQ(r.error, documented ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED);
			if (!documented)
				continue;
			CHECK_EQ(sim.mhpmevent[r.value], ev);
			pmu_counter_stop(&ph, r.value, 1, SBI_PMU_STOP_FLAG_RESET);
		}
	}
	CHECK_EQ(config(EV_RAW, 0x1010).error, SBI_ERR_NOT_SUPPORTED);   /* a bit above the select field */
}

int main(void)
{
	RUN(c906_map_puts_each_event_on_its_own_counter);
	RUN(c906_raw_events_are_the_documented_ones);
	RUN(c910_and_c920_map_any_event_on_any_counter);
	RUN(c910_raw_events_are_0x01_to_0x2a);
	RUN(ax45mp_map_uses_the_data_sheet_selectors);
	RUN(ax45mp_raw_events_are_the_documented_ones);
	return TEST_EXIT_CODE;
}
