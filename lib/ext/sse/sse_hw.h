/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the SSE core (lib/ext/sse/sse_core.c) asks of the hardware: the thin
 * seam that lib/ext/sse/sse_hw.c implements with CSRs, and the host tests and
 * fuzzers with stand-ins that record the calls. (Its IPIs go through the IPI
 * transport, include/ipi.h.)
 */
#ifndef ABACUS_SSE_HW_H
#define ABACUS_SSE_HW_H

#include <stdbool.h>
#include "sbi_types.h"


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
/*
 * Whether handler_entry_pc may be registered: with S-mode translation off it
 * is a physical address and must be S-mode RAM (not the firmware, not MMIO);
 * with translation on it is a virtual address the firmware cannot check
 * (docs/sbi3.md).
 */
bool sse_hw_entry_pc_ok(unsigned long pc);
#endif
