/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE's hardware seams on the hart (lib/ext/sse/sse_hw.h): who takes LCOFI, and
 * whether an entry PC may be registered. The places where SSE rewrites
 * S-mode's context are lib/ext/sse/sse_hart.c's.
 */
#include "riscv_csr.h"
#include "memory_map.h"
#include "sse/sse_hw.h"

#define SATP_MODE_SHIFT 60

bool sse_hw_lcofi_take(void)
{
	bool smode_lcofie = csr_read(CSR_MIE) & MIP_LCOFIP;

	csr_clear(CSR_MIDELEG, MIP_LCOFIP);
	csr_set(CSR_MIE, MIP_LCOFIP);
	return smode_lcofie;
}

void sse_hw_lcofi_give(bool smode_lcofie)
{
	if (smode_lcofie)
		csr_set(CSR_MIE, MIP_LCOFIP);
	else
		csr_clear(CSR_MIE, MIP_LCOFIP);
	csr_set(CSR_MIDELEG, MIP_LCOFIP);
}

void sse_hw_lcofi_ack(void)
{
	csr_clear(CSR_MIP, MIP_LCOFIP);
}

bool sse_hw_entry_pc_ok(unsigned long pc)
{
	/* Bare: pc is physical. Translated: a virtual address of S-mode's. */
	if ((csr_read(CSR_SATP) >> SATP_MODE_SHIFT) == 0)
		return smode_addr_ok(pc);
	return true;
}
