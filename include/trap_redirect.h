/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Handing a trap the firmware took on to the mode that would have taken it
 * had it been delegated: S-mode (HS-mode with H), or VS-mode when the trap
 * came from V=1 and the hypervisor delegated its cause in hedeleg.
 *
 * trap_redirect_plan() is pure (no CSR access): it gets the trap as M-mode
 * saw it and the CSRs that decide, and says what to write, so the rules of
 * the privileged spec ("Trap Entry", H extension's hstatus/htval/htinst,
 * "Delegation of traps to VS-mode") are unit-tested on the host
 * (tests/host/test_trap_redirect.c; lib/trap/trap_redirect_plan.c).
 * lib/trap/trap_redirect.c reads and writes the CSRs around it.
 *
 * Zicfilp and Ssdbltrp, as a real trap into the target mode: its xPELP gets
 * the landing-pad state the trap into M-mode left in mstatus.MPELP (and the
 * handler starts with none expected); with double traps enabled for it its
 * SDT is set, and when SDT is already set the trap cannot be taken there:
 * from VS-mode it becomes a double trap (cause 16) for HS-mode, from S-mode
 * the plan says double_trap and the caller handles it as the hardware's
 * double trap into M-mode (lib/trap/trap_redirect.c).
 */
#ifndef ABACUS_TRAP_REDIRECT_H
#define ABACUS_TRAP_REDIRECT_H

#include <stdbool.h>

struct trap_origin {
	unsigned long mstatus;       /* at the trap: MPP, MPV, SIE */
	unsigned long mepc;
	unsigned long cause, tval;
	unsigned long tval2;         /* mtval2: guest physical address >> 2 (guest-page faults) */
	unsigned long tinst;         /* mtinst: transformed instruction, or 0 */
	bool has_h;                  /* the hart has the H extension */
	/* Read only with H: */
	unsigned long hedeleg, hstatus, vsstatus, vstvec;
	unsigned long stvec;
	bool s_dte;                  /* menvcfg.DTE: sstatus.SDT is live */
	bool vs_dte;                 /* henvcfg.DTE too: vsstatus.SDT is live */
};

struct trap_redirect {
	bool to_vs;                  /* VS-mode takes it (vs* CSRs) instead of (H)S-mode */
	unsigned long mstatus;       /* for mret: MPP/MPV of the handler's mode, S-level bits */
	unsigned long mepc;          /* the handler: stvec/vstvec base */
	unsigned long xcause, xtval, xepc;   /* scause/stval/sepc, or vscause/vstval/vsepc */
	/* To HS-mode (has_h && !to_vs): */
	unsigned long hstatus, htval, htinst;
	/* To VS-mode: */
	unsigned long vsstatus;
	/* S/HS-mode's handler has sstatus.SDT set: nothing else is valid. */
	bool double_trap;
};

/* Causes that may be delegated to VS-mode (hedeleg bits that are not read-only 0). */
bool trap_cause_vs_delegable(unsigned long cause);
/* Causes whose tval is a virtual address (hstatus.GVA when taken from V=1). */
bool trap_cause_tval_is_address(unsigned long cause);

void trap_redirect_plan(const struct trap_origin *origin, struct trap_redirect *out);

/* ---- On the hart (lib/trap/trap_redirect.c) ---- */

struct trap_frame;
/*
 * Sends a trap from S/U-mode (or VS/VU-mode) on to the mode that would have
 * taken it had M-mode delegated it: S/HS-mode, or VS-mode when the trap came
 * from V=1 and hedeleg delegates its cause. The _full form also gives
 * mtval2 (guest physical address >> 2 of a guest-page fault, for htval) and
 * mtinst (for htinst, or 0).
 */
void trap_redirect_to_smode(struct trap_frame *frame, unsigned long cause, unsigned long tval);
void trap_redirect_to_smode_full(struct trap_frame *frame, unsigned long cause, unsigned long tval,
			    unsigned long tval2, unsigned long tinst);
/*
 * The same for a trap whose return state is not in a frame: mstatus and mepc
 * are what the mret will use, updated in place (legacy calls redirect a
 * fault with the live CSRs, without a whole trap_frame on the stack).
 * False, with nothing changed, when S-mode's trap handler cannot take it
 * (Ssdbltrp: sstatus.SDT set, a double trap); the _full form and
 * trap_redirect_to_smode() then hand it to the SSE double-trap event or stop the hart.
 */
bool trap_redirect_state(unsigned long *mstatus, unsigned long *mepc, unsigned long cause, unsigned long tval,
			     unsigned long tval2, unsigned long tinst);
/*
 * A trap S-mode cannot take (sstatus.SDT set: the hardware's double trap
 * from S-mode, or one a redirect found): the SSE double-trap event when
 * S-mode enabled it (delivered on the trap's way out), else the hart stops
 * with a report.
 */
void trap_double_trap(struct trap_frame *frame);

#endif
