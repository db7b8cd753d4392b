/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SiFive U74's hardware performance events (FU740-C000 manual, chapter
 * "Hardware Performance Monitor"). mhpmevent3/4 select an event class in
 * bits 7:0 and, in the bits above, a mask of events of that class; a counter
 * counts the sum of the events whose bits are set, so several events of one
 * class may be ORed into one selector.
 */
#ifndef ABACUS_U74_PMU_H
#define ABACUS_U74_PMU_H

#include "pmu/pmu.h"

#define U74_EVENT(class, events)  ((uint64_t)(events) | (class))

/* Class 0: instruction commit events (bits 8..25). */
#define U74_CLASS_COMMIT            0
#define U74_COMMIT_COND_BRANCH      (1U << 14)
#define U74_COMMIT_EVENTS           0x03ffff00U

/* Class 1: microarchitectural events (bits 8..18). */
#define U74_CLASS_MICROARCH         1
#define U74_UARCH_ICACHE_BUSY       (1U << 11)   /* instruction cache/ITIM busy */
#define U74_UARCH_DCACHE_BUSY       (1U << 12)   /* data cache/DTIM busy */
#define U74_UARCH_BRANCH_MISPREDICT (1U << 13)   /* branch direction misprediction */
#define U74_UARCH_TARGET_MISPREDICT (1U << 14)   /* branch/jump target misprediction */
#define U74_MICROARCH_EVENTS        0x0007ff00U

/* Class 2: memory system events (bits 8..13). */
#define U74_CLASS_MEMORY            2
#define U74_MEM_ICACHE_MISS         (1U << 8)
#define U74_MEM_DCACHE_MISS         (1U << 9)    /* data cache miss or memory-mapped I/O access */
#define U74_MEM_DCACHE_WRITEBACK    (1U << 10)
#define U74_MEM_ITLB_MISS           (1U << 11)
#define U74_MEM_DTLB_MISS           (1U << 12)
#define U74_MEM_UTLB_MISS           (1U << 13)
#define U74_MEMORY_EVENTS           0x00003f00U

/* mhpmcounter3 and mhpmcounter4: the U74's only programmable counters. */
#define U74_HPM_COUNTERS            ((1U << 3) | (1U << 4))

/*
 * The event map used when the DT has no riscv,pmu node: SBI general and
 * cache events with a U74 equivalent, and raw events of classes 0..2.
 */
extern const struct pmu_default_map u74_pmu_default_map;
/* The quirks' PMU description of U74 cores: that map (FU540, FU740, JH7110 share one). */
extern const struct pmu_platform u74_pmu_platform;

#endif
