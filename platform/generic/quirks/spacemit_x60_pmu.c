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

#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

static const struct pmu_builtin_event x60_events[] = {
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_INSTRUCTIONS, X60_BRANCH_INSTRUCTIONS),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_MISSES, X60_BRANCH_MISSES),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_STALLED_CYCLES_FRONTEND, X60_STALLED_FRONTEND),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_STALLED_CYCLES_BACKEND, X60_STALLED_BACKEND),
	PMU_BUILTIN_EVENT(L1D(READ, ACCESS), X60_L1D_LOAD_ACCESS),
	PMU_BUILTIN_EVENT(L1D(READ, MISS), X60_L1D_LOAD_MISS),
	PMU_BUILTIN_EVENT(L1D(WRITE, ACCESS), X60_L1D_STORE_ACCESS),
	PMU_BUILTIN_EVENT(L1D(WRITE, MISS), X60_L1D_STORE_MISS),
	PMU_BUILTIN_EVENT(L1I(READ, ACCESS), X60_L1I_LOAD_ACCESS),
	PMU_BUILTIN_EVENT(L1I(READ, MISS), X60_L1I_LOAD_MISS),
	PMU_BUILTIN_EVENT(L1I(PREFETCH, ACCESS), X60_L1I_PREFETCH),
	PMU_BUILTIN_EVENT(L1I(PREFETCH, MISS), X60_L1I_PREFETCH_MISS),
	PMU_BUILTIN_EVENT(DTLB(READ, MISS), X60_DTLB_LOAD_MISS),
	PMU_BUILTIN_EVENT(DTLB(WRITE, MISS), X60_DTLB_STORE_MISS),
	PMU_BUILTIN_EVENT(ITLB(READ, MISS), X60_ITLB_LOAD_MISS),
};

static const struct pmu_builtin_raw x60_raw[] = { { 0x01, X60_LAST_EVENT } };

const struct pmu_default_map spacemit_x60_pmu_default_map = {
	.events = x60_events,
	.event_count = ROWS(x60_events),
	.raw = x60_raw,
	.raw_count = ROWS(x60_raw),
	.counters = X60_HPM_COUNTERS,
};
