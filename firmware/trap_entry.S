/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * M-mode trap entry. mscratch holds the top of this hart's M-mode stack while
 * S/U-mode runs, and 0 while the hart runs in M-mode: the first instruction
 * swaps it with sp, and a zero tells a trap taken in M-mode (a firmware bug)
 * apart before anything is written through sp, which is then still the
 * interrupted context's stack pointer.
 *
 * An ecall from S-mode takes the short path: only the caller-saved registers
 * firmware C code may clobber are saved (ra, t0, t1, a2-a7: the Makefile
 * builds all C with t2-t6 reserved, and a0/a1 carry the result), plus the
 * interrupted sp; a0..a7 reach the handler untouched as its arguments.
 * Everything else saves the whole register file for trap_handler().
 * Either way the frame's sp slot is what S-mode gets back, so a handler that
 * changes frame->regs[2] (an emulated load into sp) is honoured.
 *
 * Work at trap exit: the slow path's exit looks at hart_state.exit_work
 * (one load: hart_state sits right above the frame, at the top of the
 * M-mode stack) and when it is set calls trap_exit_work() (include/trap.h)
 * with the frame, which may change where the trap returns to. The ecall
 * fast path does not look: the extension that sets the flag looks after
 * its own calls in its slot of the extension table.
 */
#include "hart.h"
#include "trap.h"
#include "riscv_csr.h"
#include "sbi_spec.h"

#define SAVE(reg, n)    sd reg, (n) * 8(sp)
#define LOAD(reg, n)    ld reg, (n) * 8(sp)

	.section .text
	.align 2
	/*
	 * The vector of harts whose cores keep using stale TLB entries after
	 * S-mode's translation is off (T-Head TH1520 and SG2042: an M-mode
	 * access may hit an entry S-mode left and fault): an sfence.vma before
	 * the first memory access of every trap, then the common entry below.
	 * Flushing by ASID (rs1 = x0: every address) is what OpenSBI settled
	 * on (its commits 3669153e and 88ae718d: flushing by address missed
	 * entries on the SG2042); t0 still holds the trapped context's value.
	 * Chosen per board by the quirk (trap_flushes_tlb, include/platform.h,
	 * firmware/hart_init.c): every other hart's mtvec is trap_entry itself.
	 */
	.globl trap_entry_flush_tlb
trap_entry_flush_tlb:
	sfence.vma zero, t0
	.globl trap_entry
trap_entry:
	csrrw	sp, CSR_MSCRATCH, sp
	beqz	sp, trap_from_mmode
	addi	sp, sp, -TRAP_FRAME_SIZE
	SAVE(t0, 5)
	SAVE(t1, 6)
	/* The interrupted sp into the frame; mscratch reads 0 while in M-mode. */
	csrrw	t0, CSR_MSCRATCH, zero
	SAVE(t0, 2)
	csrr	t0, CSR_MCAUSE
	li	t1, CAUSE_SUPERVISOR_ECALL
	bne	t0, t1, trap_not_ecall

	/* Ecall fast path: mepc moves past the ecall before the handler runs, so a
	 * handler may redirect it (a resume, the next stage). */
	csrr	t0, CSR_MEPC
	SAVE(ra, 1)
	addi	t0, t0, 4
	csrw	CSR_MEPC, t0
	SAVE(a2, 12)
	SAVE(a3, 13)
	SAVE(a4, 14)
	SAVE(a5, 15)
	SAVE(a6, 16)
	SAVE(a7, 17)
	/* a0..a7 as S-mode passed them: the dispatch (lib/dispatch/sbi_ecall.c)
	 * returns the sbiret in a0/a1 through here. */
	call	sbi_ecall_dispatch
ecall_done:
	ECALL_RETURN

