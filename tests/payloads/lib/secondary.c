/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a hart that enters _start after the boot hart goes. A test that
 * starts harts through HSM defines its own payload_secondary_main(); for
 * every other test such a hart is a firmware bug (the firmware must keep
 * the non-boot harts parked), so it is counted here and test_pass() fails.
 */
#include "payload.h"

/* In .data, not .bss: the boot hart clears .bss while such a hart may be here. */
volatile unsigned int payload_unexpected_harts __attribute__((section(".data")));

void __attribute__((weak)) payload_secondary_main(unsigned long hartid, unsigned long opaque)
{
	__atomic_fetch_add(&payload_unexpected_harts, 1, __ATOMIC_SEQ_CST);
	printf("UNEXPECTED HART %lu entered the payload (a1 = 0x%lx)\n", hartid, opaque);
	for (;;)
		__asm__ volatile("wfi");
}
