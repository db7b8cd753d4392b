/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The T-Head C906 and C910/C920 default event maps (thead_c9xx_pmu.h has
 * the sources). cycles and instructions need no row: mcycle and minstret
 * count them (lib/ext/pmu/pmu_events.c).
 */
#include "sbi_spec.h"
#include "thead_c9xx_pmu.h"

/* event_idx of a cache event (SBI PMU chapter, Table 3): type 1, code = id:3 op:2 result:1. */
#define CACHE_EVENT(id, op, result) \
	((SBI_PMU_EVENT_TYPE_HW_CACHE << 16) | ((id) << 3) | ((op) << 1) | (result))
#define READ  SBI_PMU_HW_CACHE_OP_READ
#define WRITE SBI_PMU_HW_CACHE_OP_WRITE
#define ACCESS SBI_PMU_HW_CACHE_RESULT_ACCESS
#define MISS   SBI_PMU_HW_CACHE_RESULT_MISS
#define L1D_READ_ACCESS  CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, READ, ACCESS)
#define L1D_WRITE_MISS   CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, WRITE, MISS)
#define L1I_READ_ACCESS  CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, READ, ACCESS)
#define L1I_READ_MISS    CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, READ, MISS)
#define LL_READ_ACCESS   CACHE_EVENT(SBI_PMU_HW_CACHE_LL, READ, ACCESS)
#define LL_WRITE_MISS    CACHE_EVENT(SBI_PMU_HW_CACHE_LL, WRITE, MISS)
#define DTLB_READ_MISS   CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, READ, MISS)
#define ITLB_READ_MISS   CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, READ, MISS)
#define BPU_READ_ACCESS  CACHE_EVENT(SBI_PMU_HW_CACHE_BPU, READ, ACCESS)
#define BPU_READ_MISS    CACHE_EVENT(SBI_PMU_HW_CACHE_BPU, READ, MISS)

#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

/* ---- C906: event n on mhpmcounter n + 2 only ---- */

#define C906_ON(ev) (1U << ((ev) + 2))
#define C906_ROW(sbi_event, ev) { sbi_event, sbi_event, C906_ON(ev) }
#define C906_RAW(ev) { .match = (ev), .mask = ~0ULL, .counters = C906_ON(ev) }

static const struct pmu_event_range c906_ranges[] = {
	C906_ROW(SBI_PMU_HW_CACHE_REFERENCES, THEAD_EV_L1I_ACCESS),
	C906_ROW(SBI_PMU_HW_CACHE_MISSES, THEAD_EV_L1I_MISS),
	C906_ROW(SBI_PMU_HW_BRANCH_INSTRUCTIONS, THEAD_EV_BRANCH),
	C906_ROW(SBI_PMU_HW_BRANCH_MISSES, THEAD_EV_BRANCH_MISPREDICT),
	C906_ROW(L1D_READ_ACCESS, THEAD_EV_L1D_READ_ACCESS),
	C906_ROW(L1D_READ_ACCESS + 1, THEAD_EV_L1D_READ_MISS),
	C906_ROW(L1D_READ_ACCESS + 2, THEAD_EV_L1D_WRITE_ACCESS),
	C906_ROW(L1D_WRITE_MISS, THEAD_EV_L1D_WRITE_MISS),
	C906_ROW(DTLB_READ_MISS, THEAD_EV_DTLB_MISS),
	C906_ROW(ITLB_READ_MISS, THEAD_EV_ITLB_MISS),
};

static const struct pmu_event_selector c906_selectors[] = {
	{ SBI_PMU_HW_CACHE_REFERENCES, THEAD_EV_L1I_ACCESS },
	{ SBI_PMU_HW_CACHE_MISSES, THEAD_EV_L1I_MISS },
	{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, THEAD_EV_BRANCH },
	{ SBI_PMU_HW_BRANCH_MISSES, THEAD_EV_BRANCH_MISPREDICT },
	{ L1D_READ_ACCESS, THEAD_EV_L1D_READ_ACCESS },
	{ L1D_READ_ACCESS + 1, THEAD_EV_L1D_READ_MISS },
	{ L1D_READ_ACCESS + 2, THEAD_EV_L1D_WRITE_ACCESS },
	{ L1D_WRITE_MISS, THEAD_EV_L1D_WRITE_MISS },
	/* The C906's TLB miss events do not tell reads from writes. */
	{ DTLB_READ_MISS, THEAD_EV_DTLB_MISS },
	{ ITLB_READ_MISS, THEAD_EV_ITLB_MISS },
};

