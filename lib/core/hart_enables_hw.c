/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The M-mode enables of S-mode's ISA extensions on the hart, in each hart's
 * lifecycle (include/hart_lifecycle.h): menvcfg, mseccfg and mstateen0-3
 * set from what hart_extension_enables() (hart_enables.c, pure) asks, and
 * only what the hart keeps is recorded (HART_HAS_*); when the hart stops,
 * the sstateen and hstateen CSRs S-mode may have written start at nothing
 * again. Counter delegation (menvcfg.CDE) is set here and confirmed or taken
 * back by the PMU's discovery (lib/ext/pmu/pmu_hart.c), which runs next.
 */
#include "riscv_csr.h"     /* first: host builds take tests/fuzz/host/riscv_csr.h */
#include "hart_enables.h"
#include "hart_lifecycle.h"
#include "trap_expect.h"

/* Also when the hart stops (HSM hart_stop): what S-mode passed on is taken back. */
static void hart_reset_stateen(struct hart_state *hs)
{
	/* What S-mode and HS-mode may pass on starts at nothing (Smstateen chapter, "Usage"). */
	if (!(hs->features & HART_HAS_SMSTATEEN) || !(hs->features & HART_HAS_S))
		return;
	csr_write(CSR_SSTATEEN0, 0);
	csr_write(CSR_SSTATEEN1, 0);
	csr_write(CSR_SSTATEEN2, 0);
	csr_write(CSR_SSTATEEN3, 0);
	if (!(hs->features & HART_HAS_H))
		return;
	csr_write(CSR_HSTATEEN0, 0);
	csr_write(CSR_HSTATEEN1, 0);
	csr_write(CSR_HSTATEEN2, 0);
	csr_write(CSR_HSTATEEN3, 0);
}

/* Sets the enables hart_extension_enables() asks for and keeps what the hart confirms. */
static void hart_enables_discover(struct hart_state *hs)
{
	struct hart_enables want = hart_extension_enables(hs->features, hs->isa_features);
	unsigned long mseccfg, got;

	if (hs->features & HART_HAS_MENVCFG) {
		/* Smcdeleg without Sscsrind would delegate counters S-mode cannot reach. */
		if (!(hs->features & HART_HAS_SSCSRIND))
			want.menvcfg &= ~MENVCFG_CDE;
		got = PROBE_ENABLE(CSR_MENVCFG, want.menvcfg);
		if (got & MENVCFG_PBMTE)
			hs->features |= HART_HAS_SVPBMT;
		if (got & MENVCFG_ADUE)
			hs->features |= HART_HAS_SVADU;
		if (got & MENVCFG_CDE)
			hs->features |= HART_HAS_SMCDELEG;   /* until the PMU's discovery says otherwise */
	}
	/* mseccfg also holds Smepmp's bits: set SSEED, keep the rest. */
	hs->features &= ~HART_HAS_ZKR;
	if (want.mseccfg_set && PROBE_CSR_READ(CSR_MSECCFG, &mseccfg) &&
	    (PROBE_ENABLE(CSR_MSECCFG, mseccfg | want.mseccfg_set) & MSECCFG_SSEED))
		hs->features |= HART_HAS_ZKR;
	if (want.mstateen0 && PROBE_ENABLE(CSR_MSTATEEN0, want.mstateen0)) {
		hs->features |= HART_HAS_SMSTATEEN;
		csr_write(CSR_MSTATEEN1, want.mstateen123);
		csr_write(CSR_MSTATEEN2, want.mstateen123);
		csr_write(CSR_MSTATEEN3, want.mstateen123);
		hart_reset_stateen(hs);
	}
}

HART_LIFECYCLE(05, enables, NULL, hart_enables_discover, NULL, hart_reset_stateen);
