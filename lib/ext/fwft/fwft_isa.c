/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which DT extensions each FWFT feature needs (lib/ext/fwft/fwft.h): the
 * hardware probe (lib/ext/fwft/fwft_hw.c) looks at a feature's control bits only
 * when the DT names them.
 */
#include "hart.h"
#include "fwft/fwft.h"

/*
 * PTE_AD_HW_UPDATING needs Svade as well as Svadu: the riscv,isa-extensions
 * binding says a hart listing both starts with A/D faults (Svade: ADUE = 0,
 * this feature's reset value) and S-mode may switch to hardware updating
 * through FWFT, while a hart listing Svadu alone gives S-mode hardware
 * updating from boot (ADUE = 1, lib/core/hart_enables.c) and no switch:
 * Linux then relies on it and never asks. Offering the feature there would
 * reset ADUE to 0 under a kernel that expects it on.
 */
static const uint32_t fwft_isa_needs[SBI_FWFT_FEATURE_COUNT] = {
	[SBI_FWFT_LANDING_PAD] = HART_HAS_ZICFILP,
	[SBI_FWFT_SHADOW_STACK] = HART_HAS_ZICFISS,
	[SBI_FWFT_DOUBLE_TRAP] = HART_HAS_SSDBLTRP,
	[SBI_FWFT_PTE_AD_HW_UPDATING] = HART_HAS_SVADU | HART_HAS_SVADE,
	[SBI_FWFT_POINTER_MASKING_PMLEN] = HART_HAS_SMNPM,
};

uint32_t fwft_feature_isa_needs(unsigned int feature)
{
	return feature < SBI_FWFT_FEATURE_COUNT ? fwft_isa_needs[feature] : 0;
}
