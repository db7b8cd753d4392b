/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode entry of SSE event handlers (lib/sse.h). The firmware enters here
 * with a6 = hartid, a7 = ENTRY_ARG (a struct sse_handler_arg) and every
 * other register as the interrupted code left it. Switches to the event's
 * own stack, saves the interrupted registers as a struct trap_frame, calls
 * arg->handler(arg, frame, hartid), restores them and completes the event:
 * the firmware then restores a6, a7, sepc and the sstatus/hstatus bits and
 * resumes the interrupted code (SSE chapter, "Software Event Completion").
 */
#include "layout.h"

#define ARG_SP_TMP  0
#define ARG_HANDLER 8
#define ARG_STACK   16

	.section .text
	.balign 4
	.globl sse_entry
sse_entry:
	sd	sp, ARG_SP_TMP(a7)
	ld	sp, ARG_STACK(a7)
	addi	sp, sp, -TRAP_FRAME_SIZE
	sd	x1, 1 * 8(sp)
	sd	x3, 3 * 8(sp)
	sd	x4, 4 * 8(sp)
	sd	x5, 5 * 8(sp)
	sd	x6, 6 * 8(sp)
	sd	x7, 7 * 8(sp)
	sd	x8, 8 * 8(sp)
	sd	x9, 9 * 8(sp)
	sd	x10, 10 * 8(sp)
	sd	x11, 11 * 8(sp)
	sd	x12, 12 * 8(sp)
	sd	x13, 13 * 8(sp)
	sd	x14, 14 * 8(sp)
	sd	x15, 15 * 8(sp)
	sd	x16, 16 * 8(sp)
	sd	x17, 17 * 8(sp)
	sd	x18, 18 * 8(sp)
	sd	x19, 19 * 8(sp)
	sd	x20, 20 * 8(sp)
	sd	x21, 21 * 8(sp)
	sd	x22, 22 * 8(sp)
	sd	x23, 23 * 8(sp)
	sd	x24, 24 * 8(sp)
	sd	x25, 25 * 8(sp)
	sd	x26, 26 * 8(sp)
	sd	x27, 27 * 8(sp)
	sd	x28, 28 * 8(sp)
	sd	x29, 29 * 8(sp)
	sd	x30, 30 * 8(sp)
	sd	x31, 31 * 8(sp)
	ld	t0, ARG_SP_TMP(a7)
	sd	t0, 2 * 8(sp)
	sd	zero, 0(sp)
	csrr	t0, sepc
	sd	t0, TRAP_FRAME_SEPC(sp)
	csrr	t0, sstatus
	sd	t0, TRAP_FRAME_SSTATUS(sp)
	sd	zero, TRAP_FRAME_SCAUSE(sp)
	sd	zero, TRAP_FRAME_STVAL(sp)

	mv	a0, a7
	mv	a1, sp
	mv	a2, a6
	ld	t0, ARG_HANDLER(a0)
	jalr	t0

	/* A trap taken inside the handler may have changed sepc/sstatus. */
	ld	t0, TRAP_FRAME_SEPC(sp)
	csrw	sepc, t0
	ld	t0, TRAP_FRAME_SSTATUS(sp)
	csrw	sstatus, t0
	ld	x1, 1 * 8(sp)
	ld	x3, 3 * 8(sp)
	ld	x4, 4 * 8(sp)
	ld	x5, 5 * 8(sp)
	ld	x6, 6 * 8(sp)
	ld	x7, 7 * 8(sp)
	ld	x8, 8 * 8(sp)
	ld	x9, 9 * 8(sp)
	ld	x10, 10 * 8(sp)
	ld	x11, 11 * 8(sp)
	ld	x12, 12 * 8(sp)
	ld	x13, 13 * 8(sp)
	ld	x14, 14 * 8(sp)
	ld	x15, 15 * 8(sp)
	ld	x18, 18 * 8(sp)
	ld	x19, 19 * 8(sp)
	ld	x20, 20 * 8(sp)
	ld	x21, 21 * 8(sp)
	ld	x22, 22 * 8(sp)
	ld	x23, 23 * 8(sp)
	ld	x24, 24 * 8(sp)
	ld	x25, 25 * 8(sp)
	ld	x26, 26 * 8(sp)
	ld	x27, 27 * 8(sp)
	ld	x28, 28 * 8(sp)
	ld	x29, 29 * 8(sp)
	ld	x30, 30 * 8(sp)
	ld	x31, 31 * 8(sp)
	ld	sp, 2 * 8(sp)
	/* sbi_sse_complete: a6/a7 come back from INTERRUPTED_A6/A7. */
	li	a7, 0x535345
	li	a6, 6
	ecall
	/* Only if complete returned: no event was running (a bug). */
	unimp
