/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart masks as the SBI spec defines them (include/hart_mask.h): a mask of
 * hartids from a base, or every hart (base -1); only harts offered to S-mode
 * may be named.
 */
#include "hart_mask.h"
#include "hart_run.h"
#include "sbi_spec.h"

/* Every hart the mask names exists and is offered to S-mode (no hartid wraps). */
static bool hartmask_valid(unsigned long hart_mask, unsigned long hart_mask_base)
{
	for (unsigned long m = hart_mask; m; m &= m - 1) {
		unsigned long bit = __builtin_ctzl(m);
		struct hart_state *hs;
		if (hart_mask_base + bit < hart_mask_base)
			return false;
		hs = hart_by_id(hart_mask_base + bit);
		if (!hs || !hart_offered_to_smode(hs))
			return false;
	}
	return true;
}

long sbi_hartmask_check(unsigned long hart_mask, unsigned long hart_mask_base,
			bool (*ok)(const struct hart_state *target))
{
	if (hart_mask_base == -1UL) {
		for (unsigned int i = 0; i < hart_count; i++)
			if (hart_offered_to_smode(hart_table[i]) && !ok(hart_table[i]))
				return SBI_ERR_NOT_SUPPORTED;
		return SBI_SUCCESS;
	}
	/* The same validation as sbi_hartmask_for_each(), first: an invalid hartid wins. */
	if (!hartmask_valid(hart_mask, hart_mask_base))
		return SBI_ERR_INVALID_PARAM;
	for (unsigned long m = hart_mask; m; m &= m - 1)
		if (!ok(hart_by_id(hart_mask_base + __builtin_ctzl(m))))
			return SBI_ERR_NOT_SUPPORTED;
	return SBI_SUCCESS;
}

/* Out of line, so the loop below keeps nothing for it (it is on the path of every IPI and fence). */
static __attribute__((noinline)) bool stopped_hart_gone(const struct hart_state *hs)
{
	return hart_gone(hs);
}

long sbi_hartmask_for_each(unsigned long hart_mask, unsigned long hart_mask_base,
			   void (*fn)(struct hart_state *target, void *arg), void *arg)
{
	unsigned long m;

	/* "All available harts": a stopped hart (a gone one too) has nothing to serve. */
	if (hart_mask_base == -1UL) {
		for (unsigned int i = 0; i < hart_count; i++)
			if (hart_offered_to_smode(hart_table[i]) && hart_table[i]->run_state != HART_RUN_STOPPED)
				fn(hart_table[i], arg);
		return SBI_SUCCESS;
	}
	/* Validate every hartid first: an invalid one means nothing is done. */
	if (!hartmask_valid(hart_mask, hart_mask_base))
		return SBI_ERR_INVALID_PARAM;
	for (m = hart_mask; m; m &= m - 1) {
		struct hart_state *hs = hart_by_id(hart_mask_base + __builtin_ctzl(m));
		/* A stopped hart has no S-mode context to interrupt or fence. */
		if (hs->run_state != HART_RUN_STOPPED)
			fn(hs, arg);
		else if (stopped_hart_gone(hs))
			goto gone;
	}
	return SBI_SUCCESS;
gone:
	/*
	 * A gone hart (HART_GONE, STOPPED for good: it can no longer run
	 * S-mode) "is not available to the supervisor": INVALID_PARAM (hart
	 * mask errors, binary encoding chapter), once every other hart of the
	 * mask is served - one hart's fault stays on that hart
	 * (docs/reliability.md, "A hart that dies"). A loop of its own: the one
	 * above keeps no error.
	 */
	for (m &= m - 1; m; m &= m - 1) {
		struct hart_state *hs = hart_by_id(hart_mask_base + __builtin_ctzl(m));
		if (hs->run_state != HART_RUN_STOPPED)
			fn(hs, arg);
	}
	return SBI_ERR_INVALID_PARAM;
}
