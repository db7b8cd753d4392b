/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the fixed-up DT goes for S-mode. The loader reserved the original's
 * total size and nothing more (U-Boot SPL may put U-Boot's own data right
 * after it), so the DT is written back in place only when it fits there.
 * Otherwise it goes into memory the firmware knows to be free: between the
 * end of its protected region and the next stage, which the platform keeps
 * for the firmware (heap_init's limit; docs/porting.md) and which no
 * loader fills - minus anything the DT itself marks as in use (/memreserve/
 * entries, /reserved-memory nodes, the initrd). S-mode keeps a DT there safe
 * as it does anywhere: Linux reserves the DTB it was given, U-Boot copies it
 * before it uses that memory.
 */
#include <libfdt.h>
#include "fdt_helpers.h"
#include "fdt_placement.h"
#include "memory_map.h"

#define FDT_ALIGN 8   /* devicetree spec: the blob starts 8-byte aligned */

/* Raises *end to the end of [base, base + size) when it overlaps the candidate. */
static void note_overlap(uint64_t cand, uint64_t cand_size, uint64_t base, uint64_t size, uint64_t *end)
{
	uint64_t range_end = base + size;

	if (!size)
		return;
	if (range_end < base || range_end == 0)   /* a range that wraps covers the top */
		range_end = UINT64_MAX;
	if (cand < range_end && base < cand + cand_size && range_end > *end)
		*end = range_end;
}

/* An initrd bound: a u32 or u64 property of /chosen. */
static bool chosen_addr(const void *fdt, int chosen, const char *name, uint64_t *out)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, chosen, name, &len);

	if (!p || (len != 4 && len != 8))
		return false;
	*out = len == 8 ? ((uint64_t)fdt32_ld(p) << 32) | fdt32_ld(p + 1) : fdt32_ld(p);
	return true;
}

uint64_t fdt_in_use_overlap_end(const void *fdt, uint64_t base, uint64_t size)
{
	uint64_t end = 0, addr, len, start;
	int parent, node, chosen;

	for (int i = 0; i < fdt_num_mem_rsv(fdt); i++)
		if (fdt_get_mem_rsv(fdt, i, &addr, &len) == 0)
			note_overlap(base, size, addr, len, &end);
	parent = fdt_path_offset(fdt, "/reserved-memory");
	if (parent >= 0)
		fdt_for_each_subnode(node, fdt, parent) {
			fdt_parent_hint(node, parent);   /* else fdt_read_reg walks from the root */
			for (int i = 0; i < 16 && fdt_read_reg(fdt, node, i, &addr, &len) == 0; i++)
				note_overlap(base, size, addr, len, &end);
		}
	fdt_parent_hint(-1, -1);
	chosen = fdt_path_offset(fdt, "/chosen");
	if (chosen >= 0 && chosen_addr(fdt, chosen, "linux,initrd-start", &start) &&
	    chosen_addr(fdt, chosen, "linux,initrd-end", &addr) && addr > start)
		note_overlap(base, size, start, addr - start, &end);
	return end;
}

/* The first place in the free span for size bytes, stepping over whatever is in use. */
static bool first_fit(const struct fdt_placement *p, const void *fdt, uint64_t size, uint64_t *addr)
{
	uint64_t limit = p->free_end, cand;

	/* The next stage's image starts at next_addr: the free span ends there. */
	if (p->next_addr >= p->free_base && p->next_addr < limit)
		limit = p->next_addr;
	cand = (p->free_base + FDT_ALIGN - 1) & ~(uint64_t)(FDT_ALIGN - 1);
	while (cand >= p->free_base && cand <= limit && size <= limit - cand) {
		uint64_t end = fdt_in_use_overlap_end(fdt, cand, size);
		note_overlap(cand, size, p->orig, p->orig_size, &end);
		if (!end) {
			if (!smode_range_ok(cand, 0, size))
				return false;
			*addr = cand;
			return true;
		}
		if (end >= limit)
			return false;
		cand = (end + FDT_ALIGN - 1) & ~(uint64_t)(FDT_ALIGN - 1);
	}
	return false;
}

/* The build's address (FW_JUMP_FDT_ADDR): S-mode RAM, not in use; with the room when it fits. */
static bool fixed_fits(struct fdt_placement *p, const void *fdt, uint64_t size)
{
	if (p->fixed & (FDT_ALIGN - 1))
		return false;
	if (p->room && size + p->room > size && smode_range_ok(p->fixed, 0, size + p->room) &&
	    !fdt_in_use_overlap_end(fdt, p->fixed, size + p->room)) {
		p->total = size + p->room;
		return true;
	}
	if (smode_range_ok(p->fixed, 0, size) && !fdt_in_use_overlap_end(fdt, p->fixed, size)) {
		p->total = size;
		return true;
	}
	return false;
}

enum fdt_place fdt_place_for_smode(struct fdt_placement *p, const void *fdt, uint64_t *addr)
{
	uint64_t size = p->new_size;

	p->fixed_refused = false;
	if (p->fixed) {
		if (fixed_fits(p, fdt, size)) {
			*addr = p->fixed;
			return FDT_PLACE_FIXED;
		}
		p->fixed_refused = true;
	}
	if (size <= p->orig_size && smode_range_ok(p->orig, 0, p->orig_size)) {
		*addr = p->orig;
		p->total = p->orig_size;   /* what the loader reserved is the DT's to grow in */
		return FDT_PLACE_IN_PLACE;
	}
	if (p->room && size + p->room > size && first_fit(p, fdt, size + p->room, addr)) {
		p->total = size + p->room;
		return FDT_PLACE_MOVED;
	}
	if (first_fit(p, fdt, size, addr)) {
		p->total = size;
		return FDT_PLACE_MOVED;
	}
	return FDT_PLACE_NOWHERE;
}
