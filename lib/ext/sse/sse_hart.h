/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE on the firmware's hart paths (lib/ext/sse/sse_hart.c): what the trap exit
 * and the ecall glue call to deliver and complete events, with S-mode's
 * context read from and written back to the trap frame and the CSRs.
 */
#ifndef ABACUS_SSE_HART_H
#define ABACUS_SSE_HART_H

#include "sbi_types.h"

struct hart_state;
struct trap_frame;

/*
 * On the way back to S/U-mode when hart_state.exit_work is set: the slow
 * trap path's exit (firmware/trap_entry.S: frame holds a6/a7, mepc and
 * mstatus), and after an SSE call or a legacy call's double trap (the
 * ecall's return is the interrupted context: live mepc/mstatus, a6/a7 in
 * the ecall frame; the ecall fast path does not look at exit_work
 * otherwise).
 */
void sse_deliver_at_trap_exit(struct trap_frame *frame);
void sse_deliver_after_ecall(struct hart_state *hs);
/*
 * sbi_sse_complete from the ecall glue: reads S-mode's context (CSRs, the
 * ecall frame), completes, writes it back. Returns what the ecall returns:
 * SBI_SUCCESS when nothing was running, else a0/a1 as given.
 */
struct sbiret sse_complete_ecall(struct hart_state *hs, unsigned long a0, unsigned long a1);
/*
 * The glue (sse_ecall.c), and the SSE slot of the dispatch table that calls
 * it, then delivers an event the call left ready (sse_ecall_entry.S).
 */
struct sbiret sbi_ecall_sse(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			    unsigned long a4, unsigned long a5, unsigned long fid);
struct sbiret sbi_ecall_sse_entry(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				  unsigned long a4, unsigned long a5, unsigned long fid);

#endif
