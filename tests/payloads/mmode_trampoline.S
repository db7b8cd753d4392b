/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A stand-in loader for the payload tests that run the firmware away from
 * 0x80000000 or hand it a fw_dynamic_info block of their own
 * (tests/qemu-tests.txt, "Another load address", "Where the next stage may
 * be"). QEMU virt always loads -bios at 0x80000000 and starts every hart
 * there with a0 = hartid, a1 = DT, a2 = fw_dynamic_info; given as -bios,
 * this jumps on to the firmware image loaded elsewhere (-device
 * loader,file=...,addr=...) with a0-a2 as they were, but:
 * Where it jumps: the 8 bytes at 0x80000100 (set with -device
 * loader,addr=0x80000100,data=ADDR,data-len=8; outside this file, so the two
 * do not overlap), or 0x80400000 while they are 0. The 8 bytes at 0x80000108:
 *   bit 0 set: a2 = 0 (the firmware gets no fw_dynamic_info);
 *   bit 1 set: a2 = a version 2 block written at 0x80000180 naming the 8
 *              bytes at 0x80000110 as next_addr, next_mode S, options 0,
 *              boot_hart -1 (every hart writes the same words).
 */
	.section .text
	.globl _start
_start:
	lla	t0, _start
	ld	t1, 0x108(t0)
	andi	t2, t1, 1
	beqz	t2, 1f
	li	a2, 0
1:	andi	t2, t1, 2
	beqz	t2, 2f
	addi	a2, t0, 0x180
	li	t2, 0x4942534f		/* magic "OSBI" */
	sd	t2, 0(a2)
	li	t2, 2			/* version */
	sd	t2, 8(a2)
	ld	t2, 0x110(t0)		/* next_addr */
	sd	t2, 16(a2)
	li	t2, 1			/* next_mode S */
	sd	t2, 24(a2)
	sd	zero, 32(a2)		/* options */
	li	t2, -1			/* boot_hart: any */
	sd	t2, 40(a2)
	fence
2:	ld	t1, 0x100(t0)
	bnez	t1, 3f
	li	t1, 0x80400000
3:	jr	t1
