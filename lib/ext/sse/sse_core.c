/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SSE core: event IDs, the state machine of the chapter's figure
 * (UNUSED -> REGISTERED -> ENABLED -> RUNNING, back by unregister, disable,
 * complete; ONESHOT completes to REGISTERED), attributes and their access
 * rules, priorities and nesting, masking, injection, and the routing of
 * global events. See lib/ext/sse/sse.h for the events and the locking;
 * the attributes are lib/ext/sse/sse_attrs.c's.
 *
 * Readiness: hs->exit_work is recomputed by the hart itself after anything
 * that may change it (its own SSE calls, LCOFI, an SSE IPI, delivery,
 * completion). Another hart never writes it: it sets a local event's
 * pending bit (sse_status_inject) or global_targeted and sends an IPI.
 */
#include <stddef.h>
#include "hart.h"
#include "hart_ext.h"
#include "hsm/hsm.h"
#include "lock.h"
#include "memory_map.h"
#include "sse/sse.h"
#include "ipi.h"
#include "sse/sse_hw.h"
#include "sse_internal.h"

/* Another hart injected or routed an event here (or this hart keeps its own IPI raised: sse_ipi). */
IPI_REASON(40, sse_ipi_reason, sse_ipi);

spinlock_t sse_global_lock;
static struct sse_event sse_global_events[SSE_GLOBAL_EVENTS];

static const uint32_t sse_local_ids[SSE_LOCAL_EVENTS] = {
	[SSE_LOCAL_DOUBLE_TRAP] = SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP,
	[SSE_LOCAL_PMU_OVERFLOW] = SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
	[SSE_LOCAL_SOFTWARE] = SBI_SSE_EVENT_LOCAL_SOFTWARE,
};
static const uint32_t sse_global_ids[SSE_GLOBAL_EVENTS] = {
	[SSE_GLOBAL_SOFTWARE] = SBI_SSE_EVENT_GLOBAL_SOFTWARE,
};

/* Standard event IDs of the chapter's table; any other standard ID is reserved. */
static bool sse_id_is_standard(uint32_t id)
{
	switch (id) {
	case SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP:
	case SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW:
	case SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS:
	case SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_SOFTWARE:
	case SBI_SSE_EVENT_GLOBAL_SOFTWARE:
		return true;
	default:
		return false;
	}
}

/* Error for an ID Abacus does not offer: platform-specific or standard ones are
 * valid but unsupported, the rest are reserved (every table of the chapter). */
static long sse_unknown_id_error(uint32_t id)
{
	if ((id & SBI_SSE_EVENT_PLATFORM_BIT) || sse_id_is_standard(id))
		return SBI_ERR_NOT_SUPPORTED;
	return SBI_ERR_INVALID_PARAM;
}

static int sse_local_index(uint32_t id)
{
	for (int i = 0; i < SSE_LOCAL_EVENTS; i++)
		if (sse_local_ids[i] == id)
			return i;
	return -1;
}

static int sse_global_index(uint32_t id)
{
	for (int i = 0; i < SSE_GLOBAL_EVENTS; i++)
		if (sse_global_ids[i] == id)
			return i;
	return -1;
}

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "sse_event.rank: priority in the upper half");

static uint64_t sse_key(const struct sse_event *e)
{
	/* Lower value wins; equal priorities go by event_id (Software Event Priority). */
	return e->rank;
}

/*
 * An event's attributes back to their reset values, UNUSED and nothing
 * pending. Field by field, the status word first: another hart may be
 * injecting the event (sse_status_inject), and must never find it half
 * reset. event_id and global never change after boot (sse_event_init).
 */
static void sse_event_reset(struct sse_event *e, unsigned long preferred_hart)
{
	sse_status_unuse(e);
	e->priority = 0;
	e->config = 0;
	e->preferred_hart = preferred_hart;
	e->entry_pc = 0;
	e->entry_arg = 0;
	for (int i = 0; i < 4; i++)
		e->interrupted[i] = 0;
	e->target = NULL;
	e->running_on = NULL;
}

static void sse_event_init(struct sse_event *e, uint32_t id, bool global, unsigned long preferred_hart)
{
	e->event_id = id;
	e->global = global;
	__atomic_store_n(&e->status, 0, __ATOMIC_RELAXED);
	sse_event_reset(e, preferred_hart);
}

/*
 * The event to deliver on hs now, or NULL: the highest priority event that is
 * ENABLED and pending (a global one routed here), if the hart is unmasked and
 * it outranks the event running on top. Global events are looked at only
 * with the lock held (with_globals).
 */
