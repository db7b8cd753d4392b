/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPIs between harts (include/ipi.h): the sender sets a reason bit in
 * the target's hart_state and rings its doorbell; the target's machine
 * software interrupt (or an M-mode wait that serves IPIs) takes the bits and
 * runs each reason's handler, in the order of the reasons' table.
 */
#include "riscv_csr.h"     /* first: host builds take tests/fuzz/host/riscv_csr.h */
#include "ipi_device.h"
#include "ipi.h"

_Static_assert(sizeof(struct ipi_reason) == 8, "ipi_reason: the table's stride");

static void ipi_take(struct hart_state *hs, bool in_ecall);

void ipi_raise(struct hart_state *target, const struct ipi_reason *reason)
{
	__atomic_fetch_or(&target->ipi_pending, ipi_reason_bit(reason), __ATOMIC_RELEASE);
	/*
	 * Only a lone hart on a machine without doorbells has none (firmware/boot.c):
	 * its IPIs to itself are handled at once, as if by the interrupt (not
	 * as inside an ecall: an SSE event made ready here is delivered by the
	 * SSE call's own exit, or the next slow trap exit).
	 */
	if (!target->ipi_dev) {
		if (target == current_hart())
			ipi_take(target, false);
		return;
	}
	target->ipi_dev->send(target);
}

/* Takes this hart's requests and acts on each. */
static void ipi_take(struct hart_state *hs, bool in_ecall)
{
	unsigned long pending;

	/* Clear the interrupt before taking the bits, so a new request raised in
	 * between leaves the doorbell rung and is not lost. */
	ipi_device_clear(hs);
	pending = __atomic_exchange_n(&hs->ipi_pending, 0, __ATOMIC_ACQUIRE);
	for (const struct ipi_reason *r = __start_abacus_ipi_reasons; pending && r < __stop_abacus_ipi_reasons;
	     r++, pending >>= 1)
		if ((pending & 1) && r->handle)
			r->handle(hs, in_ecall);
}

void ipi_interrupt(void)
{
	ipi_take(current_hart(), false);
}

void ipi_process(void)
{
	ipi_take(current_hart(), true);
}

void ipi_serve_pending(void)
{
	if (csr_read(CSR_MIP) & MIP_IPI)
		ipi_process();
}
