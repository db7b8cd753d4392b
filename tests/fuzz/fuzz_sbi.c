/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: arbitrary sequences of SBI calls, through the firmware's
 * C ecall dispatcher (sbi_ecall_dispatch, the lookup trap_entry.S does
 * inline), on the simulated harts of fuzz_host.c. Built with ASan and UBSan.
 *
 * The input is a program: each operation is one byte (what to do) and the
 * bytes its arguments need (an exhausted input reads as zeros). Operations
 * are SBI calls (PMU mostly; base, DBCN, SRST, TIME, IPI, RFENCE, HSM,
 * legacy, unknown EIDs), and what happens between calls on a real machine:
 * another hart makes the call, counters tick, the firmware counts firmware
 * events, S-mode writes its memory, a console byte arrives, the UART fills
 * up (it takes a few more bytes, then none: the console's stall) or drains,
 * a hart dies (a fatal trap: it is gone for good) or comes late (one hart
 * may start out not here yet: the fill byte's bit 1).
 *
 * After every call the target checks, and aborts (a libFuzzer crash) on
 * any violation:
 * - the error code is one the spec allows for that function (PMU chapter
 *   Tables 7, 9, 11, 13, 14, 15, 17, 19; SBI_ERR_NOT_SUPPORTED for an
 *   unknown FID or EID), and the one the arguments call for where the spec
 *   leaves no choice (invalid counter set, misaligned or foreign shared
 *   memory, reserved flags...);
 * - the counter state is consistent: a started counter runs in the
 *   simulated hart (not inhibited), a configured but stopped one is
 *   inhibited, started is a subset of configured, a matching (not
 *   SKIP_MATCH) never takes a counter already mapped, no CSR is touched
 *   that the hart lacks; firmware counter values follow a model kept here
 *   from the spec's rules alone;
 * - memory: the "RAM" is mmap'ed with the firmware region and a guard page
 *   on each side inaccessible (any access faults), and every byte of S-mode
 *   RAM outside what the spec lets the call write (snapshot overflow word
 *   and the values of the counters stopped, event_get_info output words,
 *   console_read bytes) is compared before and after the call;
 * - the other harts' state is untouched by a call (IPIs excepted: only
 *   their pending bits);
 * - a gone hart (include/hart.h) is STOPPED, never started, never sent an
 *   IPI: HSM start INVALID_PARAM, a mask naming it INVALID_PARAM once its
 *   other harts are served, base -1 SUCCESS without it, an SSE injection
 *   to it never succeeds; a hart not here yet is STOPPED and its start
 *   FAILED until it comes (the firmware's own hart_start and
 *   hart_get_status, tests/fuzz/fuzz_hsm.c).
 * Snapshot memory is offered (as /chosen/abacus,pmu-snapshot or
 * PMU_SNAPSHOT=y would) when the input's fill byte is odd, else withheld
 * (the default): snapshot_set_shmem then answers NOT_SUPPORTED to anything.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "fuzz_host.h"
#include "fuzz_sbi.h"
#include "pmu/pmu.h"
#include "sbi_ecall.h"
#include "ipi/smode_ipi.h"
#include "host_memory.h"
#include "memory_map.h"
#include "sbi_spec.h"

#define MAX_OPS 96

#define FW_EVENT_CODES SBI_PMU_FW_EVENT_COUNT
#define PLATFORM_EVENT_DATA 0x77
#define PLATFORM_EVENT 3

uint8_t *map_base;                               /* MAP_PAGES pages */
static uint8_t shadow[SRAM_PAGES * PAGE];        /* S-mode RAM before the call */
static uint8_t allowed[SRAM_PAGES * PAGE];       /* bytes the call may change */
static uint64_t platform_count;

unsigned long page_addr(unsigned int n)
{
	return (unsigned long)(uintptr_t)(map_base + n * PAGE);
}

unsigned long sram_base(void)
{
	return page_addr(SRAM_FIRST);
}

unsigned long sram_end(void)
{
	return page_addr(SRAM_FIRST + SRAM_PAGES);
}

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz_sbi: invariant violated: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

/* ---- The input ---- */

uint8_t take8(struct input *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

uint64_t take64(struct input *in)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)take8(in) << (8 * i);
	return v;
}

unsigned int take16(struct input *in)
{
	return take8(in) | (unsigned int)take8(in) << 8;
}

/* ---- Argument generators: valid values, their edges, and garbage ---- */

unsigned long gen_addr(struct input *in)
{
	uint8_t sel = take8(in);
	unsigned long off = take16(in);

	switch (sel % 12) {
	case 0: return page_addr(SRAM_FIRST + off % SRAM_PAGES);                     /* page-aligned RAM */
	case 1: return sram_base() + ((off * 16) % (SRAM_PAGES * PAGE));           /* 16-aligned RAM */
	case 2: return sram_base() + off % (SRAM_PAGES * PAGE);                    /* any alignment */
	case 3: return page_addr(1) + off % PAGE;                                  /* firmware region */
	case 4: return page_addr(0) + off % PAGE;                                  /* below RAM */
	case 5: return sram_end() + off % PAGE;                                    /* above RAM */
	case 6: return sram_end() - 16 * (1 + off % 256);                          /* ranges crossing the end */
	case 7: return sram_base() - 16 * (1 + off % 8);                           /* from the firmware into RAM */
	case 8: return -(unsigned long)(1 + off);                                  /* wraps */
	case 9: return off;                                                        /* low: nothing, MMIO */
	case 10: return take64(in);
	default: return page_addr(SRAM_FIRST + off % SRAM_PAGES) + PAGE - 16 * (1 + off % 4);
	}
}

unsigned long gen_addr_hi(struct input *in)
{
	uint8_t sel = take8(in);

	switch (sel % 16) {
	case 0: return -1UL;
	case 1: return 1;
	case 2: return take64(in);
	default: return 0;
	}
}

static unsigned long gen_counter_idx(struct input *in, const struct pmu_hart *ph)
{
	unsigned long n = pmu_num_counters(ph);
	uint8_t sel = take8(in), k = take8(in);

	switch (sel % 8) {
	case 0: return k % n;
	case 1: return ph->num_hw + k % PMU_FW_COUNTERS;
	case 2: return k % ph->num_hw;
	case 3: return n + k % 4;
	case 4: return n - 1 - k % 4;
	case 5: return take64(in);
	case 6: return -1UL - k % 4;
	default: return k % 64;
	}
}

static unsigned long gen_mask(struct input *in)
{
	uint8_t sel = take8(in), k = take8(in);

	switch (sel % 8) {
	case 0: return 1UL << (k % 64);
	case 1: return take64(in);
	case 2: return ~0UL;
	case 3: return 0;
	case 4: return (1UL << (k % 64)) - 1;
	case 5: return k;
	case 6: return 3UL << (k % 63);
	default: return 0xffffffUL;
	}
}

static unsigned long gen_flags(struct input *in, unsigned long all)
{
	uint8_t sel = take8(in), k = take8(in);

	switch (sel % 8) {
	case 0: return take64(in);
	case 1: return k;
	default: return k & all;
	}
}

static unsigned long gen_event_idx(struct input *in)
{
	uint8_t sel = take8(in), k = take8(in);

	switch (sel % 12) {
	case 0: return k % 12;                                                  /* hardware general */
	case 1: return 0x10000 | (k % 8) << 3 | (k >> 3) % 4 << 1 | (k >> 5 & 1);   /* cache */
	case 2: return 0x20000;                                                 /* raw */
	case 3: return 0x30000;                                                 /* raw v2 */
	case 4: return 0xf0000 | k % (FW_EVENT_CODES + 2);                      /* firmware */
	case 5: return 0xfffff;                                                 /* SBI_PMU_FW_PLATFORM */
	case 6: return 0xf0000 | k;
	case 7: return take64(in) & 0xfffff;
	case 8: return take64(in);
	case 9: return (unsigned long)(k % 16) << 16 | take8(in);               /* every type */
	case 10: return 0x20000 | k;                                            /* raw with a code */
	default: return 0x10019;
	}
}

static uint64_t gen_event_data(struct input *in)
{
	uint8_t sel = take8(in);

	switch (sel % 4) {
	case 0: return 0;
	case 1: return PLATFORM_EVENT_DATA;
	case 2: return take64(in);
	default: return take8(in) << 12;   /* the harness map's raw rows match on bits 12.. */
	}
}

/* ---- The harness PMU platform and map ---- */

static long platform_lookup(uint64_t event_data)
{
	return event_data == PLATFORM_EVENT_DATA ? PLATFORM_EVENT : -1;
}

static uint64_t platform_read(long platform_event)
{
	if (platform_event != PLATFORM_EVENT)
		fuzz_fail("platform event %ld read, never configured", platform_event);
	return platform_count;
}

static const struct pmu_platform harness_platform = {
	.fw_event_lookup = platform_lookup,
	.fw_event_read = platform_read,
};

