/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-cost probe: its first instruction reads instret, i.e. the number of
 * instructions retired since reset (QEMU -icount shift=0 -smp 1), then prints
 * "boot-instret 0x<hex>" through the legacy console and powers off (legacy
 * shutdown). Runs on any SBI firmware that jumps to 0x80200000.
 */
	.section .text.entry, "ax"
	.globl _start
_start:
	rdinstret s0
	la	s1, label
1:	lbu	a0, 0(s1)
	beqz	a0, 2f
	li	a7, 1
	ecall
	addi	s1, s1, 1
	j	1b
2:	li	s2, 60
3:	srl	a0, s0, s2
	andi	a0, a0, 0xf
	li	t0, 10
	blt	a0, t0, 4f
	addi	a0, a0, 'a' - 10 - '0'
4:	addi	a0, a0, '0'
	li	a7, 1
	ecall
	addi	s2, s2, -4
	bgez	s2, 3b
	li	a0, '\n'
	li	a7, 1
	ecall
	li	a7, 8
	ecall
5:	wfi
	j	5b

	.section .rodata
label:	.asciz "boot-instret 0x"
