/* SPDX-License-Identifier: BSD-2-Clause */
/* The hart table: one hart_state per DT cpu, found by index or hartid. */
#include <stddef.h>
#include "hart.h"

struct hart_state **hart_table;
unsigned int hart_count;
unsigned long boot_hartid;

struct hart_state *hart_by_id(unsigned long hartid)
{
	/* hartids are usually 0..n-1 in DT order: try the direct slot first. */
	if (hartid < hart_count && hart_table[hartid]->hartid == hartid)
		return hart_table[hartid];
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_table[i]->hartid == hartid)
			return hart_table[i];
	return NULL;
}

struct hart_state *hart_by_intc_phandle(uint32_t phandle, unsigned int *hint)
{
	for (unsigned int n = 0; n < hart_count; n++) {
		unsigned int i = (*hint + n) % hart_count;
		if (hart_table[i]->intc_phandle == phandle) {
			*hint = i + 1;
			return hart_table[i];
		}
	}
	return NULL;
}