static void harness_map(void)
{
	static const struct pmu_event_map map = {
		.ranges = {
			{ 1, 1, 0x7fff9 },             /* cycles: mcycle, hpm 3..18 */
			{ 2, 2, 0x7fffc },             /* instructions: minstret, hpm 3..18 */
			{ 3, 10, 0x78 },               /* other general events: hpm 3..6 */
			{ 0x10000, 0x1003f, 0x180 },   /* cache events: hpm 7, 8 */
		},
		.range_count = 4,
		.selectors = { { 3, 0x33 }, { 0x10001, 0x1234 } },
		.selector_count = 2,
		.raw = { { 0, 0, 0x600 }, { 0x1000, 0xf000, 0x1800 } },
		.raw_count = 2,
	};

	pmu_event_map = map;
	pmu_event_map_index(&pmu_event_map);
	pmu_platform = &harness_platform;
}

/* Harts the PMU core must handle: QEMU virt, with Sscofpmf and Smcntrpmf, a
 * U74 (2 narrow counters, the rest hardwired to 0), and a hart without
 * mcountinhibit (no hardware counter can be configured). */
static const struct sim_hart_config sim_full = {
	.hpm_present = 0xff8, .hpm_width = 48, .has_mcountinhibit = true,
	.has_sscofpmf = true, .has_smcntrpmf = true,
};
static const struct sim_hart_config sim_bare = {
	.hpm_present = 0x18, .hpm_width = 40, .has_mcountinhibit = false,
};
static const struct sim_hart_config *const sim_configs[4] = {
	&sim_qemu_virt, &sim_full, &sim_u74, &sim_bare,
};

/* ---- The firmware counter model (spec rules only) ---- */

struct fw_model {
	bool running;
	uint64_t value;        /* stopped: the value; running: the value at start */
	uint64_t events_at_start;
};

static struct fw_model fw_model[HOST_HARTS][PMU_FW_COUNTERS];
static unsigned long shmem_model[HOST_HARTS];   /* 0: no snapshot memory */

static uint64_t events_now(const struct pmu_hart *ph, unsigned int k)
{
	const struct pmu_fw_counter *fc = &ph->fw[k];

	if (fc->code == SBI_PMU_FW_PLATFORM)
		return platform_count;
	return ph->fw_event_count[fc->code];
}

static uint64_t model_value(const struct pmu_hart *ph, unsigned int h, unsigned int k)
{
	const struct fw_model *m = &fw_model[h][k];

	return m->running ? m->value + (events_now(ph, k) - m->events_at_start) : m->value;
}

static void model_start(const struct pmu_hart *ph, unsigned int h, unsigned int k, uint64_t value)
{
	fw_model[h][k] = (struct fw_model){ true, value, events_now(ph, k) };
}

static void model_stop(const struct pmu_hart *ph, unsigned int h, unsigned int k)
{
	fw_model[h][k].value = model_value(ph, h, k);
	fw_model[h][k].running = false;
}

/* ---- State around a call ---- */

struct pre_state {
	struct pmu_hart pmu[HOST_HARTS];
	struct sim_hart sim;
	unsigned long ipi_pending[HOST_HARTS];
	unsigned long ipis_raised[HOST_HARTS];
};

static struct pre_state pre;

static bool counter_configured(const struct pmu_hart *ph, unsigned int idx)
{
	return idx < ph->num_hw ? ph->hw_event[idx] != 0 : ph->fw[idx - ph->num_hw].configured;
}

static bool counter_started(const struct pmu_hart *ph, unsigned int idx)
{
	return ph->started >> idx & 1;
}

/* The counter set (base, mask) as the spec defines it; false if it names a counter that does not exist. */
static bool counter_set(const struct pmu_hart *ph, unsigned long base, unsigned long mask, uint64_t *set)
{
	unsigned long n = pmu_num_counters(ph);

	*set = 0;
	for (unsigned int i = 0; i < 64; i++) {
		if (!(mask >> i & 1))
			continue;
		if (base + i < base || base + i >= n)
			return false;
		*set |= 1ULL << (base + i);
	}
	return true;
}

/* [lo | hi << 64, + size) lies in S-mode RAM (size 0: lo does). */
bool sram_range(unsigned long lo, unsigned long hi, uint64_t size)
{
	uint64_t len = size ? size : 1;

	return hi == 0 && lo >= sram_base() && lo < sram_end() && len <= sram_end() - lo;
}

void allow(unsigned long addr, uint64_t len)
{
	if (!sram_range(addr, 0, len))
		fuzz_fail("allowed write 0x%lx+%llu outside S-mode RAM", addr, (unsigned long long)len);
	memset(allowed + (addr - sram_base()), 1, len);
}

static uint64_t sram_u64(unsigned long addr)
{
	uint64_t v;

	memcpy(&v, (void *)(uintptr_t)addr, sizeof(v));
	return v;
}

static uint64_t shadow_u64(unsigned long addr)
{
	uint64_t v;

	memcpy(&v, shadow + (addr - sram_base()), sizeof(v));
	return v;
}

void state_save(void)
{
	for (unsigned int i = 0; i < HOST_HARTS; i++) {
		memcpy(&pre.pmu[i], &host_harts[i].hs->pmu, sizeof(pre.pmu[i]));   /* padding too: compared with memcmp */
		pre.ipi_pending[i] = host_harts[i].hs->ipi_pending;
		pre.ipis_raised[i] = host_harts[i].ipis_raised;
	}
	pre.sim = sim;
	memcpy(shadow, (void *)(uintptr_t)sram_base(), sizeof(shadow));
	memset(allowed, 0, sizeof(allowed));
	host_console_mark();
	host_call_clear();
}

static bool sim_csrs_equal(const struct sim_hart *a, const struct sim_hart *b)
{
	return !memcmp(a->counter, b->counter, sizeof(a->counter)) &&
	       !memcmp(a->mhpmevent, b->mhpmevent, sizeof(a->mhpmevent)) &&
	       !memcmp(a->counter_cfg, b->counter_cfg, sizeof(a->counter_cfg)) &&
	       a->mcountinhibit == b->mcountinhibit && a->lcofip == b->lcofip;
}

/* The calling hart's PMU and CSRs are as before the call. */
static void expect_pmu_unchanged(const char *what)
{
	const struct pmu_hart *ph = &host_current_hart->pmu;
	const struct pmu_hart *old = &pre.pmu[host_current];

	EXPECT(ph->started == old->started && !memcmp(ph->hw_event, old->hw_event, sizeof(ph->hw_event)) &&
	       !memcmp(ph->fw, old->fw, sizeof(ph->fw)) && ph->snapshot_enabled == old->snapshot_enabled &&
	       ph->snapshot_addr == old->snapshot_addr, "%s changed the PMU state", what);
	EXPECT(sim_csrs_equal(&sim, &pre.sim), "%s changed counter CSRs", what);
}

/* Only the bytes marked allowed changed in S-mode RAM. */
void check_memory(const char *what)
{
	const uint8_t *now = (const uint8_t *)(uintptr_t)sram_base();

	for (size_t i = 0; i < sizeof(shadow); i++)
		if (now[i] != shadow[i] && !allowed[i])
			fuzz_fail("%s wrote S-mode RAM at offset 0x%zx (0x%02x -> 0x%02x), not its to write",
				  what, i, shadow[i], now[i]);
}

/* ---- Invariants of a hart's PMU ---- */