/* Raw events: each documented event number on its own counter. */
static const struct pmu_raw_range c906_raw[] = {
	C906_RAW(0x01), C906_RAW(0x02), C906_RAW(0x03), C906_RAW(0x04), C906_RAW(0x05), C906_RAW(0x06),
	C906_RAW(0x07), C906_RAW(0x0b), C906_RAW(0x0c), C906_RAW(0x0d), C906_RAW(0x0e), C906_RAW(0x0f),
};

const struct pmu_default_map thead_c906_pmu_default_map = {
	.ranges = c906_ranges,
	.range_count = ROWS(c906_ranges),
	.selectors = c906_selectors,
	.selector_count = ROWS(c906_selectors),
	.raw = c906_raw,
	.raw_count = ROWS(c906_raw),
};

/* ---- C910/C920: any event on mhpmcounter3-31 ---- */

#define C910_COUNTERS 0xfffffff8U
#define C910_RANGE(first, last) { first, last, C910_COUNTERS }
/* Raw events first..first + size - 1, size a power of two dividing first: one row. */
#define C910_RAW(first, size) { .match = (first), .mask = ~(uint64_t)((size) - 1), .counters = C910_COUNTERS }

static const struct pmu_event_range c910_ranges[] = {
	C910_RANGE(SBI_PMU_HW_CACHE_REFERENCES, SBI_PMU_HW_BRANCH_MISSES),
	C910_RANGE(SBI_PMU_HW_STALLED_CYCLES_FRONTEND, SBI_PMU_HW_STALLED_CYCLES_BACKEND),
	C910_RANGE(L1D_READ_ACCESS, L1D_WRITE_MISS),
	C910_RANGE(L1I_READ_ACCESS, L1I_READ_MISS),
	C910_RANGE(LL_READ_ACCESS, LL_WRITE_MISS),
	C910_RANGE(DTLB_READ_MISS, DTLB_READ_MISS),
	C910_RANGE(ITLB_READ_MISS, ITLB_READ_MISS),
	C910_RANGE(BPU_READ_ACCESS, BPU_READ_MISS),
};

static const struct pmu_event_selector c910_selectors[] = {
	/* Cache references and misses: the last-level (L2) cache's reads. */
	{ SBI_PMU_HW_CACHE_REFERENCES, THEAD_EV_LL_READ_ACCESS },
	{ SBI_PMU_HW_CACHE_MISSES, THEAD_EV_LL_READ_MISS },
	{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, THEAD_EV_BRANCH },
	{ SBI_PMU_HW_BRANCH_MISSES, THEAD_EV_BRANCH_MISPREDICT },
	{ SBI_PMU_HW_STALLED_CYCLES_FRONTEND, THEAD_EV_IFU_STALL },
	{ SBI_PMU_HW_STALLED_CYCLES_BACKEND, THEAD_EV_IDU_STALL },
	{ L1D_READ_ACCESS, THEAD_EV_L1D_READ_ACCESS },
	{ L1D_READ_ACCESS + 1, THEAD_EV_L1D_READ_MISS },
	{ L1D_READ_ACCESS + 2, THEAD_EV_L1D_WRITE_ACCESS },
	{ L1D_WRITE_MISS, THEAD_EV_L1D_WRITE_MISS },
	{ L1I_READ_ACCESS, THEAD_EV_L1I_ACCESS },
	{ L1I_READ_MISS, THEAD_EV_L1I_MISS },
	{ LL_READ_ACCESS, THEAD_EV_LL_READ_ACCESS },
	{ LL_READ_ACCESS + 1, THEAD_EV_LL_READ_MISS },
	{ LL_READ_ACCESS + 2, THEAD_EV_LL_WRITE_ACCESS },
	{ LL_WRITE_MISS, THEAD_EV_LL_WRITE_MISS },
	{ DTLB_READ_MISS, THEAD_EV_DTLB_MISS },
	{ ITLB_READ_MISS, THEAD_EV_ITLB_MISS },
	{ BPU_READ_ACCESS, THEAD_EV_BTB_PREDICT },
	{ BPU_READ_MISS, THEAD_EV_BTB_MISPREDICT },
};

/* Raw events 0x01-0x2a, every one documented: aligned blocks. */
static const struct pmu_raw_range c910_raw[] = {
	C910_RAW(0x01, 1), C910_RAW(0x02, 2), C910_RAW(0x04, 4), C910_RAW(0x08, 8),
	C910_RAW(0x10, 16), C910_RAW(0x20, 8), C910_RAW(0x28, 2), C910_RAW(THEAD_EV_LAST, 1),
};

const struct pmu_default_map thead_c910_pmu_default_map = {
	.ranges = c910_ranges,
	.range_count = ROWS(c910_ranges),
	.selectors = c910_selectors,
	.selector_count = ROWS(c910_selectors),
	.raw = c910_raw,
	.raw_count = ROWS(c910_raw),
};
