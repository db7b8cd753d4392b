/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE event attributes (table "SSE Event Attributes"): read_attrs and
 * write_attrs, their checks and access rules. The events are the core's
 * (lib/ext/sse/sse_core.c), looked up with sse_get()/sse_put().
 */
#include "hart.h"
#include "hart_ext.h"
#include "memory_map.h"
#include "sse/sse.h"
#include "sse_internal.h"

/* The status word holds the state where STATUS has it. */
_Static_assert(SSE_STATUS_STATE == SBI_SSE_ATTR_STATUS_STATE_MASK, "SSE status word");

static unsigned long sse_attr_value(const struct hart_state *hs, const struct sse_event *e, uint32_t attr)
{
	switch (attr) {
	case SBI_SSE_ATTR_STATUS:
		return (sse_status(e) & SSE_STATUS_STATE) | (sse_status(e) & SSE_STATUS_PENDING ? SBI_SSE_ATTR_STATUS_PENDING : 0) |
		       (sse_injectable(e) ? SBI_SSE_ATTR_STATUS_INJECT : 0);
	case SBI_SSE_ATTR_PRIORITY:
		return e->priority;
	case SBI_SSE_ATTR_CONFIG:
		return e->config;
	case SBI_SSE_ATTR_PREFERRED_HART:
		return e->global ? e->preferred_hart : hs->hartid;
	case SBI_SSE_ATTR_ENTRY_PC:
		return e->entry_pc;
	case SBI_SSE_ATTR_ENTRY_ARG:
		return e->entry_arg;
	default:
		return e->interrupted[attr - SBI_SSE_ATTR_INTERRUPTED_SEPC];
	}
}

/*
 * Checks common to read_attrs and write_attrs (their error tables): a count,
 * a range of defined attributes, and XLEN/8-aligned S-mode memory for
 * attr_count values. attr_count and base_attr_id are 32-bit: no wrap in 64.
 */
static long sse_attr_range_check(uint32_t base_attr_id, uint32_t attr_count, unsigned long phys_lo,
				 unsigned long phys_hi)
{
	if (attr_count == 0)
		return SBI_ERR_INVALID_PARAM;
	if ((uint64_t)base_attr_id + attr_count > SBI_SSE_ATTR_COUNT)
		return SBI_ERR_BAD_RANGE;
	if (phys_lo & (sizeof(unsigned long) - 1) ||
	    !smode_range_ok(phys_lo, phys_hi, (uint64_t)attr_count * sizeof(unsigned long)))
		return SBI_ERR_INVALID_ADDRESS;
	return SBI_SUCCESS;
}

struct sbiret sbi_sse_read_attrs(struct hart_state *hs, uint32_t event_id, uint32_t base_attr_id,
				 uint32_t attr_count, unsigned long output_phys_lo, unsigned long output_phys_hi)
{
	struct sse_event *e;
	long err = sse_get(hs, event_id, &e);

	if (err)
		return sbiret_err(err);
	err = sse_attr_range_check(base_attr_id, attr_count, output_phys_lo, output_phys_hi);
	if (!err) {
		/* The value of attribute base + i goes to offset (XLEN / 8) * i. */
		unsigned long *out = (unsigned long *)output_phys_lo;
		for (uint32_t i = 0; i < attr_count; i++)
			out[i] = sse_attr_value(hs, e, base_attr_id + i);
	}
	sse_put(e);
	return sbiret_err(err);
}

/*
 * Whether t may be a global event's PREFERRED_HART: a hart offered to
 * S-mode (with S-mode) that is not stopped. A stopped (or stopping) hart
 * cannot take events: "must always be valid hart ID", and the write's
 * INVALID_PARAM is the chapter's code for a value out of the legal ones.
 */