static void check_pmu_consistent(unsigned int h)
{
	const struct pmu_hart *ph = &host_harts[h].hs->pmu;
	const struct sim_hart *s = h == host_current ? &sim : &host_harts[h].sim;
	unsigned long n = pmu_num_counters(ph);

	EXPECT(s->bad_accesses == 0, "hart %u: %u accesses to CSRs the hart lacks", h, s->bad_accesses);
	EXPECT(!(ph->started >> n), "hart %u: started 0x%llx beyond %lu counters", h,
	       (unsigned long long)ph->started, n);
	for (unsigned int idx = 0; idx < PMU_HW_COUNTER_MAX; idx++) {
		bool cfg = ph->hw_event[idx] != 0, run = idx < ph->num_hw && counter_started(ph, idx);
		bool inhibited = s->mcountinhibit >> idx & 1;

		if (idx >= ph->num_hw) {
			EXPECT(!cfg, "hart %u: counter %u beyond num_hw mapped", h, idx);
			continue;
		}
		EXPECT(!(idx == PMU_COUNTER_TIME && (cfg || run)), "hart %u: time configured or started", h);
		EXPECT(!run || cfg, "hart %u: hardware counter %u started without an event", h, idx);
		EXPECT(!cfg || (ph->programmable >> idx & 1), "hart %u: counter %u mapped, not programmable", h, idx);
		/* hw_free: exactly the programmable counters without an event */
		EXPECT(((ph->hw_free >> idx) & 1) == ((ph->programmable >> idx & 1) && !cfg),
		       "hart %u: hw_free bit %u wrong (mapped %d)", h, idx, cfg);
		if (idx == PMU_COUNTER_TIME)
			continue;
		if (!ph->has_mcountinhibit) {
			/* Without mcountinhibit a stopped programmable counter selects no event. */
			if (idx >= 3 && !run)
				EXPECT(s->mhpmevent[idx] == 0, "hart %u: stopped hpm counter %u (no mcountinhibit) has "
				       "event 0x%llx", h, idx, (unsigned long long)s->mhpmevent[idx]);
			continue;
		}
		EXPECT(!(run && inhibited), "hart %u: counter %u started but inhibited", h, idx);
		EXPECT(!(cfg && !run && !inhibited), "hart %u: counter %u stopped but counting", h, idx);
		if (idx >= 3 && !cfg) {
			EXPECT(inhibited, "hart %u: free hpm counter %u counting", h, idx);
			EXPECT(s->mhpmevent[idx] == 0, "hart %u: free hpm counter %u has event 0x%llx", h, idx,
			       (unsigned long long)s->mhpmevent[idx]);
		}
	}
	for (unsigned int k = 0; k < PMU_FW_COUNTERS; k++) {
		const struct pmu_fw_counter *fc = &ph->fw[k];
		bool run = counter_started(ph, ph->num_hw + k);

		EXPECT(!run || fc->configured, "hart %u: firmware counter %u started unconfigured", h, k);
		EXPECT(fc->started == run, "hart %u: firmware counter %u started byte %u, bitmap %d", h, k,
		       fc->started, run);
		EXPECT(((ph->fw_mapped >> (ph->num_hw + k)) & 1) == fc->configured,
		       "hart %u: firmware counter %u fw_mapped bit wrong", h, k);
		EXPECT(run == fw_model[h][k].running, "hart %u: firmware counter %u %s, model says %s", h, k,
		       run ? "running" : "stopped", fw_model[h][k].running ? "running" : "stopped");
		if (fc->configured)
			EXPECT(fc->code < FW_EVENT_CODES || fc->code == SBI_PMU_FW_PLATFORM,
			       "hart %u: firmware counter %u has event code %u", h, k, fc->code);
		struct sbiret r = pmu_counter_fw_read(&host_harts[h].hs->pmu, ph->num_hw + k);
		EXPECT(r.error == SBI_SUCCESS && r.value == model_value(ph, h, k),
		       "hart %u: firmware counter %u reads %ld/0x%lx, model 0x%llx", h, k, r.error, r.value,
		       (unsigned long long)model_value(ph, h, k));
	}
	EXPECT(ph->snapshot_enabled == (shmem_model[h] != 0) &&
	       (!ph->snapshot_enabled || ph->snapshot_addr == shmem_model[h]),
	       "hart %u: snapshot memory %d/0x%llx, expected 0x%lx", h, ph->snapshot_enabled,
	       (unsigned long long)ph->snapshot_addr, shmem_model[h]);
}

/* Other harts keep their PMU state; IPIs may only add pending bits. */
static void check_other_harts(void)
{
	for (unsigned int i = 0; i < HOST_HARTS; i++) {
		if (i == host_current)
			continue;
		EXPECT(!memcmp(&host_harts[i].hs->pmu, &pre.pmu[i], sizeof(pre.pmu[i])),
		       "a call on hart %u changed hart %u's PMU state", host_current, i);
	}
}

unsigned long calls_checked;

struct sbiret ecall(unsigned long eid, unsigned long fid, unsigned long a0, unsigned long a1,
			   unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	calls_checked++;
	return sbi_ecall_dispatch(a0, a1, a2, a3, a4, a5, fid, eid);
}

bool error_in(long error, const long *codes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (error == codes[i])
			return true;
	return false;
}


/* ---- PMU calls ---- */

static void check_get_info(unsigned long idx, struct sbiret ret)
{
	const struct pmu_hart *ph = &host_current_hart->pmu;

	EXPECT_ERROR_IN(ret, "counter_get_info", SBI_SUCCESS, SBI_ERR_INVALID_PARAM);   /* Table 7 */
	if (idx >= pmu_num_counters(ph) || idx == 1) {   /* 1 is time, not a counter */
		EXPECT(ret.error == SBI_ERR_INVALID_PARAM, "counter_get_info(%lu) of %lu counters: %ld", idx,
		       pmu_num_counters(ph), ret.error);
		return;
	}
	EXPECT(ret.error == SBI_SUCCESS, "counter_get_info(%lu) failed", idx);
	if (idx >= ph->num_hw) {
		EXPECT(ret.value >> 63, "firmware counter %lu reported as hardware", idx);
		return;
	}
	unsigned int width = (ret.value >> 12 & 63) + 1;
	unsigned int expected = idx < 3 ? 64 : sim.cfg.hpm_width;
	EXPECT(!(ret.value >> 63) && (ret.value & 0xfff) == 0xc00 + idx && width == expected,
	       "counter_get_info(%lu) = 0x%lx: not CSR 0x%lx, %u bits", idx, ret.value, 0xc00 + idx, expected);
}

static void call_config_matching(struct input *in)
{
	struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned long base = gen_counter_idx(in, ph), mask = gen_mask(in);
	unsigned long flags = gen_flags(in, SBI_PMU_CFG_FLAG_ALL), event_idx = gen_event_idx(in);
	uint64_t data = gen_event_data(in), set;
	bool valid_set = counter_set(ph, base, mask, &set);
	bool skip = flags & SBI_PMU_CFG_FLAG_SKIP_MATCH;
	unsigned int type = event_idx >> 16 & 0xf, code = event_idx & 0xffff;
	struct sbiret ret;

	state_save();
	ret = ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, base, mask, flags, event_idx, data, 0);
	check_memory("counter_config_matching");
	/* Table 9 */
	EXPECT_ERROR_IN(ret, "counter_config_matching", SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED);
	if ((flags & ~SBI_PMU_CFG_FLAG_ALL) || !valid_set)
		EXPECT(ret.error == SBI_ERR_INVALID_PARAM, "config_matching(0x%lx, 0x%lx, flags 0x%lx): %ld, "
		       "expected INVALID_PARAM", base, mask, flags, ret.error);
	if (ret.error == SBI_ERR_INVALID_PARAM)
		EXPECT((flags & ~SBI_PMU_CFG_FLAG_ALL) || !valid_set || (skip && !set),
		       "config_matching(0x%lx, 0x%lx, flags 0x%lx): INVALID_PARAM for a valid call", base, mask, flags);
	if (ret.error != SBI_SUCCESS) {
		expect_pmu_unchanged("a failed counter_config_matching");
		/* Firmware events always have a counter: a free one in the set must be found. */
		bool free_fw = false;
		for (unsigned int k = 0; k < PMU_FW_COUNTERS; k++) {
			unsigned int idx = ph->num_hw + k;
			free_fw |= (set >> idx & 1) && !counter_configured(ph, idx) && !counter_started(ph, idx);
		}
		EXPECT(!(ret.error == SBI_ERR_NOT_SUPPORTED && !skip && type == 15 && code < FW_EVENT_CODES &&
			 event_idx <= 0xfffff && free_fw),
		       "config_matching of firmware event 0x%lx: NOT_SUPPORTED with a free firmware counter", event_idx);
		return;
	}

	unsigned long idx = ret.value;
	EXPECT(idx < 64 && (set >> idx & 1), "config_matching returned counter %lu, not in set 0x%llx", idx,
	       (unsigned long long)set);
	EXPECT(idx != PMU_COUNTER_TIME, "config_matching configured time");
	EXPECT(event_idx <= 0xfffff, "config_matching accepted event_idx 0x%lx with reserved bits", event_idx);
	EXPECT((type == 15) == (idx >= ph->num_hw), "event 0x%lx configured on counter %lu of the wrong kind",
	       event_idx, idx);
	if (!skip) {
		EXPECT(!counter_configured(&pre.pmu[host_current], idx) && !counter_started(&pre.pmu[host_current], idx),
		       "config_matching took counter %lu, already mapped (mapped twice)", idx);
		EXPECT(idx != 0 || event_idx == SBI_PMU_HW_CPU_CYCLES, "mcycle given event 0x%lx", event_idx);
		EXPECT(idx != 2 || event_idx == SBI_PMU_HW_INSTRUCTIONS, "minstret given event 0x%lx", event_idx);
	}
	EXPECT(counter_configured(ph, idx), "counter %lu not configured after config_matching", idx);
	EXPECT(counter_started(ph, idx) == !!(flags & SBI_PMU_CFG_FLAG_AUTO_START),
	       "counter %lu: AUTO_START %d, started %d", idx, !!(flags & SBI_PMU_CFG_FLAG_AUTO_START),
	       counter_started(ph, idx));
	/* Every other counter is as it was. */
	for (unsigned int j = 0; j < pmu_num_counters(ph); j++)
		if (j != idx)
			EXPECT(counter_configured(ph, j) == counter_configured(&pre.pmu[host_current], j) &&
			       counter_started(ph, j) == counter_started(&pre.pmu[host_current], j),
			       "config_matching of counter %lu changed counter %u", idx, j);

	if (idx >= ph->num_hw) {
		unsigned int k = idx - ph->num_hw;
		/* SKIP_MATCH may reprogram a running counter: it stops first (value kept). */
		if (fw_model[host_current][k].running)
			model_stop(&pre.pmu[host_current], host_current, k);
		if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
			fw_model[host_current][k].value = 0;
		if (flags & SBI_PMU_CFG_FLAG_AUTO_START)   /* Table 8 note: value untouched */
			model_start(ph, host_current, k, fw_model[host_current][k].value);
	} else if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE) {
		EXPECT(sim.counter[idx] == 0, "CLEAR_VALUE left counter %lu at 0x%llx", idx,
		       (unsigned long long)sim.counter[idx]);
	}
}

