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

void trap_expect_begin_on(struct trap_expect *st)
{
	st->trapped = 0;
	st->saved_mepc = csr_read(CSR_MEPC);
	/* Smdbltrp: an expected trap taken with mstatus.MDT set (on the ecall
	 * fast path, which keeps it) would be a double trap. Cleared here; the
	 * probe vector's mret and trap_expect_end leave it clear. */
	st->saved_mstatus = csr_read_clear(CSR_MSTATUS, MSTATUS_MDT) & ~MSTATUS_MDT;
	st->saved_mtvec = csr_swap(CSR_MTVEC, (unsigned long)trap_expect_vector);
	st->saved_mscratch = csr_swap(CSR_MSCRATCH, (unsigned long)st);
}

bool trap_expect_end_on(struct trap_expect *st)
{
	csr_write(CSR_MSCRATCH, st->saved_mscratch);
	csr_write(CSR_MTVEC, st->saved_mtvec);
	if (!st->trapped)
		return false;
	/* The probe trap replaced mepc and mstatus.MPP/MPIE of the trap we are
	 * handling (an ecall from S-mode, say): put them back. */
	csr_write(CSR_MEPC, st->saved_mepc);
	csr_write(CSR_MSTATUS, st->saved_mstatus & ~MSTATUS_MPRV);
	return true;
}

void trap_expect_begin(void)
{
	trap_expect_begin_on(&current_hart()->expect);
}

bool trap_expect_end(void)
{
	return trap_expect_end_on(&current_hart()->expect);
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uint32_t v = 0;

	trap_expect_begin_on(st);
	/* One 4-byte instruction each (norvc): the probe vector skips 4 bytes. */
	if (width == 4)
		__asm__ __volatile__(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop"
				     : "+&r"(v) : "r"(addr) : "memory");
	else
		__asm__ __volatile__(".option push\n.option norvc\nlbu %0, 0(%1)\n.option pop"
				     : "+&r"(v) : "r"(addr) : "memory");
	if (trap_expect_end_on(st))
		return false;
	*value = v;
	return true;
}
