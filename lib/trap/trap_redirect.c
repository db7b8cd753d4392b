/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Handing a trap on to S-mode on the hart (include/trap_redirect.h):
 * the CSRs that decide are read, the plan (lib/trap/trap_redirect_plan.c)
 * says what to write, and the CSRs and the trap's return state are written.
 * A trap S-mode cannot take (Ssdbltrp: sstatus.SDT set) goes to the SSE
 * double-trap event, or stops the hart with a report.
 */
#include "hart.h"
#include "hart_ext.h"
#include "mstatus_mpv.h"
#include "riscv_csr.h"
#include "sse/sse.h"
#include "trap_redirect.h"
#include "trap_report.h"

bool trap_redirect_state(unsigned long *mstatus, unsigned long *mepc, unsigned long cause, unsigned long tval,
			     unsigned long tval2, unsigned long tinst)
{
	struct hart_state *hs = current_hart();
	struct trap_origin origin = {
		.mstatus = *mstatus, .mepc = *mepc, .cause = cause, .tval = tval,
		.tval2 = tval2, .tinst = tinst, .has_h = (hs->features & HART_HAS_H) != 0,
		.s_dte = fwft_enabled(&hs->ext->fwft, SBI_FWFT_DOUBLE_TRAP),
	};
	struct trap_redirect r;

	if (origin.has_h) {
		origin.hedeleg = csr_read(CSR_HEDELEG);
		origin.hstatus = csr_read(CSR_HSTATUS);
		origin.vsstatus = csr_read(CSR_VSSTATUS);
		origin.vstvec = csr_read(CSR_VSTVEC);
		origin.vs_dte = origin.s_dte && (csr_read(CSR_HENVCFG) & MENVCFG_DTE);
	}
	origin.stvec = csr_read(CSR_STVEC);
	trap_redirect_plan(&origin, &r);
	if (r.double_trap)
		return false;

	if (r.to_vs) {
		csr_write(CSR_VSCAUSE, r.xcause);
		csr_write(CSR_VSTVAL, r.xtval);
		csr_write(CSR_VSEPC, r.xepc);
		csr_write(CSR_VSSTATUS, r.vsstatus);
	} else {
		if (origin.has_h) {
			csr_write(CSR_HSTATUS, r.hstatus);
			csr_write(CSR_HTVAL, r.htval);
			csr_write(CSR_HTINST, r.htinst);
			/* From VS/VU-mode to HS-mode: V = 0 after the mret. */
			if (origin.mstatus & MSTATUS_MPV)
				mstatus_mpv_write(false);
		}
		csr_write(CSR_SCAUSE, r.xcause);
		csr_write(CSR_STVAL, r.xtval);
		csr_write(CSR_SEPC, r.xepc);
	}
	*mstatus = r.mstatus;
	*mepc = r.mepc;
	return true;
}

/*
 * Ssdbltrp: a trap S-mode (HS-mode) cannot take, as its trap handler still
 * has sstatus.SDT set - the hardware's double trap (cause 16), or one the
 * firmware would have redirected. S-mode's trap handler cannot run, and
 * returning would only trap again: the SSE double-trap event, when S-mode
 * enabled it, runs its handler (delivered on this trap's way out); else the
 * hart stops with a report.
 */
__attribute__((noinline)) void trap_double_trap(struct trap_frame *frame)
{
	if (sse_double_trap(current_hart()))
		return;
	trap_panic(frame, "S-mode double trap (sstatus.SDT set) and no SSE double-trap event enabled");
}

__attribute__((noinline)) void trap_redirect_to_smode_full(struct trap_frame *frame, unsigned long cause,
							unsigned long tval, unsigned long tval2, unsigned long tinst)
{
	if (!trap_redirect_state(&frame->mstatus, &frame->mepc, cause, tval, tval2, tinst))
		trap_double_trap(frame);
}

void trap_redirect_to_smode(struct trap_frame *frame, unsigned long cause, unsigned long tval)
{
	trap_redirect_to_smode_full(frame, cause, tval, 0, 0);
}
