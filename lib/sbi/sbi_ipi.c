/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPIs between harts: the sender sets reason bits in the target's
 * hart_state and raises its ACLINT MSWI; the target's machine software
 * interrupt handler takes the bits and acts on each.
 */
#include "ipi_device.h"
#include "riscv_csr.h"
#include "sbi_hsm.h"
#include "sbi_ipi.h"
#include "sbi_spec.h"
#include "sbi_sse.h"

void sbi_rfence_process(struct hart_state *hs);
static void ipi_take(struct hart_state *hs);

void sbi_ipi_raise(struct hart_state *target, unsigned long reasons)
{
	__atomic_fetch_or(&target->ipi_pending, reasons, __ATOMIC_RELEASE);
	/*
	 * Only a lone hart on a machine without doorbells has none (firmware/boot.c):
	 * its IPIs to itself are handled at once. (Not sbi_ipi_process(), which
	 * raises an SSE IPI again: an SSE event made ready here is delivered by
	 * the SSE call's own exit, or the next slow trap exit.)
	 */
	if (!target->ipi_dev) {
		if (target == current_hart())
			ipi_take(target);
		return;
	}
	target->ipi_dev->send(target);
}

void sbi_ipi_send_smode(struct hart_state *self, struct hart_state *target)
{
	pmu_fw_event_count(&self->pmu, SBI_PMU_FW_IPI_SENT);
	/* Counted before the reason bit is set (released by sbi_ipi_raise). */
	__atomic_fetch_add(&target->smode_ipi_requests, 1, __ATOMIC_RELAXED);
	sbi_ipi_raise(target, HART_IPI_SMODE);
}

/* Takes this hart's requests and acts on each. */
static void ipi_take(struct hart_state *hs)
{
	unsigned long pending;

	/* Clear the interrupt before taking the bits, so a new request raised in
	 * between leaves the doorbell rung and is not lost. */
	ipi_device_clear(hs);
	pending = __atomic_exchange_n(&hs->ipi_pending, 0, __ATOMIC_ACQUIRE);
	if (pending & HART_IPI_SMODE) {
		/*
		 * SSIP is one bit: requests that met here are one interrupt for
		 * S-mode, but each was received (per request, like IPI_SENT).
		 */
		hs->pmu.fw_event_count[SBI_PMU_FW_IPI_RECEIVED] +=
			__atomic_exchange_n(&hs->smode_ipi_requests, 0, __ATOMIC_RELAXED);
		csr_set(CSR_MIP, MIP_SSIP);
	}
	if (pending & HART_IPI_RFENCE)
		sbi_rfence_process(hs);
	if (pending & HART_IPI_SSE)
		sse_ipi(hs);
	/* HART_IPI_WAKE needs no action: the HSM wait loops re-check their state. */
}

void sbi_ipi_interrupt(void)
{
	ipi_take(current_hart());
}

void sbi_ipi_process(void)
{
	struct hart_state *hs = current_hart();

	ipi_take(hs);
	/*
	 * Inside an ecall, whose fast exit does not look at sse_ready: an SSE
	 * event now ready keeps the IPI raised, and the machine software
	 * interrupt taken right after the mret delivers it. A wait loop that
	 * serves IPIs again meanwhile raises it again.
	 */
	if (hs->sse_ready)
		sbi_ipi_raise(hs, HART_IPI_SSE);
}

void sbi_ipi_serve_pending(void)
{
	if (csr_read(CSR_MIP) & MIP_IPI)
		sbi_ipi_process();
}
