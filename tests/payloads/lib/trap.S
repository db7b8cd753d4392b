/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode trap vector: saves every register into a struct trap_frame on the
 * current stack, calls trap_dispatch(frame) and returns with sret, so a
 * test's handler may resume the interrupted code (it may change frame->sepc).
 */
#include "layout.h"

	.section .text
	.balign 4
	.globl trap_entry
trap_entry:
	addi	sp, sp, -TRAP_FRAME_SIZE
	trap_frame_store TRAP_FRAME_GPRS
	addi	t0, sp, TRAP_FRAME_SIZE
	sd	t0, 2 * 8(sp)
	sd	zero, 0(sp)
	csrr	t0, sepc
	sd	t0, TRAP_FRAME_SEPC(sp)
	csrr	t0, sstatus
	sd	t0, TRAP_FRAME_SSTATUS(sp)
	csrr	t0, scause
	sd	t0, TRAP_FRAME_SCAUSE(sp)
	csrr	t0, stval
	sd	t0, TRAP_FRAME_STVAL(sp)

	mv	a0, sp
	call	trap_dispatch

	ld	t0, TRAP_FRAME_SEPC(sp)
	csrw	sepc, t0
	ld	t0, TRAP_FRAME_SSTATUS(sp)
	csrw	sstatus, t0
	trap_frame_load TRAP_FRAME_GPRS
	addi	sp, sp, TRAP_FRAME_SIZE
	sret
