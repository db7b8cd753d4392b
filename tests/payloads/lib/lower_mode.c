/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lower_mode_call(): runs fn(arg) in U-, VS- or VU-mode and returns its
 * result (lower_mode.S does the switching). VS/VU use Bare hgatp and vsatp,
 * so guest physical addresses are physical ones. A trap the lower mode takes
 * reaches the test's payload_trap_handler in S/HS-mode as usual, except the
 * return ecall, which lower_mode_trap() turns back into a return to the
 * caller; VS-mode takes the traps hedeleg gives it at lower_mode_vs_vector.
 */
#include "lower_mode.h"
#include "payload.h"

extern char lower_mode_return[], lower_mode_resume[], lower_mode_vs_vector[];
/* Returns fn's result, through lower_mode_resume. */
unsigned long lower_mode_enter(unsigned long (*fn)(unsigned long), unsigned long arg, unsigned long *ctx);

unsigned long lower_mode_ctx[16];
volatile struct lower_mode_vs_trap lower_mode_vs_last;
static bool (*test_handler)(struct trap_frame *frame);
static bool lower_mode_virtual;

#define SCAUSE_USER_ECALL 8
#define SCAUSE_VS_ECALL   10

static bool lower_mode_trap(struct trap_frame *frame)
{
	if ((frame->scause == SCAUSE_USER_ECALL || frame->scause == SCAUSE_VS_ECALL) &&
	    frame->sepc == (unsigned long)lower_mode_return) {
		/* Back to the caller in S/HS-mode: SPP = S and, for V=1, SPV = 0. */
		frame->sepc = (unsigned long)lower_mode_resume;
		frame->sstatus |= SSTATUS_SPP;
		if (lower_mode_virtual)
			csr_clear(0x600, HSTATUS_SPV);
		return true;
	}
	return test_handler && test_handler(frame);
}

unsigned long lower_mode_call(enum lower_mode mode, unsigned long (*fn)(unsigned long), unsigned long arg)
{
	unsigned long result;

	test_handler = payload_trap_handler;
	payload_trap_handler = lower_mode_trap;
	lower_mode_virtual = mode != LOWER_MODE_U;
	if (lower_mode_virtual) {
		csr_write(0x680, 0);                                   /* hgatp: Bare */
		csr_write(0x280, 0);                                   /* vsatp: Bare */
		csr_write(0x205, (unsigned long)lower_mode_vs_vector); /* vstvec */
		csr_set(0x600, HSTATUS_SPV);
		if (mode == LOWER_MODE_VS)
			csr_set(0x600, HSTATUS_SPVP);
		else
			csr_clear(0x600, HSTATUS_SPVP);
	}
	if (mode == LOWER_MODE_VS)
		csr_set(sstatus, SSTATUS_SPP);
	else
		csr_clear(sstatus, SSTATUS_SPP);
	csr_clear(sstatus, SSTATUS_SPIE);       /* no interrupts in the lower mode */
	result = lower_mode_enter(fn, arg, lower_mode_ctx);
	payload_trap_handler = test_handler;
	return result;
}