static bool sse_hart_takes_events(const struct hart_state *t)
{
	long st = __atomic_load_n(&t->run_state, __ATOMIC_RELAXED);

	/* STOPPED (1) and STOP_PENDING (3) are the two states with (st | 2) == 3. */
	_Static_assert((SBI_HSM_STATE_STOPPED | 2) == 3 && (SBI_HSM_STATE_STOP_PENDING | 2) == 3, "HSM states");
	return (st | 2) != 3 && hart_offered_to_smode(t);
}

/* Access rules of one attribute write (table "SSE Event Attributes"). */
static long sse_attr_write_check(struct hart_state *hs, const struct sse_event *e, uint32_t attr,
				 unsigned long value)
{
	/* UNUSED (0) or REGISTERED (1). */
	bool settable = sse_state(e) <= SBI_SSE_STATE_REGISTERED;
	struct hart_state *t;

	switch (attr) {
	case SBI_SSE_ATTR_STATUS:
	case SBI_SSE_ATTR_ENTRY_PC:
	case SBI_SSE_ATTR_ENTRY_ARG:
		return SBI_ERR_DENIED;
	case SBI_SSE_ATTR_PRIORITY:
		if (!settable)
			return SBI_ERR_INVALID_STATE;
		return value > 0xffffffffUL ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
	case SBI_SSE_ATTR_CONFIG:
		if (!settable)
			return SBI_ERR_INVALID_STATE;
		return value & ~SBI_SSE_ATTR_CONFIG_ONESHOT ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
	case SBI_SSE_ATTR_PREFERRED_HART:
		if (!e->global)
			return SBI_ERR_DENIED;             /* read-only for local events */
		if (!settable)
			return SBI_ERR_INVALID_STATE;
		t = hart_by_id_inline(value);
		return t && sse_hart_takes_events(t) ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM;
	default:   /* INTERRUPTED_*: the running handler's, on its own hart */
		if (sse_state(e) != SBI_SSE_STATE_RUNNING || (e->global && e->running_on != hs))
			return SBI_ERR_INVALID_STATE;
		if (attr == SBI_SSE_ATTR_INTERRUPTED_FLAGS && (value & ~SBI_SSE_FLAGS_ALL))
			return SBI_ERR_INVALID_PARAM;
		return SBI_SUCCESS;
	}
}

static void sse_attr_write(struct sse_event *e, uint32_t attr, unsigned long value)
{
	switch (attr) {
	case SBI_SSE_ATTR_PRIORITY:
		e->priority = (uint32_t)value;
		break;
	case SBI_SSE_ATTR_CONFIG:
		e->config = (uint32_t)value;        /* ONESHOT or 0 (checked) */
		break;
	case SBI_SSE_ATTR_PREFERRED_HART:
		e->preferred_hart = value;
		break;
	default:
		e->interrupted[attr - SBI_SSE_ATTR_INTERRUPTED_SEPC] = value;
		break;
	}
}

struct sbiret sbi_sse_write_attrs(struct hart_state *hs, uint32_t event_id, uint32_t base_attr_id,
				  uint32_t attr_count, unsigned long input_phys_lo, unsigned long input_phys_hi)
{
	unsigned long values[SBI_SSE_ATTR_COUNT];
	struct sse_event *e;
	long err = sse_get(hs, event_id, &e);

	if (err)
		return sbiret_err(err);
	err = sse_attr_range_check(base_attr_id, attr_count, input_phys_lo, input_phys_hi);
	if (!err) {
		/* One copy: S-mode cannot change a value between check and use. */
		const volatile unsigned long *in = (const volatile unsigned long *)input_phys_lo;
		for (uint32_t i = 0; i < attr_count; i++)
			values[i] = in[i];
		/* The first error in attribute order wins, and then nothing is written. */
		for (uint32_t i = 0; i < attr_count && !err; i++)
			err = sse_attr_write_check(hs, e, base_attr_id + i, values[i]);
		for (uint32_t i = 0; i < attr_count && !err; i++)
			sse_attr_write(e, base_attr_id + i, values[i]);
	}
	sse_put(e);
	return sbiret_err(err);
}
