/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hart table: one hart_state per hart the firmware offers (or keeps in
 * M-mode), found by index or hartid, and the moves of a hart's presence:
 * its arrival, whenever it comes, and its end when it can no longer run
 * S-mode.
 */
#include <stddef.h>
#include "hart.h"
#include "hart_run.h"
#include "ipi_device.h"
#include "sbi_spec.h"

struct hart_state **hart_table;
unsigned int hart_count;
unsigned int hart_left_out_count;
unsigned long boot_hartid;
volatile unsigned int harts_gone;
volatile unsigned int harts_gone_unready;

struct hart_state *hart_by_id(unsigned long hartid)
{
	/* One load of each global (an unsigned long count: no zero-extension). */
	unsigned long n = hart_count;
	struct hart_state **table = hart_table;

	/* hartids are usually 0..n-1 in DT order: try the direct slot first. */
	if (hartid < n && table[hartid]->hartid == hartid)
		return table[hartid];
	for (unsigned long i = 0; i < n; i++)
		if (table[i]->hartid == hartid)
			return table[i];
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

bool hart_presence_move(struct hart_state *hs, unsigned int from, unsigned int to)
{
	unsigned int expected = from;

	return __atomic_compare_exchange_n(&hs->presence, &expected, to, false, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);
}

bool hart_mark_gone(struct hart_state *hs, void (*release)(struct hart_state *hs))
{
	/* Sequentially consistent, as the checks of remote fences and HSM that
	 * read it after their own writes (lib/ext/rfence/rfence.c, lib/ext/hsm/hsm.c). */
	unsigned int was = __atomic_exchange_n(&hs->presence, HART_GONE, __ATOMIC_SEQ_CST);
	struct hart_state *boot;

	if (was == HART_GONE)
		return false;
	if (release)
		release(hs);
	__atomic_store_n(&hs->run_state, HART_RUN_STOPPED, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&harts_gone, 1, __ATOMIC_SEQ_CST);
	if (was != HART_READY) {
		__atomic_fetch_add(&harts_gone_unready, 1, __ATOMIC_SEQ_CST);
		boot = hart_by_id(boot_hartid);
		if (boot && boot != hs)
			ipi_device_send(boot);
	}
	return true;
}

void hart_table_drop_left_out(void)
{
	unsigned int total = hart_count + hart_left_out_count, kept = 0;

	/* A stable partition: each kept hart moves in front of the left-out
	 * ones seen so far (a few hundred harts at most, once per boot). */
	for (unsigned int i = 0; i < total; i++) {
		struct hart_state *hs = hart_table[i];

		if (__atomic_load_n(&hs->presence, __ATOMIC_ACQUIRE) == HART_NO_IPI)
			continue;
		for (unsigned int j = i; j > kept; j--)
			hart_table[j] = hart_table[j - 1];
		hart_table[kept++] = hs;
	}
	for (unsigned int i = 0; i < total; i++)
		hart_table[i]->index = i;
	hart_count = kept;
	hart_left_out_count = total - kept;
}

struct hart_state *hart_table_keep_wakeable(unsigned long cold_hartid)
{
	struct hart_state *self = hart_by_id(cold_hartid), *first = NULL;

	for (unsigned int i = 0; i < hart_count && !first; i++)
		if (hart_table[i]->ipi_dev)
			first = hart_table[i];
	for (unsigned int i = 0; i < hart_count; i++) {
		struct hart_state *hs = hart_table[i];
		if (first ? !hs->ipi_dev : hs != self)
			hs->presence = HART_NO_IPI;
	}
	hart_table_drop_left_out();
	if (self && self->presence != HART_NO_IPI)
		return self;
	return first;
}