static void call_start(struct input *in)
{
	struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned long base = gen_counter_idx(in, ph), mask = gen_mask(in);
	unsigned long flags = gen_flags(in, SBI_PMU_START_FLAG_ALL);
	uint64_t init = take8(in) & 1 ? take64(in) : take8(in), set, unmapped = 0;
	bool valid_set = counter_set(ph, base, mask, &set);
	const unsigned long both = SBI_PMU_START_FLAG_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT;
	struct sbiret ret;

	for (uint64_t m = set; m; m &= m - 1)
		if (!counter_configured(ph, __builtin_ctzll(m)))
			unmapped |= m & -m;
	/* Checked before anything changes; a counter without an event is then skipped (INVALID_PARAM). */
	bool fail_param = (flags & ~SBI_PMU_START_FLAG_ALL) || (flags & both) == both || !valid_set;
	bool fail_shmem = (flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT) && !shmem_model[host_current];

	state_save();
	ret = ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_START, base, mask, flags, init, 0, 0);
	check_memory("counter_start");
	/* Table 11 */
	EXPECT_ERROR_IN(ret, "counter_start", SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STARTED,
			SBI_ERR_NO_SHMEM);
	EXPECT(ret.error != SBI_ERR_INVALID_PARAM || fail_param || unmapped, "counter_start(0x%lx, 0x%lx, 0x%lx): "
	       "INVALID_PARAM without cause", base, mask, flags);
	EXPECT(ret.error != SBI_ERR_NO_SHMEM || fail_shmem, "counter_start: NO_SHMEM with snapshot memory set");
	if (fail_param || fail_shmem) {
		EXPECT(ret.error == SBI_ERR_INVALID_PARAM || ret.error == SBI_ERR_NO_SHMEM,
		       "counter_start(0x%lx, 0x%lx, 0x%lx) accepted (%ld): param %d shmem %d", base, mask, flags,
		       ret.error, fail_param, fail_shmem);
		expect_pmu_unchanged("a failed counter_start");
		return;
	}
	EXPECT(ret.error == (unmapped ? SBI_ERR_INVALID_PARAM :
			     (set & pre.pmu[host_current].started) ? SBI_ERR_ALREADY_STARTED : SBI_SUCCESS),
	       "counter_start of 0x%llx (started 0x%llx, no event 0x%llx): %ld", (unsigned long long)set,
	       (unsigned long long)pre.pmu[host_current].started, (unsigned long long)unmapped, ret.error);
	set &= ~unmapped;
	EXPECT((ph->started & ~set) == (pre.pmu[host_current].started & ~set),
	       "counter_start changed counters outside its set");
	for (uint64_t m = set; m; m &= m - 1) {
		unsigned int idx = __builtin_ctzll(m);
		bool was_started = counter_started(&pre.pmu[host_current], idx);
		uint64_t value = init;

		EXPECT(counter_started(ph, idx), "counter %u not started by counter_start", idx);
		if (was_started)
			continue;
		if (flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT)
			value = shadow_u64(shmem_model[host_current] + 8 + 8 * (idx - base));
		bool has_value = flags & both;
		if (idx >= ph->num_hw) {
			unsigned int k = idx - ph->num_hw;
			model_start(ph, host_current, k, has_value ? value : fw_model[host_current][k].value);
		} else {
			uint64_t cmask = idx < 3 || sim.cfg.hpm_width >= 64 ? ~0ULL : (1ULL << sim.cfg.hpm_width) - 1;
			uint64_t expected = has_value ? value & cmask : pre.sim.counter[idx];
			EXPECT(sim.counter[idx] == expected, "counter %u started at 0x%llx, expected 0x%llx", idx,
			       (unsigned long long)sim.counter[idx], (unsigned long long)expected);
		}
	}
}

static void call_stop(struct input *in)
{
	struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned long base = gen_counter_idx(in, ph), mask = gen_mask(in);
	unsigned long flags = gen_flags(in, SBI_PMU_STOP_FLAG_ALL);
	uint64_t set, unmapped = 0;
	bool valid_set = counter_set(ph, base, mask, &set);
	bool fail_param = (flags & ~SBI_PMU_STOP_FLAG_ALL) || !valid_set;

	/* Counters without an event: invalid for stop as for start, skipped, slots untouched. */
	for (uint64_t m = set; m; m &= m - 1)
		if (!counter_configured(ph, __builtin_ctzll(m)))
			unmapped |= m & -m;
	bool fail_shmem = (flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT) && !shmem_model[host_current];
	unsigned long shmem = shmem_model[host_current];
	struct sbiret ret;

	state_save();
	if (!fail_param && !fail_shmem && (flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT) && set) {
		/* Table 16: the overflow bitmap and the value of each counter of the set. */
		allow(shmem, 8);
		for (uint64_t m = set & ~unmapped; m; m &= m - 1)
			allow(shmem + 8 + 8 * (__builtin_ctzll(m) - base), 8);
	}
	ret = ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, base, mask, flags, 0, 0, 0);
	check_memory("counter_stop");
	/* Table 13 */
	EXPECT_ERROR_IN(ret, "counter_stop", SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STOPPED,
			SBI_ERR_NO_SHMEM);
	EXPECT(ret.error != SBI_ERR_INVALID_PARAM || fail_param || unmapped, "counter_stop: INVALID_PARAM without cause");
	EXPECT(ret.error != SBI_ERR_NO_SHMEM || fail_shmem, "counter_stop: NO_SHMEM with snapshot memory set");
	if (fail_param || fail_shmem) {
		EXPECT(ret.error == SBI_ERR_INVALID_PARAM || ret.error == SBI_ERR_NO_SHMEM,
		       "counter_stop(0x%lx, 0x%lx, 0x%lx) accepted (%ld)", base, mask, flags, ret.error);
		expect_pmu_unchanged("a failed counter_stop");
		return;
	}
	EXPECT(ret.error == (unmapped ? SBI_ERR_INVALID_PARAM :
			     (set & ~pre.pmu[host_current].started) ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS),
	       "counter_stop of 0x%llx (started 0x%llx, no event 0x%llx): %ld", (unsigned long long)set,
	       (unsigned long long)pre.pmu[host_current].started, (unsigned long long)unmapped, ret.error);
	EXPECT((ph->started & ~set) == (pre.pmu[host_current].started & ~set),
	       "counter_stop changed counters outside its set");
	for (uint64_t m = set; m; m &= m - 1) {
		unsigned int idx = __builtin_ctzll(m);

		EXPECT(!counter_started(ph, idx), "counter %u still started after counter_stop", idx);
		if (flags & SBI_PMU_STOP_FLAG_RESET)
			EXPECT(!counter_configured(ph, idx), "counter %u still mapped after a RESET stop", idx);
		if (idx >= ph->num_hw) {
			unsigned int k = idx - ph->num_hw;
			if (fw_model[host_current][k].running)
				model_stop(&pre.pmu[host_current], host_current, k);
		} else if (idx != PMU_COUNTER_TIME) {
			EXPECT(sim.counter[idx] == pre.sim.counter[idx], "stopping counter %u changed its value", idx);
		}
		if (!(flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT))
			continue;
		unsigned long slot = shmem + 8 + 8 * (idx - base);
		uint64_t expected = (unmapped >> idx) & 1 ? shadow_u64(slot) :
				    idx >= ph->num_hw ? fw_model[host_current][idx - ph->num_hw].value : sim.counter[idx];
		EXPECT(sram_u64(slot) == expected, "snapshot slot of counter %u: 0x%llx, expected 0x%llx", idx,
		       (unsigned long long)sram_u64(slot), (unsigned long long)expected);
	}
	if ((flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT) && set) {
		uint64_t bitmap = sram_u64(shmem), expected = 0;
		for (uint64_t m = set; m; m &= m - 1) {
			unsigned int idx = __builtin_ctzll(m);
			if (idx >= 3 && idx < ph->num_hw && sim.cfg.has_sscofpmf && (sim.mhpmevent[idx] >> 63))
				expected |= 1ULL << (idx - base);
		}
		EXPECT(bitmap == expected, "snapshot overflow bitmap 0x%llx, expected 0x%llx",
		       (unsigned long long)bitmap, (unsigned long long)expected);
	}
}