static struct sse_event *sse_pick(struct hart_state *hs, bool with_globals)
{
	struct sse_hart *sh = sse_of(hs);
	struct sse_event *best = NULL;

	if (sh->masked)
		return NULL;
	for (int i = 0; i < SSE_LOCAL_EVENTS; i++) {
		struct sse_event *e = &sh->local[i];
		if (sse_ready_to_run(e) && (!best || sse_key(e) < sse_key(best)))
			best = e;
	}
	if (with_globals) {
		unsigned long targeted = sh->global_targeted;

		for (struct sse_event *e = sse_global_events; targeted; e++, targeted >>= 1)
			if ((targeted & 1) && e->target == hs && sse_ready_to_run(e) && (!best || sse_key(e) < sse_key(best)))
				best = e;
	}
	if (best && sh->nr_running && sse_key(best) >= sse_key(sh->running[sh->nr_running - 1]))
		return NULL;
	return best;
}

static void sse_update_ready(struct hart_state *hs)
{
	struct sse_hart *sh = sse_of(hs);
	bool lock;

	/* Nothing runs on a masked hart (which only this hart unmasks). */
	if (sh->masked) {
		hs->exit_work = 0;
		return;
	}
	lock = __atomic_load_n(&sh->global_targeted, __ATOMIC_ACQUIRE) != 0;
	if (lock)
		spin_lock(&sse_global_lock);
	hs->exit_work = sse_pick(hs, lock) != NULL;
	if (lock)
		spin_unlock(&sse_global_lock);
}

/* ---- Global events (lock held) ---- */

static void sse_untarget(struct sse_event *e)
{
	if (!e->target)
		return;
	__atomic_fetch_and(&e->target->ext->sse.global_targeted, ~(1UL << (e - sse_global_events)),
			   __ATOMIC_RELEASE);
	e->target = NULL;
}

/*
 * A pending, enabled global event runs on its PREFERRED_HART and nowhere
 * else: the client named that hart and expects the handler there (the
 * chapter lets an implementation choose another hart "to avoid an
 * inter-processor interrupt"; sending it elsewhere would add one). It is
 * routed to that hart (its global_targeted bit, and an IPI when it is
 * another hart) while the hart is unmasked; while it is masked the event
 * waits, pending, and the hart's hart_unmask routes it. A stopped hart is
 * masked (sse_hart_reset), so an event for it waits until it is started
 * again and unmasks (docs/sbi3.md). Invariant: e->target is NULL or the
 * preferred hart, unmasked.
 */
static void sse_route(struct hart_state *self, struct sse_event *e)
{
	struct hart_state *t;

	if (!sse_ready_to_run(e) || e->target)
		return;
	t = hart_by_id(e->preferred_hart);
	if (!t || !t->ext || t->ext->sse.masked)
		return;
	e->target = t;
	__atomic_fetch_or(&t->ext->sse.global_targeted, 1UL << (e - sse_global_events), __ATOMIC_RELEASE);
	if (t != self)
		ipi_raise(t, &sse_ipi_reason);
}

/* ---- Looking an event up for the calling hart ---- */

long sse_get(struct hart_state *hs, uint32_t event_id, struct sse_event **out)
{
	struct sse_hart *sh = sse_of(hs);
	int i = sse_local_index(event_id);

	if (i >= 0) {
		if (!((sh->supported_local >> i) & 1))
			return SBI_ERR_NOT_SUPPORTED;
		*out = &sh->local[i];
		return SBI_SUCCESS;
	}
	i = sse_global_index(event_id);
	if (i >= 0) {
		spin_lock(&sse_global_lock);
		*out = &sse_global_events[i];
		return SBI_SUCCESS;
	}
	return sse_unknown_id_error(event_id);
}

/* The PMU overflow event decides who takes LCOFI (lib/ext/sse/sse_hw.h). */
static void sse_state_changed(struct sse_hart *sh, struct sse_event *e, unsigned int old_state)
{
	bool was = old_state >= SBI_SSE_STATE_ENABLED, is = sse_state(e) >= SBI_SSE_STATE_ENABLED;

	if (e->event_id != SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW || was == is)
		return;
	if (is)
		sh->smode_lcofie = sse_hw_lcofi_take();
	else
		sse_hw_lcofi_give(sh->smode_lcofie);
}

/* Between two states other than UNUSED; pending stays as it is. */
static void sse_set_state(struct sse_hart *sh, struct sse_event *e, unsigned int state)
{
	unsigned int old = sse_state(e);

	sse_status_move(e, old, state);
	sse_state_changed(sh, e, old);
}

