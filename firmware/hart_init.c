/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart M-mode set-up, run by every hart on its own stack: features (DT
 * ISA string confirmed by probing), trap vector, delegation, counters,
 * menvcfg and the PMP entry that hides the firmware from S/U-mode.
 */
#include "hart_ext.h"
#include "riscv_csr.h"
#include "sbi_boot.h"
#include "sbi_hsm.h"
#include "sbi_memory.h"
#include "trap_expect.h"

extern char trap_entry[];

/* Exceptions S-mode handles itself (the rest come to M-mode: emulation, counting). */
#define MEDELEG_SMODE ((1UL << CAUSE_MISALIGNED_FETCH) | (1UL << CAUSE_BREAKPOINT) | \
		       (1UL << CAUSE_USER_ECALL) | (1UL << CAUSE_FETCH_PAGE_FAULT) | \
		       (1UL << CAUSE_LOAD_PAGE_FAULT) | (1UL << CAUSE_STORE_PAGE_FAULT))
#define MEDELEG_HYP   ((1UL << CAUSE_VIRTUAL_SUPERVISOR_ECALL) | (1UL << CAUSE_FETCH_GUEST_PAGE_FAULT) | \
		       (1UL << CAUSE_LOAD_GUEST_PAGE_FAULT) | (1UL << CAUSE_VIRTUAL_INSTRUCTION) | \
		       (1UL << CAUSE_STORE_GUEST_PAGE_FAULT))
#define MIDELEG_SMODE (MIP_SSIP | MIP_STIP | MIP_SEIP)
#define MIDELEG_HYP   ((1UL << IRQ_VS_SOFT) | (1UL << IRQ_VS_TIMER) | (1UL << IRQ_VS_EXT) | (1UL << IRQ_SG_EXT))

#define PROBE_CSR_READ(csr, out) ({ unsigned long __v = 0; bool __t; trap_expect_begin(); \
	__asm__ __volatile__(".option push\n.option norvc\ncsrr %0, " csr_str(csr) "\n.option pop" \
			     : "+&r"(__v) : : "memory"); \
	__t = trap_expect_end(); if (!__t) *(out) = __v; !__t; })
#define PROBE_CSR_WRITE(csr, val) ({ unsigned long __v = (val); trap_expect_begin(); \
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(csr) ", %0\n.option pop" \
			     : : "r"(__v) : "memory"); \
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
	/* Sstc needs menvcfg.STCE too; the ISA string must claim it, stimecmp must exist. */
	if ((hs->isa_features & HART_HAS_SSTC) && (f & HART_HAS_MENVCFG) && PROBE_CSR_READ(CSR_STIMECMP, &v))
		f |= HART_HAS_SSTC;
	hs->features = f;
}

/* NAPOT encoding of a power-of-two region aligned to its size. */
static unsigned long pmp_napot(unsigned long base, unsigned long size)
{
	return (base | (size / 2 - 1)) >> 2;
}

static void setup_pmp(struct hart_state *hs)
{
	unsigned long cfg;

	/* Two entries: 0 denies S/U all access to the firmware region, 1 allows the
	 * rest of the address space. M-mode is not bound by unlocked entries. */
	if (!PROBE_CSR_WRITE(CSR_PMPADDR0, pmp_napot(sbi_memory.fw_base, sbi_memory.fw_size)) ||
	    !PROBE_CSR_WRITE(CSR_PMPADDR1, -1UL)) {
		hs->pmp_count = 0;
		return;
	}
	cfg = (unsigned long)PMP_A_NAPOT | ((unsigned long)(PMP_A_NAPOT | PMP_R | PMP_W | PMP_X) << 8);
	if (!PROBE_CSR_WRITE(CSR_PMPCFG0, cfg)) {
		hs->pmp_count = 0;
		return;
	}
	hs->pmp_count = 2;
	__asm__ __volatile__("sfence.vma" ::: "memory");
}

void hart_init_mmode(struct hart_state *hs)
{
	unsigned long medeleg = MEDELEG_SMODE, mideleg = MIDELEG_SMODE, menvcfg = 0;

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
	}
	if (hs->pmu.has_smcntrpmf)
		hs->features |= HART_HAS_SMCNTRPMF;

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
	if (hs->features & HART_HAS_MENVCFG) {
		if (hs->features & HART_HAS_SSTC)
			menvcfg |= MENVCFG_STCE;
		if (hs->features & HART_HAS_ZICBOM)
			menvcfg |= (1UL << 4) | MENVCFG_CBCFE;    /* CBIE = 01: invalidate executes as flush */
		if (hs->features & HART_HAS_ZICBOZ)
			menvcfg |= MENVCFG_CBZE;
		csr_write(CSR_MENVCFG, menvcfg);
	}
	if (hs->features & HART_HAS_SSTC)
		csr_write(CSR_STIMECMP, -1UL);
	setup_pmp(hs);
	/* SSE, FWFT (its medeleg/menvcfg bits), DBTR: lib/sbi/sbi_hart_ext.c. */
	hart_init_extensions(hs);
	/* IPIs wake this hart (and are taken as traps once it runs in S-mode). */
	csr_write(CSR_MIP, 0);
	csr_write(CSR_MIE, MIP_MSIP);
}
