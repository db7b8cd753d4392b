/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset entry: every hart starts here with a0 = hartid, a1 = DTB, a2 =
 * fw_dynamic_info (QEMU, U-Boot SPL), wherever the loader put the image. One
 * hart wins the boot lottery, relocates the image, clears BSS and runs
 * boot_cold_main() on a static boot stack; the others sleep in
 * wfi until it has laid out per-hart memory, then each takes its own stack
 * from hart_sp_table[hartid] and runs boot_warm_main(). A hart the firmware
 * does not use (not in the DT, its cpu node disabled, or left out at boot:
 * firmware/boot.c) finds no stack there and parks for good.
 */
#include "imsic.h"
#include "riscv_csr.h"
#include "trap_report.h"

	.section .text.entry, "ax"
	.globl _start
_start:
	/* Smdbltrp: mstatus.MDT resets to 1, and a trap taken while it is set
	 * is a double trap that stops the hart. Clear it before anything can
	 * trap (the CSR probes below and in boot); elsewhere it reads 0. */
	li	t0, MSTATUS_MDT
	csrc	CSR_MSTATUS, t0
	csrw	CSR_MIE, zero
	csrw	CSR_MIP, zero
	la	t0, boot_trap_vector
	csrw	CSR_MTVEC, t0
	mv	s1, a1
	mv	s2, a2

	/* The lottery lives in .data: BSS is cleared by the winner while the
	 * others may still be arriving. */
	la	t0, boot_lottery
	li	t1, 1
	amoswap.w.aq t1, t1, (t0)
	bnez	t1, secondary_wait

	/*
	 * The image runs where the loader put it, not necessarily where it
	 * was linked (firmware/abacus.ld): move every pointer stored in its
	 * data by the difference d before anything reads one. The build packs
	 * the linker's R_RISCV_RELATIVE entries (scripts/pack-relocs.py): each
	 * such word holds its link-time address, and the table is the distance
	 * in words from one such word to the next (from _fw_start for the
	 * first), 16 bits each, ending with 0: *p += d. The other harts read no
	 * pointer until boot_release. The table lies where BSS starts: apply
	 * it, note where the image ends, then clear BSS.
	 */
	lla	t0, _fw_start
	lla	t1, _fw_link_start
	ld	t1, 0(t1)
	sub	t2, t0, t1
	mv	t3, t0
	lla	t0, _fw_rela_start
6:	lhu	t1, 0(t0)
	addi	t0, t0, 2
	beqz	t1, 7f
	slli	t1, t1, 3
	add	t3, t3, t1
	ld	t4, 0(t3)
	add	t4, t4, t2
	sd	t4, 0(t3)
	j	6b
7:	mv	s3, t0                  /* where the image ends, for boot_cold_main */
	la	t0, _bss_start
	la	t1, _bss_end
1:	bgeu	t0, t1, 2f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	1b
2:	la	sp, boot_stack_top
	csrr	a0, CSR_MHARTID
	mv	a1, s1
	mv	a2, s2
	mv	a3, sp                  /* its top: the deep DT work at the end of boot reuses it */
	mv	a4, s3
	call	boot_cold_main
	/* Set up: on to this hart's own stack, as the others (it parks in boot_cold_main otherwise). */
	csrr	a0, CSR_MHARTID
	j	hart_enter_block

secondary_wait:
	/*
	 * Woken by an IPI: through the hart's ACLINT MSWI slot, or, for a hart
	 * without one, through its M-level IMSIC interrupt file, where the boot
	 * hart raises identity IMSIC_IPI_ID (lib/drivers/aia.c). Enable that
	 * identity now: each access traps and is skipped (t2 = 1) on a hart
	 * without Smaia or without an M-level file, and then only MSIP wakes it.
	 */
	li	t2, 0
	la	t0, skip_insn_vector
	csrw	CSR_MTVEC, t0
	li	t0, IMSIC_EITHRESHOLD
	csrw	CSR_MISELECT, t0
	csrw	CSR_MIREG, zero
	li	t0, IMSIC_EIE0
	csrw	CSR_MISELECT, t0
	li	t0, 1 << IMSIC_IPI_ID
	csrs	CSR_MIREG, t0
	li	t0, IMSIC_EIDELIVERY
	csrw	CSR_MISELECT, t0
	li	t0, 1
	csrw	CSR_MIREG, t0
	la	t0, boot_trap_vector
	csrw	CSR_MTVEC, t0
	li	t0, MIP_MSIP | MIP_MEIP
	beqz	t2, 5f
	li	t0, MIP_MSIP
5:	csrw	CSR_MIE, t0
	/* Released already (a hart a platform woke after boot: the K1's):
	 * no wfi, whose IPI came before this hart was there to take it. */
3:	la	t0, boot_release
	lw	t0, 0(t0)
	bnez	t0, 4f
	wfi
	j	3b
4:	fence	r, rw
	csrr	a0, CSR_MHARTID
	/* fall through */

	.globl hart_enter_block
hart_enter_block:
	/* a0 = hartid: switch to this hart's own stack and run boot_warm_main. */
	la	t0, hart_sp_table_len
	ld	t1, 0(t0)
	bgeu	a0, t1, no_stack
	la	t0, hart_sp_table
	ld	t0, 0(t0)
	slli	t1, a0, 3
	add	t0, t0, t1
	ld	t1, 0(t0)
	beqz	t1, no_stack
	mv	sp, t1
	call	boot_warm_main
no_stack:
	j	park

/* Steps over a 4-byte instruction that trapped (CSR probes above); t2 = 1 says so. */
	.align 2
skip_insn_vector:
	csrr	t1, CSR_MEPC
	addi	t1, t1, 4
	csrw	CSR_MEPC, t1
	li	t2, 1
	mret

/*
 * Any trap before the hart has its own trap vector is fatal. It is reported
 * on the trap report's stack (lib/core/trap_report.c), which one hart at a
 * time owns through trap_report_lock (owner = hartid + 1). A trap while this
 * hart already owns it came from inside its own report (the console
 * faults): boot_trap_nested() then parks without printing. No lock this
 * path takes can be held by the path itself (docs/reliability.md, "Early
 * faults"). PC-relative only: a trap may come before the relocation.
 */
	.align 2
boot_trap_vector:
	csrr	t0, CSR_MHARTID
	addi	t0, t0, 1
	lla	t1, trap_report_lock
	ld	t2, 0(t1)
	beq	t2, t0, 2f
1:	lr.d.aq	t2, (t1)
	bnez	t2, 1b
	sc.d	t2, t0, (t1)
	bnez	t2, 1b
	lla	t1, boot_trap_report
	j	3f
2:	lla	t1, boot_trap_nested
3:	lla	sp, trap_report_stack + TRAP_REPORT_STACK_SIZE
	csrr	a0, CSR_MCAUSE
	csrr	a1, CSR_MEPC
	csrr	a2, CSR_MTVAL
	jalr	t1
	j	park

	.section .data
	.align 3
	.globl boot_lottery
boot_lottery:
	.word 0

	.section .bss
	.align 4
boot_stack:
	/* BOOT_DEEP_STACK_SIZE (firmware/boot.c), which scripts/stack-check.py
	 * checks cold boot and the DT work against; every byte here is in the
	 * protected firmware region, whose size docs/boot.md measures. */
	.space 4096
boot_stack_top:
