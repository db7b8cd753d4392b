/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SpacemiT X60's hardware performance events (the K1's eight cores).
 * mhpmevent holds an event number; the numbers are SpacemiT's:
 * - its SBI event map, the riscv,pmu node of SpacemiT's Bianbu "Perf Usage
 *   Note" (docs-bianbu, en/development/perf.md: the X60's mapping of the SBI
 *   standard events, mhpmcounter3-18, raw events "0x1~0xbd" in hardware);
 * - its perf event list (SpacemiT's Linux 6.6 SDK,
 *   tools/perf/pmu-events/arch/riscv/spacemit/x60/cache.json), which gives
 *   the same numbers for the cache and TLB events. Linux 7.2 itself has no
 *   X60 event list and its K1 DT no riscv,pmu node.
 */
#ifndef ABACUS_SPACEMIT_X60_PMU_H
#define ABACUS_SPACEMIT_X60_PMU_H

#include "pmu/pmu.h"

#define X60_BRANCH_INSTRUCTIONS   0x01
#define X60_BRANCH_MISSES         0x02
#define X60_STALLED_FRONTEND      0x03
#define X60_STALLED_BACKEND       0x04
#define X60_L1D_LOAD_MISS         0x05   /* cache.json l1d_load_miss (5) */
#define X60_L1D_LOAD_ACCESS       0x06   /* l1d_load_access (6) */
#define X60_L1D_STORE_MISS        0x09   /* l1d_store_miss (9) */
#define X60_L1D_STORE_ACCESS      0x0a   /* l1d_store_access (10) */
#define X60_L1I_LOAD_MISS         0x0b   /* l1i_load_miss (11) */
#define X60_L1I_LOAD_ACCESS       0x0c   /* l1i_load_access (12) */
#define X60_L1I_PREFETCH_MISS     0x0d   /* l1i_prefetch_miss (13) */
#define X60_L1I_PREFETCH          0x0e   /* l1i_prefetch (14) */
#define X60_DTLB_LOAD_MISS        0x15   /* dtlb_load_miss (21) */
#define X60_DTLB_STORE_MISS       0x19   /* dtlb_store_miss (25) */
#define X60_ITLB_LOAD_MISS        0x1b   /* itlb_load_miss (27) */
#define X60_LAST_EVENT            0xbd   /* the highest event number the hardware has */

/* mhpmcounter3-18: the X60's programmable counters, each for any event. */
#define X60_HPM_COUNTERS          0x7fff8U

/* The event map used when the DT has no riscv,pmu node (Linux's K1 DTs have none). */
extern const struct pmu_default_map spacemit_x60_pmu_default_map;

#endif
