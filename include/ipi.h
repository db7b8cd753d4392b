/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The IPI transport (lib/ipi/ipi.c): one hart asks another for
 * something by setting a reason bit in the target's hart_state and ringing
 * its doorbell (include/ipi_device.h); the target takes the bits and runs
 * the handler of each reason. A reason belongs to the service that sends it
 * (remote fences, SSE, S-mode IPIs, HSM wake-ups) and is declared there with
 * IPI_REASON(): the linker gathers them into one table, in the order of
 * their numbers, and a reason's bit is its place in it (a target serves its
 * pending reasons in that order, the first one cheapest). The transport
 * knows none of them.
 */
#ifndef ABACUS_IPI_H
#define ABACUS_IPI_H

#include <stdbool.h>
#include <stddef.h>
#include "hart.h"
#include "riscv_csr.h"

/*
 * The machine interrupts an IPI arrives as: MSIP from the hart's ACLINT MSWI
 * slot, or MEIP from its M-level IMSIC interrupt file when it has no slot
 * (lib/drivers/imsic.c). Each hart enables only its own in mie; pending bits
 * are tested against both (a stray MEIP on a hart without an IMSIC costs
 * one empty ipi_process()).
 */
#define MIP_IPI (MIP_MSIP | MIP_MEIP)

struct ipi_reason {
	/*
	 * Acts on a request for this reason, on the target hart; NULL when the
	 * request needs no action (the waiting code re-checks its state).
	 * in_ecall: served by an M-mode wait inside an ecall (HSM suspend, a
	 * remote fence, the console), whose fast exit does not deliver SSE
	 * events, rather than by the machine software interrupt, whose slow
	 * exit does.
	 */
	void (*handle)(struct hart_state *hs, bool in_ecall);
};

#define IPI_REASONS_MAX (8 * sizeof(unsigned long))
#if defined(__clang__)
#define IPI_REASON_NO_ASAN __attribute__((no_sanitize("address")))   /* host fuzzers: no redzones in the table */
#else
#define IPI_REASON_NO_ASAN
#endif
/*
 * Declares the reason `name` with its handler, in the table (a file-scope
 * definition), at its place: order is two digits (10 S-mode IPIs, 20 remote
 * fences, 30 hart wake-ups, 40 SSE).
 */
#define IPI_REASON(order, name, handler) \
	const struct ipi_reason name __attribute__((used, section("abacus_ipi_reasons." #order "." #name), \
						    aligned(8))) IPI_REASON_NO_ASAN = { handler }

/* The table (firmware/abacus.ld; host builds: tests/host/ipi_reasons.ld). */
extern const struct ipi_reason __start_abacus_ipi_reasons[], __stop_abacus_ipi_reasons[];

/* The bit of a reason in hart_state.ipi_pending. */
static inline unsigned long ipi_reason_bit(const struct ipi_reason *reason)
{
	return 1UL << (reason - __start_abacus_ipi_reasons);
}

/* Raises `reason` on the target and rings its doorbell. */
void ipi_raise(struct hart_state *target, const struct ipi_reason *reason);
/* The machine software interrupt: handle what other harts asked of this one. */
void ipi_interrupt(void);
/*
 * The same from M-mode waiting inside an ecall (HSM suspend, remote fences):
 * each handler learns it (in_ecall).
 */
void ipi_process(void);
/*
 * The same when an IPI is pending, for M-mode loops of a length S-mode
 * controls (and waits on other harts): they call it regularly, so a hart
 * fencing this one never waits for the whole loop. On the hart's own stack.
 */
void ipi_serve_pending(void);

#endif
