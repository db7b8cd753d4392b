/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware Features (SBI FWFT chapter, EID 0x46574654): the core
 * (lib/ext/fwft/fwft_core.c). Every feature of the chapter is local (per hart);
 * each exists on a hart only when the hart has what it controls, found at
 * boot (lib/ext/fwft/fwft_hw.h), and reads SBI_ERR_NOT_SUPPORTED elsewhere.
 *
 *   MISALIGNED_EXC_DELEG   medeleg bits 4 and 6 (misaligned load, store/AMO)
 *   LANDING_PAD            menvcfg.LPE   (Zicfilp)
 *   SHADOW_STACK           menvcfg.SSE   (Zicfiss)
 *   DOUBLE_TRAP            menvcfg.DTE   (Ssdbltrp)
 *   PTE_AD_HW_UPDATING     menvcfg.ADUE  (Svadu)
 *   POINTER_MASKING_PMLEN  menvcfg.PMM   (Smnpm): 0, 7 or 16
 */
#ifndef ABACUS_FWFT_H
#define ABACUS_FWFT_H

#include <stdbool.h>
#include <stdint.h>
#include "sbi_spec.h"
#include "sbi_types.h"

struct fwft_hart {
	uint32_t supported;                         /* bit f: feature f exists here */
	uint32_t locked;                            /* bit f: LOCK given, until hart reset */
	unsigned long value[SBI_FWFT_FEATURE_COUNT];
	/* POINTER_MASKING_PMLEN values the hardware implements (bit n: PMLEN n). */
	uint32_t pmlen_supported;
};

/* Boot: what this hart supports; values at their defaults, applied. */
void fwft_hart_init(struct fwft_hart *fh, uint32_t supported, uint32_t pmlen_supported);
/* Hart reset (HSM stop): local features back to their defaults, unlocked. */
void fwft_hart_reset(struct fwft_hart *fh);
/*
 * The DT extensions (HART_HAS_*, from riscv,isa) a feature needs before boot
 * probes its control bits; 0 for MISALIGNED_EXC_DELEG (medeleg alone)
 * (lib/ext/fwft/fwft_isa.c).
 */
uint32_t fwft_feature_isa_needs(unsigned int feature);

struct sbiret sbi_fwft_set(struct fwft_hart *fh, uint32_t feature, unsigned long value, unsigned long flags);
struct sbiret sbi_fwft_get(struct fwft_hart *fh, uint32_t feature);

/* Is the feature on (for SSE's interrupted flags)? */
static inline bool fwft_enabled(const struct fwft_hart *fh, unsigned int feature)
{
	return fh->value[feature] != 0;
}

#endif
