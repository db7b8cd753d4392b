/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A next stage outside RAM (tests/qemu-tests.txt, "Where the next stage
 * may be"): linked at NEXT_STAGE_STUB_ADDR (QEMU virt's flash, 0x20000000,
 * or sifive_u's L2 LIM, 0x08000000; tests/payloads/next_stage.mk), it runs
 * from there, prints one line through the legacy console call (an ecall
 * from S-mode that returns here: S-mode fetched and ran this code), then
 * jumps to the payload the test put at 0x80200000 (base) with a0 = hartid
 * and a1 = DT as it got them. Code only: flash is not writable memory.
 */
	.section .text
	.globl _start
_start:
	mv	s0, a0
	mv	s1, a1
	lla	s2, message
1:	lbu	a0, 0(s2)
	beqz	a0, 2f
	li	a7, 1			/* legacy console_putchar */
	ecall
	addi	s2, s2, 1
	j	1b
2:	mv	a0, s0
	mv	a1, s1
	li	t0, 0x80200000
	jr	t0

message:
	.ascii	"NEXT-STAGE-STUB running in S-mode at "
	.ascii	NEXT_STAGE_STUB_ADDR_TEXT
	.asciz	"\n"
