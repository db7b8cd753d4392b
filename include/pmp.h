/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMP: what S/U-mode may not touch (memory_map.denied: the firmware region,
 * then the devices the firmware owns, merged) turned into PMP entries.
 * pmp_plan() is pure and host-tested (tests/host/test_pmp_plan.c);
 * firmware/hart_init.c probes each hart's PMP (entries, granularity) and
 * has pmp_deny() write the plan.
 *
 * Layout: one deny entry (no R/W/X, NAPOT when the region allows it, else an
 * OFF entry holding the base and a TOR entry) per region, in priority order
 * (the firmware first), then one NAPOT entry allowing everything else. The
 * lowest-numbered matching entry decides, and M-mode is not bound by
 * unlocked entries, so M-mode keeps full access. There are as many regions
 * as the DT describes devices: a hart whose entries cannot hold them all
 * denies the first ones it can, and says how many (the boot withholds such
 * a hart from S-mode: firmware/hart_init.c).
 */
#ifndef ABACUS_PMP_H
#define ABACUS_PMP_H

#include <stdbool.h>
#include <stdint.h>
#include "memory_map.h"

#define PMP_MAX_ENTRIES 64          /* the privileged spec's maximum */
#define PMP_A_OFF   0x00
#define PMP_A_TOR   0x08
#define PMP_A_NA4   0x10

/* Receives each planned entry, in order from 0: its pmpaddr value and pmpcfg byte. */
typedef void (*pmp_entry_fn)(void *ctx, unsigned int index, unsigned long addr, uint8_t cfg);

/*
 * Plans regions[0..n-1] (priority order) on a hart with `available` PMP
 * entries (at most PMP_MAX_ENTRIES are used) whose granularity is `granule`
 * bytes (a power of two >= 4); regions are widened to whole granules.
 * Regions are denied in order until one does not fit (the last entry is kept
 * for "allow the rest"): returns how many were denied - n when all - and
 * sends each entry to emit (may be NULL: a dry run); *used gets the number
 * of entries, the allow-all one included. With fewer than two entries nothing
 * can be denied: 0 and no entry. An empty region needs no entry.
 */
unsigned int pmp_plan(const struct memory_region *regions, unsigned int n, unsigned int available,
		      unsigned long granule, pmp_entry_fn emit, void *ctx, unsigned int *used);

/* The calling hart's PMP: implemented entries (0 without PMP) and granularity in bytes (lib/core/pmp.c). */
void pmp_probe(unsigned int *entries, unsigned long *granule);
/*
 * Plans regions on the calling hart (pmp_plan) and writes the plan, every
 * other entry OFF, each pmpcfg read back. *denied: how many regions are
 * denied to S/U-mode (0 when a CSR write trapped or did not stick).
 */
void pmp_deny(const struct memory_region *regions, unsigned int n, unsigned int entries,
	      unsigned long granule, unsigned int *denied);

#endif
