/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT on the hart (lib/ext/fwft/fwft_hw.h): the medeleg and menvcfg bits each
 * feature controls. Bits are set and cleared one by one (csrs/csrc), never
 * written as a whole, so firmware-owned bits of menvcfg (STCE, CBIE, ...)
 * are never touched. Privileged spec: medeleg, menvcfg (LPE, SSE, PMM,
 * DTE, ADUE).
 */
#include "fwft/fwft_hw.h"
#include "hart.h"
#include "riscv_csr.h"
#include "fwft/fwft.h"
#include "sbi_spec.h"

#define MEDELEG_MISALIGNED ((1UL << CAUSE_MISALIGNED_LOAD) | (1UL << CAUSE_MISALIGNED_STORE))

static const unsigned long fwft_menvcfg_bit[SBI_FWFT_FEATURE_COUNT] = {
	[SBI_FWFT_LANDING_PAD] = MENVCFG_LPE,
	[SBI_FWFT_SHADOW_STACK] = MENVCFG_SSE,
	[SBI_FWFT_DOUBLE_TRAP] = MENVCFG_DTE,
	[SBI_FWFT_PTE_AD_HW_UPDATING] = MENVCFG_ADUE,
};

void fwft_hw_apply(unsigned int feature, unsigned long value)
{
	switch (feature) {
	case SBI_FWFT_MISALIGNED_EXC_DELEG:
		/* Delegated misaligned traps go straight to S-mode: the firmware
		 * neither emulates nor counts them (SBI_PMU_FW_MISALIGNED_*). */
		if (value)
			csr_set(CSR_MEDELEG, MEDELEG_MISALIGNED);
		else
			csr_clear(CSR_MEDELEG, MEDELEG_MISALIGNED);
		break;
	case SBI_FWFT_POINTER_MASKING_PMLEN:
		csr_clear(CSR_MENVCFG, MENVCFG_PMM);
		if (value)
			csr_set(CSR_MENVCFG, (value == 7 ? 2UL : 3UL) << MENVCFG_PMM_SHIFT);
		break;
	default:
		if (value)
			csr_set(CSR_MENVCFG, fwft_menvcfg_bit[feature]);
		else
			csr_clear(CSR_MENVCFG, fwft_menvcfg_bit[feature]);
		break;
	}
	if (feature == SBI_FWFT_PTE_AD_HW_UPDATING) {
		/* Cached translations may hold the old reading of the A/D bits
		 * (privileged spec, menvcfg.ADUE): sfence.vma x0, x0, and with H
		 * hfence.gvma x0, x0 for VS-stage ones (henvcfg.ADUE follows). */
		sfence_vma_all();
		if (current_hart()->features & HART_HAS_H)
			hfence_gvma_all();
	}
}

/* Sets bits in a WARL CSR, reads back which stuck, clears them again. */
static unsigned long fwft_bits_stick(bool medeleg, unsigned long bits)
{
	unsigned long got;

	if (medeleg) {
		csr_set(CSR_MEDELEG, bits);
		got = csr_read(CSR_MEDELEG) & bits;
		csr_clear(CSR_MEDELEG, bits);
	} else {
		csr_set(CSR_MENVCFG, bits);
		got = csr_read(CSR_MENVCFG) & bits;
		csr_clear(CSR_MENVCFG, bits);
	}
	return got;
}

uint32_t fwft_hw_probe(uint32_t isa_features, uint32_t hart_features, uint32_t *pmlen_supported)
{
	uint32_t supported = 0;

	*pmlen_supported = 0;
	if (!(hart_features & HART_HAS_S))
		return 0;
	if (fwft_bits_stick(true, MEDELEG_MISALIGNED) == MEDELEG_MISALIGNED)
		supported |= 1U << SBI_FWFT_MISALIGNED_EXC_DELEG;
	if (!(hart_features & HART_HAS_MENVCFG))
		return supported;
	/* Only features the DT names: probing a bit clears it (ADUE with Svadu alone stays as enabled). */
	for (unsigned int f = SBI_FWFT_LANDING_PAD; f <= SBI_FWFT_PTE_AD_HW_UPDATING; f++) {
		uint32_t needs = fwft_feature_isa_needs(f);

		if ((isa_features & needs) == needs && fwft_bits_stick(false, fwft_menvcfg_bit[f]))
			supported |= 1U << f;
	}
	if ((isa_features & fwft_feature_isa_needs(SBI_FWFT_POINTER_MASKING_PMLEN)) ==
	    fwft_feature_isa_needs(SBI_FWFT_POINTER_MASKING_PMLEN)) {
		/* PMM is WARL: each encoding the hart keeps is a PMLEN it has. */
		for (unsigned long pmm = 2; pmm <= 3; pmm++) {
			csr_clear(CSR_MENVCFG, MENVCFG_PMM);
			csr_set(CSR_MENVCFG, pmm << MENVCFG_PMM_SHIFT);
			if (((csr_read(CSR_MENVCFG) & MENVCFG_PMM) >> MENVCFG_PMM_SHIFT) == pmm)
				*pmlen_supported |= 1U << (pmm == 2 ? 7 : 16);
		}
		csr_clear(CSR_MENVCFG, MENVCFG_PMM);
		if (*pmlen_supported)
			supported |= 1U << SBI_FWFT_POINTER_MASKING_PMLEN;
	}
	return supported;
}