/* ---- Set-up ---- */

void sse_global_init(unsigned long default_hartid)
{
	for (int i = 0; i < SSE_GLOBAL_EVENTS; i++)
		sse_event_init(&sse_global_events[i], sse_global_ids[i], true, default_hartid);
}

void sse_hart_init(struct hart_state *hs, bool has_sscofpmf, bool has_ssdbltrp)
{
	struct sse_hart *sh = sse_of(hs);

	for (int i = 0; i < SSE_LOCAL_EVENTS; i++)
		sse_event_init(&sh->local[i], sse_local_ids[i], false, hs->hartid);
	/* A hart without S-mode has no handler to run: no local events. */
	sh->supported_local = 0;
	if (hart_offered_to_smode(hs)) {
		sh->supported_local = 1U << SSE_LOCAL_SOFTWARE;
		if (has_sscofpmf)
			sh->supported_local |= 1U << SSE_LOCAL_PMU_OVERFLOW;
		if (has_ssdbltrp)
			sh->supported_local |= 1U << SSE_LOCAL_DOUBLE_TRAP;
	}
	sh->nr_running = 0;
	sh->masked = true;       /* "masked initially on all harts" */
	sh->smode_lcofie = false;
	sh->global_targeted = 0;
	hs->exit_work = 0;
}

void sse_hart_reset(struct hart_state *hs)
{
	struct sse_hart *sh = sse_of(hs);

	/*
	 * The hart is masked again, as at boot. Global events that prefer it
	 * keep PREFERRED_HART (the client's) and, if pending, wait for the hart
	 * to be started again and unmasked: none moves to a hart the client did
	 * not name (docs/sbi3.md, "Global events").
	 */
	spin_lock(&sse_global_lock);
	sh->masked = true;
	for (int i = 0; i < SSE_GLOBAL_EVENTS; i++) {
		struct sse_event *e = &sse_global_events[i];
		if (e->running_on == hs) {
			/* Its handler died with the hart: the event is done. */
			e->running_on = NULL;
			sse_status_move(e, SBI_SSE_STATE_RUNNING,
					(e->config & SBI_SSE_ATTR_CONFIG_ONESHOT) ? SBI_SSE_STATE_REGISTERED
										  : SBI_SSE_STATE_ENABLED);
		}
		if (e->target == hs)
			sse_untarget(e);
	}
	spin_unlock(&sse_global_lock);
	/* Injections into this hart from now on fail (sse_status_unuse). */
	for (int i = 0; i < SSE_LOCAL_EVENTS; i++) {
		unsigned int old = sse_state(&sh->local[i]);
		sse_event_reset(&sh->local[i], hs->hartid);
		sse_state_changed(sh, &sh->local[i], old);
	}
	sh->nr_running = 0;
	hs->exit_work = 0;
}

/* ---- Event sources ---- */

void sse_pmu_overflow(struct hart_state *hs)
{
	struct sse_event *e = &sse_of(hs)->local[SSE_LOCAL_PMU_OVERFLOW];
	if (sse_state(e) >= SBI_SSE_STATE_ENABLED) {
		/* OF bits, scountovf and the snapshot bitmap stay as the hardware
		 * left them: S-mode reads them in its handler. */
		sse_hw_lcofi_ack();
		sse_status_signal(e);
	} else {
		/* Not ours (cannot happen while the routing is right): S-mode's. */
		sse_hw_lcofi_give(sse_of(hs)->smode_lcofie);
	}
	sse_update_ready(hs);
}

bool sse_double_trap(struct hart_state *hs)
{
	struct sse_hart *sh = sse_of(hs);
	struct sse_event *e = &sh->local[SSE_LOCAL_DOUBLE_TRAP];

	/* Returning to the trapping code would only trap again: without a
	 * handler able to run now, the hart cannot go on. */
	if (!((sh->supported_local >> SSE_LOCAL_DOUBLE_TRAP) & 1) || sse_state(e) != SBI_SSE_STATE_ENABLED || sh->masked)
		return false;
	sse_status_signal(e);
	sse_update_ready(hs);
	return hs->exit_work != 0;
}

void sse_ipi(struct hart_state *hs, bool in_ecall)
{
	sse_update_ready(hs);
	if (in_ecall && hs->exit_work)
		ipi_raise(hs, &sse_ipi_reason);
}

/* ---- Delivery and completion ---- */

