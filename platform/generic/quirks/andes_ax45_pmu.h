/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Andes AX45MP's hardware performance events (AX45MP data sheet,
 * "Machine Performance Monitoring Event Selector"; the same numbers in
 * OpenSBI's docs/pmu_support.md, example 3, and Linux's perf event list
 * tools/perf/pmu-events/arch/riscv/andes/ax45): mhpmevent holds an event
 * type in bits 3:0 and the event within the type in bits 8:4.
 */
#ifndef ABACUS_ANDES_AX45_PMU_H
#define ABACUS_ANDES_AX45_PMU_H

#include "pmu/pmu.h"

#define AX45_EVENT(type, select)  (((select) << 4) | (type))
#define AX45_TYPE_INSTRUCTION     0   /* selects 1..25: cycles, retired instructions, ... */
#define AX45_TYPE_MEMORY          1   /* selects 0..22: ILM, DLM, caches, TLBs */
#define AX45_TYPE_MICROARCH       2   /* selects 0..2: branch mispredictions */

/* mhpmcounter3-6: the AX45MP's programmable counters. */
#define AX45_HPM_COUNTERS         0x78U

/* The event map used when the DT has no riscv,pmu node (Renesas RZ/Five). */
extern const struct pmu_default_map andes_ax45_pmu_default_map;

/*
 * andes_ax45_pmu_hart_init() (declared in include/platform.h, for boot):
 * after pmu_hart_init, on an Andes hart (mvendorid 0x31e) without Sscofpmf
 * and with mcountinhibit, takes the AndeStar PMU's own overflow interrupt
 * for S-mode, where the hart has its CSRs (csr_layer.h): PMOVI delegated to
 * S-mode through mslideleg, as OpenSBI 1.9's andes_pmu.c does and as Linux
 * 7.2's riscv_pmu_sbi expects with "xandespmu" (its IRQ 256 + 18, slip,
 * scounterof); the programmable counters' SINH/UINH filters go to
 * mcountermask_s/_u. Every interrupt off and every bit clear; true when
 * taken (pmu_hart.vendor_counters, pmu_vendor_counters).
 */

#endif
