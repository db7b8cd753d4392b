/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart M-mode set-up, run by every hart on its own stack: trap vector,
 * the features every service reads (DT ISA string confirmed by probing),
 * the PMP entries that hide the firmware from S/U-mode, delegation, then
 * what each service finds and sets up on the hart, through the per-hart
 * lifecycle (include/hart_lifecycle.h).
 */
#include "riscv_csr.h"
#include "boot.h"
#include "hart_lifecycle.h"
#include "imsic.h"
#include "ipi_device.h"
#include "memory_map.h"
#include "platform.h"
#include "pmp.h"
#include "trap_expect.h"

extern char trap_entry[], trap_entry_flush_tlb[];

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
#define MIDELEG_HYP   ((1UL << IRQ_VS_SOFT) | (1UL << IRQ_VS_TIMER) | (1UL << IRQ_VS_EXT) | (1UL << IRQ_SG_EXT))

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
 * (memory_map.denied), allow the rest (include/pmp.h has the layout).
 * A hart that cannot deny them all (too few entries, entries locked by an
 * earlier stage, no PMP) is not given to S-mode: S-mode there could write
 * the firmware or stall it through its devices (clear a hart's msip while a
 * remote fence waits for it). It stays in M-mode; the boot log names it
 * and what it could not deny (firmware/boot_finish.c).
 */
static void setup_pmp(struct hart_state *hs)
{
	pmp_probe(&hs->pmp_count, &hs->pmp_granule);
	pmp_deny(memory_map.denied, memory_map.denied_count, hs->pmp_count, hs->pmp_granule ? hs->pmp_granule : 4,
		 &hs->pmp_denied);
	if (hs->pmp_denied < memory_map.denied_count)
		hs->features &= ~HART_HAS_S;
}

void hart_init_mmode(struct hart_state *hs)
{
	unsigned long medeleg = MEDELEG_SMODE, mideleg = MIDELEG_SMODE;

	csr_write(CSR_MIE, 0);
	/* 0 while in M-mode: firmware/trap_entry.S tells M-mode traps apart by it. */
	csr_write(CSR_MSCRATCH, 0);
	csr_write(CSR_MTVEC, (unsigned long)(platform->trap_flushes_tlb ? trap_entry_flush_tlb : trap_entry));
	probe_features(hs);
	/* Before anything is set up for S-mode: it may be withheld. */
	setup_pmp(hs);

	if (hs->features & HART_HAS_S) {
		if (hs->features & HART_HAS_H) {
			medeleg |= MEDELEG_HYP;
			mideleg |= MIDELEG_HYP;
		}
		csr_write(CSR_MEDELEG, medeleg);
		csr_write(CSR_MIDELEG, mideleg);
		csr_write(CSR_SIE, 0);
		csr_write(CSR_STVEC, 0);
		csr_write(CSR_SATP, 0);
	}
	/* What the hart offers each service (the ISA extensions' enables, counters, features,
	 * triggers: include/hart_lifecycle.h); then every service's per-hart state. */
	hart_lifecycle_discover(hs);
	if (hs->features & HART_HAS_SSTC)
		csr_write(CSR_STIMECMP, -1UL);
	hart_lifecycle_init(hs);
	/* IPIs wake this hart (and are taken as traps once it runs in S-mode):
	 * MSIP, or MEIP from its M-level IMSIC file when it has no MSWI slot. */
	imsic_hart_init(hs);
	csr_write(CSR_MIP, 0);
	csr_write(CSR_MIE, hs->ipi_dev ? hs->ipi_dev->mip : MIP_MSIP);
}
