/* SPDX-License-Identifier: BSD-2-Clause */
/* The register frame the trap entry builds on the hart's M-mode stack. */
#ifndef ABACUS_TRAP_H
#define ABACUS_TRAP_H

#define TRAP_FRAME_REGS    32           /* x0..x31 by register number (x0 unused) */
#define TRAP_FRAME_MEPC    (32 * 8)
#define TRAP_FRAME_MSTATUS (33 * 8)
#define TRAP_FRAME_SIZE    (34 * 8)

#ifdef __ASSEMBLER__
#include "riscv_csr.h"
/*
 * The ecall fast path's return to S/U-mode (firmware/trap_entry.S, and the
 * SSE slot of the extension table, lib/ext/sse/sse_ecall_entry.S):
 * mscratch gets the empty stack's top again, the registers the fast path
 * saved come back (a0/a1 hold the sbiret), then mret.
 */
.macro ECALL_RETURN
	addi	t0, sp, TRAP_FRAME_SIZE
	csrw	CSR_MSCRATCH, t0
	ld	ra, 1 * 8(sp)
	ld	t0, 5 * 8(sp)
	ld	t1, 6 * 8(sp)
	ld	a2, 12 * 8(sp)
	ld	a3, 13 * 8(sp)
	ld	a4, 14 * 8(sp)
	ld	a5, 15 * 8(sp)
	ld	a6, 16 * 8(sp)
	ld	a7, 17 * 8(sp)
	ld	sp, 2 * 8(sp)
	mret
.endm
#else
#include <stdbool.h>

struct trap_frame {
	unsigned long regs[TRAP_FRAME_REGS];
	unsigned long mepc;
	unsigned long mstatus;
};

/* Non-ecall traps (interrupts, exceptions), called from firmware/trap_entry.S. */
void trap_handler(struct trap_frame *frame);
/*
 * The work a hart does on the slow trap exit when its hart_state.exit_work
 * is set (firmware/trap_entry.S): frame is the trap's, and what it changes
 * there is where the hart returns. One extension provides it, as an alias
 * of its own function (TRAP_EXIT_WORK()), and is the only one that sets the
 * flag: a second provider fails the link (a multiple definition of
 * trap_exit_work). The alias costs nothing: the trap exit calls the
 * extension's function directly.
 */
void trap_exit_work(struct trap_frame *frame);
#define TRAP_EXIT_WORK(fn) \
	void trap_exit_work(struct trap_frame *frame) __attribute__((alias(#fn)))
#endif

#endif
