/* SPDX-License-Identifier: BSD-2-Clause */
/* From regions S/U-mode may not touch to PMP entries (include/pmp.h). */
#include "riscv_csr.h"
#include "pmp.h"

static bool is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

/* NAPOT encoding of [base, base + size), size a power of two >= 8, base aligned to it. */
static unsigned long napot_addr(uint64_t base, uint64_t size)
{
	return (unsigned long)((base | (size / 2 - 1)) >> 2);
}

static void add_entry(pmp_entry_fn emit, void *ctx, unsigned int *used, unsigned long addr, uint8_t cfg)
{
	if (emit)
		emit(ctx, *used, addr, cfg);
	(*used)++;
}

unsigned int pmp_plan(const struct memory_region *regions, unsigned int n, unsigned int available,
		      unsigned long granule, pmp_entry_fn emit, void *ctx, unsigned int *used)
{
	unsigned int denied = 0;

	*used = 0;
	if (available > PMP_MAX_ENTRIES)
		available = PMP_MAX_ENTRIES;
	if (available < 2)
		return 0;
	for (; denied < n; denied++) {
		const struct memory_region *r = &regions[denied];
		uint64_t base = r->base & ~(uint64_t)(granule - 1);
		uint64_t end = r->base + r->size;
		uint64_t size;

		if (!r->size)
			continue;
		if (end < r->base)
			break;                          /* wraps: cannot be encoded */
		end = (end + granule - 1) & ~(uint64_t)(granule - 1);
		if (end <= base)
			break;                          /* rounding ran past the top */
		size = end - base;
		/* The last entry is kept for "allow the rest". */
		if (is_pow2(size) && size >= 8 && !(base & (size - 1))) {
			if (*used + 1 > available - 1)
				break;
			add_entry(emit, ctx, used, napot_addr(base, size), PMP_A_NAPOT);
		} else {
			if (*used + 2 > available - 1)
				break;
			add_entry(emit, ctx, used, (unsigned long)(base >> 2), PMP_A_OFF);
			add_entry(emit, ctx, used, (unsigned long)(end >> 2), PMP_A_TOR);
		}
	}
	add_entry(emit, ctx, used, ~0UL, PMP_A_NAPOT | PMP_R | PMP_W | PMP_X);
	return denied;
}
