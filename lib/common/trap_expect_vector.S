/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Probe vector (trap_expect_begin/end, lib/common/trap_expect.c): mscratch
 * points at the hart's hart_state.expect {saved_t1, trapped, ...}. Skip the
 * faulting 4-byte instruction and record that a trap happened; no other
 * state changes.
 */
#include "riscv_csr.h"

	.section .text
	.align 2
	.globl trap_expect_vector
trap_expect_vector:
	csrrw	t0, CSR_MSCRATCH, t0
	sd	t1, 0(t0)
	csrr	t1, CSR_MEPC
	addi	t1, t1, 4
	csrw	CSR_MEPC, t1
	li	t1, 1
	sd	t1, 8(t0)
	ld	t1, 0(t0)
	csrrw	t0, CSR_MSCRATCH, t0
	mret
