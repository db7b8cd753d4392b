/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE handlers in payloads (sse_entry.S, sse.c): register an event with
 * sse_entry and a struct sse_handler_arg as ENTRY_ARG; the event then runs
 * arg->handler on arg's stack with the interrupted registers in *regs.
 */
#ifndef PAYLOAD_SSE_H
#define PAYLOAD_SSE_H

#include "payload.h"

struct sse_handler_arg;
typedef void (*sse_handler_fn)(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid);

struct sse_handler_arg {
	unsigned long sp_tmp;          /* sse_entry's scratch (offset 0) */
	sse_handler_fn handler;        /* offset 8 */
	unsigned long stack_top;       /* offset 16 */
	void *data;
};

#define SSE_STACK_SIZE 4096
extern char sse_entry[];

/* arg's stack is stack[0..SSE_STACK_SIZE); registers the event with sse_entry. */
struct sbiret sse_register_handler(unsigned long event_id, struct sse_handler_arg *arg, sse_handler_fn fn,
				   void *data, uint8_t *stack);
/* One attribute of an event (~0 when the read fails). */
unsigned long sse_attr(unsigned long event_id, unsigned long attr_id);
/* Writes one attribute; the SBI error. */
long sse_attr_set(unsigned long event_id, unsigned long attr_id, unsigned long value);
static inline unsigned long sse_state(unsigned long event_id)
{
	return sse_attr(event_id, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_STATE_MASK;
}

#endif
