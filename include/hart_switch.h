/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a hart runs next (lib/common/hart_switch.S): nowhere, on another
 * stack, or in S/U-mode.
 */
#ifndef ABACUS_HART_SWITCH_H
#define ABACUS_HART_SWITCH_H

/* Stops the calling hart for good: interrupts off, wfi forever. */
void park(void) __attribute__((noreturn));
/* Calls fn(arg) with sp = stack_top, then returns on the caller's stack. */
void call_on_stack(void (*fn)(void *), void *arg, void *stack_top);
/* Enters S/U-mode (mode PRV_S or PRV_U) at addr with a0, a1; the M-mode stack
 * restarts at stack_top (mscratch), so the next trap starts on an empty stack. */
void hart_enter_next_mode(unsigned long a0, unsigned long a1, unsigned long addr, unsigned long mode,
			  unsigned long stack_top) __attribute__((noreturn));

#endif
