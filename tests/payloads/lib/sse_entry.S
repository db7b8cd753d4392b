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
	trap_frame_store TRAP_FRAME_GPRS
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
	/* Not a6/a7 (x16, x17): complete restores them. */
	trap_frame_load 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
			18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	sp, 2 * 8(sp)
	/* sbi_sse_complete: a6/a7 come back from INTERRUPTED_A6/A7. */
	li	a7, 0x535345
	li	a6, 6
	ecall
	/* Only if complete returned: no event was running (a bug). */
	unimp
