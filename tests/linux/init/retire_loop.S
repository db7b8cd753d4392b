/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * void retire_loop(unsigned long n), n >= 1: retires exactly 2 * n + 1
 * instructions from its first instruction to its ret, inclusive (n times
 * addi + bnez, then ret). Kept in assembly so that the count does not
 * depend on the compiler; `objdump -d build/linux/init` shows the three
 * instructions. retire_loop_end marks the end for sample IP checks.
 */
	.text
	.globl	retire_loop
	.type	retire_loop, @function
retire_loop:
1:	addi	a0, a0, -1
	bnez	a0, 1b
	ret
	.size	retire_loop, . - retire_loop
	.globl	retire_loop_end
retire_loop_end:

	.section .note.GNU-stack, "", @progbits
