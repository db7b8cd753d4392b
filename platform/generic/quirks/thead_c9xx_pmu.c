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

#define C906_COUNTERS 0x3e3f8U   /* mhpmcounter3-9 and 13-17: events 0x01-0x07, 0x0b-0x0f */

static const struct pmu_builtin_event c906_events[] = {
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_REFERENCES, THEAD_EV_L1I_ACCESS),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_MISSES, THEAD_EV_L1I_MISS),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_INSTRUCTIONS, THEAD_EV_BRANCH),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_MISSES, THEAD_EV_BRANCH_MISPREDICT),
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS, THEAD_EV_L1D_READ_ACCESS),
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS + 1, THEAD_EV_L1D_READ_MISS),
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS + 2, THEAD_EV_L1D_WRITE_ACCESS),
	PMU_BUILTIN_EVENT(L1D_WRITE_MISS, THEAD_EV_L1D_WRITE_MISS),
	/* The C906's TLB miss events do not tell reads from writes. */
	PMU_BUILTIN_EVENT(DTLB_READ_MISS, THEAD_EV_DTLB_MISS),
	PMU_BUILTIN_EVENT(ITLB_READ_MISS, THEAD_EV_ITLB_MISS),
};

/* Raw events: each documented event number on its own counter. */
static const struct pmu_builtin_raw c906_raw[] = { { 0x01, 0x07 }, { 0x0b, 0x0f } };

const struct pmu_default_map thead_c906_pmu_default_map = {
	.events = c906_events,
	.event_count = ROWS(c906_events),
	.raw = c906_raw,
	.raw_count = ROWS(c906_raw),
	.counters = C906_COUNTERS,
	.counter_offset = 2,
};

const struct pmu_platform thead_c906_pmu_platform = { .default_map = &thead_c906_pmu_default_map };

/* ---- C910/C920: any event on mhpmcounter3-31 ---- */

static const struct pmu_builtin_event c910_events[] = {
	/* Cache references and misses: the last-level (L2) cache's reads. */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_REFERENCES, THEAD_EV_LL_READ_ACCESS),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_MISSES, THEAD_EV_LL_READ_MISS),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_INSTRUCTIONS, THEAD_EV_BRANCH),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_MISSES, THEAD_EV_BRANCH_MISPREDICT),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_STALLED_CYCLES_FRONTEND, THEAD_EV_IFU_STALL),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_STALLED_CYCLES_BACKEND, THEAD_EV_IDU_STALL),
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS, THEAD_EV_L1D_READ_ACCESS),
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS + 1, THEAD_EV_L1D_READ_MISS),
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS + 2, THEAD_EV_L1D_WRITE_ACCESS),
	PMU_BUILTIN_EVENT(L1D_WRITE_MISS, THEAD_EV_L1D_WRITE_MISS),
	PMU_BUILTIN_EVENT(L1I_READ_ACCESS, THEAD_EV_L1I_ACCESS),
	PMU_BUILTIN_EVENT(L1I_READ_MISS, THEAD_EV_L1I_MISS),
	PMU_BUILTIN_EVENT(LL_READ_ACCESS, THEAD_EV_LL_READ_ACCESS),
	PMU_BUILTIN_EVENT(LL_READ_ACCESS + 1, THEAD_EV_LL_READ_MISS),
	PMU_BUILTIN_EVENT(LL_READ_ACCESS + 2, THEAD_EV_LL_WRITE_ACCESS),
	PMU_BUILTIN_EVENT(LL_WRITE_MISS, THEAD_EV_LL_WRITE_MISS),
	PMU_BUILTIN_EVENT(DTLB_READ_MISS, THEAD_EV_DTLB_MISS),
	PMU_BUILTIN_EVENT(ITLB_READ_MISS, THEAD_EV_ITLB_MISS),
	PMU_BUILTIN_EVENT(BPU_READ_ACCESS, THEAD_EV_BTB_PREDICT),
	PMU_BUILTIN_EVENT(BPU_READ_MISS, THEAD_EV_BTB_MISPREDICT),
};

/* Raw events 0x01-0x2a, every one documented. */
static const struct pmu_builtin_raw c910_raw[] = { { 0x01, THEAD_EV_LAST } };

const struct pmu_default_map thead_c910_pmu_default_map = {
	.events = c910_events,
	.event_count = ROWS(c910_events),
	.raw = c910_raw,
	.raw_count = ROWS(c910_raw),
	.counters = 0xfffffff8U,   /* mhpmcounter3-31 */
};

const struct pmu_platform thead_c910_pmu_platform = { .default_map = &thead_c910_pmu_default_map };
