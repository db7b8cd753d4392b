/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a hart runs next (include/hart_switch.h): nowhere (park), on another
 * stack (call_on_stack), or in S/U-mode (hart_enter_next_mode).
 */
#include "riscv_csr.h"

	.section .text

/* park(): the hart stops for good (interrupts off, wfi forever). */
	.globl park
park:
	csrw	CSR_MIE, zero
1:	wfi
	j	1b

/* call_on_stack(fn, arg, stack_top): fn(arg) on another stack (deep boot work, the fatal trap report). */
	.globl call_on_stack
call_on_stack:
	addi	sp, sp, -16
	sd	ra, 8(sp)
	sd	s0, 0(sp)
	mv	s0, sp
	mv	sp, a2
	mv	t0, a0
	mv	a0, a1
	jalr	t0
	mv	sp, s0
	ld	s0, 0(sp)
	ld	ra, 8(sp)
	addi	sp, sp, 16
	ret

/*
 * hart_enter_next_mode(a0, a1, addr, mode, stack_top): leave M-mode for the
 * next stage (or a hart started by HSM) at addr in mode (PRV_S or PRV_U) with
 * a0, a1 as given. mscratch gets the top of this hart's M-mode stack, so the
 * next trap starts on an empty stack whatever call chain led here.
 */
	.globl hart_enter_next_mode
hart_enter_next_mode:
	csrw	CSR_MSCRATCH, a4
	csrw	CSR_MEPC, a2
	/* (Zicfilp: the next stage starts with no landing pad expected.) */
	li	t0, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_MPRV | \
		    MSTATUS_MPELP | MSTATUS_SPELP
	csrc	CSR_MSTATUS, t0
	slli	a3, a3, MSTATUS_MPP_SHIFT
	csrs	CSR_MSTATUS, a3
	csrw	CSR_SATP, zero
	li	t0, MSTATUS_MPV
	csrc	CSR_MSTATUS, t0
	mv	ra, zero
	mv	sp, zero
	mv	t0, zero
	mv	t1, zero
	mv	t2, zero
	mv	a2, zero
	mv	a3, zero
	mv	a4, zero
	mret
