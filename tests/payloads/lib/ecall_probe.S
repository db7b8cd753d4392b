/* SPDX-License-Identifier: BSD-2-Clause */
/* ecall_probe(p): see ecall_probe.h. sp, gp and tp keep their values. */
#define PATTERN(n) (0x5eed000000000000 | ((n) << 8) | 0xa5)

	.section .text
	.balign 4
	.globl ecall_probe
ecall_probe:
	addi	sp, sp, -128
	sd	ra, 0(sp)
	sd	s0, 8(sp)
	sd	s1, 16(sp)
	sd	s2, 24(sp)
	sd	s3, 32(sp)
	sd	s4, 40(sp)
	sd	s5, 48(sp)
	sd	s6, 56(sp)
	sd	s7, 64(sp)
	sd	s8, 72(sp)
	sd	s9, 80(sp)
	sd	s10, 88(sp)
	sd	s11, 96(sp)
	sd	a0, 104(sp)
	sd	sp, (64 + 8 * 32)(a0)
	.irp n, 1, 5, 6, 7, 8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li	x\n, PATTERN(\n)
	.endr
	ld	a1, 8(a0)
	ld	a2, 16(a0)
	ld	a3, 24(a0)
	ld	a4, 32(a0)
	ld	a5, 40(a0)
	ld	a6, 48(a0)
	ld	a7, 56(a0)
	ld	a0, 0(a0)
	ecall
	sd	t6, 112(sp)
	ld	t6, 104(sp)
	.irp n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30
	sd	x\n, (64 + 8 * \n)(t6)
	.endr
	ld	t5, 112(sp)
	sd	t5, (64 + 8 * 31)(t6)
	csrr	t5, sepc
	sd	t5, 64(t6)
	ld	ra, 0(sp)
	ld	s0, 8(sp)
	ld	s1, 16(sp)
	ld	s2, 24(sp)
	ld	s3, 32(sp)
	ld	s4, 40(sp)
	ld	s5, 48(sp)
	ld	s6, 56(sp)
	ld	s7, 64(sp)
	ld	s8, 72(sp)
	ld	s9, 80(sp)
	ld	s10, 88(sp)
	ld	s11, 96(sp)
	addi	sp, sp, 128
	ret
