/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode timer. With Sstc the hart compares stimecmp itself; without it
 * the firmware arms the hart's machine timer and, when it fires, raises STIP for
 * S-mode. Either way a new deadline clears a pending S timer interrupt.
 */
#include "hart.h"
#include "riscv_csr.h"
#include "time/smode_timer.h"
#include "timer_device.h"

void smode_timer_set(uint64_t stime_value)
{
	struct hart_state *hs = current_hart();

	pmu_fw_event_count(&hs->pmu, SBI_PMU_FW_SET_TIMER);
	if (hs->features & HART_HAS_SSTC) {
		csr_write(CSR_STIMECMP, stime_value);
		return;
	}
	csr_clear(CSR_MIP, MIP_STIP);
	timer_set_compare(hs, stime_value);
	csr_set(CSR_MIE, MIP_MTIP);
}

void smode_timer_process(void)
{
	/* Masked until S-mode sets a new deadline; S-mode sees STIP instead. */
	csr_clear(CSR_MIE, MIP_MTIP);
	csr_set(CSR_MIP, MIP_STIP);
}
