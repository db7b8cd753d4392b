/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SSE extension's handler in the dispatch table (its SBI_EXTENSION entry
 * is below), reached from the ecall fast path (firmware/trap_entry.S,
 * lib/dispatch/sbi_ecall.c) with the ecall's registers and frame: the glue
 * (sbi_ecall_sse), then the delivery of an event the call left ready
 * (inject, enable, unmask, the next event after a complete), with the
 * call's return as the interrupted context. It returns
 * to S-mode itself (the fast path's ECALL_RETURN, include/trap.h): ra needs
 * no saving, the frame has S-mode's, and the path costs what a return to
 * the fast path's own exit did.
 */
#include "hart.h"
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "sbi_spec.h"
#include "trap.h"

	.section .text
	.globl sbi_ecall_sse_entry
sbi_ecall_sse_entry:
	call	sbi_ecall_sse
	ld	t0, TRAP_FRAME_SIZE + HART_STATE_EXIT_WORK(sp)
	bnez	t0, 2f
1:	ECALL_RETURN
2:	sd	a0, 10 * 8(sp)
	sd	a1, 11 * 8(sp)
	addi	a0, sp, TRAP_FRAME_SIZE          /* this hart's hart_state */
	call	sse_deliver_after_ecall
	ld	a0, 10 * 8(sp)
	ld	a1, 11 * 8(sp)
	j	1b

	SBI_EXTENSION SBI_EXT_SSE, sbi_ecall_sse_entry, sse
