/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payload entry point, linked first at 0x80200000 (payload.ld).
 *
 * The firmware enters here in S-mode with a0 = hartid and a1 = DTB address;
 * a hart started later through HSM hart_start(hartid, _start, opaque) comes
 * here too, with a1 = opaque. Every hart gets its own stack (indexed by
 * hartid) and tp = hartid. The first hart to arrive is the boot hart: it
 * clears .bss, records the DT address in payload_dtb and runs
 * payload_main(hartid, dtb), then test_finish(). Later
 * arrivals run payload_secondary_main(hartid, opaque).
 */
#include "layout.h"

	.section .text.entry, "ax", @progbits
	.globl _start
_start:
	csrw	sie, zero		/* no interrupts until a test asks for them */
	li	t0, PAYLOAD_MAX_HARTS
	bgeu	a0, t0, park		/* no stack for this hart */

	la	sp, payload_stacks	/* sp = top of stack[hartid] */
	addi	t0, a0, 1
	slli	t0, t0, PAYLOAD_STACK_SHIFT
	add	sp, sp, t0
	mv	tp, a0

	la	t0, trap_entry
	csrw	stvec, t0

	/* .data is reloaded on every (re)boot, so this is 0 for the first hart. */
	la	t0, boot_hart_claimed
	li	t1, 1
	amoswap.w.aq t1, t1, (t0)
	bnez	t1, secondary

	la	t0, __bss_start
	la	t1, __bss_end
clear_bss:
	bgeu	t0, t1, bss_done
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	clear_bss
bss_done:
	la	t0, payload_dtb		/* for the DT helpers (dt.c) */
	sd	a1, 0(t0)
	call	payload_main		/* a0 = hartid, a1 = dtb: still intact */
	call	test_finish		/* does not return */
	j	park

secondary:
	call	payload_secondary_main
park:
	wfi
	j	park

	.section .data
	.balign 4
boot_hart_claimed:
	.word	0

	.section .stacks, "aw", @nobits
	.balign 16
	.globl payload_stacks
payload_stacks:
	.space	PAYLOAD_MAX_HARTS * PAYLOAD_STACK_SIZE
