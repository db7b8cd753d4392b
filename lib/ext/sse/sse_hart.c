/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE on the firmware's hart paths (lib/ext/sse/sse_hart.h), above the core:
 * the places where SSE rewrites S-mode's context, delivery on the way back
 * to S/U-mode (firmware/trap_entry.S's slow path when hart_state.exit_work
 * is set, or the end of an SSE call) and completion, each reading the
 * context from the trap frame and the CSRs, letting the core and
 * lib/ext/sse/sse_context.c decide, and writing it back; and SSE in each hart's
 * lifecycle.
 */
#include "hart_ext.h"
#include "hart_lifecycle.h"
#include "mstatus_mpv.h"
#include "riscv_csr.h"
#include "sse/sse.h"
#include "sse/sse_hart.h"
#include "trap.h"

/*
 * The hart's lifecycle: at cold boot, before the hart comes (it may come
 * late), only its local software event, UNUSED; once it is set up, its
 * local events from the features its discovery found (Sscofpmf: PMU
 * overflow; Ssdbltrp: double trap), everything UNUSED and the hart masked;
 * the same when it stops (global events that prefer it wait for it:
 * sse_hart_reset).
 */
static void sse_hart_prepare(struct hart_state *hs)
{
	sse_hart_init(hs, false, false);
}

static void sse_hart_setup(struct hart_state *hs)
{
	sse_hart_init(hs, hs->features & HART_HAS_SSCOFPMF, hs->features & HART_HAS_SSDBLTRP);
}

HART_LIFECYCLE(20, sse, sse_hart_prepare, NULL, sse_hart_setup, sse_hart_reset);

static void sse_context_read(struct hart_state *hs, struct sse_cpu_context *ctx, unsigned long mstatus,
			     unsigned long mepc, const struct trap_frame *frame)
{
	/* Field by field: hstatus is read, and used, only with has_h. */
	ctx->mstatus = mstatus;
	ctx->mepc = mepc;
	ctx->sepc = csr_read(CSR_SEPC);
	ctx->a6 = frame->regs[16];
	ctx->a7 = frame->regs[17];
	ctx->has_h = (hs->features & HART_HAS_H) != 0;
	/* Zicfilp on the hart, whether or not S-mode enabled it for itself:
	 * U-mode's landing pads (senvcfg.LPE) leave their state in MPELP too. */
	ctx->lp_active = (hs->features & HART_HAS_ZICFILP) != 0;
	ctx->dt_active = fwft_enabled(&hs->ext->fwft, SBI_FWFT_DOUBLE_TRAP);
	if (ctx->has_h)
		ctx->hstatus = csr_read(CSR_HSTATUS);
}

static void sse_context_write(const struct sse_cpu_context *ctx, struct trap_frame *frame)
{
	csr_write(CSR_SEPC, ctx->sepc);
	if (ctx->has_h)
		csr_write(CSR_HSTATUS, ctx->hstatus);
	frame->regs[16] = ctx->a6;
	frame->regs[17] = ctx->a7;
}

/*
 * firmware/trap_entry.S, on the way back to S/U-mode with exit_work set:
 * frame holds a6/a7, mepc and mstatus (the ecall path stores the last two
 * for this call and reloads them after).
 */
void sse_deliver_at_trap_exit(struct trap_frame *frame)
{
	struct hart_state *hs = current_hart();
	struct sse_cpu_context ctx;

	sse_context_read(hs, &ctx, frame->mstatus, frame->mepc, frame);
	if (!sse_deliver(hs, &ctx))
		return;
	sse_context_write(&ctx, frame);
	/* VS/VU-mode interrupted: the handler runs with V = 0 (include/mstatus_mpv.h). */
	if ((frame->mstatus ^ ctx.mstatus) & MSTATUS_MPV)
		mstatus_mpv_write(false);
	frame->mstatus = ctx.mstatus;
	frame->mepc = ctx.mepc;
}

/* The trap exit's work (include/trap.h): SSE alone sets hart_state.exit_work. */
TRAP_EXIT_WORK(sse_deliver_at_trap_exit);

/* The frame of the ecall being served: at the top of the hart's M-mode stack. */
static struct trap_frame *sse_ecall_frame(struct hart_state *hs)
{
	return (struct trap_frame *)(hart_stack_top(hs) - TRAP_FRAME_SIZE);
}

/*
 * After an SSE call that left an event ready (the SSE slot of the ecall
 * table, lib/ext/sse/sse_ecall_entry.S): delivered now, with the ecall's return as the
 * interrupted context (live mepc/mstatus, a6/a7 in the frame; a0/a1, the
 * call's result, reach the handler untouched).
 */
void sse_deliver_after_ecall(struct hart_state *hs)
{
	struct trap_frame *frame = sse_ecall_frame(hs);
	struct sse_cpu_context ctx;

	sse_context_read(hs, &ctx, csr_read(CSR_MSTATUS), csr_read(CSR_MEPC), frame);
	if (!sse_deliver(hs, &ctx))
		return;
	sse_context_write(&ctx, frame);
	csr_write(CSR_MSTATUS, ctx.mstatus);
	csr_write(CSR_MEPC, ctx.mepc);
}

/*
 * sbi_sse_complete from the ecall path: mepc and mstatus are live CSRs, a6/a7
 * sit in the ecall frame. On a completion, a0/a1 go back as S-mode had them
 * (the interrupted context's registers). An ecall reaches M-mode from V = 0
 * only (VS-mode's go to HS-mode): MPV is 0 here and, for the ecall paths,
 * changes only when a completion resumes VS/VU-mode (include/mstatus_mpv.h).
 */
struct sbiret sse_complete_ecall(struct hart_state *hs, unsigned long a0, unsigned long a1)
{
	struct trap_frame *frame = sse_ecall_frame(hs);
	struct sse_cpu_context ctx;

	sse_context_read(hs, &ctx, csr_read(CSR_MSTATUS), csr_read(CSR_MEPC), frame);
	if (!sbi_sse_complete(hs, &ctx))
		return sbiret_ok(0);
	sse_context_write(&ctx, frame);
	if (__builtin_expect((long)(ctx.mstatus << (63 - 39)) < 0, 0))   /* MPV, bit 39 */
		mstatus_mpv_write(true);
	csr_write(CSR_MSTATUS, ctx.mstatus);
	csr_write(CSR_MEPC, ctx.mepc);
	return (struct sbiret){ .error = (long)a0, .value = a1 };
}

