/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A stand-in loader for the payload tests that run the firmware away from
 * 0x80000000 (tests/qemu-tests.txt, "Another load address"). QEMU virt always
 * loads -bios at 0x80000000 and starts every hart there with a0 = hartid,
 * a1 = DT, a2 = fw_dynamic_info; given as -bios, this jumps on to the
 * firmware image loaded elsewhere (-device loader,file=...,addr=...) with
 * a0-a2 as they were. Where it jumps: the 8 bytes at 0x80000100 (set with
 * -device loader,addr=0x80000100,data=ADDR,data-len=8; outside this file,
 * so the two do not overlap), or 0x80400000 while they are 0. Bit 0 of the
 * 8 bytes at 0x80000108 set: a2 = 0 (the firmware gets no fw_dynamic_info).
 */
	.section .text
	.globl _start
_start:
	lla	t0, _start
	ld	t1, 0x108(t0)
	andi	t1, t1, 1
	beqz	t1, 1f
	li	a2, 0
1:	ld	t1, 0x100(t0)
	bnez	t1, 2f
	li	t1, 0x80400000
2:	jr	t1
