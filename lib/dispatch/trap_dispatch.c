/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Traps other than S-mode ecalls: machine interrupts (IPIs, the M-mode timer),
 * exceptions from S/U-mode the firmware handles or counts, and everything
 * else, which is handed to S-mode exactly as if it had been delegated.
 * A trap taken in M-mode is a firmware bug: it is reported, never ignored.
 */
#include "hart.h"
#include "riscv_csr.h"
#include "ipi.h"
#include "sse/sse.h"
#include "time/smode_timer.h"
#include "emulate.h"
#include "trap.h"
#include "trap_redirect.h"
#include "trap_report.h"


static void handle_interrupt(struct trap_frame *frame, unsigned long cause)
{
	switch (cause & ~MCAUSE_INTERRUPT) {
	case IRQ_M_SOFT:
	case IRQ_M_EXT:     /* only enabled where the M-level IMSIC file carries the IPIs */
		ipi_interrupt();
		break;
	case IRQ_M_TIMER:
		smode_timer_process();
		break;
	case IRQ_LCOF:
		/* Only while S-mode has the SSE PMU overflow event enabled (M-mode
		 * then takes LCOFI): delivered as that event on the way out. */
		sse_pmu_overflow(current_hart());
		break;
	default:
		trap_panic(frame, "unexpected machine interrupt");
	}
}

void trap_handler(struct trap_frame *frame)
{
	unsigned long cause = csr_read(CSR_MCAUSE);
	unsigned long tval = csr_read(CSR_MTVAL);
	struct hart_state *hs;

	if ((frame->mstatus & MSTATUS_MPP) == MSTATUS_MPP)
		trap_panic(frame, "unexpected trap in M-mode");
	if (cause & MCAUSE_INTERRUPT) {
		handle_interrupt(frame, cause);
		return;
	}
	hs = current_hart();
	switch (cause) {
	case CAUSE_ILLEGAL_INSTRUCTION:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_ILLEGAL_INSN);
		if (emulate_illegal_insn(frame, tval))
			return;
		break;
	case CAUSE_MISALIGNED_LOAD:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_MISALIGNED_LOAD);
		if (emulate_misaligned_load(frame, tval))
			return;
		break;
	case CAUSE_MISALIGNED_STORE:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_MISALIGNED_STORE);
		if (emulate_misaligned_store(frame, tval))
			return;
		break;
	case CAUSE_LOAD_ACCESS:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_ACCESS_LOAD);
		break;
	case CAUSE_STORE_ACCESS:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_ACCESS_STORE);
		break;
	case CAUSE_DOUBLE_TRAP:
		/* Ssdbltrp: a trap into S-mode (VS-mode) found SDT set. From
		 * VS-mode HS-mode takes it (redirected below as cause 16, the
		 * lost cause in htval, from mtval2); from S-mode, see above. */
		if (!(frame->mstatus & MSTATUS_MPV)) {
			trap_double_trap(frame);
			return;
		}
		break;
	default:
		break;
	}
	/* mtval2/mtinst describe this very trap: hand them on (H only). */
	if (hs->features & HART_HAS_H)
		trap_redirect_to_smode_full(frame, cause, tval, csr_read(CSR_MTVAL2), csr_read(CSR_MTINST));
	else
		trap_redirect_to_smode(frame, cause, tval);
}
