/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU in each hart's lifecycle (include/hart_lifecycle.h). Its counters
 * are found in the hart's feature discovery (pmu_hart_init(),
 * firmware/hart_init.c); when the hart stops, the next start (CPU hotplug, a
 * new kernel after kexec) finds the PMU as boot left it: nothing counting,
 * mapped or pointing into old memory.
 */
#include "hart_lifecycle.h"
#include "pmu/pmu.h"

static void pmu_hart_stop(struct hart_state *hs)
{
	pmu_hart_reset(&hs->pmu);
}

HART_LIFECYCLE(10, pmu, NULL, pmu_hart_stop);
