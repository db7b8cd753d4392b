/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Probing that survives a trap (include/trap_expect.h): between
 * trap_expect_begin() and trap_expect_end() the hart's trap vector is the
 * probe vector (lib/common/trap_expect_vector.S), which steps over the
 * faulting 4-byte instruction and records the trap in hart_state.expect.
 * Drivers and hardware seams probe CSRs and devices with it without knowing
 * the trap handler.
 */
#include "hart.h"
#include "riscv_csr.h"
#include "trap_expect.h"

extern char trap_expect_vector[];

void trap_expect_begin(void)
{
	struct hart_state *hs = current_hart();

	hs->expect.trapped = 0;
	hs->expect.saved_mepc = csr_read(CSR_MEPC);
	/* Smdbltrp: an expected trap taken with mstatus.MDT set (on the ecall
	 * fast path, which keeps it) would be a double trap. Cleared here; the
	 * probe vector's mret and trap_expect_end leave it clear. */
	hs->expect.saved_mstatus = csr_read_clear(CSR_MSTATUS, MSTATUS_MDT) & ~MSTATUS_MDT;
	hs->expect.saved_mtvec = csr_swap(CSR_MTVEC, (unsigned long)trap_expect_vector);
	hs->expect.saved_mscratch = csr_swap(CSR_MSCRATCH, (unsigned long)&hs->expect);
}

bool trap_expect_end(void)
{
	struct hart_state *hs = current_hart();

	csr_write(CSR_MSCRATCH, hs->expect.saved_mscratch);
	csr_write(CSR_MTVEC, hs->expect.saved_mtvec);
	if (!hs->expect.trapped)
		return false;
	/* The probe trap replaced mepc and mstatus.MPP/MPIE of the trap we are
	 * handling (an ecall from S-mode, say): put them back. */
	csr_write(CSR_MEPC, hs->expect.saved_mepc);
	csr_write(CSR_MSTATUS, hs->expect.saved_mstatus & ~MSTATUS_MPRV);
	return true;
}
