/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The T-Head C9xx cores' hardware performance events, as the vendor
 * documents them (XuanTie C906 user manual, table 12.9; C910 user manual,
 * table 12.5; the same numbers in Linux's perf event list
 * tools/perf/pmu-events/arch/riscv/thead/c900-legacy): mhpmevent holds one
 * event number. The maps are the boards' event maps when their DT has no
 * riscv,pmu node (a node always wins: lib/ext/pmu/pmu_dt.c).
 */
#ifndef ABACUS_THEAD_C9XX_PMU_H
#define ABACUS_THEAD_C9XX_PMU_H

#include "pmu/pmu.h"

#define THEAD_EV_L1I_ACCESS        0x01
#define THEAD_EV_L1I_MISS          0x02
#define THEAD_EV_ITLB_MISS         0x03   /* I-uTLB */
#define THEAD_EV_DTLB_MISS         0x04   /* D-uTLB */
#define THEAD_EV_BRANCH_MISPREDICT 0x06   /* conditional branches */
#define THEAD_EV_BRANCH            0x07   /* conditional branch instructions */
#define THEAD_EV_L1D_READ_ACCESS   0x0c
#define THEAD_EV_L1D_READ_MISS     0x0d
#define THEAD_EV_L1D_WRITE_ACCESS  0x0e
#define THEAD_EV_L1D_WRITE_MISS    0x0f
#define THEAD_EV_LL_READ_ACCESS    0x10   /* C910/C920: the L2 cache */
#define THEAD_EV_LL_READ_MISS      0x11
#define THEAD_EV_LL_WRITE_ACCESS   0x12
#define THEAD_EV_LL_WRITE_MISS     0x13
#define THEAD_EV_BTB_MISPREDICT    0x1b
#define THEAD_EV_BTB_PREDICT       0x1c
#define THEAD_EV_IFU_STALL         0x27   /* frontend stall cycles */
#define THEAD_EV_IDU_STALL         0x28   /* backend stall cycles */
#define THEAD_EV_LAST              0x2a   /* events 0x01..0x2a (C910, C920, later C906) */

/*
 * The C906 as in the Allwinner D1 (and the Sophgo CV18xx): event n counts
 * only on mhpmcounter n + 2, events 0x01-0x07 and 0x0b-0x0f (counters 3-9
 * and 13-17: OpenSBI's D1 code, "only 3-9,13-17 have valid value"); the
 * rows of Linux's D1 riscv,pmu node (sun20i-d1s.dtsi).
 */
extern const struct pmu_default_map thead_c906_pmu_default_map;
/* The quirks' PMU description of C906 cores: that map (D1, CV18xx share one). */
extern const struct pmu_platform thead_c906_pmu_platform;
/*
 * The C910 (T-Head TH1520) and C920 (Sophgo SG2042): any event 0x01-0x2a
 * on any of mhpmcounter3-31 (the TH1520's node names 3-18, Sophgo's SG2042
 * node in its boot loader's DT, sophgo/zsbl sg2042.dts, 3-31); the SBI
 * events as Sophgo's node maps them, but for the branch predictor: that
 * node gives its BTB events to cache id 6 (NODE, 0x10030/1), the SBI PMU
 * chapter's Table 4 numbers the BPU 5 (0x10028/9).
 */
extern const struct pmu_default_map thead_c910_pmu_default_map;
/* The quirks' PMU description of C910/C920 cores: that map (TH1520, SG2042 share one). */
extern const struct pmu_platform thead_c910_pmu_platform;

#endif
