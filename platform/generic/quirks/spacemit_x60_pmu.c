/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The X60's default event map (spacemit_x60_pmu.h has the sources): the
 * SBI events SpacemiT maps, each on any of mhpmcounter3-18, and the raw
 * events 0x01-0xbd, those the hardware has. (SpacemiT's node accepts raw
 * 0x00-0xff "for convenience"; 0 selects no event and numbers above 0xbd
 * none the core has, so S-mode gets NOT_SUPPORTED for them here.) cycles and
 * instructions need no row: mcycle and minstret count them
 * (lib/ext/pmu/pmu_events.c). CACHE_REFERENCES/MISSES have no row: SpacemiT
 * maps neither, and a guess would count something else.
 */
#include "sbi_spec.h"
#include "spacemit_x60_pmu.h"

#define CACHE_EVENT(id, op, result) \
	((SBI_PMU_EVENT_TYPE_HW_CACHE << 16) | ((id) << 3) | ((op) << 1) | (result))
#define L1D(op, result)  CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_##op, result)
#define L1I(op, result)  CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, SBI_PMU_HW_CACHE_OP_##op, result)
#define DTLB(op, result) CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_##op, result)
#define ITLB(op, result) CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_##op, result)
#define ACCESS 0
#define MISS   1

#define RANGE(first, last) { first, last, X60_HPM_COUNTERS }
/* Raw events first..first + size - 1 (size a power of two dividing first). */
#define RAW(first, size) { .match = (first), .mask = ~(uint64_t)((size) - 1), .counters = X60_HPM_COUNTERS }
#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

static const struct pmu_event_range x60_ranges[] = {
	RANGE(SBI_PMU_HW_BRANCH_INSTRUCTIONS, SBI_PMU_HW_BRANCH_MISSES),
	RANGE(SBI_PMU_HW_STALLED_CYCLES_FRONTEND, SBI_PMU_HW_STALLED_CYCLES_BACKEND),
	RANGE(L1D(READ, ACCESS), L1D(WRITE, MISS)),
	RANGE(L1I(READ, ACCESS), L1I(READ, MISS)),
	RANGE(L1I(PREFETCH, ACCESS), L1I(PREFETCH, MISS)),
	RANGE(DTLB(READ, MISS), DTLB(READ, MISS)),
	RANGE(DTLB(WRITE, MISS), DTLB(WRITE, MISS)),
	RANGE(ITLB(READ, MISS), ITLB(READ, MISS)),
};

static const struct pmu_event_selector x60_selectors[] = {
	{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, X60_BRANCH_INSTRUCTIONS },
	{ SBI_PMU_HW_BRANCH_MISSES, X60_BRANCH_MISSES },
	{ SBI_PMU_HW_STALLED_CYCLES_FRONTEND, X60_STALLED_FRONTEND },
	{ SBI_PMU_HW_STALLED_CYCLES_BACKEND, X60_STALLED_BACKEND },
	{ L1D(READ, ACCESS), X60_L1D_LOAD_ACCESS },
	{ L1D(READ, MISS), X60_L1D_LOAD_MISS },
	{ L1D(WRITE, ACCESS), X60_L1D_STORE_ACCESS },
	{ L1D(WRITE, MISS), X60_L1D_STORE_MISS },
	{ L1I(READ, ACCESS), X60_L1I_LOAD_ACCESS },
	{ L1I(READ, MISS), X60_L1I_LOAD_MISS },
	{ L1I(PREFETCH, ACCESS), X60_L1I_PREFETCH },
	{ L1I(PREFETCH, MISS), X60_L1I_PREFETCH_MISS },
	{ DTLB(READ, MISS), X60_DTLB_LOAD_MISS },
	{ DTLB(WRITE, MISS), X60_DTLB_STORE_MISS },
	{ ITLB(READ, MISS), X60_ITLB_LOAD_MISS },
};

/* 0x01-0xbd in aligned blocks. */
static const struct pmu_raw_range x60_raw[] = {
	RAW(0x01, 1), RAW(0x02, 2), RAW(0x04, 4), RAW(0x08, 8), RAW(0x10, 16), RAW(0x20, 32),
	RAW(0x40, 64), RAW(0x80, 32), RAW(0xa0, 16), RAW(0xb0, 8), RAW(0xb8, 4), RAW(0xbc, 2),
};

const struct pmu_default_map spacemit_x60_pmu_default_map = {
	.ranges = x60_ranges,
	.range_count = ROWS(x60_ranges),
	.selectors = x60_selectors,
	.selector_count = ROWS(x60_selectors),
	.raw = x60_raw,
	.raw_count = ROWS(x60_raw),
};