static void call_fw_read(struct input *in, bool hi)
{
	const struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned long idx = gen_counter_idx(in, ph);
	bool fw = idx >= ph->num_hw && idx < pmu_num_counters(ph);
	struct sbiret ret;

	state_save();
	ret = ecall(SBI_EXT_PMU, hi ? SBI_PMU_COUNTER_FW_READ_HI : SBI_PMU_COUNTER_FW_READ, idx, 0, 0, 0, 0, 0);
	check_memory("counter_fw_read");
	EXPECT_ERROR_IN(ret, "counter_fw_read", SBI_SUCCESS, SBI_ERR_INVALID_PARAM);   /* Tables 14, 15 */
	EXPECT(ret.error == (fw ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM), "counter_fw_read%s(%lu): %ld",
	       hi ? "_hi" : "", idx, ret.error);
	if (fw) {
		uint64_t expected = hi ? 0 : model_value(ph, host_current, idx - ph->num_hw);
		EXPECT(ret.value == expected, "counter_fw_read%s(%lu) = 0x%lx, expected 0x%llx", hi ? "_hi" : "",
		       idx, ret.value, (unsigned long long)expected);
	}
	expect_pmu_unchanged("counter_fw_read");
}

static void call_set_shmem(struct input *in)
{
	unsigned long lo = gen_addr(in), hi = gen_addr_hi(in), flags = gen_flags(in, 0);
	bool disable = lo == -1UL && hi == -1UL;
	bool bad_param = flags != 0 || (!disable && lo % PAGE);
	bool bad_address = !disable && !sram_range(lo, hi, PAGE);
	struct sbiret ret;

	if (take8(in) % 4 == 0) {   /* the usual way: disable */
		lo = hi = -1UL;
		disable = true;
		bad_param = flags != 0;
		bad_address = false;
	}
	state_save();
	ret = ecall(SBI_EXT_PMU, SBI_PMU_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0);
	check_memory("snapshot_set_shmem");
	/* Table 17 */
	EXPECT_ERROR_IN(ret, "snapshot_set_shmem", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
			SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
	if (!pmu_snapshot_offered)
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED, "snapshot_set_shmem(0x%lx, 0x%lx, 0x%lx) withheld: %ld",
		       lo, hi, flags, ret.error);
	else if (bad_param || bad_address)
		EXPECT((bad_param && ret.error == SBI_ERR_INVALID_PARAM) ||
		       (bad_address && ret.error == SBI_ERR_INVALID_ADDRESS),
		       "snapshot_set_shmem(0x%lx, 0x%lx, 0x%lx): %ld", lo, hi, flags, ret.error);
	else
		EXPECT(ret.error == SBI_SUCCESS, "snapshot_set_shmem(0x%lx, 0x%lx, 0): %ld", lo, hi, ret.error);
	if (ret.error == SBI_SUCCESS)
		shmem_model[host_current] = disable ? 0 : lo;
	else
		expect_pmu_unchanged("a failed snapshot_set_shmem");
}

static void call_event_get_info(struct input *in)
{
	const struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned long lo = gen_addr(in), hi = gen_addr_hi(in), flags = gen_flags(in, 0), n;
	uint8_t sel = take8(in);
	bool reserved = false;
	struct sbiret ret;

	n = sel % 4 == 0 ? take64(in) : sel % 4 == 1 ? take8(in) : take8(in) % 8;
	bool bad_param = flags != 0 || lo % 16;
	bool too_big = n > UINT64_MAX / 16;
	bool bad_address = n && (too_big || !sram_range(lo, hi, n * 16));
	/* S-mode usually fills the table first: events of every kind, outputs garbage. */
	if (n && !bad_address && take8(in) % 2)
		for (unsigned long i = 0; i < n && i < 64; i++) {
			uint32_t idx = (uint32_t)gen_event_idx(in) & (take8(in) % 16 ? 0xfffff : ~0u);
			uint32_t out = take8(in);
			uint64_t data = gen_event_data(in);
			memcpy((void *)(uintptr_t)(lo + 16 * i), &idx, 4);
			memcpy((void *)(uintptr_t)(lo + 16 * i + 4), &out, 4);
			memcpy((void *)(uintptr_t)(lo + 16 * i + 8), &data, 8);
		}
	if (n && !bad_address)
		for (unsigned long i = 0; i < n; i++)
			reserved |= (uint32_t)sram_u64(lo + 16 * i) >> 20 != 0;

	state_save();
	if (!bad_param && !bad_address && !reserved)
		for (unsigned long i = 0; i < n; i++)
			allow(lo + 16 * i + 4, 4);   /* Table 18: only word 1 (output) */
	ret = ecall(SBI_EXT_PMU, SBI_PMU_EVENT_GET_INFO, lo, hi, n, flags, 0, 0);
	check_memory("event_get_info");
	/* Table 19 */
	EXPECT_ERROR_IN(ret, "event_get_info", SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
			SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
	if (bad_param || bad_address || reserved)
		EXPECT(((bad_param || reserved || too_big) && ret.error == SBI_ERR_INVALID_PARAM) ||
		       (bad_address && ret.error == SBI_ERR_INVALID_ADDRESS),
		       "event_get_info(0x%lx, 0x%lx, %lu, 0x%lx): %ld", lo, hi, n, flags, ret.error);
	else
		EXPECT(ret.error == SBI_SUCCESS, "event_get_info(0x%lx, 0, %lu, 0): %ld", lo, n, ret.error);
	expect_pmu_unchanged("event_get_info");
	if (ret.error != SBI_SUCCESS)
		return;
	for (unsigned long i = 0; i < n; i++) {
		unsigned long entry = lo + 16 * i;
		uint32_t idx = (uint32_t)sram_u64(entry), out = (uint32_t)(sram_u64(entry) >> 32);
		unsigned int type = idx >> 16;

		EXPECT(out <= 1, "event_get_info output 0x%x has reserved bits", out);
		if (type == 15 && (idx & 0xffff) < FW_EVENT_CODES)
			EXPECT(out == 1, "firmware event 0x%x reported unsupported", idx);
		if ((type >= 4 && type <= 14) || (type == 0 && (idx & 0xffff) == 0))
			EXPECT(out == 0, "event 0x%x reported supported", idx);
		/* A hardware event is supported only where a programmable counter can take it. */
		if (type <= 3 && !ph->programmable)
			EXPECT(out == 0, "hardware event 0x%x supported without programmable counters", idx);
		if (idx == SBI_PMU_HW_CPU_CYCLES && (ph->programmable & 1))
			EXPECT(out == 1, "cycles reported unsupported with mcycle programmable");
	}
}

static void call_pmu(struct input *in)
{
	const struct pmu_hart *ph = &host_current_hart->pmu;
	uint8_t fid = take8(in) % 10;
	struct sbiret ret;

	switch (fid) {
	case SBI_PMU_NUM_COUNTERS:
		state_save();
		ret = ecall(SBI_EXT_PMU, fid, take64(in), 0, 0, 0, 0, 0);
		EXPECT(ret.error == SBI_SUCCESS && ret.value == ph->num_hw + (unsigned long)PMU_FW_COUNTERS,
		       "num_counters: %ld/%lu", ret.error, ret.value);
		expect_pmu_unchanged("num_counters");
		break;
	case SBI_PMU_COUNTER_GET_INFO: {
		unsigned long idx = gen_counter_idx(in, ph);
		state_save();
		ret = ecall(SBI_EXT_PMU, fid, idx, 0, 0, 0, 0, 0);
		check_get_info(idx, ret);
		expect_pmu_unchanged("counter_get_info");
		break;
	}
	case SBI_PMU_COUNTER_CONFIG_MATCHING: call_config_matching(in); break;
	case SBI_PMU_COUNTER_START: call_start(in); break;
	case SBI_PMU_COUNTER_STOP: call_stop(in); break;
	case SBI_PMU_COUNTER_FW_READ: call_fw_read(in, false); break;
	case SBI_PMU_COUNTER_FW_READ_HI: call_fw_read(in, true); break;
	case SBI_PMU_SNAPSHOT_SET_SHMEM: call_set_shmem(in); break;
	case SBI_PMU_EVENT_GET_INFO: call_event_get_info(in); break;
	default: {
		unsigned long unknown = take8(in) & 1 ? take64(in) : 9 + take8(in);
		if (unknown <= SBI_PMU_EVENT_GET_INFO)
			unknown += 9;
		state_save();
		ret = ecall(SBI_EXT_PMU, unknown, take64(in), take64(in), 0, 0, 0, 0);
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED, "PMU FID %lu: %ld", unknown, ret.error);
		expect_pmu_unchanged("an unknown PMU FID");
		break;
	}
	}
	check_memory("a PMU call");
}

/* ---- Other extensions ---- */

static const unsigned long known_eids[] = {
	SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_IPI, SBI_EXT_RFENCE, SBI_EXT_HSM, SBI_EXT_SRST, SBI_EXT_PMU,
	SBI_EXT_DBCN, SBI_EXT_SSE, SBI_EXT_FWFT, SBI_EXT_DBTR,
};
#define KNOWN_EIDS (sizeof(known_eids) / sizeof(known_eids[0]))

