/* SPDX-License-Identifier: BSD-2-Clause */
/* SSE helpers for payloads (sse.h). */
#include "sse.h"

struct sbiret sse_register_handler(unsigned long event_id, struct sse_handler_arg *arg, sse_handler_fn fn,
				   void *data, uint8_t *stack)
{
	arg->handler = fn;
	arg->data = data;
	arg->stack_top = (unsigned long)(stack + SSE_STACK_SIZE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return sbi_sse_register(event_id, (unsigned long)sse_entry, (unsigned long)arg);
}

unsigned long sse_attr(unsigned long event_id, unsigned long attr_id)
{
	unsigned long value[1] = { 0 };
	struct sbiret ret = sbi_sse_read_attrs(event_id, attr_id, 1, (unsigned long)value, 0);

	return ret.error ? ~0UL : value[0];
}

long sse_attr_set(unsigned long event_id, unsigned long attr_id, unsigned long value)
{
	unsigned long v[1] = { value };

	return sbi_sse_write_attrs(event_id, attr_id, 1, (unsigned long)v, 0).error;
}
