/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart M-mode set-up, run by every hart on its own stack: features (DT
 * ISA string confirmed by probing), trap vector, delegation, counters,
 * menvcfg and the PMP entry that hides the firmware from S/U-mode.
 */
#include "imsic.h"
#include "pmu/pmu_hw.h"
#include "dbtr/dbtr_hw.h"
#include "fwft/fwft_hw.h"
#include "hart_ext.h"
#include "hart_lifecycle.h"
#include "ipi_device.h"
#include "riscv_csr.h"
#include "boot.h"
#include "hart_enables.h"
#include "memory_map.h"
#include "pmp.h"
#include "trap_expect.h"

extern char trap_entry[];

/*
 * Exceptions S-mode handles itself (the rest come to M-mode: emulation,
 * counting). The software-check exception (Zicfilp/Zicfiss: a missing
 * landing pad, a shadow-stack mismatch) is S/U-mode's own CFI failure.
 */
#define MEDELEG_SMODE ((1UL << CAUSE_MISALIGNED_FETCH) | (1UL << CAUSE_BREAKPOINT) | \
		       (1UL << CAUSE_USER_ECALL) | (1UL << CAUSE_FETCH_PAGE_FAULT) | \
		       (1UL << CAUSE_LOAD_PAGE_FAULT) | (1UL << CAUSE_STORE_PAGE_FAULT) | \
		       (1UL << CAUSE_SOFTWARE_CHECK))
#define MEDELEG_HYP   ((1UL << CAUSE_VIRTUAL_SUPERVISOR_ECALL) | (1UL << CAUSE_FETCH_GUEST_PAGE_FAULT) | \
		       (1UL << CAUSE_LOAD_GUEST_PAGE_FAULT) | (1UL << CAUSE_VIRTUAL_INSTRUCTION) | \
		       (1UL << CAUSE_STORE_GUEST_PAGE_FAULT))
#define MIDELEG_SMODE (MIP_SSIP | MIP_STIP | MIP_SEIP)
/* T-Head's mvendorid (Linux's THEAD_VENDOR_ID; C9xx cores report marchid and mimpid 0): the PMU overflow interrupt, below. */
#define MVENDORID_THEAD 0x5b7
#define MIDELEG_HYP   ((1UL << IRQ_VS_SOFT) | (1UL << IRQ_VS_TIMER) | (1UL << IRQ_VS_EXT) | (1UL << IRQ_SG_EXT))

#define PROBE_CSR_READ(csr, out) ({ unsigned long __v = 0; bool __t; trap_expect_begin(); \
	csr_read_expecting_trap(csr, __v); \
	__t = trap_expect_end(); if (!__t) *(out) = __v; !__t; })
#define PROBE_CSR_WRITE(csr, val) ({ unsigned long __v = (val); trap_expect_begin(); \
	csr_write_expecting_trap(csr, __v); \
	!trap_expect_end(); })

static void probe_features(struct hart_state *hs)
{
	unsigned long misa = csr_read(CSR_MISA), v;
	uint32_t f = hs->isa_features & (HART_HAS_ZICBOM | HART_HAS_ZICBOZ | HART_HAS_ZKR);

	/* misa is authoritative for S and H when implemented (non-zero). */
	if (misa) {
		if (misa & MISA_EXT('S'))
			f |= HART_HAS_S;
		if (misa & MISA_EXT('H'))
			f |= HART_HAS_H;
	} else {
		f |= hs->isa_features & (HART_HAS_S | HART_HAS_H);
	}
	if (PROBE_CSR_READ(CSR_MENVCFG, &v))
		f |= HART_HAS_MENVCFG;
	/* Smdbltrp: MDT (cleared at reset entry, firmware/entry.S) is writable.
	 * Set with no trap possible before it is cleared again. */
	if (hs->isa_features & HART_HAS_SMDBLTRP) {
		csr_set(CSR_MSTATUS, MSTATUS_MDT);
		if (csr_read_clear(CSR_MSTATUS, MSTATUS_MDT) & MSTATUS_MDT)
			f |= HART_HAS_SMDBLTRP;
	}
	/* Sscsrind: siselect exists (counter delegation reaches the counters through it). */
	if ((hs->isa_features & HART_HAS_SSCSRIND) && PROBE_CSR_READ(CSR_SISELECT, &v))
		f |= HART_HAS_SSCSRIND;
	/* Sstc needs menvcfg.STCE too; the ISA string must claim it, stimecmp must exist. */
	if ((hs->isa_features & HART_HAS_SSTC) && (f & HART_HAS_MENVCFG) && PROBE_CSR_READ(CSR_STIMECMP, &v))
		f |= HART_HAS_SSTC;
	hs->features = f;
}

/*
 * PMP: deny S/U-mode the firmware region and every device the firmware owns
 * (sbi_memory.denied), allow the rest (include/pmp.h has the layout).
 * A hart that cannot deny them all (too few entries, entries locked by an
 * earlier stage, no PMP) is not given to S-mode: S-mode there could write
 * the firmware or stall it through its devices (clear a hart's msip while a
 * remote fence waits for it). It stays in M-mode; the boot log names it
 * and what it could not deny (firmware/boot_finish.c).
 */
static void setup_pmp(struct hart_state *hs)
{
	pmp_probe(&hs->pmp_count, &hs->pmp_granule);
	pmp_deny(sbi_memory.denied, sbi_memory.denied_count, hs->pmp_count, hs->pmp_granule ? hs->pmp_granule : 4,
		 &hs->pmp_denied);
	if (hs->pmp_denied < sbi_memory.denied_count)
		hs->features &= ~HART_HAS_S;
}

