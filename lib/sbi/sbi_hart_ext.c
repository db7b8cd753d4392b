/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI 3.0 extensions on each hart: what the hart offers (probed at the
 * end of its M-mode set-up) and their state back to reset values when the
 * hart stops (HSM hart_stop: SSE local events, FWFT features, DBTR
 * triggers and shared memory; SSE global events that prefer the hart wait
 * for it to start again).
 */
#include "dbtr_hw.h"
#include "fwft_hw.h"
#include "hart_ext.h"

void hart_init_extensions(struct hart_state *hs)
{
	struct hart_ext *ext = hs->ext;
	uint32_t trigger_types[DBTR_MAX_TRIGGERS] = { 0 };
	uint32_t features, pmlen_supported;
	unsigned int triggers = 0;

	/* FWFT: extensions the DT names and the hardware confirms. */
	features = fwft_hw_probe(hs->isa_features, hs->features, &pmlen_supported);
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
	fwft_hart_init(&ext->fwft, features, pmlen_supported);

	/* DBTR: Sdtrig is found by probing (QEMU 7.2's ISA string does not name it). */
	if (hs->features & HART_HAS_S)
		triggers = dbtr_hw_probe(trigger_types, DBTR_MAX_TRIGGERS);
	if (triggers)
		hs->features |= HART_HAS_SDTRIG;
	dbtr_hart_init(&ext->dbtr, triggers, trigger_types);

	sse_hart_init(hs, hs->features & HART_HAS_SSCOFPMF, hs->features & HART_HAS_SSDBLTRP);
}

void sbi_hart_reset_extensions(struct hart_state *hs)
{
	sse_hart_reset(hs);
	fwft_hart_reset(&hs->ext->fwft);
	dbtr_hart_reset(&hs->ext->dbtr);
}
