/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI 3.0 part of the fuzz_sbi target: SSE, FWFT and DBTR calls through
 * the dispatcher, and what the firmware does between them (delivering an
 * SSE event on the way back to S-mode, completing it, LCOFI while the PMU
 * overflow event holds it, the IPI another hart's injection sends), on the
 * five host harts of fuzz_host.c with their own stand-ins of the hardware
 * seams (lib/ext/sse/sse_hw.h, fwft_hw.h; triggers: tests/host/sim_triggers.c).
 *
 * Checked after every call or step, from the chapters' rules:
 * - error codes: only those the function's table allows, and the exact one
 *   where the arguments or the state decide (reserved event IDs and
 *   features, unsupported ones, counts, ranges, memory, the state machine,
 *   locks, shared memory, trigger index ranges);
 * - SSE state: the state machine's transitions (register only from UNUSED,
 *   ...), a successful attribute write reads back, delivery enters the
 *   handler with a6 = hart ID, a7 = ENTRY_ARG, pc = ENTRY_PC and saves the
 *   interrupted sepc/a6/a7, completion restores them; the running stack is
 *   in priority order; a global event is routed to, and runs on, only its
 *   preferred hart, never while that hart is masked; exit_work says exactly
 *   whether an event can be delivered; LCOFI is M-mode's exactly while the
 *   PMU overflow event is enabled or running;
 * - an injection racing its target's stop: another hart's inject reads the
 *   target's event in one step and sets it pending in a later one, with
 *   stops, restarts, unregisters and registers of the target in between;
 *   it lands exactly when the event is in use and has not been unregistered
 *   or stopped since the read (a stale injection never reaches the next
 *   registration), else it fails and leaves nothing pending;
 * - FWFT: a set value reads back and reached the hardware; locks hold;
 * - DBTR: no trigger ever has M or dmode set, or an address match in the
 *   firmware region; an uninstalled trigger cannot fire;
 * - memory: only the bytes a call may write change (read_attrs output,
 *   read_triggers entries, install's trig_idx words).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_host.h"
#include "fuzz_sbi.h"
#include "dbtr/dbtr_hw.h"
#include "fwft/fwft_hw.h"
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "ipi.h"
#include "memory_map.h"
#include "sse/sse_hw.h"
#include "sse/sse_internal.h"
#include "sse/sse_hart.h"

#define LOCAL_EVENTS  SSE_LOCAL_EVENTS

/* ---- Stand-ins for the hardware seams ---- */

static struct host_sse {
	bool lcofi_mmode, mie_lcofie;
	struct sse_cpu_context ctx;      /* S-mode context as the exit path would see it */
	unsigned long unused_count[LOCAL_EVENTS];   /* the harness's count of returns to UNUSED */
} hsse[HOST_HARTS];

/* An injection between its read of the target's event and its compare-and-swap. */
static struct {
	bool active;
	unsigned int target, index;
	unsigned long seen, unused_count;
} inflight;
static unsigned long fwft_hw[HOST_HARTS][SBI_FWFT_FEATURE_COUNT];

bool sse_hw_lcofi_take(void)
{
	bool old = hsse[host_current].mie_lcofie;

	hsse[host_current].lcofi_mmode = true;
	hsse[host_current].mie_lcofie = true;
	return old;
}

void sse_hw_lcofi_give(bool smode_lcofie)
{
	hsse[host_current].lcofi_mmode = false;
	hsse[host_current].mie_lcofie = smode_lcofie;
}

void sse_hw_lcofi_ack(void)
{
}

bool sse_hw_entry_pc_ok(unsigned long pc)
{
	return smode_addr_ok(pc);    /* translation off */
}

struct sbiret sse_complete_ecall(struct hart_state *hs, unsigned long a0, unsigned long a1)
{
	if (!sbi_sse_complete(hs, &hsse[hs->index].ctx))
		return sbiret_ok(0);
	return (struct sbiret){ .error = (long)a0, .value = a1 };
}

void fwft_hw_apply(unsigned int feature, unsigned long value)
{
	fwft_hw[host_current][feature] = value;
}

/* ---- Set-up ---- */

static const uint32_t hart_fwft[HOST_HARTS] = {
	1U << SBI_FWFT_MISALIGNED_EXC_DELEG,
	(1U << SBI_FWFT_FEATURE_COUNT) - 1,           /* everything */
	0,                                            /* no S-mode */
	(1U << SBI_FWFT_MISALIGNED_EXC_DELEG) | (1U << SBI_FWFT_DOUBLE_TRAP) | (1U << SBI_FWFT_POINTER_MASKING_PMLEN),
	0,
};
static const struct sim_triggers_config hart_triggers[HOST_HARTS] = {
	{ 2, (1U << 2) | (1U << 6), true },           /* as QEMU 7.2 */
	{ 4, (1U << 2) | (1U << 6), false },
	{ 0, 0, false },
	{ 0, 0, false },                              /* no Sdtrig */
	{ 8, 1U << 2, false },                        /* mcontrol only */
};

void sbi3_machine_reset(void)
{
	unsigned int cur = host_current;

	memset(hsse, 0, sizeof(hsse));
	memset(&inflight, 0, sizeof(inflight));
	memset(fwft_hw, 0xa5, sizeof(fwft_hw));
	for (unsigned int i = 0; i < HOST_HARTS; i++) {
		struct hart_state *hs = host_harts[i].hs;
		uint16_t types[DBTR_MAX_TRIGGERS];

		host_select_hart(i);
		sim_triggers_reset(&hart_triggers[i]);
		for (unsigned int t = 0; t < DBTR_MAX_TRIGGERS; t++)
			types[t] = hart_triggers[i].types;
		sse_hart_init(hs, hs->pmu.has_sscofpmf, i == 3);
		fwft_hart_init(&hs->ext->fwft, hart_fwft[i], i == 1 ? (1U << 7) | (1U << 16) : 1U << 16);
		dbtr_hart_init(&hs->ext->dbtr, hart_triggers[i].count, types);
		hsse[i].ctx = (struct sse_cpu_context){
			.mstatus = (unsigned long)PRV_S << MSTATUS_MPP_SHIFT, .mepc = 0x1000 + i, .sepc = 0x2000 + i,
			.a6 = 0x600 + i, .a7 = 0x700 + i, .has_h = (hs->features & HART_HAS_H) != 0,
		};
	}
	sse_global_init(host_hartids[0]);
	host_select_hart(cur);
}

/* ---- SSE ---- */

static const uint32_t local_ids[LOCAL_EVENTS] = {
	SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, SBI_SSE_EVENT_LOCAL_SOFTWARE,
};

static unsigned long gen_event_id(struct input *in)
{
	static const uint32_t ids[] = {
		SBI_SSE_EVENT_LOCAL_SOFTWARE, SBI_SSE_EVENT_GLOBAL_SOFTWARE, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
		SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP, SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS, SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS,
		SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS, SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS, 0x2, 0x4000, 0xc000, 0x8001,
		0x10001, 0x20000, 0xffff0001, 0xffff4000, 0xffffc000, 0xffffffff,
	};
	uint8_t sel = take8(in);
	unsigned long id = sel % 4 ? ids[take8(in) % (sizeof(ids) / sizeof(ids[0]))] : (uint32_t)take64(in);

	/* event_id is a uint32_t: upper bits are ignored (sometimes set). */
	return take8(in) % 8 == 0 ? id | (take64(in) << 32) : id;
}

/* The spec's classification, independently of the core: 0, NOT_SUPPORTED or INVALID_PARAM. */
static long sse_expected_lookup(const struct hart_state *hs, uint32_t id)
{
	switch (id) {
	case SBI_SSE_EVENT_LOCAL_SOFTWARE:
	case SBI_SSE_EVENT_GLOBAL_SOFTWARE:
		return SBI_SUCCESS;
	case SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW:
		return hs->pmu.has_sscofpmf ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	case SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP:
		return hs->index == 3 ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	case SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS:
	case SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS:
		return SBI_ERR_NOT_SUPPORTED;
	default:
		return (id & SBI_SSE_EVENT_PLATFORM_BIT) ? SBI_ERR_NOT_SUPPORTED : SBI_ERR_INVALID_PARAM;
	}
}

/* Reads one attribute through the dispatcher (into the last 8 bytes of S-mode RAM). */
static unsigned long sse_read(uint32_t id, uint32_t attr)
{
	unsigned long slot = sram_end() - 8;
	struct sbiret ret = ecall(SBI_EXT_SSE, SBI_SSE_READ_ATTRS, id, attr, 1, slot, 0, 0);

	EXPECT(ret.error == SBI_SUCCESS, "read_attrs(0x%x, %u) of a supported event: %ld", id, attr, ret.error);
	return *(unsigned long *)slot;
}

static unsigned long sse_state_of(uint32_t id)
{
	return sse_read(id, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_STATE_MASK;
}

static void call_sse_attrs(struct input *in, bool write, unsigned long id, long lookup)
{
	unsigned long base = take8(in) % 4 ? take8(in) % 12 : take64(in);
	unsigned long count = take8(in) % 4 ? take8(in) % 12 : take64(in);
	unsigned long lo = gen_addr(in), hi = gen_addr_hi(in);
	uint32_t b32 = (uint32_t)base, c32 = (uint32_t)count;
	unsigned long before[SBI_SSE_ATTR_COUNT] = { 0 };
	long want = lookup;
	struct sbiret ret;

	if (!want && !c32)
		want = SBI_ERR_INVALID_PARAM;
	else if (!want && (uint64_t)b32 + c32 > SBI_SSE_ATTR_COUNT)
		want = SBI_ERR_BAD_RANGE;
	else if (!want && ((lo & 7) || !sram_range(lo, hi, (uint64_t)c32 * 8)))
		want = SBI_ERR_INVALID_ADDRESS;
	if (write && !want) {
		/* Sometimes good values, sometimes garbage. */
		for (uint32_t i = 0; i < c32 && i < 16; i++)
			if (take8(in) % 2)
				((unsigned long *)lo)[i] = take8(in) % 2 ? take8(in) : take64(in);
		for (uint32_t i = 0; i < c32; i++)
			before[b32 + i] = sse_read(id, b32 + i);
	}
	state_save();
	if (!write && !want)
		allow(lo, (uint64_t)c32 * 8);
	ret = ecall(SBI_EXT_SSE, write ? SBI_SSE_WRITE_ATTRS : SBI_SSE_READ_ATTRS, id, base, count, lo, hi, 0);
	check_memory(write ? "sse write_attrs" : "sse read_attrs");
	if (write)
		EXPECT_ERROR_IN(ret, "sse write_attrs", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
				SBI_ERR_DENIED, SBI_ERR_INVALID_STATE, SBI_ERR_BAD_RANGE, SBI_ERR_INVALID_ADDRESS,
				SBI_ERR_FAILED);
	else
		EXPECT_ERROR_IN(ret, "sse read_attrs", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
				SBI_ERR_BAD_RANGE, SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
	if (want || !write) {
		EXPECT(ret.error == want, "sse %s_attrs(0x%lx, %lu, %lu, 0x%lx, 0x%lx): %ld, expected %ld",
		       write ? "write" : "read", id, base, count, lo, hi, ret.error, want);
		return;
	}
	/* A write: all or nothing. */
	for (uint32_t i = 0; i < c32; i++) {
		unsigned long now = sse_read(id, b32 + i), v = ((unsigned long *)lo)[i];
		unsigned int a = b32 + i;
		if (ret.error) {
			EXPECT(now == before[a], "failed write_attrs changed attribute %u", a);
		} else if (a == SBI_SSE_ATTR_PRIORITY || a == SBI_SSE_ATTR_CONFIG || a == SBI_SSE_ATTR_PREFERRED_HART ||
			   a >= SBI_SSE_ATTR_INTERRUPTED_SEPC) {
			EXPECT(now == v, "attribute %u written 0x%lx, reads 0x%lx", a, v, now);
		}
		if (!ret.error)
			EXPECT(a != SBI_SSE_ATTR_STATUS && a != SBI_SSE_ATTR_ENTRY_PC && a != SBI_SSE_ATTR_ENTRY_ARG,
			       "read-only attribute %u written", a);
	}
}

/* The SSE slot's delivery after a call (below). */
static const struct sse_event *slot_delivered;
static struct sse_cpu_context slot_before;
static unsigned long sse_state_before_slot(const struct sse_event *delivered, uint32_t id, unsigned long now);

void call_sse(struct input *in)
{
	struct hart_state *hs = host_current_hart;
	unsigned long fid = take8(in) % 11, id = gen_event_id(in);
	long lookup = sse_expected_lookup(hs, (uint32_t)id);
	unsigned long state = lookup ? 0 : sse_state_of((uint32_t)id), pc, hart;
	bool masked = hs->ext->sse.masked;
	const struct sse_event *delivered;
	struct sbiret ret;

	switch (fid) {
	case SBI_SSE_READ_ATTRS:
	case SBI_SSE_WRITE_ATTRS:
		call_sse_attrs(in, fid == SBI_SSE_WRITE_ATTRS, id, lookup);
		return;
	case SBI_SSE_REGISTER:
		pc = take8(in) % 4 ? sram_base() + (take16(in) & ~1UL) % (SRAM_PAGES * PAGE) : gen_addr(in);
		ret = ecall(SBI_EXT_SSE, fid, id, pc, take64(in), 0, 0, 0);
		/* The register table's codes only: a PC S-mode cannot run is INVALID_PARAM too. */
		EXPECT_ERROR_IN(ret, "sse register", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_STATE,
				SBI_ERR_INVALID_PARAM);
		EXPECT(ret.error == (lookup ? lookup : (pc & 1) ? SBI_ERR_INVALID_PARAM :
				     !sram_range(pc, 0, 1) ? SBI_ERR_INVALID_PARAM :
				     state != SBI_SSE_STATE_UNUSED ? SBI_ERR_INVALID_STATE : SBI_SUCCESS),
		       "sse register(0x%lx, 0x%lx) in state %lu: %ld", id, pc, state, ret.error);
		if (!ret.error)
			EXPECT(sse_state_of((uint32_t)id) == SBI_SSE_STATE_REGISTERED &&
			       sse_read((uint32_t)id, SBI_SSE_ATTR_ENTRY_PC) == pc, "register did not register");
		break;
	case SBI_SSE_UNREGISTER:
	case SBI_SSE_ENABLE:
	case SBI_SSE_DISABLE: {
		static const unsigned long from[] = { [SBI_SSE_UNREGISTER] = SBI_SSE_STATE_REGISTERED,
						      [SBI_SSE_ENABLE] = SBI_SSE_STATE_REGISTERED,
						      [SBI_SSE_DISABLE] = SBI_SSE_STATE_ENABLED };
		static const unsigned long to[] = { [SBI_SSE_UNREGISTER] = SBI_SSE_STATE_UNUSED,
						    [SBI_SSE_ENABLE] = SBI_SSE_STATE_ENABLED,
						    [SBI_SSE_DISABLE] = SBI_SSE_STATE_REGISTERED };
		ret = ecall(SBI_EXT_SSE, fid, id, take64(in), 0, 0, 0, 0);
		delivered = slot_delivered;
		EXPECT_ERROR_IN(ret, "sse (un)register/enable/disable", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED,
				SBI_ERR_INVALID_STATE, SBI_ERR_INVALID_PARAM);
		EXPECT(ret.error == (lookup ? lookup : state != from[fid] ? SBI_ERR_INVALID_STATE : SBI_SUCCESS),
		       "sse FID %lu(0x%lx) in state %lu: %ld", fid, id, state, ret.error);
		if (!ret.error)
			EXPECT(sse_state_before_slot(delivered, (uint32_t)id, sse_state_of((uint32_t)id)) == to[fid],
			       "sse FID %lu: wrong state after", fid);
		if (!ret.error && fid == SBI_SSE_UNREGISTER && !((uint32_t)id & SBI_SSE_EVENT_GLOBAL_BIT))
			for (unsigned int i = 0; i < LOCAL_EVENTS; i++)
				hsse[hs->index].unused_count[i] += local_ids[i] == (uint32_t)id;
		break;
	}
	case SBI_SSE_COMPLETE: {
		struct sse_hart *sh = &hs->ext->sse;
		struct sse_event *top = sh->nr_running ? sh->running[sh->nr_running - 1] : NULL;
		unsigned long saved[4], a0 = take64(in), a1 = take64(in);
		if (top)
			memcpy(saved, top->interrupted, sizeof(saved));
		ret = ecall(SBI_EXT_SSE, fid, a0, a1, 0, 0, 0, 0);
		delivered = slot_delivered;
		if (!top) {
			EXPECT(ret.error == SBI_SUCCESS, "complete with nothing running: %ld", ret.error);
			break;
		}
		/* The interrupted context back, a0/a1 untouched (then maybe the
		 * next event delivered over it by the slot). */
		EXPECT(ret.error == (long)a0 && ret.value == a1, "complete changed a0/a1");
		EXPECT(slot_before.sepc == saved[SSE_INTERRUPTED_SEPC] && slot_before.a6 == saved[SSE_INTERRUPTED_A6] &&
		       slot_before.a7 == saved[SSE_INTERRUPTED_A7], "complete did not restore sepc/a6/a7");
		EXPECT(sse_state_before_slot(delivered, top->event_id, sse_state(top)) ==
			       ((top->config & SBI_SSE_ATTR_CONFIG_ONESHOT) ? SBI_SSE_STATE_REGISTERED : SBI_SSE_STATE_ENABLED),
		       "complete left state %u", sse_state(top));
		break;
	}
	case SBI_SSE_INJECT: {
		struct hart_state *t;
		hart = take8(in) % 4 ? host_hartids[take8(in) % HOST_HARTS] : take64(in);
		t = hart_by_id(hart);
		ret = ecall(SBI_EXT_SSE, fid, id, hart, 0, 0, 0, 0);
		EXPECT_ERROR_IN(ret, "sse inject", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
				SBI_ERR_FAILED);
		if (lookup == SBI_ERR_INVALID_PARAM)
			EXPECT(ret.error == SBI_ERR_INVALID_PARAM, "inject of a reserved ID: %ld", ret.error);
		if (!((uint32_t)id & SBI_SSE_EVENT_GLOBAL_BIT) && (!t || !(t->features & HART_HAS_S)) && !lookup)
			EXPECT(ret.error == SBI_ERR_INVALID_PARAM, "inject into hart 0x%lx: %ld", hart, ret.error);
		if ((uint32_t)id == SBI_SSE_EVENT_GLOBAL_SOFTWARE)
			EXPECT(ret.error == (state == SBI_SSE_STATE_UNUSED ? SBI_ERR_FAILED : SBI_SUCCESS),
			       "inject of the global event in state %lu: %ld", state, ret.error);
		/* A gone hart's hart_id is invalid (include/hart.h): never injected, never FAILED. */
		if (!((uint32_t)id & SBI_SSE_EVENT_GLOBAL_BIT) && t && t != hs && hart_gone(t) && !lookup)
			EXPECT(ret.error == SBI_ERR_INVALID_PARAM || ret.error == SBI_ERR_NOT_SUPPORTED,
			       "inject into gone hart 0x%lx: %ld", hart, ret.error);
		break;
	}
	case SBI_SSE_HART_UNMASK:
	case SBI_SSE_HART_MASK:
		ret = ecall(SBI_EXT_SSE, fid, take64(in), 0, 0, 0, 0, 0);
		if (fid == SBI_SSE_HART_UNMASK)
			EXPECT(ret.error == (masked ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED), "unmask: %ld", ret.error);
		else
			EXPECT(ret.error == (masked ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS), "mask: %ld", ret.error);
		EXPECT(hs->ext->sse.masked == (fid == SBI_SSE_HART_MASK), "mask state");
		break;
	default:
		ret = ecall(SBI_EXT_SSE, 10 + take8(in), id, 0, 0, 0, 0, 0);
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED, "SSE FID >= 10: %ld", ret.error);
		break;
	}
}

/* Delivery on a return to S-mode, checked against what it must do. */
static void sse_return_to_smode(struct hart_state *hs)
{
	struct host_sse *h = &hsse[hs->index];
	struct sse_cpu_context before = h->ctx;
	bool ready = hs->exit_work;
	bool delivered = sse_deliver(hs, &h->ctx);
	struct sse_event *e;

	EXPECT(delivered == ready, "exit_work %d but delivery %d", ready, delivered);
	EXPECT(!hs->exit_work, "exit_work still set after a delivery attempt");
	if (!delivered)
		return;
	e = hs->ext->sse.running[hs->ext->sse.nr_running - 1];
	EXPECT(sse_state(e) == SBI_SSE_STATE_RUNNING && !(sse_status(e) & SSE_STATUS_PENDING), "delivered event not running");
	EXPECT(h->ctx.a6 == hs->hartid && h->ctx.a7 == e->entry_arg && h->ctx.mepc == e->entry_pc &&
	       h->ctx.sepc == before.mepc, "handler entry registers");
	EXPECT(e->interrupted[SSE_INTERRUPTED_SEPC] == before.sepc &&
	       e->interrupted[SSE_INTERRUPTED_A6] == before.a6 &&
	       e->interrupted[SSE_INTERRUPTED_A7] == before.a7, "interrupted state not saved");
}

/* slot_delivered: what the SSE slot delivered after the latest SSE call
 * (NULL: nothing); slot_before: the context just before (the call's own
 * effect on it). */

/* The SSE slot of the extension table (lib/ext/sse/sse_ecall_entry.S, which
 * declares it there): the glue, then delivery of an event the call left ready. */
struct sbiret sbi_ecall_sse_entry(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				  unsigned long a4, unsigned long a5, unsigned long fid)
{
	struct sbiret ret = sbi_ecall_sse(a0, a1, a2, a3, a4, a5, fid);
	struct hart_state *hs = host_current_hart;
	struct sse_hart *sh = &hs->ext->sse;

	slot_delivered = NULL;
	slot_before = hsse[hs->index].ctx;
	if (hs->exit_work) {
		sse_return_to_smode(hs);
		slot_delivered = sh->running[sh->nr_running - 1];
	}
	return ret;
}

SBI_EXTENSION(SBI_EXT_SSE, sbi_ecall_sse_entry, "sse", NULL);

/* The state a call left an event in, before the slot delivered `delivered`
 * (slot_delivered right after the call: reading attributes is a call too). */
static unsigned long sse_state_before_slot(const struct sse_event *delivered, uint32_t id, unsigned long now)
{
	return delivered && delivered->event_id == id && now == SBI_SSE_STATE_RUNNING ? SBI_SSE_STATE_ENABLED : now;
}

static void sse_inflight_land(void);

/* Hart h stops (HSM hart_stop's lifecycle reset, on that hart) and can be started again. */
static void sse_stop_hart(unsigned int h)
{
	struct hart_state *hs = host_harts[h].hs;
	unsigned int cur = host_current;

	host_select_hart(h);
	sse_hart_reset(hs);
	fwft_hart_reset(&hs->ext->fwft);
	dbtr_hart_reset(&hs->ext->dbtr);
	EXPECT(hs->ext->sse.masked && !hs->exit_work && !hs->ext->sse.nr_running, "SSE reset");
	for (unsigned int i = 0; i < LOCAL_EVENTS; i++) {
		EXPECT(!(sse_status(&hs->ext->sse.local[i]) & (SSE_STATUS_STATE | SSE_STATUS_PENDING)),
		       "local event not reset (or still pending)");
		hsse[h].unused_count[i]++;
	}
	host_select_hart(cur);
}

/*
 * Another hart's injection of a local event, in the two steps sbi_sse_inject
 * takes: it reads the target's status word (start), and sets the pending bit
 * if the event is still in that registration (land: sse_status_inject, the
 * firmware's own step), with anything in between. The harness knows, from
 * its own count of unregisters and stops, whether the event left that
 * registration: then the injection must fail and leave nothing pending.
 */
static bool sse_inflight_start(struct input *in)
{
	unsigned int t = take8(in) % HOST_HARTS, i = SSE_LOCAL_PMU_OVERFLOW + take8(in) % 2;
	struct sse_hart *sh = &host_harts[t].hs->ext->sse;

	/* What sbi_sse_inject checks before it reads the word. */
	if (t == HOST_HART_NO_SMODE || !((sh->supported_local >> i) & 1))
		return false;
	inflight.active = true;
	inflight.target = t;
	inflight.index = i;
	inflight.seen = sse_status(&sh->local[i]);
	inflight.unused_count = hsse[t].unused_count[i];
	return true;
}

/*
 * The race itself, in one step: the injection reads the target's event, the
 * target stops (and may start again, register and enable the event: the next
 * S-mode context), or unregisters and registers it again, and then the
 * injection lands (or does not).
 */
static void sse_inflight_race(struct input *in)
{
	unsigned int t, cur = host_current;
	uint32_t id;
	uint8_t between;

	if (!sse_inflight_start(in))
		return;
	t = inflight.target;
	id = inflight.index == SSE_LOCAL_SOFTWARE ? SBI_SSE_EVENT_LOCAL_SOFTWARE : SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW;
	between = take8(in) % 4;
	host_select_hart(t);
	if (between == 3 && sse_state_of(id) == SBI_SSE_STATE_REGISTERED) {
		EXPECT(ecall(SBI_EXT_SSE, SBI_SSE_UNREGISTER, id, 0, 0, 0, 0, 0).error == SBI_SUCCESS,
		       "unregister in the race");
		hsse[t].unused_count[inflight.index]++;
	} else if (between) {
		sse_stop_hart(t);
	}
	if (between >= 2) {
		/* Started again: the next registration. */
		EXPECT(ecall(SBI_EXT_SSE, SBI_SSE_REGISTER, id, sram_base(), take64(in), 0, 0, 0).error == SBI_SUCCESS,
		       "register after the stop");
		EXPECT(ecall(SBI_EXT_SSE, SBI_SSE_ENABLE, id, 0, 0, 0, 0, 0).error == SBI_SUCCESS, "enable after the stop");
	}
	host_select_hart(cur);
	sse_inflight_land();
}

static void sse_inflight_land(void)
{
	struct hart_state *t = host_harts[inflight.target].hs;
	struct sse_event *e = &t->ext->sse.local[inflight.index];
	unsigned long before = sse_status(e);
	bool same = hsse[inflight.target].unused_count[inflight.index] == inflight.unused_count;
	bool in_use = (inflight.seen & SSE_STATUS_STATE) && (before & SSE_STATUS_STATE);
	bool landed;

	if (!inflight.active)
		return;
	inflight.active = false;
	landed = sse_status_inject(e, inflight.seen);
	EXPECT(landed == (same && in_use), "injection read before %s landed %d (event state %lu, was %lu)",
	       same ? "nothing" : "a stop or an unregister", landed, before & SSE_STATUS_STATE,
	       inflight.seen & SSE_STATUS_STATE);
	if (landed) {
		EXPECT(sse_status(e) & SSE_STATUS_PENDING, "landed injection not pending");
		ipi_raise(t, &sse_ipi_reason);
	} else {
		EXPECT(sse_status(e) == before, "a failed injection changed the event");
	}
}

/* The exit path, LCOFI, another hart's IPI, stops, and injections racing them. */
void op_sse_machine(struct input *in)
{
	struct hart_state *hs = host_current_hart;
	struct host_sse *h = &hsse[hs->index];
	uint8_t what = take8(in) % 7;

	if (what == 0) {
		/* Back to S-mode from a trap (the slow path's exit): deliver if ready. */
		sse_return_to_smode(hs);
	} else if (what == 1) {
		/* LCOFI reaches M-mode only while the event holds it. */
		if (h->lcofi_mmode)
			sse_pmu_overflow(hs);
	} else if (what == 2) {
		/* Other harts take the IPIs they were sent. */
		unsigned int cur = host_current;
		for (unsigned int i = 0; i < HOST_HARTS; i++) {
			struct hart_state *t = host_harts[i].hs;
			unsigned long bit = ipi_reason_bit(&sse_ipi_reason);
			if (!(t->ipi_pending & bit) || i == HOST_HART_NO_SMODE)
				continue;
			host_select_hart(i);
			t->ipi_pending &= ~bit;
			sse_ipi(t, false);
		}
		host_select_hart(cur);
	} else if (what == 3) {
		/* The hart stops and restarts (HSM): reset values. */
		if (take8(in) % 8)
			return;
		sse_stop_hart(host_current);
	} else if (what == 4) {
		/* An injection from another hart reads the event now, lands later (what 5). */
		sse_inflight_start(in);
	} else if (what == 5) {
		sse_inflight_land();
	} else {
		sse_inflight_race(in);
	}
}

/* ---- FWFT ---- */

void call_fwft(struct input *in)
{
	struct hart_state *hs = host_current_hart;
	struct fwft_hart *fh = &hs->ext->fwft;
	static const unsigned long features[] = { 0, 1, 2, 3, 4, 5, 6, 0x3fffffff, 0x40000000, 0x80000000,
						  0xc0000000, 0xffffffff };
	unsigned long f = take8(in) % 4 ? features[take8(in) % 12] : take64(in);
	uint32_t f32 = (uint32_t)f;
	unsigned long value = take8(in) % 4 ? take8(in) % 3 : take8(in) % 2 ? 7 + 9 * (take8(in) & 1) : take64(in);
	unsigned long flags = take8(in) % 4 ? take8(in) % 2 : take64(in);
	bool set = take8(in) & 1, supported = f32 < SBI_FWFT_FEATURE_COUNT && ((fh->supported >> f32) & 1);
	long want;
	struct sbiret ret;

	if (take8(in) % 8 == 0)
		f |= take64(in) << 32;            /* feature is a uint32_t */
	if (!set) {
		ret = ecall(SBI_EXT_FWFT, SBI_FWFT_GET, f, 0, 0, 0, 0, 0);
		EXPECT_ERROR_IN(ret, "fwft get", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_DENIED, SBI_ERR_FAILED);
		want = f32 >= SBI_FWFT_FEATURE_COUNT ? SBI_ERR_DENIED : supported ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
		EXPECT(ret.error == want, "fwft get(0x%lx): %ld, expected %ld", f, ret.error, want);
		if (ret.error)
			EXPECT(ret.value == 0, "fwft get failed with a value");
		else
			EXPECT(ret.value == fh->value[f32] && fwft_hw[hs->index][f32] == ret.value,
			       "fwft get(%u) = %lu, hardware %lu", f32, ret.value, fwft_hw[hs->index][f32]);
		return;
	}
	{
		unsigned long old = supported ? fh->value[f32] : 0;
		bool locked = supported && ((fh->locked >> f32) & 1);
		bool valid_value = f32 == SBI_FWFT_POINTER_MASKING_PMLEN
					   ? value == 0 || value == 7 || value == 16 : value <= 1;
		ret = ecall(SBI_EXT_FWFT, SBI_FWFT_SET, f, value, flags, 0, 0, 0);
		EXPECT_ERROR_IN(ret, "fwft set", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
				SBI_ERR_DENIED, SBI_ERR_DENIED_LOCKED, SBI_ERR_FAILED);
		if (f32 >= SBI_FWFT_FEATURE_COUNT)
			want = SBI_ERR_DENIED;
		else if (!supported)
			want = SBI_ERR_NOT_SUPPORTED;
		else if (flags & ~SBI_FWFT_SET_FLAG_LOCK)
			want = SBI_ERR_INVALID_PARAM;
		else if (locked)
			want = SBI_ERR_DENIED_LOCKED;
		else if (!valid_value)
			want = SBI_ERR_INVALID_PARAM;
		else if (f32 == SBI_FWFT_POINTER_MASKING_PMLEN && value && !((fh->pmlen_supported >> value) & 1))
			want = SBI_ERR_INVALID_PARAM;     /* a length the hart lacks: a bad value */
		else
			want = SBI_SUCCESS;
		EXPECT(ret.error == want, "fwft set(0x%lx, %lu, 0x%lx): %ld, expected %ld", f, value, flags, ret.error,
		       want);
		if (!supported)
			return;
		EXPECT(fh->value[f32] == (ret.error ? old : value), "fwft set: value after");
		EXPECT(fwft_hw[hs->index][f32] == fh->value[f32], "fwft: hardware not updated");
		if (!ret.error && (flags & SBI_FWFT_SET_FLAG_LOCK))
			EXPECT((fh->locked >> f32) & 1, "fwft LOCK not taken");
	}
}

/* ---- DBTR ---- */

static unsigned long gen_tdata1(struct input *in)
{
	static const unsigned long types[] = { 2, 6, 2, 6, 0, 3, 15, 9 };
	unsigned long t = types[take8(in) % 8], bits = take8(in) % 4 ? take16(in) & 0x7f9f : take64(in) & ~(0xfUL << 60);

	if (take8(in) % 4 == 0)
		bits |= take16(in) << 16;
	return (t << 60) | bits;
}

static unsigned long gen_tdata2(struct input *in)
{
	switch (take8(in) % 4) {
	case 0: return page_addr(1) + take16(in) % PAGE;      /* the firmware */
	case 1: return take64(in);
	default: return sram_base() + take16(in) % (SRAM_PAGES * PAGE);
	}
}

/* Fills count shared-memory entries with configurations (or leaves garbage). */
static void fill_entries(struct input *in, const struct dbtr_hart *dh, unsigned long count)
{
	for (unsigned long i = 0; i < count && i < 16; i++) {
		unsigned long *w = (unsigned long *)(dh->shmem + i * SBI_DBTR_SHMEM_ENTRY_SIZE);
		if (!sram_range((unsigned long)w, 0, 32) || take8(in) % 8 == 0)
			continue;
		w[0] = take8(in) % 4 ? take8(in) % 10 : take64(in);
		w[1] = gen_tdata1(in);
		w[2] = gen_tdata2(in);
		w[3] = take8(in) % 4 ? 0 : take64(in);
	}
}

void call_dbtr(struct input *in)
{
	struct hart_state *hs = host_current_hart;
	struct dbtr_hart *dh = &hs->ext->dbtr;
	unsigned long fid = take8(in) % 9, a0, a1, a2 = 0, max = dh->trig_max;
	bool shmem = dh->shmem_enabled;
	struct sbiret ret;

	switch (fid) {
	case SBI_DBTR_NUM_TRIGGERS:
		a0 = take8(in) % 4 ? gen_tdata1(in) : 0;
		ret = ecall(SBI_EXT_DBTR, fid, a0, 0, 0, 0, 0, 0);
		EXPECT(ret.error == SBI_SUCCESS && ret.value <= max && (a0 || ret.value == max),
		       "num_triggers(0x%lx) = %ld/%lu", a0, ret.error, ret.value);
		break;
	case SBI_DBTR_SET_SHMEM: {
		bool disable = take8(in) % 8 == 0;
		long want;
		a0 = disable ? ~0UL : gen_addr(in);
		a1 = disable ? ~0UL : gen_addr_hi(in);
		a2 = take8(in) % 8 ? 0 : take64(in);
		state_save();
		ret = ecall(SBI_EXT_DBTR, fid, a0, a1, a2, 0, 0, 0);
		check_memory("dbtr set_shmem");
		disable = a0 == ~0UL && a1 == ~0UL;
		want = a2 ? SBI_ERR_INVALID_PARAM : disable ? SBI_SUCCESS : (a0 & 7) ? SBI_ERR_INVALID_PARAM :
		       !sram_range(a0, a1, max * 32) ? SBI_ERR_INVALID_ADDRESS : SBI_SUCCESS;
		EXPECT(ret.error == want, "set_shmem(0x%lx, 0x%lx, 0x%lx): %ld, expected %ld", a0, a1, a2,
		       ret.error, want);
		break;
	}
	case SBI_DBTR_READ_TRIGGERS:
		a0 = take8(in) % 4 ? take8(in) % 10 : take64(in);
		a1 = take8(in) % 4 ? take8(in) % 10 : take64(in);
		state_save();
		{
			bool range_ok = a0 < max && a1 < max - a0;
			if (shmem && range_ok)
				allow(dh->shmem, a1 * 32);
			ret = ecall(SBI_EXT_DBTR, fid, a0, a1, 0, 0, 0, 0);
			check_memory("dbtr read_triggers");
			EXPECT(ret.error == (!shmem ? SBI_ERR_NO_SHMEM : !range_ok ? SBI_ERR_BAD_RANGE : SBI_SUCCESS),
			       "read_triggers(%lu, %lu): %ld", a0, a1, ret.error);
		}
		break;
	case SBI_DBTR_INSTALL_TRIGGERS:
	case SBI_DBTR_UPDATE_TRIGGERS:
		a0 = take8(in) % 4 ? take8(in) % 5 : take64(in);
		if (shmem)
			fill_entries(in, dh, a0 < max ? a0 : 0);
		state_save();
		if (shmem && a0 < max && fid == SBI_DBTR_INSTALL_TRIGGERS)
			for (unsigned long i = 0; i < a0; i++)
				allow(dh->shmem + i * 32, 8);
		ret = ecall(SBI_EXT_DBTR, fid, a0, 0, 0, 0, 0, 0);
		check_memory("dbtr install/update");
		if (fid == SBI_DBTR_INSTALL_TRIGGERS)
			EXPECT_ERROR_IN(ret, "install_triggers", SBI_SUCCESS, SBI_ERR_NO_SHMEM, SBI_ERR_BAD_RANGE,
					SBI_ERR_INVALID_PARAM, SBI_ERR_FAILED, SBI_ERR_NOT_SUPPORTED);
		else
			EXPECT_ERROR_IN(ret, "update_triggers", SBI_SUCCESS, SBI_ERR_NO_SHMEM, SBI_ERR_BAD_RANGE,
					SBI_ERR_INVALID_PARAM, SBI_ERR_FAILED, SBI_ERR_NOT_SUPPORTED);
		if (!shmem || a0 >= max)
			EXPECT(ret.error == (!shmem ? SBI_ERR_NO_SHMEM : SBI_ERR_BAD_RANGE) && ret.value == 0,
			       "install/update(%lu): %ld", a0, ret.error);
		else if (ret.error)
			EXPECT(ret.value < a0, "install/update failed at entry %lu of %lu", ret.value, a0);
		break;
	case SBI_DBTR_UNINSTALL_TRIGGERS:
	case SBI_DBTR_ENABLE_TRIGGERS:
	case SBI_DBTR_DISABLE_TRIGGERS: {
		bool ok = true;
		a0 = take8(in) % 4 ? take8(in) % 10 : take64(in);
		a1 = take8(in) % 4 ? take8(in) % 16 : take64(in);
		for (unsigned long m = a1; m; m &= m - 1) {
			unsigned long idx = a0 + __builtin_ctzl(m);
			if (idx < a0 || idx >= max || !(dh->trig[idx].state & SBI_DBTR_STATE_MAPPED))
				ok = false;
		}
		ret = ecall(SBI_EXT_DBTR, fid, a0, a1, 0, 0, 0, 0);
		EXPECT(ret.error == (ok ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM), "DBTR FID %lu(%lu, 0x%lx): %ld", fid,
		       a0, a1, ret.error);
		break;
	}
	default:
		ret = ecall(SBI_EXT_DBTR, 8 + take8(in), 0, 0, 0, 0, 0, 0);
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED, "DBTR FID >= 8: %ld", ret.error);
	}
}

/* ---- Invariants ---- */

static uint64_t key(const struct sse_event *e)
{
	return ((uint64_t)e->priority << 32) | e->event_id;
}

static bool ready_to_run(const struct sse_event *e)
{
	return (sse_status(e) & SSE_STATUS_PENDING) && sse_state(e) == SBI_SSE_STATE_ENABLED;
}

static void check_hart_sse(unsigned int h)
{
	struct hart_state *hs = host_harts[h].hs;
	struct sse_hart *sh = &hs->ext->sse;
	const struct sse_event *best = NULL;

	EXPECT(sh->nr_running <= SSE_MAX_RUNNING, "running stack overflow");
	for (unsigned int i = 0; i < sh->nr_running; i++) {
		EXPECT(sse_state(sh->running[i]) == SBI_SSE_STATE_RUNNING, "stacked event not RUNNING");
		if (i)
			EXPECT(key(sh->running[i]) < key(sh->running[i - 1]), "running stack out of priority order");
		if (sh->running[i]->global) {
			EXPECT(sh->running[i]->running_on == hs, "global event running elsewhere");
			/* Only on the hart the client named (PREFERRED_HART). */
			EXPECT(sh->running[i]->preferred_hart == hs->hartid, "global event runs off its preferred hart");
		}
	}
	/* A global event waits, untargeted, while its preferred hart is masked. */
	EXPECT(!sh->global_targeted || !sh->masked, "global event routed to a masked hart");
	for (unsigned int i = 0; i < LOCAL_EVENTS; i++) {
		const struct sse_event *e = &sh->local[i];
		bool stacked = false;
		EXPECT(e->event_id == local_ids[i] && !e->global, "local event corrupt");
		/* Pending only in use (an UNUSED event drops it: unregister, stop, a late injection). */
		EXPECT(sse_state(e) != SBI_SSE_STATE_UNUSED || !(sse_status(e) & SSE_STATUS_PENDING),
		       "UNUSED local event pending");
		for (unsigned int k = 0; k < sh->nr_running; k++)
			stacked |= sh->running[k] == e;
		EXPECT(stacked == (sse_state(e) == SBI_SSE_STATE_RUNNING), "RUNNING without its stack entry");
		if (ready_to_run(e) && (!best || key(e) < key(best)))
			best = e;
	}
	if (h != HOST_HART_NO_SMODE && hs->pmu.has_sscofpmf)
		EXPECT(hsse[h].lcofi_mmode == (sse_state(&sh->local[SSE_LOCAL_PMU_OVERFLOW]) >= SBI_SSE_STATE_ENABLED),
		       "LCOFI routing does not follow the PMU overflow event");
	/* exit_work: after this hart's own latest step (remote work waits for its IPI). */
	if (h == host_current && !(hs->ipi_pending & ipi_reason_bit(&sse_ipi_reason)) && !sh->global_targeted) {
		bool ready = best && !sh->masked && (!sh->nr_running || key(best) < key(sh->running[sh->nr_running - 1]));
		EXPECT(!!hs->exit_work == ready, "exit_work %lu, deliverable %d", hs->exit_work, ready);
	}
}

static void check_hart_dbtr(unsigned int h)
{
	const struct dbtr_hart *dh = &host_harts[h].hs->ext->dbtr;
	const struct sim_triggers *st = h == host_current ? &sim_triggers : &host_harts[h].triggers;

	for (unsigned int i = 0; i < dh->trig_max; i++) {
		const struct sim_trigger *t = &st->trig[i];
		unsigned long d = t->tdata1, fire = d & (0x1fUL | (3UL << 23));
		bool select = d & (TDATA1_TYPE(d) == 6 ? MCONTROL6_SELECT : MCONTROL_SELECT);
		EXPECT(!(d & MCONTROL_M) && !(d & TDATA1_DMODE), "hart %u trigger %u: M or dmode set (0x%lx)", h, i, d);
		if (!(dh->trig[i].state & SBI_DBTR_STATE_MAPPED)) {
			EXPECT(!(fire & 0x7) || !(fire & ~0x7UL), "hart %u: uninstalled trigger %u can fire", h, i);
			continue;
		}
		if (!select && (d & 0x7) && (fire & ~0x7UL))
			EXPECT(t->tdata2 < memory_map.fw_base || t->tdata2 >= memory_map.fw_base + memory_map.fw_size,
			       "hart %u trigger %u aimed at firmware 0x%lx", h, i, t->tdata2);
	}
}

void check_sbi3_consistent(void)
{
	for (unsigned int h = 0; h < HOST_HARTS; h++) {
		if (h == HOST_HART_NO_SMODE)
			continue;
		check_hart_sse(h);
		check_hart_dbtr(h);
	}
}
