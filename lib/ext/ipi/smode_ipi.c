/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode IPIs (lib/ext/ipi/smode_ipi.h): a supervisor software interrupt on another hart. */
#include "riscv_csr.h"     /* first: host builds take tests/fuzz/host/riscv_csr.h */
#include "ipi/smode_ipi.h"
#include "sbi_spec.h"

static void smode_ipi_take(struct hart_state *hs, bool in_ecall)
{
	(void)in_ecall;
	/*
	 * SSIP is one bit: requests that met here are one interrupt for
	 * S-mode, but each was received (per request, like IPI_SENT).
	 */
	hs->pmu.fw_event_count[SBI_PMU_FW_IPI_RECEIVED] +=
		__atomic_exchange_n(&hs->smode_ipi_requests, 0, __ATOMIC_RELAXED);
	csr_set(CSR_MIP, MIP_SSIP);
}

IPI_REASON(10, smode_ipi_reason, smode_ipi_take);

void ipi_send_smode(struct hart_state *self, struct hart_state *target)
{
	pmu_fw_event_count(&self->pmu, SBI_PMU_FW_IPI_SENT);
	/* Counted before the reason bit is set (released by ipi_raise). */
	__atomic_fetch_add(&target->smode_ipi_requests, 1, __ATOMIC_RELAXED);
	ipi_raise(target, &smode_ipi_reason);
}
