/* SPDX-License-Identifier: BSD-2-Clause */
/* Inter-processor interrupts between harts (ACLINT MSWI) and remote fences. */
#ifndef ABACUS_SBI_IPI_H
#define ABACUS_SBI_IPI_H

#include "hart.h"
#include "riscv_csr.h"
#include "sbi_types.h"

/*
 * The machine interrupts an IPI arrives as: MSIP from the hart's ACLINT MSWI
 * slot, or MEIP from its M-level IMSIC interrupt file when it has no slot
 * (lib/drivers/aia.c). Each hart enables only its own in mie; pending bits
 * are tested against both (a stray MEIP on a hart without an IMSIC costs
 * one empty sbi_ipi_process()).
 */
#define MIP_IPI (MIP_MSIP | MIP_MEIP)

/* Raises `reasons` (HART_IPI_*) on the target and interrupts it. */
void sbi_ipi_raise(struct hart_state *target, unsigned long reasons);
/*
 * An S-mode IPI from self to target (IPI extension, legacy send_ipi): counts
 * IPI_SENT on self and, once the target takes it, IPI_RECEIVED there, one
 * each per request, so the harts' IPI_SENT and IPI_RECEIVED totals agree
 * (docs/pmu.md) even when two requests meet in one interrupt.
 */
void sbi_ipi_send_smode(struct hart_state *self, struct hart_state *target);
/* The machine software interrupt: handle what other harts asked of this one. */
void sbi_ipi_interrupt(void);
/*
 * The same from M-mode waiting inside an ecall (HSM suspend, remote fences):
 * an SSE event it makes ready is left for the interrupt after the ecall.
 */
void sbi_ipi_process(void);
/*
 * The same when an IPI is pending, for M-mode loops of a length S-mode
 * controls (and waits on other harts): they call it regularly, so a hart
 * fencing this one never waits for the whole loop. On the hart's own stack.
 */
void sbi_ipi_serve_pending(void);

/* Remote fence of type fid (SBI_RFENCE_*) on the harts of the mask; synchronous. */
struct sbiret sbi_rfence(unsigned long hart_mask, unsigned long hart_mask_base, unsigned long fid,
			 unsigned long start, unsigned long size, unsigned long asid_vmid);
#endif
