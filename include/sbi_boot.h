/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_SBI_BOOT_H
#define ABACUS_SBI_BOOT_H

#include "hart.h"

/* Growth allowed for DT fixups (/reserved-memory) when S-mode gets the DT back. */
#define FDT_FIXUP_ROOM_BYTES 4096

/* What cold boot found, for the rest of boot. */
struct boot_info {
	void *fdt;                  /* the firmware's copy (with room for fixups) */
	void *orig_fdt;             /* where the loader put it; S-mode gets it here */
	unsigned long orig_fdt_size;
	unsigned long fw_info;      /* a2 at reset (fw_dynamic_info) */
	unsigned long heap_used;
};
extern struct boot_info boot_info;

/* Per-hart M-mode set-up: trap vector, delegation, counters, PMP (firmware/hart_init.c). */
void hart_init_mmode(struct hart_state *hs);
/* Boot hart, after every hart is set up: PMU map, DT fixups, log, next stage (firmware/boot_finish.c). */
void boot_finish(struct hart_state *hs) __attribute__((noreturn));
/* DT changes before S-mode sees it (lib/fdt/fdt_fixup.c). */
int fdt_fixup_for_smode(void *fdt);

#endif
