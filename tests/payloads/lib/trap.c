/* SPDX-License-Identifier: BSD-2-Clause */
/* C side of the trap vector (trap.S): a test's handler, else a failure. */
#include "payload.h"

bool (*payload_trap_handler)(struct trap_frame *frame);

void trap_dispatch(struct trap_frame *frame);

void trap_dispatch(struct trap_frame *frame)
{
	if (payload_trap_handler && payload_trap_handler(frame))
		return;
	printf("UNEXPECTED TRAP on hart %lu: scause=0x%lx sepc=0x%lx stval=0x%lx\n",
	       current_hartid(), frame->scause, frame->sepc, frame->stval);
	test_fail();
}
