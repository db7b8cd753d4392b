/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The U74's default event map, used when the DT has no riscv,pmu node (a DT
 * node, when present, wins: lib/ext/pmu/pmu_dt.c). The selectors are those of
 * the binding's HiFive Unmatched example (OpenSBI's docs/pmu_support.md,
 * tests/fixtures/hifive-unmatched.dts), with two rows left out because the
 * U74 has no such event and the example's stand-in counts
 * something else:
 *   L1D_WRITE_ACCESS (0x10002) -> data cache write-back: write-backs are
 *       evictions of dirty lines, not write accesses;
 *   LL_READ_MISS (0x10011) -> UTLB miss: a miss in the second-level TLB, not
 *       in the L2 cache (which is outside the core and has its own counters).
 * A perf user asking for them gets "not supported" rather than a wrong
 * count; both stay reachable as raw events (class 2, bits 10 and 13).
 *
 * cycles and instructions need no row: mcycle and minstret count them
 * (lib/ext/pmu/pmu_events.c), and no U74 class counts them in mhpmcounter3/4.
 */
#include "sbi_spec.h"
#include "u74_pmu.h"

/* event_idx of a cache read miss (SBI PMU chapter, Table 3): type 1, code = id:3 op:2 result:1. */
#define READ_MISS(id) \
	((SBI_PMU_EVENT_TYPE_HW_CACHE << 16) | ((id) << 3) | (SBI_PMU_HW_CACHE_OP_READ << 1) | \
	 SBI_PMU_HW_CACHE_RESULT_MISS)
#define L1D_READ_MISS  READ_MISS(SBI_PMU_HW_CACHE_L1D)
#define L1I_READ_MISS  READ_MISS(SBI_PMU_HW_CACHE_L1I)
#define DTLB_READ_MISS READ_MISS(SBI_PMU_HW_CACHE_DTLB)
#define ITLB_READ_MISS READ_MISS(SBI_PMU_HW_CACHE_ITLB)

/* A raw event of one class with any set of its events: the event bits (8 up) from none to all. */
#define RAW_CLASS(class, events) { (class), (class) | (events) }
#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

static const struct pmu_builtin_event u74_events[] = {
	/* Cache "references": cycles the instruction or data cache is busy. */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_REFERENCES,
			  U74_EVENT(U74_CLASS_MICROARCH, U74_UARCH_ICACHE_BUSY | U74_UARCH_DCACHE_BUSY)),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_MISSES,
			  U74_EVENT(U74_CLASS_MEMORY, U74_MEM_ICACHE_MISS | U74_MEM_DCACHE_MISS)),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_INSTRUCTIONS, U74_EVENT(U74_CLASS_COMMIT, U74_COMMIT_COND_BRANCH)),
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_MISSES,
			  U74_EVENT(U74_CLASS_MICROARCH, U74_UARCH_BRANCH_MISPREDICT | U74_UARCH_TARGET_MISPREDICT)),
	PMU_BUILTIN_EVENT(L1D_READ_MISS, U74_EVENT(U74_CLASS_MEMORY, U74_MEM_DCACHE_MISS)),
	PMU_BUILTIN_EVENT(L1I_READ_MISS, U74_EVENT(U74_CLASS_MEMORY, U74_MEM_ICACHE_MISS)),
	/* The U74's TLB miss events do not tell reads from writes. */
	PMU_BUILTIN_EVENT(DTLB_READ_MISS, U74_EVENT(U74_CLASS_MEMORY, U74_MEM_DTLB_MISS)),
	PMU_BUILTIN_EVENT(ITLB_READ_MISS, U74_EVENT(U74_CLASS_MEMORY, U74_MEM_ITLB_MISS)),
};

/*
 * The example's rows, except that class 2 keeps bit 13 (UTLB miss), which
 * the example's mask 0xffffe0ff leaves out although its own selector table
 * uses it.
 */
static const struct pmu_builtin_raw u74_raw[] = {
	RAW_CLASS(U74_CLASS_COMMIT, U74_COMMIT_EVENTS),         /* mask 0xfffffffffc0000ff */
	RAW_CLASS(U74_CLASS_MICROARCH, U74_MICROARCH_EVENTS),   /* mask 0xfffffffffff800ff */
	RAW_CLASS(U74_CLASS_MEMORY, U74_MEMORY_EVENTS),         /* mask 0xffffffffffffc0ff */
};

const struct pmu_default_map u74_pmu_default_map = {
	.events = u74_events,
	.event_count = ROWS(u74_events),
	.raw = u74_raw,
	.raw_count = ROWS(u74_raw),
	.counters = U74_HPM_COUNTERS,
	.raw_shift = 8,    /* the event bits, above the class */
};

const struct pmu_platform u74_pmu_platform = { .default_map = &u74_pmu_default_map };
