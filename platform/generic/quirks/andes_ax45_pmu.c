/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AX45MP's default event map (andes_ax45_pmu.h has the sources): the
 * SBI events of OpenSBI's AX45 example node, plus the TLB read misses
 * (the AX45MP's main TLB miss events, which do not tell reads from
 * writes), and every documented raw event. cycles and instructions need
 * no row: mcycle and minstret count them (lib/ext/pmu/pmu_events.c).
 */
#include "sbi_spec.h"
#include "andes_ax45_pmu.h"

#define CACHE_EVENT(id, op, result) \
	((SBI_PMU_EVENT_TYPE_HW_CACHE << 16) | ((id) << 3) | ((op) << 1) | (result))
#define L1D_READ_ACCESS CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_READ, 0)
#define L1D_WRITE_MISS  CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_WRITE, 1)
#define L1I_READ_ACCESS CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, SBI_PMU_HW_CACHE_OP_READ, 0)
#define L1I_READ_MISS   CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, SBI_PMU_HW_CACHE_OP_READ, 1)
#define DTLB_READ_MISS  CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_READ, 1)
#define ITLB_READ_MISS  CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ, 1)

#define RANGE(first, last) { first, last, AX45_HPM_COUNTERS }
/* Events of one type whose selects are first..first + size - 1 (size a power of two dividing first). */
#define RAW(type, first, size) \
	{ .match = AX45_EVENT(type, first), .mask = ~((uint64_t)((size) - 1) << 4), .counters = AX45_HPM_COUNTERS }
#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

static const struct pmu_event_range ax45_ranges[] = {
	RANGE(SBI_PMU_HW_CACHE_REFERENCES, SBI_PMU_HW_BRANCH_MISSES),
	RANGE(L1D_READ_ACCESS, L1D_WRITE_MISS),
	RANGE(L1I_READ_ACCESS, L1I_READ_MISS),
	RANGE(DTLB_READ_MISS, DTLB_READ_MISS),
	RANGE(ITLB_READ_MISS, ITLB_READ_MISS),
};

static const struct pmu_event_selector ax45_selectors[] = {
	{ SBI_PMU_HW_CACHE_REFERENCES, AX45_EVENT(AX45_TYPE_MEMORY, 4) },       /* D-cache access */
	{ SBI_PMU_HW_CACHE_MISSES, AX45_EVENT(AX45_TYPE_MEMORY, 5) },           /* D-cache miss */
	{ SBI_PMU_HW_BRANCH_INSTRUCTIONS, AX45_EVENT(AX45_TYPE_INSTRUCTION, 8) }, /* conditional branches */
	{ SBI_PMU_HW_BRANCH_MISSES, AX45_EVENT(AX45_TYPE_MICROARCH, 0) },       /* their mispredictions */
	{ L1D_READ_ACCESS, AX45_EVENT(AX45_TYPE_MEMORY, 6) },                   /* D-cache load access */
	{ L1D_READ_ACCESS + 1, AX45_EVENT(AX45_TYPE_MEMORY, 7) },               /* D-cache load miss */
	{ L1D_READ_ACCESS + 2, AX45_EVENT(AX45_TYPE_MEMORY, 8) },               /* D-cache store access */
	{ L1D_WRITE_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 9) },                    /* D-cache store miss */
	{ L1I_READ_ACCESS, AX45_EVENT(AX45_TYPE_MEMORY, 2) },                   /* I-cache access */
	{ L1I_READ_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 3) },                     /* I-cache miss */
	{ DTLB_READ_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 20) },                   /* main DTLB miss */
	{ ITLB_READ_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 18) },                   /* main ITLB miss */
};

/* Every documented event: instruction selects 1-25, memory 0-22, microarchitecture 0-2. */
static const struct pmu_raw_range ax45_raw[] = {
	RAW(AX45_TYPE_INSTRUCTION, 1, 1), RAW(AX45_TYPE_INSTRUCTION, 2, 2), RAW(AX45_TYPE_INSTRUCTION, 4, 4),
	RAW(AX45_TYPE_INSTRUCTION, 8, 8), RAW(AX45_TYPE_INSTRUCTION, 16, 8), RAW(AX45_TYPE_INSTRUCTION, 24, 2),
	RAW(AX45_TYPE_MEMORY, 0, 16), RAW(AX45_TYPE_MEMORY, 16, 4), RAW(AX45_TYPE_MEMORY, 20, 2),
	RAW(AX45_TYPE_MEMORY, 22, 1),
	RAW(AX45_TYPE_MICROARCH, 0, 2), RAW(AX45_TYPE_MICROARCH, 2, 1),
};

const struct pmu_default_map andes_ax45_pmu_default_map = {
	.ranges = ax45_ranges,
	.range_count = ROWS(ax45_ranges),
	.selectors = ax45_selectors,
	.selector_count = ROWS(ax45_selectors),
	.raw = ax45_raw,
	.raw_count = ROWS(ax45_raw),
};
