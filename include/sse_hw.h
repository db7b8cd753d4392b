/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the SSE core (lib/sse/sse_core.c) asks of the hardware: the thin
 * seam that lib/sse/sse_hw.c implements with CSRs and IPIs, and the host
 * tests and fuzzers with stand-ins that record the calls.
 */
#ifndef ABACUS_SSE_HW_H
#define ABACUS_SSE_HW_H

#include <stdbool.h>
#include "sbi_types.h"

struct hart_state;
struct trap_frame;

/*
 * The calling hart's local counter-overflow interrupt (13) is taken by
 * M-mode (mideleg bit 13 clear, mie.LCOFIE set) while the PMU overflow event
 * is enabled, and delegated to S-mode (as at boot) otherwise. mie.LCOFIE is
 * S-mode's sie.LCOFIE while delegated: take returns it, give puts it back.
 */
bool sse_hw_lcofi_take(void);
void sse_hw_lcofi_give(bool smode_lcofie);
/* Clears mip.LCOFIP after M-mode took the interrupt (else it is taken again). */
void sse_hw_lcofi_ack(void);
/* IPI to target: look at your SSE state (SSE's IPI reason, whose handler is sse_ipi). */
void sse_hw_kick(struct hart_state *target);
/*
 * Whether handler_entry_pc may be registered: with S-mode translation off it
 * is a physical address and must be S-mode RAM (not the firmware, not MMIO);
 * with translation on it is a virtual address the firmware cannot check
 * (docs/sbi3.md).
 */
bool sse_hw_entry_pc_ok(unsigned long pc);
/*
 * sbi_sse_complete from the ecall glue: reads S-mode's context (CSRs, the
 * ecall frame), completes, writes it back. Returns what the ecall returns:
 * SBI_SUCCESS when nothing was running, else a0/a1 as given.
 */
struct sbiret sse_hw_complete_ecall(struct hart_state *hs, unsigned long a0, unsigned long a1);

/*
 * Firmware only, called from firmware/trap_entry.S on the way back to
 * S/U-mode when hart_state.sse_ready is set: after an SSE call (its return
 * is the interrupted context; the ecall fast path does not look at
 * sse_ready otherwise), and on the slow path's exit.
 */
void sse_hw_deliver_from_ecall(struct hart_state *hs);
void sbi_sse_deliver_pending(struct trap_frame *frame);

#endif