/* Sets bits in a WARL CSR, then keeps only those that stuck: the hart has them. */
#define PROBE_ENABLE(csr, want) ({ unsigned long __got = 0; \
	if (PROBE_CSR_WRITE(csr, want)) \
		PROBE_CSR_READ(csr, &__got); \
	__got & (want); })

/*
 * Counter delegation must not give S-mode a way to count M-mode. The
 * Smcdeleg chapter makes MINH (bit 62) read-only 0 in the sireg2 views of
 * mhpmevent, mcyclecfg and minstretcfg: a write there leaves the real bit,
 * which the PMU keeps set (lib/pmu), alone. Checked with menvcfg.CDE set,
 * by writing each view the value it shows: QEMU 11.1 clears the real MINH
 * of mcyclecfg and minstretcfg so (not of mhpmevent). False, with MINH set
 * again, when a view loses it.
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

/* Sets the enables hart_extension_enables() asks for and keeps what the hart confirms. */
static void setup_extension_enables(struct hart_state *hs)
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
		if ((got & MENVCFG_CDE) && cdeleg_keeps_minh(hs)) {
			hs->features |= HART_HAS_SMCDELEG | (hs->isa_features & HART_HAS_SSCCFG);
			pmu_counters_delegated(&hs->pmu);
		} else if (got & MENVCFG_CDE) {
			csr_clear(CSR_MENVCFG, MENVCFG_CDE);
			hs->features |= HART_CDELEG_LOSES_MINH;
		}
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

/* Also when the hart stops (HSM hart_stop): what S-mode passed on is taken back. */
void hart_reset_stateen(struct hart_state *hs)
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

HART_LIFECYCLE(50, stateen, NULL, hart_reset_stateen);

/*
 * What the SBI 3.0 extensions can give S-mode on this hart, as part of its
 * feature discovery: each service records it in its per-hart state, and the
 * HART_HAS_* bits other services read are set here, before any service's
 * lifecycle init runs.
 */
static void discover_sbi3_features(struct hart_state *hs)
{
	struct hart_ext *ext = hs->ext;
	/* One more than offered: a hart with more triggers is told in the boot log, not cut silently. */
	uint32_t trigger_types[DBTR_MAX_TRIGGERS + 1] = { 0 };
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
		triggers = dbtr_hw_probe(trigger_types, DBTR_MAX_TRIGGERS + 1);
	if (triggers)
		hs->features |= HART_HAS_SDTRIG;
	dbtr_hart_init(&ext->dbtr, triggers, trigger_types);
}

void hart_init_mmode(struct hart_state *hs)
{
	unsigned long medeleg = MEDELEG_SMODE, mideleg = MIDELEG_SMODE;

	csr_write(CSR_MIE, 0);
	/* 0 while in M-mode: firmware/trap_entry.S tells M-mode traps apart by it. */
	csr_write(CSR_MSCRATCH, 0);
	csr_write(CSR_MTVEC, (unsigned long)trap_entry);
	probe_features(hs);

	/* Counters first: Sscofpmf decides whether the overflow interrupt is delegated. */
	hs->mcounteren = pmu_hart_init(&hs->pmu, hs->isa_features & HART_HAS_SSCOFPMF,
				       hs->isa_features & HART_HAS_SMCNTRPMF);
	if (hs->pmu.has_sscofpmf) {
		hs->features |= HART_HAS_SSCOFPMF;
		mideleg |= MIP_LCOFIP;
	} else if (csr_read(CSR_MVENDORID) == MVENDORID_THEAD && !csr_read(CSR_MARCHID) && !csr_read(CSR_MIMPID) &&
		   pmu_hart_thead_overflow(&hs->pmu)) {
		/* T-Head C906/C910: their own overflow interrupt, for S-mode (Linux's T-Head PMU erratum). */
		mideleg |= 1UL << THEAD_IRQ_PMU_OVF;
	}
	if (hs->pmu.has_smcntrpmf)
		hs->features |= HART_HAS_SMCNTRPMF;
	/* Before anything is set up for S-mode: it may be withheld. */
	setup_pmp(hs);

	if (hs->features & HART_HAS_S) {
		if (hs->features & HART_HAS_H) {
			medeleg |= MEDELEG_HYP;
			mideleg |= MIDELEG_HYP;
		}
		csr_write(CSR_MEDELEG, medeleg);
		csr_write(CSR_MIDELEG, mideleg);
		csr_write(CSR_MCOUNTEREN, hs->mcounteren);
		csr_write(CSR_SIE, 0);
		csr_write(CSR_STVEC, 0);
		csr_write(CSR_SATP, 0);
	}
	setup_extension_enables(hs);
	if (hs->features & HART_HAS_SSTC)
		csr_write(CSR_STIMECMP, -1UL);
	/* FWFT (its medeleg/menvcfg bits), DBTR; then every service's per-hart state. */
	discover_sbi3_features(hs);
	hart_lifecycle_init(hs);
	/* IPIs wake this hart (and are taken as traps once it runs in S-mode):
	 * MSIP, or MEIP from its M-level IMSIC file when it has no MSWI slot. */
	imsic_hart_init(hs);
	csr_write(CSR_MIP, 0);
	csr_write(CSR_MIE, hs->ipi_dev ? hs->ipi_dev->mip : MIP_MSIP);
}
