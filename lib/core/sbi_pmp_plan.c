/* SPDX-License-Identifier: BSD-2-Clause */
/* From regions S/U-mode may not touch to PMP entries (include/sbi_pmp.h). */
#include "riscv_csr.h"
#include "sbi_pmp.h"

static bool is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

/* NAPOT encoding of [base, base + size), size a power of two >= 8, base aligned to it. */
static unsigned long napot_addr(uint64_t base, uint64_t size)
{
	return (unsigned long)((base | (size / 2 - 1)) >> 2);
}

static void add_entry(struct pmp_layout *out, unsigned int *used, unsigned long addr, uint8_t cfg)
{
	out->addr[*used] = addr;
	out->cfg[*used] = cfg;
	(*used)++;
}

void pmp_plan(const struct pmp_region *regions, unsigned int n, unsigned int available, unsigned long granule,
	      struct pmp_layout *out)
{
	unsigned int used = 0;

	out->count = 0;
	out->protected_mask = 0;
	if (available > PMP_LAYOUT_MAX)
		available = PMP_LAYOUT_MAX;
	if (available < 2)
		return;
	if (n > PMP_LAYOUT_MAX_REGIONS)
		n = PMP_LAYOUT_MAX_REGIONS;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t base = regions[i].base & ~(uint64_t)(granule - 1);
		uint64_t end = regions[i].base + regions[i].size;
		uint64_t size;

		if (!regions[i].size || end < regions[i].base)
			continue;
		end = (end + granule - 1) & ~(uint64_t)(granule - 1);
		if (end <= base)
			continue;                       /* rounding ran past the top */
		size = end - base;
		/* The last entry is kept for "allow the rest". */
		if (is_pow2(size) && size >= 8 && !(base & (size - 1))) {
			if (used + 1 > available - 1)
				continue;
			add_entry(out, &used, napot_addr(base, size), PMP_A_NAPOT);
		} else {
			if (used + 2 > available - 1)
				continue;
			add_entry(out, &used, (unsigned long)(base >> 2), PMP_A_OFF);
			add_entry(out, &used, (unsigned long)(end >> 2), PMP_A_TOR);
		}
		out->protected_mask |= 1u << i;
	}
	add_entry(out, &used, ~0UL, PMP_A_NAPOT | PMP_R | PMP_W | PMP_X);
	out->count = (uint8_t)used;
}
