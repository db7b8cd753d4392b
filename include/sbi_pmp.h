/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMP: what S/U-mode may not touch (the firmware region and the devices the
 * firmware owns, sbi_memory.h) turned into PMP entries. pmp_plan() is pure
 * and host-tested (tests/host/test_pmp_plan.c); firmware/hart_init.c probes
 * each hart's PMP (entries, granularity) and writes the plan.
 *
 * Layout: one deny entry (no R/W/X, NAPOT when the region allows it, else an
 * OFF entry holding the base and a TOR entry) per region, in priority order
 * (the firmware first), then one NAPOT entry allowing everything else. The
 * lowest-numbered matching entry decides, and M-mode is not bound by
 * unlocked entries, so M-mode keeps full access.
 */
#ifndef ABACUS_SBI_PMP_H
#define ABACUS_SBI_PMP_H

#include <stdbool.h>
#include <stdint.h>

#define PMP_MAX_ENTRIES 64          /* the privileged spec's maximum */
/* Entries a layout can use: up to two per region (firmware + devices), one allow-all. */
#define PMP_LAYOUT_MAX_REGIONS 9
#define PMP_LAYOUT_MAX  (2 * PMP_LAYOUT_MAX_REGIONS + 1)
#define PMP_A_OFF   0x00
#define PMP_A_TOR   0x08
#define PMP_A_NA4   0x10

struct pmp_region {
	uint64_t base, size;
};

/* Small: it is built on a hart's 1 KiB M-mode stack at boot. */
struct pmp_layout {
	unsigned long addr[PMP_LAYOUT_MAX];   /* pmpaddr values (address >> 2, NAPOT-encoded) */
	uint8_t cfg[PMP_LAYOUT_MAX];          /* pmpcfg bytes */
	uint8_t count;               /* entries used, the allow-all one included */
	uint32_t protected_mask;     /* bit i: regions[i] is denied to S/U-mode */
};

/*
 * Plans regions (priority order, at most PMP_LAYOUT_MAX_REGIONS) on a hart with `available` PMP
 * entries whose granularity is `granule` bytes (a power of two >= 4). A
 * region that no longer fits is left out (its bit stays clear); with fewer
 * than two entries nothing can be protected and count is 0. Regions are
 * widened to whole granules.
 */
void pmp_plan(const struct pmp_region *regions, unsigned int n, unsigned int available, unsigned long granule,
	      struct pmp_layout *out);

/* The calling hart's PMP: implemented entries (0 without PMP) and granularity in bytes (lib/core/sbi_pmp.c). */
void pmp_probe(unsigned int *entries, unsigned long *granule);
/* Writes a layout to the calling hart's PMP (all other entries OFF); false if a CSR write trapped. */
bool pmp_write_layout(const struct pmp_layout *layout, unsigned int entries);

#endif
