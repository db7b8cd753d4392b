/* SPDX-License-Identifier: BSD-2-Clause */
/* Hart masks (lib/core/hart_mask.c): which harts an SBI call names. */
#ifndef ABACUS_HART_MASK_H
#define ABACUS_HART_MASK_H

#include <stdbool.h>
#include "hart.h"

/*
 * Validates (hart_mask, hart_mask_base) as the SBI spec defines it (base -1 =
 * all harts) and calls fn for each target hart that S-mode may address and
 * that is not STOPPED. Returns SBI_ERR_INVALID_PARAM (and calls nothing) if
 * any hartid is invalid; SBI_ERR_INVALID_PARAM too, after calling fn for
 * the others, when the mask names a hart that is gone (HART_GONE: "not
 * available to the supervisor"); base -1 leaves gone harts out.
 */
long sbi_hartmask_for_each(unsigned long hart_mask, unsigned long hart_mask_base,
			   void (*fn)(struct hart_state *target, void *arg), void *arg);

/*
 * True-or-error over the same harts (stopped ones included): SBI_SUCCESS when
 * ok() holds for every hart the mask names, SBI_ERR_INVALID_PARAM for an
 * invalid hartid (checked first), else SBI_ERR_NOT_SUPPORTED.
 */
long sbi_hartmask_check(unsigned long hart_mask, unsigned long hart_mask_base,
			bool (*ok)(const struct hart_state *target));

#endif
