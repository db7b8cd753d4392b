/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT in each hart's lifecycle (include/hart_lifecycle.h). Discovery finds
 * the features the hart offers (fwft_hw_probe(): the extensions its DT names
 * whose control bits stick) and sets the HART_HAS_* bits other services
 * read (SSE's double-trap event wants Ssdbltrp); when the hart stops, every
 * feature goes back to its default, unlocked.
 */
#include "hart_ext.h"
#include "hart_lifecycle.h"
#include "fwft/fwft_hw.h"

static void fwft_hart_discover(struct hart_state *hs)
{
	uint32_t pmlen_supported;
	uint32_t features = fwft_hw_probe(hs->isa_features, hs->features, &pmlen_supported);

	if (features & (1U << SBI_FWFT_LANDING_PAD))
		hs->features |= HART_HAS_ZICFILP;
	if (features & (1U << SBI_FWFT_SHADOW_STACK))
		hs->features |= HART_HAS_ZICFISS;
	if (features & (1U << SBI_FWFT_DOUBLE_TRAP))
		hs->features |= HART_HAS_SSDBLTRP;
	if (features & (1U << SBI_FWFT_PTE_AD_HW_UPDATING))
		hs->features |= HART_HAS_SVADU;
	if (features & (1U << SBI_FWFT_POINTER_MASKING_PMLEN))
		hs->features |= HART_HAS_SMNPM;
	fwft_hart_init(&hs->ext->fwft, features, pmlen_supported);
}

static void fwft_hart_stop(struct hart_state *hs)
{
	fwft_hart_reset(&hs->ext->fwft);
}

HART_LIFECYCLE(30, fwft, NULL, fwft_hart_discover, NULL, fwft_hart_stop);