bool sse_deliver(struct hart_state *hs, struct sse_cpu_context *ctx)
{
	struct sse_hart *sh = sse_of(hs);
	bool lock = __atomic_load_n(&sh->global_targeted, __ATOMIC_ACQUIRE) != 0;
	struct sse_event *e;

	if (lock)
		spin_lock(&sse_global_lock);
	e = sse_pick(hs, lock);
	if (e) {
		/* Pending, which only this hart (or the lock's holder) clears: RUNNING, not pending. */
		sse_status_move(e, SBI_SSE_STATE_ENABLED | SSE_STATUS_PENDING, SBI_SSE_STATE_RUNNING);
		if (e->global) {
			sse_untarget(e);
			e->running_on = hs;
		}
		sh->running[sh->nr_running++] = e;
		sse_context_enter(ctx, e->interrupted, hs->hartid, e->entry_pc, e->entry_arg);
	}
	/*
	 * Nothing else is ready now: e had the lowest key of every ready event
	 * and now runs on top, which only a lower key preempts (keys are
	 * unique: they include the event ID). Events signalled later set
	 * exit_work again (on this hart, or by their IPI).
	 */
	hs->exit_work = 0;
	if (lock)
		spin_unlock(&sse_global_lock);
	return e != NULL;
}

bool sbi_sse_complete(struct hart_state *hs, struct sse_cpu_context *ctx)
{
	struct sse_hart *sh = sse_of(hs);
	struct sse_event *e;
	unsigned int to;

	if (!sh->nr_running)
		return false;
	e = sh->running[--sh->nr_running];
	if (e->global)
		spin_lock(&sse_global_lock);
	to = (e->config & SBI_SSE_ATTR_CONFIG_ONESHOT) ? SBI_SSE_STATE_REGISTERED : SBI_SSE_STATE_ENABLED;
	sse_status_move(e, SBI_SSE_STATE_RUNNING, to);
	if (to == SBI_SSE_STATE_REGISTERED)
		sse_state_changed(sh, e, SBI_SSE_STATE_RUNNING);     /* a ONESHOT PMU event gives LCOFI back */
	sse_context_resume(ctx, e->interrupted);
	if (e->global) {
		e->running_on = NULL;
		sse_route(hs, e);      /* signalled again while it ran */
		spin_unlock(&sse_global_lock);
	}
	sse_update_ready(hs);
	return true;
}

/* ---- The state machine ---- */

struct sbiret sbi_sse_register(struct hart_state *hs, uint32_t event_id, unsigned long handler_entry_pc,
			       unsigned long handler_entry_arg)
{
	struct sse_event *e;
	long err = sse_get(hs, event_id, &e);

	if (err)
		return sbiret_err(err);
	/*
	 * The register table has one code for a bad handler_entry_pc,
	 * INVALID_PARAM ("not 2-bytes aligned"); an entry S-mode could not run
	 * (satp Bare: firmware memory, MMIO) is a bad handler_entry_pc too.
	 */
	if ((handler_entry_pc & 1) || !sse_hw_entry_pc_ok(handler_entry_pc))
		err = SBI_ERR_INVALID_PARAM;
	else if (sse_state(e) != SBI_SSE_STATE_UNUSED)
		err = SBI_ERR_INVALID_STATE;
	else {
		e->entry_pc = handler_entry_pc;
		e->entry_arg = handler_entry_arg;
		/* UNUSED: nobody else changes the word now (sse_status_inject). */
		sse_status_move(e, SBI_SSE_STATE_UNUSED, SBI_SSE_STATE_REGISTERED);
	}
	sse_put(e);
	return sbiret_err(err);
}

struct sbiret sbi_sse_unregister(struct hart_state *hs, uint32_t event_id)
{
	struct sse_event *e;
	long err = sse_get(hs, event_id, &e);

	if (err)
		return sbiret_err(err);
	if (sse_state(e) != SBI_SSE_STATE_REGISTERED)
		err = SBI_ERR_INVALID_STATE;
	else
		sse_status_unuse(e);      /* nothing pending; a racing injection fails */
	sse_put(e);
	return sbiret_err(err);
}

struct sbiret sbi_sse_enable(struct hart_state *hs, uint32_t event_id)
{
	struct sse_event *e;
	long err = sse_get(hs, event_id, &e);

