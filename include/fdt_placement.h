/* SPDX-License-Identifier: BSD-2-Clause */
/* Where the DT handed to S-mode goes (lib/fdt/fdt_placement.c). */
#ifndef ABACUS_FDT_PLACEMENT_H
#define ABACUS_FDT_PLACEMENT_H

#include <stdbool.h>
#include <stdint.h>

struct fdt_placement {
	uint64_t orig, orig_size;      /* the loader's DT: where, and the total size it reserved */
	uint64_t new_size;             /* the fixed-up DT */
	uint64_t free_base, free_end;  /* known free: the end of the firmware region .. the platform's next stage */
	uint64_t next_addr;            /* the next stage actually entered */
	uint64_t room;                 /* free space wanted in the DT handed on (a next stage grows it in place) */
	uint64_t fixed;                /* the build's address for it (FW_JUMP_FDT_ADDR), or 0 */
	uint64_t total;                /* out: the total size to give it, new_size + the room its place allows */
	bool fixed_refused;            /* out: fixed is not free S-mode RAM for it: placed as usual */
};

enum fdt_place {
	FDT_PLACE_IN_PLACE,   /* over the loader's copy: it fits in the original total size */
	FDT_PLACE_MOVED,      /* into the free span, away from anything in use */
	FDT_PLACE_FIXED,      /* at the build's address (p->fixed) */
	FDT_PLACE_NOWHERE,    /* neither: S-mode must get the loader's DT unchanged */
};

/*
 * Decides where the fixed-up DT fdt (new_size bytes) goes: *addr for
 * IN_PLACE, MOVED and FIXED. A build address (p->fixed) comes first, when
 * it is S-mode RAM and nothing fdt marks as in use lies there; else
 * p->fixed_refused, and the rest as without one. Never a range past the loader's reservation, outside
 * S-mode RAM (memory_map), over the loader's DT, the next stage, or a range
 * fdt marks as in use. p->total says how large a DT to hand on there: in
 * place, the loader's whole reservation; moved, new_size + room when the
 * free span has it, else new_size.
 */
enum fdt_place fdt_place_for_smode(struct fdt_placement *p, const void *fdt, uint64_t *addr);

/*
 * When [base, base + size) overlaps a range fdt marks as in use (a
 * /memreserve/ entry, a /reserved-memory node's reg, the initrd in
 * /chosen), the highest end of those ranges; else 0.
 */
uint64_t fdt_in_use_overlap_end(const void *fdt, uint64_t base, uint64_t size);

#endif
