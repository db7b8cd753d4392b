/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU's machine-wide state, at the bottom of the PMU: the event map
 * (from the DT's riscv,pmu node, pmu_dt_parse()), the platform's hooks (a
 * board quirk's, platform/generic/quirks/) and whether S-mode gets snapshot
 * memory, all set once at boot (pmu_boot.c) and read by the core, the
 * counters and the events (lib/ext/pmu/pmu.h).
 */
#include "pmu/pmu.h"

struct pmu_event_map pmu_event_map;
const struct pmu_platform *pmu_platform;
const char *pmu_snapshot_offered;
/* Set by a hart's probe (pmu.h); used on harts with pmu_hart.vendor_counters only. */
const struct pmu_vendor_counters *pmu_vendor_counters;
/* The platform layer's Andes probe, handed over at boot (pmu.h). */
bool (*pmu_andes_hart_probe)(struct pmu_hart *ph);