	if (err)
		return sbiret_err(err);
	if (sse_state(e) != SBI_SSE_STATE_REGISTERED)
		err = SBI_ERR_INVALID_STATE;
	else {
		sse_set_state(sse_of(hs), e, SBI_SSE_STATE_ENABLED);
		if (e->global)
			sse_route(hs, e);     /* injected while it was only registered */
	}
	sse_put(e);
	sse_update_ready(hs);
	return sbiret_err(err);
}

struct sbiret sbi_sse_disable(struct hart_state *hs, uint32_t event_id)
{
	struct sse_event *e;
	long err = sse_get(hs, event_id, &e);

	if (err)
		return sbiret_err(err);
	if (sse_state(e) != SBI_SSE_STATE_ENABLED)
		err = SBI_ERR_INVALID_STATE;
	else {
		sse_set_state(sse_of(hs), e, SBI_SSE_STATE_REGISTERED);
		if (e->global)
			sse_untarget(e);      /* stays pending until enabled again */
	}
	sse_put(e);
	sse_update_ready(hs);
	return sbiret_err(err);
}

struct sbiret sbi_sse_inject(struct hart_state *hs, uint32_t event_id, unsigned long hart_id)
{
	int i = sse_local_index(event_id);
	struct hart_state *target;
	struct sse_event *e, *local;
	unsigned long seen;
	long err = SBI_SUCCESS;

	if (i < 0) {
		/* A global event: hart_id is ignored. */
		err = sse_get(hs, event_id, &e);
		if (err)
			return sbiret_err(err);
		if (!sse_injectable(e))
			err = SBI_ERR_INVALID_PARAM;
		else if (!sse_status_inject(e, sse_status(e)))
			err = SBI_ERR_FAILED;         /* UNUSED: nobody to deliver it to */
		else
			sse_route(hs, e);
		sse_put(e);
		sse_update_ready(hs);
		return sbiret_err(err);
	}
	/*
	 * A valid hart_id whatever its HSM state: a stopped hart's events are
	 * UNUSED (FAILED). A gone hart (include/hart.h) is "not available to the
	 * supervisor" as in hart masks: an invalid hart_id.
	 */
	target = hart_by_id(hart_id);
	if (!target || !target->ext || !hart_offered_to_smode(target) || hart_gone(target))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!((sse_of(target)->supported_local >> i) & 1))
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	if (i == SSE_LOCAL_DOUBLE_TRAP)      /* !sse_injectable() */
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	local = &sse_of(target)->local[i];
	seen = sse_status(local);
	if (target == hs) {
		/* Its own event: nobody else changes its state meanwhile. */
		if (!(seen & SSE_STATUS_STATE))
			return sbiret_err(SBI_ERR_FAILED);
		sse_status_signal(local);
		sse_update_ready(hs);
		return sbiret_ok(0);
	}
	/*
	 * Another hart's, in one word read once: SUCCESS if the event is in use
	 * and still in that registration when the pending bit is set; FAILED if
	 * it is UNUSED, or its hart stopped (or S-mode unregistered it) after
	 * the read: an injection racing the stop is answered as of the stop and
	 * never kept for the next registration (docs/sbi3.md).
	 */
	if (!sse_status_inject(local, seen))
		return sbiret_err(SBI_ERR_FAILED);
	ipi_raise(target, &sse_ipi_reason);
	return sbiret_ok(0);
}

struct sbiret sbi_sse_hart_unmask(struct hart_state *hs)
{
	struct sse_hart *sh = sse_of(hs);
	long err = SBI_SUCCESS;

	spin_lock(&sse_global_lock);
	if (!sh->masked)
		err = SBI_ERR_ALREADY_STARTED;
	else {
		sh->masked = false;
		/* Global events waiting for this hart, their preferred one. */
		for (int i = 0; i < SSE_GLOBAL_EVENTS; i++)
			sse_route(hs, &sse_global_events[i]);
	}
	spin_unlock(&sse_global_lock);
	sse_update_ready(hs);
	return sbiret_err(err);
}

struct sbiret sbi_sse_hart_mask(struct hart_state *hs)
{
	struct sse_hart *sh = sse_of(hs);
	long err = SBI_SUCCESS;

	spin_lock(&sse_global_lock);
	if (sh->masked)
		err = SBI_ERR_ALREADY_STOPPED;
	else {
		sh->masked = true;
		/* Global events routed here stay pending for this hart's unmask. */
		for (int i = 0; i < SSE_GLOBAL_EVENTS; i++)
			if (sse_global_events[i].target == hs)
				sse_untarget(&sse_global_events[i]);
	}
	spin_unlock(&sse_global_lock);
	sse_update_ready(hs);
	return sbiret_err(err);
}
