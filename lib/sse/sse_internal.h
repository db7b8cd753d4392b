/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the SSE core (lib/sse/sse_core.c) shares with its attributes
 * (lib/sse/sse_attrs.c). Not part of the SSE API: include sbi_sse.h for that.
 */
#ifndef ABACUS_SSE_INTERNAL_H
#define ABACUS_SSE_INTERNAL_H

#include <stdint.h>
#include "hart_ext.h"
#include "sbi_lock.h"
#include "sbi_sse.h"

/* Guards the global events and every hart's masked flag and global_targeted word. */
extern spinlock_t sse_global_lock;

static inline struct sse_hart *sse_of(struct hart_state *hs)
{
	return &hs->ext->sse;
}

/* The event event_id names for hs; a global one comes back with the lock held. An SBI error otherwise. */
long sse_get(struct hart_state *hs, uint32_t event_id, struct sse_event **out);

/* Done with an event sse_get() gave. */
static inline void sse_put(struct sse_event *e)
{
	if (e->global)
		spin_unlock(&sse_global_lock);
}

#endif
