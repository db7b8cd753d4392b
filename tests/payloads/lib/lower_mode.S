/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running a function in a lower privilege mode (lower_mode.c): enter with
 * sret, come back with an ecall from a return stub, and resume the caller
 * where it left off. Also the VS-mode trap vector the tests point vstvec at.
 */
#include "layout.h"

	.section .text
	.balign 4
/* lower_mode_enter(fn, arg, ctx): the mode is set up (sstatus.SPP, hstatus.SPV). */
	.globl lower_mode_enter
lower_mode_enter:
	sd	ra, 0(a2)
	sd	sp, 8(a2)
	sd	s0, 16(a2)
	sd	s1, 24(a2)
	sd	s2, 32(a2)
	sd	s3, 40(a2)
	sd	s4, 48(a2)
	sd	s5, 56(a2)
	sd	s6, 64(a2)
	sd	s7, 72(a2)
	sd	s8, 80(a2)
	sd	s9, 88(a2)
	sd	s10, 96(a2)
	sd	s11, 104(a2)
	sd	gp, 112(a2)
	sd	tp, 120(a2)
	csrw	sepc, a0
	mv	a0, a1
	la	ra, lower_mode_return
	sret

/* fn returns here, in the lower mode; the ecall brings a0 back to S-mode. */
	.globl lower_mode_return
lower_mode_return:
	ecall
	j	lower_mode_return

/* The S-mode trap handler sret's here (lower_mode.c) with a0 = fn's result. */
	.globl lower_mode_resume
lower_mode_resume:
	la	a2, lower_mode_ctx
	ld	ra, 0(a2)
	ld	sp, 8(a2)
	ld	s0, 16(a2)
	ld	s1, 24(a2)
	ld	s2, 32(a2)
	ld	s3, 40(a2)
	ld	s4, 48(a2)
	ld	s5, 56(a2)
	ld	s6, 64(a2)
	ld	s7, 72(a2)
	ld	s8, 80(a2)
	ld	s9, 88(a2)
	ld	s10, 96(a2)
	ld	s11, 104(a2)
	ld	gp, 112(a2)
	ld	tp, 120(a2)
	ret

/*
 * VS-mode trap vector (vstvec): in VS-mode scause/sepc/stval/sscratch are
 * the vs* CSRs. Records the trap in lower_mode_vs_last {count, scause,
 * sepc, stval, sstatus, saved t1}, steps over a 4-byte instruction, sret.
 */
	.balign 4
	.globl lower_mode_vs_vector
lower_mode_vs_vector:
	csrw	sscratch, t0
	la	t0, lower_mode_vs_last
	sd	t1, 40(t0)
	ld	t1, 0(t0)
	addi	t1, t1, 1
	sd	t1, 0(t0)
	csrr	t1, scause
	sd	t1, 8(t0)
	csrr	t1, stval
	sd	t1, 24(t0)
	csrr	t1, sstatus
	sd	t1, 32(t0)
	csrr	t1, sepc
	sd	t1, 16(t0)
	addi	t1, t1, 4
	csrw	sepc, t1
	ld	t1, 40(t0)
	csrr	t0, sscratch
	sret
