/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMP of a simulated hart (include/pmp.h's hardware half, which
 * lib/core/pmp.c does with CSRs): as many entries of the granule as the
 * hart's model says, none locked by an earlier stage, so every planned entry
 * sticks. The plan itself is the firmware's (lib/core/pmp_plan.c); the
 * entries are kept for the report.
 */
#include "machine.h"
#include "pmp.h"

void pmp_probe(unsigned int *entries, unsigned long *granule)
{
	const struct hart_model *m = &machine.current->model;

	*entries = m->pmp_entries > PMP_MAX_ENTRIES ? PMP_MAX_ENTRIES : m->pmp_entries;
	*granule = m->pmp_entries ? m->pmp_granule : 0;
}

static void record_entry(void *ctx, unsigned int i, unsigned long addr, uint8_t cfg)
{
	struct machine_hart *h = ctx;

	h->pmpaddr[i] = addr;
	h->pmpcfg[i] = cfg;
}

void pmp_deny(const struct memory_region *regions, unsigned int n, unsigned int entries,
	      unsigned long granule, unsigned int *denied)
{
	struct machine_hart *h = machine.current;
	unsigned int used;

	h->pmp_used = 0;
	*denied = pmp_plan(regions, n, entries, granule, record_entry, h, &used);
	if (!used)
		*denied = 0;
	h->pmp_used = used;
}