static bool eid_known(unsigned long eid)
{
	if (eid <= SBI_EXT_LEGACY_SHUTDOWN)
		return true;
	for (size_t i = 0; i < sizeof(known_eids) / sizeof(known_eids[0]); i++)
		if (eid == known_eids[i])
			return true;
	return false;
}

static void call_base(struct input *in)
{
	unsigned long fid = take8(in) % 9, arg = 0;
	struct sbiret ret;

	if (fid == SBI_BASE_PROBE_EXT) {
		uint8_t sel = take8(in);
		arg = sel % 3 == 0 ? known_eids[take8(in) % KNOWN_EIDS] : sel % 3 == 1 ? take8(in) : take64(in);
	}
	if (fid == 8)
		fid = take64(in);
	state_save();
	ret = ecall(SBI_EXT_BASE, fid, arg, take64(in), 0, 0, 0, 0);
	expect_pmu_unchanged("a base call");
	switch (fid) {
	case SBI_BASE_GET_SPEC_VERSION:
		EXPECT(ret.error == 0 && ret.value == (3UL << 24), "get_spec_version: %ld/0x%lx", ret.error, ret.value);
		break;
	case SBI_BASE_GET_IMPL_ID:
		EXPECT(ret.error == 0 && ret.value == SBI_IMPL_ID_ABACUS, "get_impl_id");
		break;
	case SBI_BASE_GET_IMPL_VERSION:
		EXPECT(ret.error == 0, "get_impl_version");
		break;
	case SBI_BASE_PROBE_EXT:
		EXPECT(ret.error == 0 && ret.value == eid_known(arg), "probe_extension(0x%lx) = %ld/%lu", arg,
		       ret.error, ret.value);
		break;
	case SBI_BASE_GET_MVENDORID:
		EXPECT(ret.error == 0 && ret.value == HOST_MVENDORID, "get_mvendorid");
		break;
	case SBI_BASE_GET_MARCHID:
		EXPECT(ret.error == 0 && ret.value == HOST_MARCHID, "get_marchid");
		break;
	case SBI_BASE_GET_MIMPID:
		EXPECT(ret.error == 0 && ret.value == HOST_MIMPID, "get_mimpid");
		break;
	default:
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED, "base FID %lu: %ld", fid, ret.error);
	}
}

static void call_dbcn(struct input *in)
{
	unsigned long fid = take8(in) % 4, n, lo = gen_addr(in), hi = gen_addr_hi(in);
	uint8_t sel = take8(in);
	struct sbiret ret;

	n = sel % 4 == 0 ? take64(in) : sel % 4 == 1 ? take16(in) : take8(in) % 32;
	if (fid == 3)
		fid = 3 + take8(in);
	bool valid = sram_range(lo, hi, n);
	state_save();
	if (fid == SBI_DBCN_CONSOLE_READ && valid)
		allow(lo, n < host_console.input_len - host_console.input_pos ? n :
			  host_console.input_len - host_console.input_pos);
	size_t input_before = host_console.input_pos;
	long room = host_console.room;
	ret = ecall(SBI_EXT_DBCN, fid, fid == SBI_DBCN_CONSOLE_WRITE_BYTE ? take64(in) : n, lo, hi, 0, 0, 0);
	check_memory("a DBCN call");
	expect_pmu_unchanged("a DBCN call");
	switch (fid) {
	case SBI_DBCN_CONSOLE_WRITE:
	case SBI_DBCN_CONSOLE_READ:
		EXPECT_ERROR_IN(ret, "console_write/read", SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_DENIED,
				SBI_ERR_FAILED);
		EXPECT(ret.error == (valid ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM),
		       "console %s(%lu, 0x%lx, 0x%lx): %ld", fid ? "read" : "write", n, lo, hi, ret.error);
		if (ret.error)
			break;
		EXPECT(ret.value <= n, "console %s: %lu bytes of %lu", fid ? "read" : "write", ret.value, n);
		if (fid == SBI_DBCN_CONSOLE_WRITE) {
			/* A full UART: the bytes it took, a prefix, and SUCCESS (the chapter's partial write). */
			EXPECT(room < 0 || ret.value == ((unsigned long)room < n ? (unsigned long)room : n),
			       "console_write(%lu) with room for %ld: %lu written", n, room, ret.value);
			EXPECT(host_console.since_mark == ret.value &&
			       !memcmp(host_console.last, shadow + (lo - sram_base()), ret.value),
			       "console_write: %lu bytes reported, %zu written, or not the buffer's", ret.value,
			       host_console.since_mark);
		} else {
			EXPECT(host_console.input_pos - input_before == ret.value &&
			       !memcmp((void *)(uintptr_t)lo, host_console.input + input_before, ret.value),
			       "console_read: %lu bytes reported, %zu taken, or not stored", ret.value,
			       host_console.input_pos - input_before);
		}
		break;
	case SBI_DBCN_CONSOLE_WRITE_BYTE:
		EXPECT_ERROR_IN(ret, "console_write_byte", SBI_SUCCESS, SBI_ERR_DENIED, SBI_ERR_FAILED);
		/* A full UART is the chapter's I/O error: FAILED, nothing written. */
		EXPECT(room == 0 ? ret.error == SBI_ERR_FAILED && host_console.since_mark == 0 :
				   ret.error == SBI_SUCCESS && host_console.since_mark == 1,
		       "console_write_byte with room %ld: %ld, %zu written", room, ret.error, host_console.since_mark);
		break;
	default:
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED && host_console.since_mark == 0, "DBCN FID %lu: %ld",
		       fid, ret.error);
	}
}

static void call_srst(struct input *in)
{
	unsigned long fid = take8(in) % 8 ? 0 : take64(in);
	unsigned long type_arg = take8(in) % 4 ? take8(in) % 4 : take64(in);
	unsigned long reason_arg = take8(in) % 4 ? take8(in) % 3 : take64(in);
	/* reset_type and reset_reason are uint32_t: the upper 32 bits are ignored on RV64. */
	unsigned long type = (uint32_t)type_arg, reason = (uint32_t)reason_arg;
	struct sbiret ret;

	state_save();
	ret = ecall(SBI_EXT_SRST, fid, type_arg, reason_arg, 0, 0, 0, 0);
	expect_pmu_unchanged("an SRST call");
	if (fid != SBI_SRST_SYSTEM_RESET) {
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED && !host_last_call.fn, "SRST FID %lu: %ld", fid, ret.error);
		return;
	}
	/* SRST system_reset errors: INVALID_PARAM, NOT_SUPPORTED, FAILED; success never returns. */
	EXPECT_ERROR_IN(ret, "system_reset", SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED, SBI_ERR_FAILED);
	/* reset_type and reset_reason are uint32_t: their upper bits on RV64 are ignored */
	type = (uint32_t)type;
	reason = (uint32_t)reason;
	if (type > SBI_SRST_TYPE_WARM_REBOOT || reason > SBI_SRST_REASON_SYSTEM_FAILURE)
		EXPECT(ret.error == SBI_ERR_INVALID_PARAM && !host_last_call.fn,
		       "system_reset(0x%lx, 0x%lx): %ld", type, reason, ret.error);
	else if (!HOST_RESET_SUPPORTED(type))
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED && !host_last_call.fn, "system_reset(%lu): %ld", type,
		       ret.error);
	else
		EXPECT(host_last_call.fn && !strcmp(host_last_call.fn, "reset_system") &&
		       host_last_call.args[0] == type && host_last_call.args[1] == reason &&
		       ret.error == SBI_ERR_FAILED, "system_reset(%lu, %lu) did not reach the device", type, reason);
}

static void call_time(struct input *in)
{
	unsigned long fid = take8(in) % 4 ? 0 : take64(in), value = take64(in);
	struct sbiret ret;

	state_save();
	ret = ecall(SBI_EXT_TIME, fid, value, 0, 0, 0, 0, 0);
	expect_pmu_unchanged("a TIME call");
	if (fid == SBI_TIME_SET_TIMER)
		EXPECT(ret.error == SBI_SUCCESS && host_last_call.fn && host_last_call.args[0] == value,
		       "set_timer(0x%lx): %ld", value, ret.error);
	else
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED && !host_last_call.fn, "TIME FID %lu: %ld", fid, ret.error);
}

