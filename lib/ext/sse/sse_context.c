/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What SSE delivery and completion do to S-mode's registers: the sections
 * "Software Event Injection" and "Software Event Completion" of the SSE
 * chapter, step by step, on a struct sse_cpu_context (pure: no CSR access;
 * lib/ext/sse/sse_hw.c reads the context from the trap frame and CSRs and
 * writes it back). The interrupted privilege is mstatus.MPP/MPV, which the
 * trap into M-mode saved; the S-level bits of mstatus are sstatus.
 */
#include "riscv_csr.h"
#include "sse/sse.h"

static unsigned long set_if(unsigned long word, unsigned long bits, bool on)
{
	return on ? word | bits : word & ~bits;
}

void sse_context_enter(struct sse_cpu_context *ctx, unsigned long interrupted[4], unsigned long hartid,
		       unsigned long entry_pc, unsigned long entry_arg)
{
	unsigned long ms = ctx->mstatus;
	bool from_s = ((ms & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT) != PRV_U;   /* S or VS */
	bool from_virt = ctx->has_h && (ms & MSTATUS_MPV);
	unsigned long flags = 0;

	/* 1. Save the interrupted state; flags of absent extensions stay 0. */
	flags = set_if(flags, SBI_SSE_FLAG_SSTATUS_SPP, ms & MSTATUS_SPP);
	flags = set_if(flags, SBI_SSE_FLAG_SSTATUS_SPIE, ms & MSTATUS_SPIE);
	if (ctx->has_h) {
		flags = set_if(flags, SBI_SSE_FLAG_HSTATUS_SPV, ctx->hstatus & HSTATUS_SPV);
		flags = set_if(flags, SBI_SSE_FLAG_HSTATUS_SPVP, ctx->hstatus & HSTATUS_SPVP);
	}
	if (ctx->lp_active)
		flags = set_if(flags, SBI_SSE_FLAG_SSTATUS_SPELP, ms & MSTATUS_SPELP);
	if (ctx->dt_active)
		flags = set_if(flags, SBI_SSE_FLAG_SSTATUS_SDT, ms & MSTATUS_SDT);
	interrupted[SSE_INTERRUPTED_SEPC] = ctx->sepc;
	interrupted[SSE_INTERRUPTED_FLAGS] = flags;
	interrupted[SSE_INTERRUPTED_A6] = ctx->a6;
	interrupted[SSE_INTERRUPTED_A7] = ctx->a7;

	/* 2. Redirect to the handler. */
	ctx->a6 = hartid;
	ctx->a7 = entry_arg;
	ctx->sepc = ctx->mepc;                       /* the interrupted pc */
	ms = set_if(ms, MSTATUS_SPP, from_s);
	ms = set_if(ms, MSTATUS_SPIE, ctx->mstatus & MSTATUS_SIE);
	ms &= ~MSTATUS_SIE;
	if (ctx->lp_active) {
		/* The trap into M-mode left the interrupted ELP in MPELP; the
		 * handler starts with NO_LP_EXPECTED (MPELP = 0 for the mret). */
		ms = set_if(ms, MSTATUS_SPELP, ctx->mstatus & MSTATUS_MPELP);
		ms &= ~MSTATUS_MPELP;
	}
	if (ctx->has_h) {
		ctx->hstatus = set_if(ctx->hstatus, HSTATUS_SPV, from_virt);
		if (from_virt)
			ctx->hstatus = set_if(ctx->hstatus, HSTATUS_SPVP, ms & MSTATUS_SPP);
	}
	if (ctx->dt_active)
		ms |= MSTATUS_SDT;
	/* Virtualization off, S-mode, at ENTRY_PC. */
	ms &= ~(MSTATUS_MPP | MSTATUS_MPV);
	ms |= (unsigned long)PRV_S << MSTATUS_MPP_SHIFT;
	ctx->mstatus = ms;
	ctx->mepc = entry_pc;
}

void sse_context_resume(struct sse_cpu_context *ctx, const unsigned long interrupted[4])
{
	unsigned long ms = ctx->mstatus;
	unsigned long flags = interrupted[SSE_INTERRUPTED_FLAGS];

	/* pc = sepc, privilege = sstatus.SPP (and V = hstatus.SPV), as sret would. */
	ctx->mepc = ctx->sepc;
	ms &= ~(MSTATUS_MPP | MSTATUS_MPV);
	ms |= (unsigned long)((ms & MSTATUS_SPP) ? PRV_S : PRV_U) << MSTATUS_MPP_SHIFT;
	if (ctx->dt_active)
		ms = set_if(ms, MSTATUS_SDT, flags & SBI_SSE_FLAG_SSTATUS_SDT);
	if (ctx->lp_active) {
		/* The resumed code gets SPELP's landing-pad state back, as after sret. */
		ms = set_if(ms, MSTATUS_MPELP, ms & MSTATUS_SPELP);
		ms = set_if(ms, MSTATUS_SPELP, flags & SBI_SSE_FLAG_SSTATUS_SPELP);
	}
	if (ctx->has_h) {
		ms = set_if(ms, MSTATUS_MPV, ctx->hstatus & HSTATUS_SPV);
		ctx->hstatus = set_if(ctx->hstatus, HSTATUS_SPV, flags & SBI_SSE_FLAG_HSTATUS_SPV);
		ctx->hstatus = set_if(ctx->hstatus, HSTATUS_SPVP, flags & SBI_SSE_FLAG_HSTATUS_SPVP);
	}
	ms = set_if(ms, MSTATUS_SIE, ms & MSTATUS_SPIE);
	ms = set_if(ms, MSTATUS_SPIE, flags & SBI_SSE_FLAG_SSTATUS_SPIE);
	ms = set_if(ms, MSTATUS_SPP, flags & SBI_SSE_FLAG_SSTATUS_SPP);
	ctx->mstatus = ms;
	ctx->a7 = interrupted[SSE_INTERRUPTED_A7];
	ctx->a6 = interrupted[SSE_INTERRUPTED_A6];
	ctx->sepc = interrupted[SSE_INTERRUPTED_SEPC];
}
