/* SPDX-License-Identifier: BSD-2-Clause */
/* The register frame the trap entry builds on the hart's M-mode stack. */
#ifndef ABACUS_TRAP_H
#define ABACUS_TRAP_H

#define TRAP_FRAME_REGS    32           /* x0..x31 by register number (x0 unused) */
#define TRAP_FRAME_MEPC    (32 * 8)
#define TRAP_FRAME_MSTATUS (33 * 8)
#define TRAP_FRAME_SIZE    (34 * 8)

#ifndef __ASSEMBLER__
#include <stdbool.h>

struct trap_frame {
	unsigned long regs[TRAP_FRAME_REGS];
	unsigned long mepc;
	unsigned long mstatus;
};

/* Non-ecall traps (interrupts, exceptions), called from firmware/trap_entry.S. */
void sbi_trap_handler(struct trap_frame *frame);
/*
 * Sends a trap from S/U-mode (or VS/VU-mode) on to the mode that would have
 * taken it had M-mode delegated it: S/HS-mode, or VS-mode when the trap came
 * from V=1 and hedeleg delegates its cause (include/sbi_trap_redirect.h).
 * The _full form also gives mtval2 (guest physical address >> 2 of a
 * guest-page fault, for htval) and mtinst (for htinst, or 0).
 */
void sbi_trap_redirect(struct trap_frame *frame, unsigned long cause, unsigned long tval);
void sbi_trap_redirect_full(struct trap_frame *frame, unsigned long cause, unsigned long tval,
			    unsigned long tval2, unsigned long tinst);
/*
 * The same for a trap whose return state is not in a frame: mstatus and mepc
 * are what the mret will use, updated in place (legacy calls redirect a
 * fault with the live CSRs, without a whole trap_frame on the stack).
 * False, with nothing changed, when S-mode's trap handler cannot take it
 * (Ssdbltrp: sstatus.SDT set, a double trap); the _full form and
 * sbi_trap_redirect() then hand it to the SSE double-trap event or stop the hart.
 */
bool sbi_trap_redirect_state(unsigned long *mstatus, unsigned long *mepc, unsigned long cause, unsigned long tval,
			     unsigned long tval2, unsigned long tinst);
#endif

#endif