trap_from_mmode:
	/*
	 * A trap taken in M-mode itself (a firmware bug): sp is 0 and mscratch
	 * holds the M-mode sp that was in use. Swap back and build the frame
	 * below it; trap_handler() reports the bug and stops the hart.
	 */
	csrrw	sp, CSR_MSCRATCH, sp
	addi	sp, sp, -TRAP_FRAME_SIZE
	SAVE(t0, 5)
	SAVE(t1, 6)
	addi	t0, sp, TRAP_FRAME_SIZE
	SAVE(t0, 2)
	j	trap_save_registers

trap_not_ecall:
	/*
	 * Smdbltrp: the trap set mstatus.MDT, and a trap taken while it is set
	 * stops the hart as a double trap. This path (interrupts, emulation,
	 * redirects) clears it: a trap in what follows is then reported as a
	 * firmware bug by trap_handler(), and the MDT = 1 saved in the
	 * frame comes back just before the mret. The ecall fast path leaves it
	 * set, at no cost: its expected traps (trap_expect_begin) clear it
	 * themselves, and any other trap there is a double trap (docs/sbi3.md).
	 * A trap taken in M-mode (above) keeps MDT set until the report clears
	 * it (trap_panic: a trap inside the report comes back there).
	 */
	li	t1, MSTATUS_MDT
	csrc	CSR_MSTATUS, t1
trap_save_registers:
	SAVE(ra, 1)
	SAVE(gp, 3)
	SAVE(tp, 4)
	SAVE(t2, 7)
	SAVE(s0, 8)
	SAVE(s1, 9)
	SAVE(a0, 10)
	SAVE(a1, 11)
	SAVE(a2, 12)
	SAVE(a3, 13)
	SAVE(a4, 14)
	SAVE(a5, 15)
	SAVE(a6, 16)
	SAVE(a7, 17)
	SAVE(s2, 18)
	SAVE(s3, 19)
	SAVE(s4, 20)
	SAVE(s5, 21)
	SAVE(s6, 22)
	SAVE(s7, 23)
	SAVE(s8, 24)
	SAVE(s9, 25)
	SAVE(s10, 26)
	SAVE(s11, 27)
	SAVE(t3, 28)
	SAVE(t4, 29)
	SAVE(t5, 30)
	SAVE(t6, 31)
	csrr	t0, CSR_MEPC
	sd	t0, TRAP_FRAME_MEPC(sp)
	csrr	t0, CSR_MSTATUS
	sd	t0, TRAP_FRAME_MSTATUS(sp)
	mv	a0, sp
	call	trap_handler
	ld	t0, TRAP_FRAME_SIZE + HART_STATE_EXIT_WORK(sp)
	beqz	t0, 1f
	mv	a0, sp
	call	trap_exit_work
1:	ld	t0, TRAP_FRAME_MEPC(sp)
	csrw	CSR_MEPC, t0
	ld	t0, TRAP_FRAME_MSTATUS(sp)
	csrw	CSR_MSTATUS, t0
	/* Back to S/U-mode: mscratch gets the empty stack's top again. */
	addi	t0, sp, TRAP_FRAME_SIZE
	csrw	CSR_MSCRATCH, t0
	LOAD(ra, 1)
	LOAD(gp, 3)
	LOAD(tp, 4)
	LOAD(t0, 5)
	LOAD(t1, 6)
	LOAD(t2, 7)
	LOAD(s0, 8)
	LOAD(s1, 9)
	LOAD(a0, 10)
	LOAD(a1, 11)
	LOAD(a2, 12)
	LOAD(a3, 13)
	LOAD(a4, 14)
	LOAD(a5, 15)
	LOAD(a6, 16)
	LOAD(a7, 17)
	LOAD(s2, 18)
	LOAD(s3, 19)
	LOAD(s4, 20)
	LOAD(s5, 21)
	LOAD(s6, 22)
	LOAD(s7, 23)
	LOAD(s8, 24)
	LOAD(s9, 25)
	LOAD(s10, 26)
	LOAD(s11, 27)
	LOAD(t3, 28)
	LOAD(t4, 29)
	LOAD(t5, 30)
	LOAD(t6, 31)
	LOAD(sp, 2)
	mret
