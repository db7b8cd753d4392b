/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mstatus.MPV changed without a CSR write, for harts that ignore M-mode
 * writes to it: QEMU 11.1 does (QEMU commit 18645f19, "target/riscv/csr.c:
 * do not allow mstatus MPV/GVA writes", in QEMU since 11.0.2), although the
 * H chapter of the privileged spec makes MPV a read-write field whose value
 * the next MRET uses. Without these, a trap from VS/VU-mode could not be
 * handed to HS-mode (the mret would land in VS-mode) and an SSE event could
 * neither interrupt VS-mode nor resume it. The ISA changes MPV by itself in
 * two ways, and these routines use them:
 *   - an MRET clears MPV: an mret to M-mode, to the next instruction;
 *   - a trap from VS-mode into M-mode sets it: an sret into VS-mode with an
 *     M-level interrupt pending (SSIP, taken from mideleg for the moment),
 *     which brings the hart straight back, before any VS-mode instruction.
 * Every other CSR they change is put back as it was (mstatus.MDT too),
 * except mcause/mtval (nobody reads them after the caller's decisions). Called from C with
 * interrupts off in M-mode; they use only registers C may clobber.
 */
#include "riscv_csr.h"

	.section .text
	.align 2
	/* void mstatus_mpv_write(bool on): a CSR write first, then, where it
	 * did not take, the way the ISA changes MPV itself. */
	.globl mstatus_mpv_write
mstatus_mpv_write:
	li	t0, MSTATUS_MPV
	beqz	a0, 1f
	csrs	CSR_MSTATUS, t0
	csrr	t1, CSR_MSTATUS
	and	t1, t1, t0
	beqz	t1, mstatus_mpv_set_by_trap
	ret
1:	csrc	CSR_MSTATUS, t0
	csrr	t1, CSR_MSTATUS
	and	t1, t1, t0
	bnez	t1, mstatus_mpv_clear_by_mret
	ret

mstatus_mpv_clear_by_mret:
	csrr	a0, CSR_MSTATUS
	csrr	a1, CSR_MEPC
	li	t0, MSTATUS_MPP
	csrs	CSR_MSTATUS, t0          /* the mret stays in M-mode ... */
	li	t0, MSTATUS_MPIE | MSTATUS_MPELP
	csrc	CSR_MSTATUS, t0          /* ... with MIE 0 and no landing pad expected */
	la	t0, 2f
	csrw	CSR_MEPC, t0
	mret
2:	li	t0, MSTATUS_MPV
	not	t0, t0
	and	a0, a0, t0
	csrw	CSR_MSTATUS, a0
	csrw	CSR_MEPC, a1
	ret

mstatus_mpv_set_by_trap:
	csrr	a0, CSR_MSTATUS
	csrr	a1, CSR_MEPC
	csrr	a2, CSR_MTVEC
	csrr	a3, CSR_HSTATUS
	csrr	a4, CSR_MIDELEG
	csrr	a5, CSR_MIE
	csrr	a6, CSR_MIP
	csrr	a7, CSR_SEPC
	la	t0, 3f
	csrw	CSR_MTVEC, t0            /* direct mode: every trap to 3f */
	csrw	CSR_SEPC, t0             /* never fetched in VS-mode; firmware memory all the same */
	li	t0, MSTATUS_MDT
	csrc	CSR_MSTATUS, t0          /* Smdbltrp: the trap back is no double trap */
	li	t0, MSTATUS_SPP
	csrs	CSR_MSTATUS, t0          /* the sret goes to S-level ... */
	li	t0, HSTATUS_SPV
	csrs	CSR_HSTATUS, t0          /* ... virtualized: VS-mode */
	li	t0, MIP_SSIP
	csrc	CSR_MIDELEG, t0          /* SSIP is M-level for the moment, */
	csrs	CSR_MIE, t0              /* enabled */
	csrs	CSR_MIP, t0              /* and pending */
	sret
	.align 2
3:	/* Back from VS-mode: MPV = 1, MPP = S. */
	csrw	CSR_MTVEC, a2
	li	t0, MIP_SSIP
	csrc	CSR_MIP, t0
	and	a6, a6, t0
	csrs	CSR_MIP, a6
	csrw	CSR_MIE, a5
	csrw	CSR_MIDELEG, a4
	csrw	CSR_HSTATUS, a3
	csrw	CSR_SEPC, a7
	li	t0, MSTATUS_MPV
	or	a0, a0, t0
	csrw	CSR_MSTATUS, a0
	csrw	CSR_MEPC, a1
	ret
