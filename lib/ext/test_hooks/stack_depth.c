/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stack high-water marks (lib/ext/test_hooks/stack_depth.h), test-hook image only.
 *
 * A mark counts writes, not reservations: a frame the code reserved but did
 * not write down to its bottom is not counted (an array filled for the call's
 * count only). That is what can corrupt the neighbouring block, but it
 * depends on the call's arguments: scripts/stack-check.py gives the bound
 * over all of them, from the frames GCC reserves.
 */
#include "hart_lifecycle.h"
#include "test_hooks/stack_depth.h"

/* "STACKPNT" in ASCII: no address, count or flag word the firmware writes. */
#define STACK_PAINT 0x544e504b43415453UL

static unsigned long *stack_bottom(const struct hart_state *hs)
{
	return (unsigned long *)((unsigned long)hs & ~(unsigned long)(HART_BLOCK_SIZE - 1));
}

/* Fills the stack of the hart whose block this is. */
static void stack_depth_paint(struct hart_state *hs)
{
	for (volatile unsigned long *p = stack_bottom(hs); p < (unsigned long *)hs; p++)
		*p = STACK_PAINT;
}

unsigned long stack_depth_used(const struct hart_state *hs)
{
	const volatile unsigned long *p = stack_bottom(hs);

	while (p < (const unsigned long *)hs && *p == STACK_PAINT)
		p++;
	return (unsigned long)hs - (unsigned long)p;
}

/*
 * sp is read after this function's prologue, and RISC-V code keeps nothing
 * below sp (no red zone): everything below it is free while this runs.
 */
void __attribute__((noinline)) stack_depth_repaint_below_caller(void)
{
	volatile unsigned long *p = stack_bottom(current_hart());
	unsigned long sp;

	__asm__ __volatile__("mv %0, sp" : "=r"(sp));
	while ((unsigned long)p < sp)
		*p++ = STACK_PAINT;
}

/* At cold boot, before the hart ever runs on its block. */
HART_LIFECYCLE(01, stack_depth, stack_depth_paint, NULL, NULL, NULL);
