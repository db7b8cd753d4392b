/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Zicfiss from U-mode, for checks_shadow_stack.c. Debian 12's assembler
 * (binutils 2.40) does not know Zicfiss, so its instructions are written
 * as words (encodings checked against sid's binutils: `sspush ra` is
 * 0xce104073, `sspopchk ra` 0xcdc0c073); ssp is CSR 0x011. Without an
 * active shadow stack (senvcfg.SSE = 0) sspush/sspopchk are Zimop no-ops
 * and reading ssp is an illegal instruction.
 */
#define SSPUSH_RA   .4byte 0xce104073
#define SSPOPCHK_RA .4byte 0xcdc0c073
#define CSR_SSP     0x011

	.text
/*
 * void shstk_push_pop(unsigned long out[5]): out[0] ssp on entry, out[1]
 * ssp after `sspush ra`, out[2] the doubleword at out[1] (a plain load:
 * shadow stack pages are readable), out[3] ssp after `sspopchk ra`,
 * out[4] ra (what was pushed).
 */
	.globl	shstk_push_pop
	.type	shstk_push_pop, @function
shstk_push_pop:
	csrr	t0, CSR_SSP
	sd	t0, 0(a0)
	SSPUSH_RA
	csrr	t0, CSR_SSP
	sd	t0, 8(a0)
	ld	t1, 0(t0)
	sd	t1, 16(a0)
	SSPOPCHK_RA
	csrr	t0, CSR_SSP
	sd	t0, 24(a0)
	sd	ra, 32(a0)
	ret
	.size	shstk_push_pop, . - shstk_push_pop

/*
 * void shstk_mismatch(void): pushes ra, changes ra, and checks it against
 * the shadow stack: the sspopchk at shstk_mismatch_check raises a software
 * check exception (tval 3), which Linux turns into SIGSEGV / SEGV_CPERR at
 * that address. Never returns when the shadow stack is active.
 */
	.globl	shstk_mismatch
	.type	shstk_mismatch, @function
shstk_mismatch:
	SSPUSH_RA
	addi	ra, ra, 4
	.globl	shstk_mismatch_check
shstk_mismatch_check:
	SSPOPCHK_RA
	addi	ra, ra, -4
	ret
	.size	shstk_mismatch, . - shstk_mismatch

/*
 * void shstk_plain_store(unsigned long *addr, unsigned long value): one sd
 * at shstk_plain_store_insn. On a shadow stack page it raises a store/AMO
 * access fault; Linux sends SIGSEGV / SEGV_ACCERR with si_addr the pc of
 * the store (do_trap_store_fault), hence the label.
 */
	.globl	shstk_plain_store
	.type	shstk_plain_store, @function
shstk_plain_store:
	.globl	shstk_plain_store_insn
shstk_plain_store_insn:
	sd	a1, 0(a0)
	ret
	.size	shstk_plain_store, . - shstk_plain_store

	.section .note.GNU-stack, "", @progbits