static void call_ipi(struct input *in)
{
	unsigned long fid = take8(in) % 8 ? 0 : take64(in);
	uint8_t sel = take8(in);
	unsigned long mask = gen_mask(in);
	unsigned long base;

	switch (sel % 5) {
	case 0: base = -1UL; break;                        /* all harts */
	case 1: base = take64(in); break;
	case 2: base = -(1UL + take8(in) % 64); break;     /* base + bit wraps past 2^64 */
	default: base = take8(in) % 70; break;
	}
	const struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned long targets[HOST_HARTS] = { 0 }, sent = 0;
	bool valid = true, names_gone = false;
	struct sbiret ret;

	/* The hart list (SBI "Hart list parameter"): every hartid must exist and have S-mode. */
	for (unsigned int i = 0; i < HOST_HARTS; i++)
		if (base == -1UL && i != HOST_HART_NO_SMODE)
			targets[i] = 1;
	for (unsigned int b = 0; base != -1UL && b < 64; b++) {
		unsigned int i;
		if (!(mask >> b & 1))
			continue;
		for (i = 0; i < HOST_HARTS; i++)
			if (base + b >= base && host_hartids[i] == base + b && i != HOST_HART_NO_SMODE)
				break;
		if (i == HOST_HARTS)
			valid = false;
		else
			targets[i] = 1;
		/* A gone hart "is not available to the supervisor" (binary encoding, hart mask errors). */
		if (i < HOST_HARTS && hart_gone(host_harts[i].hs))
			names_gone = true;
	}
	uint64_t sent_before = ph->fw_event_count[SBI_PMU_FW_IPI_SENT];
	state_save();
	ret = ecall(SBI_EXT_IPI, fid, mask, base, 0, 0, 0, 0);
	if (fid != SBI_IPI_SEND_IPI) {
		EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED, "IPI FID %lu: %ld", fid, ret.error);
		valid = false;
	} else {
		EXPECT_ERROR_IN(ret, "send_ipi", SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_FAILED);
		EXPECT(ret.error == (valid && !names_gone ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM),
		       "send_ipi(0x%lx, 0x%lx): %ld", mask, base, ret.error);
	}
	for (unsigned int i = 0; i < HOST_HARTS; i++) {
		/* A stopped hart (a gone one, one not here yet) has no S-mode to interrupt: nothing is raised.
		 * A gone hart named does not keep the others from their IPI. */
		bool hit = valid && targets[i] && host_harts[i].hs->run_state != SBI_HSM_STATE_STOPPED;
		if (targets[i] && hart_gone(host_harts[i].hs))
			EXPECT(host_harts[i].hs->run_state == SBI_HSM_STATE_STOPPED, "gone hart %u not STOPPED", i);
		EXPECT(host_harts[i].ipis_raised - pre.ipis_raised[i] == hit, "send_ipi(0x%lx, 0x%lx): hart %u "
		       "interrupted %lu times", mask, base, i, host_harts[i].ipis_raised - pre.ipis_raised[i]);
		if (hit)
			EXPECT(host_harts[i].hs->ipi_pending & ipi_reason_bit(&smode_ipi_reason), "IPI not pending on hart %u", i);
		else
			EXPECT(host_harts[i].hs->ipi_pending == pre.ipi_pending[i], "hart %u got IPI bits", i);
		sent += hit;
		host_harts[i].hs->ipi_pending &= ~ipi_reason_bit(&smode_ipi_reason);   /* the target's handler took it */
	}
	EXPECT(ph->fw_event_count[SBI_PMU_FW_IPI_SENT] - sent_before == sent, "IPI_SENT counted %llu for %lu IPIs",
	       (unsigned long long)(ph->fw_event_count[SBI_PMU_FW_IPI_SENT] - sent_before), sent);
}

/*
 * HSM hart_start and hart_get_status, the firmware's own (tests/fuzz/fuzz_hsm.c),
 * against the hart's model: its HSM state and its presence (include/hart.h).
 */
static void check_hsm_call(unsigned long fid, unsigned long hartid, unsigned long addr, unsigned long opaque)
{
	struct hart_state *t = hart_by_id(hartid);
	bool offered = t && (t->features & HART_HAS_S);
	long state = t ? t->run_state : 0, expected;
	unsigned int idx = t ? t->index : 0;
	unsigned long rung = t ? host_harts[idx].ipis_raised : 0, pending = t ? t->ipi_pending : 0;
	struct sbiret ret;

	state_save();
	if (fid == SBI_HSM_HART_GET_STATUS) {
		ret = ecall(SBI_EXT_HSM, fid, hartid, 0, 0, 0, 0, 0);
		EXPECT(ret.error == (offered ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM), "hart_get_status(0x%lx): %ld",
		       hartid, ret.error);
		if (offered)
			EXPECT(ret.value == (unsigned long)state, "hart_get_status(0x%lx) = %lu, its state %ld", hartid,
			       ret.value, state);
		if (offered && hart_gone(t))
			EXPECT(ret.value == SBI_HSM_STATE_STOPPED, "gone hart 0x%lx reads %lu", hartid, ret.value);
		return;
	}
	ret = ecall(SBI_EXT_HSM, SBI_HSM_HART_START, hartid, addr, opaque, 0, 0, 0);
	/* HSM chapter, hart_start errors, in the order the arguments decide them. */
	expected = !offered ? SBI_ERR_INVALID_PARAM :
		   !smode_addr_ok(addr) ? SBI_ERR_INVALID_ADDRESS :
		   state != SBI_HSM_STATE_STOPPED ? SBI_ERR_ALREADY_AVAILABLE :
		   hart_gone(t) ? SBI_ERR_INVALID_PARAM :
		   t->presence != HART_READY ? SBI_ERR_FAILED : SBI_SUCCESS;
	EXPECT(ret.error == expected, "hart_start(0x%lx, 0x%lx) in state %ld, presence %u: %ld, expected %ld", hartid,
	       addr, state, t ? t->presence : 0, ret.error, expected);
	if (!t)
		return;
	if (ret.error) {
		EXPECT(t->run_state == state && host_harts[idx].ipis_raised == rung && t->ipi_pending == pending,
		       "a refused hart_start changed hart %u", idx);
		return;
	}
	EXPECT(t->run_state == SBI_HSM_STATE_START_PENDING && t->start_addr == addr && t->start_arg1 == opaque &&
	       t->start_mode == PRV_S, "hart_start did not leave hart %u START_PENDING with its arguments", idx);
	EXPECT(host_harts[idx].ipis_raised == rung + 1 && (t->ipi_pending & ~pending),
	       "hart_start did not wake hart %u", idx);
	/* The hart takes the wake-up and starts (its stopped loop, not modelled). */
	t->ipi_pending = pending;
	t->run_state = SBI_HSM_STATE_STARTED;
}

static void call_hsm(struct input *in)
{
	unsigned long fid = take8(in) & 1 ? SBI_HSM_HART_START : SBI_HSM_HART_GET_STATUS;
	unsigned long hartid = take8(in) % 4 ? host_hartids[take8(in) % HOST_HARTS] : take64(in);
	unsigned long addr = take8(in) % 4 ? sram_base() + take16(in) * 4 % (SRAM_PAGES * PAGE) : gen_addr(in);

	check_hsm_call(fid, hartid, addr, take64(in));
}

/* RFENCE, HSM stop/suspend and legacy calls reach harness stand-ins: the glue must pass its registers unchanged. */
static void call_routed(struct input *in)
{
	unsigned long a[6], fid = take8(in) % 12;
	uint8_t which = take8(in) % 3;
	struct sbiret ret;

	for (int i = 0; i < 6; i++)
		a[i] = take8(in) & 1 ? take64(in) : take8(in);
	state_save();
	if (which == 0) {
		ret = ecall(SBI_EXT_RFENCE, fid, a[0], a[1], a[2], a[3], a[4], a[5]);
		EXPECT(host_last_call.fn && !strcmp(host_last_call.fn, "rfence") && host_last_call.args[0] == a[0] &&
		       host_last_call.args[1] == a[1] && host_last_call.args[2] == fid && host_last_call.args[3] == a[2] &&
		       host_last_call.args[4] == a[3] && host_last_call.args[5] == a[4], "RFENCE glue");
	} else if (which == 1 && (fid == SBI_HSM_HART_START || fid == SBI_HSM_HART_GET_STATUS)) {
		check_hsm_call(fid, a[0], a[1], a[2]);
		return;
	} else if (which == 1) {
		static const char *const hsm_fn[] = { "hsm_start", "hsm_stop", "hsm_get_status", "hsm_suspend" };
		ret = ecall(SBI_EXT_HSM, fid, a[0], a[1], a[2], a[3], a[4], a[5]);
		if (fid > SBI_HSM_HART_SUSPEND) {
			EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED && !host_last_call.fn, "HSM FID %lu: %ld", fid, ret.error);
		} else {
			EXPECT(host_last_call.fn && !strcmp(host_last_call.fn, hsm_fn[fid]), "HSM FID %lu routed to %s",
			       fid, host_last_call.fn ? host_last_call.fn : "nothing");
			if (fid == SBI_HSM_HART_SUSPEND)
				/* suspend_type is a uint32_t: its upper 32 bits never reach the core. */
				EXPECT(host_last_call.args[0] == host_current_hart->hartid &&
				       host_last_call.args[1] == (uint32_t)a[0] && host_last_call.args[2] == a[1] &&
				       host_last_call.args[3] == a[2], "hart_suspend glue");
			if (fid == SBI_HSM_HART_STOP)
				EXPECT(host_last_call.args[0] == host_current_hart->hartid, "hart_stop glue");
		}
	} else {
		unsigned long eid = take8(in) % 16;
		ret = ecall(eid, fid, a[0], a[1], a[2], a[3], a[4], a[5]);
		EXPECT(host_last_call.fn && !strcmp(host_last_call.fn, "legacy") && host_last_call.args[5] == eid &&
		       host_last_call.args[0] == a[0] && host_last_call.args[1] == a[1], "legacy glue for EID %lu", eid);
	}
	(void)ret;
	expect_pmu_unchanged("an RFENCE/HSM/legacy call");
}

