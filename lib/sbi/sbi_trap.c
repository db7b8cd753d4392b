/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Traps other than S-mode ecalls: machine interrupts (IPIs, the M-mode timer),
 * exceptions from S/U-mode the firmware handles or counts, and everything
 * else, which is handed to S-mode exactly as if it had been delegated.
 * A trap taken in M-mode is a firmware bug: it is reported, never ignored.
 */
#include "console.h"
#include "hart.h"
#include "hart_ext.h"
#include "riscv_csr.h"
#include "sbi_ipi.h"
#include "sbi_sse.h"
#include "sbi_timer.h"
#include "sbi_emulate.h"
#include "trap.h"
#include "sbi_trap_redirect.h"
#include "sbi_boot.h"
#include "trap_report.h"


bool sbi_trap_redirect_state(unsigned long *mstatus, unsigned long *mepc, unsigned long cause, unsigned long tval,
			     unsigned long tval2, unsigned long tinst)
{
	struct hart_state *hs = current_hart();
	struct trap_origin origin = {
		.mstatus = *mstatus, .mepc = *mepc, .cause = cause, .tval = tval,
		.tval2 = tval2, .tinst = tinst, .has_h = (hs->features & HART_HAS_H) != 0,
		.s_dte = fwft_enabled(&hs->ext->fwft, SBI_FWFT_DOUBLE_TRAP),
	};
	struct trap_redirect r;

	if (origin.has_h) {
		origin.hedeleg = csr_read(CSR_HEDELEG);
		origin.hstatus = csr_read(CSR_HSTATUS);
		origin.vsstatus = csr_read(CSR_VSSTATUS);
		origin.vstvec = csr_read(CSR_VSTVEC);
		origin.vs_dte = origin.s_dte && (csr_read(CSR_HENVCFG) & MENVCFG_DTE);
	}
	origin.stvec = csr_read(CSR_STVEC);
	trap_redirect_plan(&origin, &r);
	if (r.double_trap)
		return false;

	if (r.to_vs) {
		csr_write(CSR_VSCAUSE, r.xcause);
		csr_write(CSR_VSTVAL, r.xtval);
		csr_write(CSR_VSEPC, r.xepc);
		csr_write(CSR_VSSTATUS, r.vsstatus);
	} else {
		if (origin.has_h) {
			csr_write(CSR_HSTATUS, r.hstatus);
			csr_write(CSR_HTVAL, r.htval);
			csr_write(CSR_HTINST, r.htinst);
		}
		csr_write(CSR_SCAUSE, r.xcause);
		csr_write(CSR_STVAL, r.xtval);
		csr_write(CSR_SEPC, r.xepc);
	}
	*mstatus = r.mstatus;
	*mepc = r.mepc;
	return true;
}

/*
 * Ssdbltrp: a trap S-mode (HS-mode) cannot take, as its trap handler still
 * has sstatus.SDT set - the hardware's double trap (cause 16), or one the
 * firmware would have redirected. S-mode's trap handler cannot run, and
 * returning would only trap again: the SSE double-trap event, when S-mode
 * enabled it, runs its handler (delivered on this trap's way out); else the
 * hart stops with a report.
 */
static __attribute__((noinline)) void smode_double_trap(struct trap_frame *frame)
{
	if (sse_double_trap(current_hart()))
		return;
	sbi_trap_panic(frame, "S-mode double trap (sstatus.SDT set) and no SSE double-trap event enabled");
}

__attribute__((noinline)) void sbi_trap_redirect_full(struct trap_frame *frame, unsigned long cause,
							unsigned long tval, unsigned long tval2, unsigned long tinst)
{
	if (!sbi_trap_redirect_state(&frame->mstatus, &frame->mepc, cause, tval, tval2, tinst))
		smode_double_trap(frame);
}

void sbi_trap_redirect(struct trap_frame *frame, unsigned long cause, unsigned long tval)
{
	sbi_trap_redirect_full(frame, cause, tval, 0, 0);
}

static void handle_interrupt(struct trap_frame *frame, unsigned long cause)
{
	switch (cause & ~MCAUSE_INTERRUPT) {
	case IRQ_M_SOFT:
	case IRQ_M_EXT:     /* only enabled where the M-level IMSIC file carries the IPIs */
		sbi_ipi_interrupt();
		break;
	case IRQ_M_TIMER:
		sbi_timer_process();
		break;
	case IRQ_LCOF:
		/* Only while S-mode has the SSE PMU overflow event enabled (M-mode
		 * then takes LCOFI): delivered as that event on the way out. */
		sse_pmu_overflow(current_hart());
		break;
	default:
		sbi_trap_panic(frame, "unexpected machine interrupt");
	}
}

void sbi_trap_handler(struct trap_frame *frame)
{
	unsigned long cause = csr_read(CSR_MCAUSE);
	unsigned long tval = csr_read(CSR_MTVAL);
	struct hart_state *hs;

	if ((frame->mstatus & MSTATUS_MPP) == MSTATUS_MPP)
		sbi_trap_panic(frame, "unexpected trap in M-mode");
	if (cause & MCAUSE_INTERRUPT) {
		handle_interrupt(frame, cause);
		return;
	}
	hs = current_hart();
	switch (cause) {
	case CAUSE_ILLEGAL_INSTRUCTION:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_ILLEGAL_INSN);
		if (sbi_emulate_illegal_insn(frame, tval))
			return;
		break;
	case CAUSE_MISALIGNED_LOAD:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_MISALIGNED_LOAD);
		if (sbi_emulate_misaligned_load(frame, tval))
			return;
		break;
	case CAUSE_MISALIGNED_STORE:
		pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_MISALIGNED_STORE);
		if (sbi_emulate_misaligned_store(frame, tval))
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
			smode_double_trap(frame);
			return;
		}
		break;
	default:
		break;
	}
	/* mtval2/mtinst describe this very trap: hand them on (H only). */
	if (hs->features & HART_HAS_H)
		sbi_trap_redirect_full(frame, cause, tval, csr_read(CSR_MTVAL2), csr_read(CSR_MTINST));
	else
		sbi_trap_redirect(frame, cause, tval);
}
