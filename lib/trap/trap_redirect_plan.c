/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a redirected trap goes and what the target mode sees: the pure rules
 * (include/trap_redirect.h). Privileged spec references: "Trap Entry"
 * (sstatus.SPP/SPIE/SIE), H extension "Hypervisor Status Register" (SPV,
 * SPVP, GVA), "htval"/"htinst", and "Trap Entry" under H: a trap from V=1
 * whose cause is set in hedeleg goes to VS-mode, which sees it in its vs*
 * CSRs and stays virtualized.
 */
#include "riscv_csr.h"
#include "trap_redirect.h"

bool trap_cause_vs_delegable(unsigned long cause)
{
	/* hedeleg bits 9-11 (S/VS/M ecall), 20-23 (guest-page faults, virtual
	 * instruction) are read-only zero: those always go to HS-mode. */
	switch (cause) {
	case CAUSE_SUPERVISOR_ECALL:
	case CAUSE_VIRTUAL_SUPERVISOR_ECALL:
	case CAUSE_MACHINE_ECALL:
	case CAUSE_FETCH_GUEST_PAGE_FAULT:
	case CAUSE_LOAD_GUEST_PAGE_FAULT:
	case CAUSE_VIRTUAL_INSTRUCTION:
	case CAUSE_STORE_GUEST_PAGE_FAULT:
	case CAUSE_DOUBLE_TRAP:       /* a double trap in VS-mode is HS-mode's to take */
		return false;
	default:
		return cause < 64;
	}
}

bool trap_cause_tval_is_address(unsigned long cause)
{
	switch (cause) {
	case CAUSE_MISALIGNED_FETCH:
	case CAUSE_FETCH_ACCESS:
	case CAUSE_BREAKPOINT:
	case CAUSE_MISALIGNED_LOAD:
	case CAUSE_LOAD_ACCESS:
	case CAUSE_MISALIGNED_STORE:
	case CAUSE_STORE_ACCESS:
	case CAUSE_FETCH_PAGE_FAULT:
	case CAUSE_LOAD_PAGE_FAULT:
	case CAUSE_STORE_PAGE_FAULT:
	case CAUSE_FETCH_GUEST_PAGE_FAULT:
	case CAUSE_LOAD_GUEST_PAGE_FAULT:
	case CAUSE_STORE_GUEST_PAGE_FAULT:
		return true;
	default:
		return false;
	}
}

static bool cause_is_guest_page_fault(unsigned long cause)
{
	return cause == CAUSE_FETCH_GUEST_PAGE_FAULT || cause == CAUSE_LOAD_GUEST_PAGE_FAULT ||
	       cause == CAUSE_STORE_GUEST_PAGE_FAULT;
}

/*
 * sstatus-layout trap entry: SPP = previous mode was S, SPIE = SIE, SIE = 0;
 * SPELP = the landing-pad state at the trap (Zicfilp); SDT = 1 where double
 * traps are enabled (Ssdbltrp).
 */
static unsigned long status_trap_entry(unsigned long status, bool from_s, bool elp, bool dte)
{
	unsigned long sie = status & MSTATUS_SIE;

	status &= ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE | MSTATUS_SPELP);
	if (from_s)
		status |= MSTATUS_SPP;
	if (sie)
		status |= MSTATUS_SPIE;
	if (elp)
		status |= MSTATUS_SPELP;
	if (dte)
		status |= MSTATUS_SDT;
	return status;
}

void trap_redirect_plan(const struct trap_origin *o, struct trap_redirect *r)
{
	unsigned long prev_mode = (o->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	bool from_virt = o->has_h && (o->mstatus & MSTATUS_MPV);
	bool elp = (o->mstatus & MSTATUS_MPELP) != 0;
	/* The handler starts with no landing pad expected (its xPELP keeps the state). */
	unsigned long mstatus = o->mstatus & ~(MSTATUS_MPP | MSTATUS_MPELP);
	unsigned long tval2 = o->tval2;

	r->xcause = o->cause;
	r->xtval = o->tval;
	r->xepc = o->mepc;
	r->hstatus = o->hstatus;
	r->htval = 0;
	r->htinst = 0;
	r->vsstatus = o->vsstatus;
	r->double_trap = false;
	r->to_vs = from_virt && trap_cause_vs_delegable(o->cause) && ((o->hedeleg >> o->cause) & 1);

	if (r->to_vs && o->vs_dte && (o->vsstatus & MSTATUS_SDT)) {
		/* VS-mode's handler is not reentrant yet: a double trap, which
		 * HS-mode takes as the hardware would deliver it (cause 16, the
		 * cause VS-mode would have seen in htval, as mtval2 holds it). */
		r->to_vs = false;
		r->xcause = CAUSE_DOUBLE_TRAP;
		tval2 = o->cause;
	}
	if (r->to_vs) {
		/* VS-mode's own trap entry, in vsstatus; HS-mode's sstatus is untouched. */
		r->vsstatus = status_trap_entry(o->vsstatus, prev_mode == PRV_S, elp, o->vs_dte);
		r->mstatus = mstatus | ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_MPV;
		r->mepc = o->vstvec & ~3UL;   /* exceptions enter at the base, vectored or not */
		return;
	}
	if (o->s_dte && (o->mstatus & MSTATUS_SDT)) {
		r->double_trap = true;
		return;
	}

	if (o->has_h) {
		unsigned long hstatus = o->hstatus & ~(HSTATUS_SPV | HSTATUS_GVA);

		/* SPV: V at the trap; SPVP: the virtual mode's privilege (kept when V was 0). */
		if (from_virt) {
			hstatus |= HSTATUS_SPV;
			hstatus = (hstatus & ~HSTATUS_SPVP) | (prev_mode == PRV_S ? HSTATUS_SPVP : 0);
			if (trap_cause_tval_is_address(o->cause))
				hstatus |= HSTATUS_GVA;
		}
		r->hstatus = hstatus;
		r->htval = cause_is_guest_page_fault(r->xcause) || r->xcause == CAUSE_DOUBLE_TRAP ? tval2 : 0;
		r->htinst = o->tinst;
		mstatus &= ~MSTATUS_MPV;
	}
	r->mstatus = status_trap_entry(mstatus, prev_mode == PRV_S, elp, o->s_dte) |
		     ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT);
	r->mepc = o->stvec & ~3UL;
}