static void call_unknown_eid(struct input *in)
{
	uint8_t sel = take8(in);
	unsigned long eid = sel % 4 == 0 ? known_eids[take8(in) % KNOWN_EIDS] + 1 - (take8(in) & 2) :
			    sel % 4 == 1 ? (unsigned long)take16(in) << 16 | take16(in) : take64(in);
	unsigned long fid = take8(in) & 1 ? take8(in) : take64(in);
	struct sbiret ret;

	state_save();
	if (eid_known(eid) || eid <= SBI_EXT_LEGACY_LAST)
		return;
	ret = ecall(eid, fid, take64(in), take64(in), take64(in), 0, 0, 0);
	EXPECT(ret.error == SBI_ERR_NOT_SUPPORTED && !host_last_call.fn && host_console.since_mark == 0,
	       "unknown EID 0x%lx FID %lu: %ld", eid, fid, ret.error);
	expect_pmu_unchanged("an unknown EID");
	ret = ecall(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, eid, 0, 0, 0, 0, 0);
	EXPECT(ret.error == 0 && ret.value == 0, "probe_extension(0x%lx) = %lu for an unknown EID", eid, ret.value);
}

/* ---- What happens between calls ---- */

static void op_tick(struct input *in)
{
	sim.priv = (enum sim_priv)(take8(in) % 5);
	sim_hart_tick(take8(in) & 1 ? take64(in) : take8(in));
}

static void op_fw_events(struct input *in)
{
	struct pmu_hart *ph = &host_current_hart->pmu;
	unsigned int code = take8(in), times = take8(in) % 4 + 1;

	if (code % 8 == 7) {
		platform_count += take8(in) & 1 ? take64(in) : times;
		return;
	}
	while (times--)
		pmu_fw_event_count(ph, code % FW_EVENT_CODES);
}

static void op_smode_write(struct input *in)
{
	unsigned long off = take16(in) % (SRAM_PAGES * PAGE);
	unsigned int len = take8(in) % 48 + 1;
	uint8_t *ram = (uint8_t *)(uintptr_t)sram_base();
	uint8_t sel = take8(in);

	/* Event info entries: put valid event_idx words where the fuzzer would rarely find them. */
	if (sel % 4 == 0) {
		off &= ~15UL;
		for (unsigned int i = 0; i < len / 4 && off + 16 <= SRAM_PAGES * PAGE; i++, off += 16) {
			uint32_t idx = (uint32_t)gen_event_idx(in) & (take8(in) % 8 ? 0xfffff : ~0u);
			uint64_t data = gen_event_data(in);
			memcpy(ram + off, &idx, 4);
			memcpy(ram + off + 8, &data, 8);
		}
		return;
	}
	for (unsigned int i = 0; i < len && off + i < SRAM_PAGES * PAGE; i++)
		ram[off + i] = take8(in);
}

/* A console byte arrives; or the UART fills up (takes a few more bytes, then none) or drains. */
static void op_console_input(struct input *in)
{
	uint8_t k = take8(in);
	unsigned int len = k % 8;

	if (k >= 0xc0) {
		host_console.room = k & 1 ? -1 : take8(in) % 8;
		return;
	}
	while (len-- && host_console.input_len < sizeof(host_console.input))
		host_console.input[host_console.input_len++] = take8(in);
}

static void op_hsm_state(struct input *in)
{
	unsigned int i = take8(in) % HOST_HARTS;
	static const long states[] = { SBI_HSM_STATE_STARTED, SBI_HSM_STATE_STOPPED, SBI_HSM_STATE_SUSPENDED };

	/* A hart not here yet or gone stays STOPPED: it runs nothing. */
	if (i != HOST_HART_NO_SMODE && i != host_current && host_harts[i].hs->presence == HART_READY)
		host_harts[i].hs->run_state = states[take8(in) % 3];
}

static void op_select_hart(struct input *in)
{
	unsigned int i = take8(in) % HOST_HARTS;

	/* Cannot make calls: no S-mode, not here yet, gone. */
	if (i == HOST_HART_NO_SMODE || host_harts[i].hs->presence != HART_READY)
		i = 0;
	host_select_hart(i);
}

/*
 * A hart's fate mid-run: it dies (a fatal trap on it: hart_mark_gone, as the
 * trap report does), or it comes late (WAITING -> ARRIVED -> READY, as
 * boot_warm_main moves it). Never the calling hart, nor hart 0 (it stays
 * able to make calls).
 */
static void op_hart_fate(struct input *in)
{
	unsigned int i = take8(in) % HOST_HARTS, gone_before = harts_gone;
	struct hart_state *hs = host_harts[i].hs;
	bool was_gone = hart_gone(hs);

	if (i == 0 || i == HOST_HART_NO_SMODE || i == host_current)
		return;
	if (take8(in) & 1) {
		if (hart_presence_move(hs, HART_WAITING, HART_ARRIVED))
			EXPECT(hart_presence_move(hs, HART_ARRIVED, HART_READY), "late hart %u set up", i);
		return;
	}
	EXPECT(hart_mark_gone(hs, NULL) == !was_gone, "hart %u went %s", i, was_gone ? "twice" : "not");
	EXPECT(hart_gone(hs) && hs->run_state == SBI_HSM_STATE_STOPPED && harts_gone == gone_before + !was_gone,
	       "gone hart %u: presence %u, state %ld, %u gone", i, hs->presence, hs->run_state, harts_gone);
}

/* ---- The target ---- */

static void map_ram(void)
{
	map_base = mmap(NULL, MAP_PAGES * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map_base == MAP_FAILED)
		abort();
	/* Below RAM, the firmware region (inside RAM, at its start, as on QEMU virt), above RAM. */
	if (mprotect(map_base, 2 * PAGE, PROT_NONE) ||
	    mprotect(map_base + (MAP_PAGES - 1) * PAGE, PAGE, PROT_NONE))
		abort();
}

/* The figure docs/reliability.md quotes (tests/fuzz/run-fuzzer.sh reads it). */
static void report_calls(void)
{
	fprintf(stderr, "fuzz_sbi: %lu SBI calls checked\n", calls_checked);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	atexit(report_calls);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	const struct sim_hart_config *cfgs[HOST_HARTS];
	uint8_t hart_cfg = take8(&in), fill = take8(&in);

	if (!map_base)
		map_ram();
	memset((void *)(uintptr_t)sram_base(), fill, SRAM_PAGES * PAGE);
	host_memory_reset();
	memory_map_add_ram(page_addr(1), (SRAM_PAGES + 1) * PAGE);
	memory_map.fw_base = page_addr(1);
	memory_map.fw_size = PAGE;
	harness_map();
	pmu_snapshot_offered = fill & 1 ? "fuzz" : NULL;
	platform_count = 0;
	for (unsigned int i = 0; i < HOST_HARTS; i++)
		cfgs[i] = sim_configs[(hart_cfg >> (2 * (i % 4))) & 3];
	host_machine_reset(cfgs);
	harts_gone = harts_gone_unready = 0;
	/* A hart not here yet (it joins late, op_hart_fate): STOPPED until it comes. */
	if (fill & 2) {
		host_harts[3].hs->presence = HART_WAITING;
		host_harts[3].hs->run_state = SBI_HSM_STATE_STOPPED;
	}
	sbi3_machine_reset();
	memset(fw_model, 0, sizeof(fw_model));
	memset(shmem_model, 0, sizeof(shmem_model));

	for (unsigned int ops = 0; in.n && ops < MAX_OPS; ops++) {
		uint8_t op = take8(&in) % 32;

		if (op < 10)
			call_pmu(&in);
		else if (op == 10)
			call_base(&in);
		else if (op == 11)
			call_dbcn(&in);
		else if (op == 12)
			call_srst(&in);
		else if (op == 13)
			call_time(&in);
		else if (op == 14)
			call_ipi(&in);
		else if (op == 15)
			call_routed(&in);
		else if (op == 16)
			call_unknown_eid(&in);
		else if (op == 17)
			op_tick(&in);
		else if (op == 18)
			op_fw_events(&in);
		else if (op == 19 || op == 20)
			op_smode_write(&in);
		else if (op == 21)
			op_console_input(&in);
		else if (op == 22)
			op_hsm_state(&in);
		else if (op == 23)
			op_select_hart(&in);
		else if (op == 30)
			op_hart_fate(&in);
		else if (op == 31)
			call_hsm(&in);
		else if (op == 24 || op == 25)
			call_sse(&in);
		else if (op == 26)
			call_fwft(&in);
		else if (op == 27)
			call_dbtr(&in);
		else
			op_sse_machine(&in);
		if (op < 17 || op == 31) {
			check_other_harts();
		}
		for (unsigned int h = 0; h < HOST_HARTS; h++)
			check_pmu_consistent(h);
		check_sbi3_consistent();
	}
	return 0;
}
