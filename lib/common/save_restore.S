/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The shared prologues and epilogues of the code built for size
 * (-msave-restore, Makefile): a function that keeps ra and s0 .. s(n-1)
 * starts with `call t0, __riscv_save_n` and ends with `tail
 * __riscv_restore_n` instead of storing and loading each register itself.
 *
 * __riscv_save_n lowers sp by FRAME(n) (n + 1 registers of 8 bytes, the
 * stack kept 16-byte aligned: the frame GCC and clang count for the call
 * in the function's stack use), stores ra at the frame's top and s0, s1,
 * ... below it, and returns through t0. __riscv_restore_n loads them back,
 * frees the frame and returns to the function's caller. Both use t1 (the
 * frame's top), which no caller keeps a value in across them.
 */
#define FRAME(n) ((((n) + 1) * 8 + 15) & ~15)

	.section .text.save_restore, "ax", @progbits

#define SAVE(n, next) \
	.globl	__riscv_save_##n; \
__riscv_save_##n: \
	mv	t1, sp; \
	addi	sp, sp, -FRAME(n); \
	j	next

	SAVE(0, 0f)
	SAVE(1, 1f)
	SAVE(2, 2f)
	SAVE(3, 3f)
	SAVE(4, 4f)
	SAVE(5, 5f)
	SAVE(6, 6f)
	SAVE(7, 7f)
	SAVE(8, 8f)
	SAVE(9, 9f)
	SAVE(10, 10f)
	SAVE(11, 11f)
	.globl	__riscv_save_12
__riscv_save_12:
	mv	t1, sp
	addi	sp, sp, -FRAME(12)
	sd	s11, -104(t1)
11:	sd	s10, -96(t1)
10:	sd	s9, -88(t1)
9:	sd	s8, -80(t1)
8:	sd	s7, -72(t1)
7:	sd	s6, -64(t1)
6:	sd	s5, -56(t1)
5:	sd	s4, -48(t1)
4:	sd	s3, -40(t1)
3:	sd	s2, -32(t1)
2:	sd	s1, -24(t1)
1:	sd	s0, -16(t1)
0:	sd	ra, -8(t1)
	jr	t0

#define RESTORE(n, next) \
	.globl	__riscv_restore_##n; \
__riscv_restore_##n: \
	addi	t1, sp, FRAME(n); \
	j	next

	RESTORE(0, 0f)
	RESTORE(1, 1f)
	RESTORE(2, 2f)
	RESTORE(3, 3f)
	RESTORE(4, 4f)
	RESTORE(5, 5f)
	RESTORE(6, 6f)
	RESTORE(7, 7f)
	RESTORE(8, 8f)
	RESTORE(9, 9f)
	RESTORE(10, 10f)
	RESTORE(11, 11f)
	.globl	__riscv_restore_12
__riscv_restore_12:
	addi	t1, sp, FRAME(12)
	ld	s11, -104(t1)
11:	ld	s10, -96(t1)
10:	ld	s9, -88(t1)
9:	ld	s8, -80(t1)
8:	ld	s7, -72(t1)
7:	ld	s6, -64(t1)
6:	ld	s5, -56(t1)
5:	ld	s4, -48(t1)
4:	ld	s3, -40(t1)
3:	ld	s2, -32(t1)
2:	ld	s1, -24(t1)
1:	ld	s0, -16(t1)
0:	ld	ra, -8(t1)
	mv	sp, t1
	ret
