/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the SSE core (lib/ext/sse/sse_core.c) shares with its attributes
 * (lib/ext/sse/sse_attrs.c). Not part of the SSE API: include sse/sse.h for that.
 */
#ifndef ABACUS_SSE_INTERNAL_H
#define ABACUS_SSE_INTERNAL_H

#include <stdint.h>
#include "hart_ext.h"
#include "lock.h"
#include "sse/sse.h"

/* Guards the global events and every hart's masked flag and global_targeted word. */
extern spinlock_t sse_global_lock;

static inline struct sse_hart *sse_of(struct hart_state *hs)
{
	return &hs->ext->sse;
}

/*
 * The status word (lib/ext/sse/sse.h). Its state bits change only on the
 * event's own hart (a global event's: under the lock), so that hart may read
 * the state and move it with one atomic add that leaves a pending bit set
 * meanwhile by another hart intact. Relaxed order: an injector publishes
 * nothing but the bit, and its IPI (a release) orders the bit before the
 * target looks (include/ipi.h).
 */
static inline unsigned long sse_status(const struct sse_event *e)
{
	return __atomic_load_n(&e->status, __ATOMIC_RELAXED);
}

static inline unsigned int sse_state(const struct sse_event *e)
{
	return sse_status(e) & SSE_STATUS_STATE;
}

/* ENABLED and pending: the event may run (sse_pick). */
static inline bool sse_ready_to_run(const struct sse_event *e)
{
	return (sse_status(e) & (SSE_STATUS_STATE | SSE_STATUS_PENDING)) == (SBI_SSE_STATE_ENABLED | SSE_STATUS_PENDING);
}

/* From state and pending `from` to `to` (the caller knows both are what it says). */
static inline void sse_status_move(struct sse_event *e, unsigned long from, unsigned long to)
{
	__atomic_fetch_add(&e->status, to - from, __ATOMIC_RELAXED);
}

/* Pending, by the event's own hart in a state other than UNUSED. */
static inline void sse_status_signal(struct sse_event *e)
{
	__atomic_fetch_or(&e->status, SSE_STATUS_PENDING, __ATOMIC_RELAXED);
}

/*
 * Back to UNUSED, nothing pending, in a new registration. A store: an
 * injection that set the pending bit before it is dropped with the rest
 * of the registration, one that comes after finds UNUSED or, having read
 * the word before, a registration it did not see (sse_status_inject).
 */
static inline void sse_status_unuse(struct sse_event *e)
{
	unsigned long s = sse_status(e);

	__atomic_store_n(&e->status, (s & ~(SSE_STATUS_STATE | SSE_STATUS_PENDING)) + SSE_STATUS_REGISTRATION,
			 __ATOMIC_RELAXED);
}

/*
 * An injection that read `seen` from e's status word first: sets the
 * pending bit if the event is still in use and in that registration, and
 * says whether it did (the bit may have been set already). False when the event
 * is UNUSED, or was unregistered or its hart stopped since `seen`: the
 * injection came too late for the registration it was aimed at and is not
 * kept for a later one (SBI_ERR_FAILED: docs/sbi3.md).
 */
static inline bool sse_status_inject(struct sse_event *e, unsigned long seen)
{
	unsigned long now = seen;

	if (!(seen & SSE_STATUS_STATE))
		return false;
	/* The first try expects `seen` itself, and fails if anything changed since. */
	while (!__atomic_compare_exchange_n(&e->status, &now, now | SSE_STATUS_PENDING, true, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		if (!(now & SSE_STATUS_STATE) || ((now ^ seen) & ~(SSE_STATUS_STATE | SSE_STATUS_PENDING)))
			return false;
	return true;
}

/* sbi_sse_inject may raise the event: all but the double trap (a fake one would only make S-mode panic). */
static inline bool sse_injectable(const struct sse_event *e)
{
	return e->event_id != SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP;
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
