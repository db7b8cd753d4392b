/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU in each hart's lifecycle (include/hart_lifecycle.h). Discovery
 * finds the hart's counters (pmu_hart_init(): which exist, their width,
 * Sscofpmf, Smcntrpmf), lets S-mode read them (mcounteren), delegates the
 * overflow interrupt (Sscofpmf's LCOFI, or T-Head's own) and confirms or
 * takes back counter delegation (Smcdeleg). When the hart stops, the next
 * start (CPU hotplug, a new kernel after kexec) finds the PMU as boot left
 * it: nothing counting, mapped or pointing into old memory.
 */
#include "riscv_csr.h"     /* first: host builds take tests/fuzz/host/riscv_csr.h */
#include "hart_lifecycle.h"
#include "pmu/pmu.h"
#include "pmu/pmu_hw.h"
#include "trap_expect.h"

/* T-Head's mvendorid (Linux's THEAD_VENDOR_ID; C9xx cores report marchid and mimpid 0). */
#define MVENDORID_THEAD 0x5b7
/* Andes's mvendorid (Linux's ANDES_VENDOR_ID): M-mode kept out of the counts by its own CSR, below. */
#define MVENDORID_ANDES 0x31e

/*
 * Counter delegation must not give S-mode a way to count M-mode. The
 * Smcdeleg chapter makes MINH (bit 62) read-only 0 in the sireg2 views of
 * mhpmevent, mcyclecfg and minstretcfg: a write there leaves the real bit,
 * which the PMU keeps set, alone. Checked with menvcfg.CDE set, by writing
 * each view the value it shows: QEMU 11.1 clears the real MINH of mcyclecfg
 * and minstretcfg so (not of mhpmevent). False, with MINH set again, when a
 * view loses it.
 */
/* Writes the sireg2 view of counter idx with what it shows; false when there is none. */
static bool cdeleg_rewrite_view(unsigned long idx)
{
	unsigned long view = 0;

	csr_write(CSR_SISELECT, SISELECT_COUNTER_BASE + idx);
	return PROBE_CSR_READ(CSR_SIREG2, &view) && PROBE_CSR_WRITE(CSR_SIREG2, view);
}

/* Whether the real bit behind a view is still set; set again if not. */
#define MINH_KEPT(csr) ({ unsigned long __r = csr_read(csr); \
	csr_write(csr, __r | MHPMEVENT_MINH); \
	(__r & MHPMEVENT_MINH) != 0; })

static bool cdeleg_keeps_minh(const struct hart_state *hs)
{
	bool kept = true;

	/* mcyclecfg and minstretcfg (Smcntrpmf), mhpmevent3 (Sscofpmf) */
	if (hs->pmu.has_smcntrpmf) {
		if (cdeleg_rewrite_view(0))
			kept &= MINH_KEPT(CSR_NUM_MCYCLECFG);
		if (cdeleg_rewrite_view(2))
			kept &= MINH_KEPT(CSR_NUM_MINSTRETCFG);
	}
	if (hs->pmu.has_sscofpmf && (hs->pmu.programmable >> 3 & 1)) {
		csr_write(CSR_NUM_MHPMEVENT(3), MHPMEVENT_MINH);
		if (cdeleg_rewrite_view(3))
			kept &= MINH_KEPT(CSR_NUM_MHPMEVENT(3));
		csr_write(CSR_NUM_MHPMEVENT(3), 0);
	}
	csr_write(CSR_SISELECT, 0);
	return kept;
}

static void pmu_hart_discover(struct hart_state *hs)
{
	unsigned long mideleg = 0, mvendorid;

	hs->mcounteren = pmu_hart_init(&hs->pmu, hs->isa_features & HART_HAS_SSCOFPMF,
				       hs->isa_features & HART_HAS_SMCNTRPMF);
	mvendorid = csr_read(CSR_MVENDORID);
	if (hs->pmu.has_sscofpmf) {
		hs->features |= HART_HAS_SSCOFPMF;
		mideleg = MIP_LCOFIP;
	} else if (mvendorid == MVENDORID_THEAD && !csr_read(CSR_MARCHID) && !csr_read(CSR_MIMPID) &&
		   pmu_hart_thead_overflow(&hs->pmu)) {
		/* T-Head C906/C910: their own overflow interrupt, for S-mode (Linux's T-Head PMU erratum). */
		mideleg = 1UL << THEAD_IRQ_PMU_OVF;
	} else if (mvendorid == MVENDORID_ANDES) {
		pmu_hart_andes_mmode_uncounted(&hs->pmu);
		/* Its own overflow interrupt, for S-mode: delegated by the probe (mslideleg). */
		if (pmu_andes_hart_probe)
			pmu_andes_hart_probe(&hs->pmu);
	}
	if (hs->pmu.has_smcntrpmf)
		hs->features |= HART_HAS_SMCNTRPMF;
	if (hs->features & HART_HAS_S) {
		csr_set(CSR_MIDELEG, mideleg);
		csr_write(CSR_MCOUNTEREN, hs->mcounteren);
	}
	/* menvcfg.CDE, which the extension enables set (lib/core/hart_enables_hw.c). */
	if (hs->features & HART_HAS_SMCDELEG) {
		if (cdeleg_keeps_minh(hs)) {
			hs->features |= hs->isa_features & HART_HAS_SSCCFG;
			pmu_counters_delegated(&hs->pmu);
		} else {
			csr_clear(CSR_MENVCFG, MENVCFG_CDE);
			hs->features &= ~HART_HAS_SMCDELEG;
			hs->features |= HART_CDELEG_LOSES_MINH;
		}
	}
}

static void pmu_hart_stop(struct hart_state *hs)
{
	pmu_hart_reset(&hs->pmu);
}

HART_LIFECYCLE(10, pmu, NULL, pmu_hart_discover, NULL, pmu_hart_stop);
