/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart's run state (include/hart_run.h): the stopped hart's wait in M-mode
 * and its wake-up, which boot and HSM share. It serves IPIs and the S-mode
 * timer while it waits, so it sits with the services in layer 4, below HSM
 * (docs/architecture.md).
 */
#include "hart_run.h"
#include "hart_switch.h"
#include "ipi.h"
#include "riscv_csr.h"
#include "time/smode_timer.h"

/* Wakes a hart from the stopped or suspended wait, which re-checks its state. */
static IPI_REASON(30, hart_run_wake_reason, NULL);

void hart_run_wake(struct hart_state *hs)
{
	ipi_raise(hs, &hart_run_wake_reason);
}

void hart_run_serve_interrupts(void)
{
	unsigned long mip = csr_read(CSR_MIP);

	if (mip & MIP_IPI)
		ipi_process();
	if ((mip & MIP_MTIP) && (csr_read(CSR_MIE) & MIP_MTIP))
		smode_timer_process();
}

void hart_run_stopped_loop(struct hart_state *hs)
{
	for (;;) {
		if (hart_run_move(hs, HART_RUN_START_PENDING, HART_RUN_STARTED))
			hart_enter_next_mode(hs->hartid, hs->start_arg1, hs->start_addr, hs->start_mode,
					     hart_stack_top(hs));
		wfi();
		hart_run_serve_interrupts();
	}
}

int (*hart_run_waker)(unsigned long hartid, unsigned long from_hartid);
