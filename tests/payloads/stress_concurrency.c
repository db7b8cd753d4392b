/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every hart at once, for a fixed number of rounds (docs/reliability.md):
 * IPIs and remote fences to random sets of harts (SBI and legacy calls),
 * and hardware counters configured, started, read and stopped, all while
 * the other harts do the same. Then the firmware's own counts must add up
 * exactly, over all harts:
 *
 *   sum IPI_SENT = sum IPI_RECEIVED = the IPIs the payload sent
 *                = the software interrupts S-mode handlers took,
 *   for each fence type: sum *_SENT = sum *_RECEIVED = the fences sent
 *
 * (firmware events, SBI PMU chapter Table 6, read with counter_fw_read on
 * each hart). Fences are synchronous, so every one sent is received before
 * the call returns. IPIs are not: two IPIs to a hart that has not yet taken
 * the first are one interrupt (SSIP is a bit), so a sender first takes a
 * per-target token that the target's interrupt handler gives back: one IPI
 * in flight per hart, and every IPI counts once on each side.
 *
 * Run without -icount: harts must run truly in parallel.
 * /chosen/bootargs (QEMU -append; separated by spaces or commas) may hold
 * stress.rounds=N and stress.seed=N.
 */
#include <libfdt.h>
#include "payload.h"

#define DEFAULT_ROUNDS  300UL
#define MAX_HARTS       64
#define WAIT_US         60000000UL
#define TOKEN_TRIES     200

/* The firmware events counted, one counter each: IPI_SENT (6) .. HFENCE_VVMA_ASID_RECEIVED (21). */
#define FIRST_EVENT     SBI_PMU_FW_IPI_SENT
#define EVENTS          (SBI_PMU_FW_EVENT_COUNT - FIRST_EVENT)

static const char *const event_names[EVENTS] = {
	"IPI", "", "FENCE_I", "", "SFENCE_VMA", "", "SFENCE_VMA_ASID", "", "HFENCE_GVMA", "",
	"HFENCE_GVMA_VMID", "", "HFENCE_VVMA", "", "HFENCE_VVMA_ASID", "",
};

/* RFENCE FID -> its *_SENT firmware event. */
static const unsigned int fence_event[] = {
	[SBI_RFENCE_REMOTE_FENCE_I] = SBI_PMU_FW_FENCE_I_SENT,
	[SBI_RFENCE_REMOTE_SFENCE_VMA] = SBI_PMU_FW_SFENCE_VMA_SENT,
	[SBI_RFENCE_REMOTE_SFENCE_VMA_ASID] = SBI_PMU_FW_SFENCE_VMA_ASID_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID] = SBI_PMU_FW_HFENCE_GVMA_VMID_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_GVMA] = SBI_PMU_FW_HFENCE_GVMA_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID] = SBI_PMU_FW_HFENCE_VVMA_ASID_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_VVMA] = SBI_PMU_FW_HFENCE_VVMA_SENT,
};

struct hart_ctx {
	unsigned long hartid;
	uint64_t rng;
	long counter[EVENTS];              /* firmware counter of each event */
	unsigned long sent[EVENTS];        /* what this hart sent (SENT slots only) */
	unsigned long fw_count[EVENTS];    /* the firmware's counts, read at the end */
	unsigned long legacy_mask;
	unsigned long hw_events[4];        /* the hardware events this hart has a counter for */
	unsigned int nhw_events;
	unsigned long pmu_rounds, ipis_skipped;
	volatile unsigned long done;
};

static struct hart_ctx ctx[MAX_HARTS];
static unsigned long hartids[MAX_HARTS];
static int nharts;
static unsigned long rounds = DEFAULT_ROUNDS, seed = 1;
static bool has_h;

/* Token of each hart (by index): 1 while an IPI to it is in flight. */
static volatile unsigned long ipi_busy[MAX_HARTS];
static volatile unsigned long ssi_taken[MAX_HARTS];
static volatile unsigned long ready_count, sent_count, drained_count;

/* Without Zbb, __builtin_popcountl is a libgcc call the payloads do not link. */
static unsigned long bit_count(unsigned long m)
{
	unsigned long n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

static int index_of(unsigned long hartid)
{
	for (int i = 0; i < nharts; i++)
		if (hartids[i] == hartid)
			return i;
	return -1;
}

static bool ssi_trap(struct trap_frame *frame)
{
	int me = index_of(current_hartid());

	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_SOFT) || me < 0)
		return false;
	csr_clear(sip, SIP_SSIP);
	__atomic_fetch_add(&ssi_taken[me], 1, __ATOMIC_RELAXED);
	__atomic_store_n(&ipi_busy[me], 0, __ATOMIC_RELEASE);
	return true;
}

static uint64_t rnd(struct hart_ctx *c)
{
	uint64_t x = c->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	c->rng = x;
	return x * 0x2545f4914f6cdd1dULL;
}

static unsigned long hart_bits(unsigned long index_mask)
{
	unsigned long mask = 0;

	for (int i = 0; i < nharts; i++)
		if (index_mask >> i & 1)
			mask |= 1UL << hartids[i];
	return mask;
}

/* Takes the tokens of every hart in index_mask, or none (false). */
static bool take_tokens(unsigned long index_mask)
{
	for (int tries = 0; tries < TOKEN_TRIES; tries++) {
		unsigned long taken = 0;
		int i;

		for (i = 0; i < nharts; i++) {
			unsigned long expected = 0;
			if (!(index_mask >> i & 1))
				continue;
			if (!__atomic_compare_exchange_n(&ipi_busy[i], &expected, 1, false, __ATOMIC_ACQUIRE,
							 __ATOMIC_RELAXED))
				break;
			taken |= 1UL << i;
		}
		if (i == nharts)
			return true;
		for (i = 0; i < nharts; i++)
			if (taken >> i & 1)
				__atomic_store_n(&ipi_busy[i], 0, __ATOMIC_RELEASE);
		delay_us(20);   /* interrupts are on: our own IPI can be taken meanwhile */
	}
	return false;
}

static void round_ipi(struct hart_ctx *c)
{
	unsigned long all = (1UL << nharts) - 1, targets = rnd(c) & all, how = rnd(c) % 4;
	long error;

	if (how == 0)
		targets = all;                          /* hart_mask_base = -1: every started hart */
	if (!targets)
		targets = 1UL << (rnd(c) % nharts);
	if (!take_tokens(targets)) {
		c->ipis_skipped++;
		return;
	}
	if (how == 0) {
		error = sbi_send_ipi(0, -1UL).error;
	} else if (how == 1) {
		c->legacy_mask = hart_bits(targets);
		error = sbi_legacy_send_ipi(&c->legacy_mask);
	} else {
		error = sbi_send_ipi(hart_bits(targets), 0).error;
	}
	if (!CHECK_EQ(error, SBI_SUCCESS))
		printf("CONCURRENCY hart %lu: send_ipi to 0x%lx (way %lu) failed\n", c->hartid, targets, how);
	else
		c->sent[0] += bit_count(targets);
}

static void round_fence(struct hart_ctx *c)
{
	unsigned long all = (1UL << nharts) - 1, targets = rnd(c) & all, fid = rnd(c) % (has_h ? 7 : 3);
	unsigned long start = rnd(c) & ~0xfffUL, size = (rnd(c) % 4) * 4096, asid = rnd(c) % 16;
	long error;

	if (!targets)
		targets = all;
	if (rnd(c) % 4 == 0 && fid < 3) {
		/* The legacy calls: a hart mask by pointer, base 0. */
		c->legacy_mask = hart_bits(targets);
		if (fid == SBI_RFENCE_REMOTE_FENCE_I)
			error = sbi_legacy_remote_fence_i(&c->legacy_mask);
		else if (fid == SBI_RFENCE_REMOTE_SFENCE_VMA)
			error = sbi_legacy_remote_sfence_vma(&c->legacy_mask, start, size);
		else
			error = sbi_legacy_remote_sfence_vma_asid(&c->legacy_mask, start, size, asid);
	} else {
		error = sbi_ecall(SBI_EXT_RFENCE, fid, hart_bits(targets), 0, start, size, asid, 0).error;
	}
	if (!CHECK_EQ(error, SBI_SUCCESS))
		printf("CONCURRENCY hart %lu: fence %lu to 0x%lx failed\n", c->hartid, fid, targets);
	else
		c->sent[fence_event[fid] - FIRST_EVENT] += bit_count(targets);
}

/*
 * A hardware counter of this hart: configured, started, read, stopped (it
 * must not move, where the hart can stop counters: not without
 * mcountinhibit, whose mcycle/minstret run free), unmapped. Events: those
 * this hart has a counter for (find_hw_events()).
 */
static void round_pmu(struct hart_ctx *c, unsigned long num_hw, bool stops)
{
	unsigned long event = c->hw_events[rnd(c) % c->nhw_events];
	unsigned long hw_mask = ((1UL << num_hw) - 1) & ~2UL, before, after;
	struct sbiret ret;
	unsigned int csr;

	ret = sbi_pmu_counter_config_matching(0, hw_mask, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
					      event, 0);
	if (!CHECK_EQ(ret.error, SBI_SUCCESS)) {
		printf("CONCURRENCY hart %lu: no counter for event 0x%lx\n", c->hartid, event);
		return;
	}
	unsigned long idx = ret.value;
	csr = pmu_counter_csr(sbi_pmu_counter_get_info(idx).value);
	(void)read_counter_csr(csr);
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, 0).error, SBI_SUCCESS);
	before = read_counter_csr(csr);
	delay_us(5);
	after = read_counter_csr(csr);
	if (stops && !CHECK_EQ(after, before))
		printf("CONCURRENCY hart %lu: stopped counter %lu moved\n", c->hartid, idx);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	c->pmu_rounds++;
}

/*
 * Cycles and instructions have a counter on every hart (mcycle, minstret);
 * the DTLB read and write misses only where the event map names a
 * programmable counter for them: QEMU virt's DT does; the U74 default map
 * (HiFive Unmatched build) has a row for read misses only, and QEMU 7.2's
 * U54s have no programmable counter at all (QEMU 11.1's have 16). Each
 * candidate is configured once, without starting, and unmapped again; the
 * first hart prints how many there are.
 */
static void find_hw_events(struct hart_ctx *c, unsigned long num_hw)
{
	static const unsigned long candidates[] = { SBI_PMU_HW_CPU_CYCLES, SBI_PMU_HW_INSTRUCTIONS, 0x10019, 0x1001b };
	unsigned long hw_mask = ((1UL << num_hw) - 1) & ~2UL;

	c->nhw_events = 0;
	for (unsigned int i = 0; i < ARRAY_SIZE(candidates); i++) {
		struct sbiret ret = sbi_pmu_counter_config_matching(0, hw_mask, 0, candidates[i], 0);

		if (i < 2)
			CHECK_EQ(ret.error, SBI_SUCCESS);
		if (ret.error)
			continue;
		CHECK_EQ(sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
		c->hw_events[c->nhw_events++] = candidates[i];
	}
	/* The case file says how many each machine must have (tests/qemu-tests.txt). */
	if (c == &ctx[0])
		printf("CONCURRENCY-HW-EVENTS=%u\n", c->nhw_events);
}

static void wait_count(volatile unsigned long *count, unsigned long target, const char *what)
{
	if (!wait_flag(count, target, WAIT_US)) {
		printf("CONCURRENCY hart %lu: timed out waiting for %s\n", current_hartid(), what);
		CHECK(false);
	}
}

static void conc_job(void *arg)
{
	struct hart_ctx *c = arg;
	unsigned long fw_base = 0, fw_mask = 0, num_hw;
	int me = (int)(c - ctx);

	CHECK(pmu_fw_counter_range(&fw_base, &fw_mask));
	num_hw = fw_base;   /* firmware counters follow the hardware ones */
	for (unsigned int e = 0; e < EVENTS; e++) {
		struct sbiret ret = sbi_pmu_counter_config_matching(fw_base, fw_mask, SBI_PMU_CFG_FLAG_CLEAR_VALUE |
								    SBI_PMU_CFG_FLAG_AUTO_START, 0xf0000 | (FIRST_EVENT + e), 0);
		c->counter[e] = ret.error ? -1 : (long)ret.value;
		CHECK_EQ(ret.error, SBI_SUCCESS);
	}
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	__atomic_fetch_add(&ready_count, 1, __ATOMIC_ACQ_REL);
	wait_count(&ready_count, nharts, "every hart's counters");

	find_hw_events(c, num_hw);
	struct sbiret probe = sbi_pmu_counter_config_matching(0, ((1UL << num_hw) - 1) & ~2UL, 0,
							      SBI_PMU_HW_CPU_CYCLES, 0);
	bool hw_counters = CHECK_EQ(probe.error, SBI_SUCCESS) && c->nhw_events;
	bool stops = true;
	if (hw_counters) {
		/* Can this hart stop its counters? A started, then stopped mcycle tells. */
		unsigned long first, second;
		CHECK_EQ(sbi_pmu_counter_start(probe.value, 1, 0, 0).error, SBI_SUCCESS);
		CHECK_EQ(sbi_pmu_counter_stop(probe.value, 1, 0).error, SBI_SUCCESS);
		first = read_counter_csr(pmu_counter_csr(sbi_pmu_counter_get_info(probe.value).value));
		delay_us(5);
		second = read_counter_csr(pmu_counter_csr(sbi_pmu_counter_get_info(probe.value).value));
		stops = first == second;
		CHECK_EQ(sbi_pmu_counter_stop(probe.value, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	}
	for (unsigned long r = 0; r < rounds; r++) {
		round_ipi(c);
		round_fence(c);
		if (r % 4 == 0 && hw_counters)
			round_pmu(c, num_hw, stops);
	}

	/* Every IPI sent; then every IPI to this hart taken. */
	__atomic_fetch_add(&sent_count, 1, __ATOMIC_ACQ_REL);
	wait_count(&sent_count, nharts, "the other harts' IPIs");
	if (!wait_flag(&ipi_busy[me], 0, WAIT_US)) {
		printf("CONCURRENCY hart %lu: an IPI to it never arrived\n", c->hartid);
		CHECK(false);
	}
	__atomic_fetch_add(&drained_count, 1, __ATOMIC_ACQ_REL);
	wait_count(&drained_count, nharts, "every IPI taken");
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);

	unsigned long used = 0;
	for (unsigned int e = 0; e < EVENTS; e++) {
		c->fw_count[e] = pmu_fw_counter_read(c->counter[e]);
		if (c->counter[e] >= (long)fw_base)
			used |= 1UL << (c->counter[e] - fw_base);
	}
	/* Exactly the counters configured were running. */
	CHECK_EQ(sbi_pmu_counter_stop(fw_base, used, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static unsigned long bootarg(const char *name, unsigned long dflt)
{
	const void *fdt = dt_fdt();
	int chosen = fdt_path_offset(fdt, "/chosen"), len;
	const char *args = chosen < 0 ? NULL : fdt_getprop(fdt, chosen, "bootargs", &len);
	size_t n = strlen(name);

	for (const char *p = args; p && *p; p++) {
		if ((p != args && p[-1] != ' ' && p[-1] != ',') || strncmp(p, name, n) || p[n] != '=')
			continue;
		unsigned long v = 0;
		for (p += n + 1; *p >= '0' && *p <= '9'; p++)
			v = v * 10 + (unsigned long)(*p - '0');
		return v;
	}
	return dflt;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long seen[MAX_HARTS], ssi_total = 0;
	int n;

	(void)dtb;
	test_start("stress_concurrency");
	rounds = bootarg("stress.rounds", DEFAULT_ROUNDS);
	seed = bootarg("stress.seed", 1);
	has_h = dt_isa_has_letter('h');
	n = dt_hartids(seen, MAX_HARTS);
	if (!CHECK(n > 0))
		return;
	hartids[nharts++] = hartid;
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (seen[i] != hartid && seen[i] < 64)   /* masks here are one word, base 0 */
			hartids[nharts++] = seen[i];
	printf("CONCURRENCY: %d harts, %lu rounds, seed %lu, H %s\n", nharts, rounds, seed, has_h ? "yes" : "no");

	payload_trap_handler = ssi_trap;
	for (int i = 0; i < nharts; i++) {
		ctx[i].hartid = hartids[i];
		ctx[i].rng = (seed + 1) * 0x9e3779b97f4a7c15ULL ^ (hartids[i] + 1) * 0xbf58476d1ce4e5b9ULL;
	}
	for (int i = 1; i < nharts; i++)
		if (!CHECK_EQ(hart_run(hartids[i], conc_job, &ctx[i]).error, SBI_SUCCESS))
			printf("CONCURRENCY: hart %lu did not start\n", hartids[i]);
	conc_job(&ctx[0]);
	for (int i = 1; i < nharts; i++)
		if (!CHECK(wait_flag(&ctx[i].done, 1, WAIT_US)))
			printf("CONCURRENCY: hart %lu did not finish\n", hartids[i]);

	for (int i = 0; i < nharts; i++)
		ssi_total += ssi_taken[i];
	for (unsigned int e = 0; e < EVENTS; e += 2) {
		unsigned long sent = 0, received = 0, expected = 0;

		for (int i = 0; i < nharts; i++) {
			sent += ctx[i].fw_count[e];
			received += ctx[i].fw_count[e + 1];
			expected += ctx[i].sent[e];
		}
		printf("CONCURRENCY %s: sent %lu, received %lu, payload sent %lu", event_names[e], sent, received,
		       expected);
		if (e == 0)
			printf(", S-mode took %lu", ssi_total);
		printf("\n");
		CHECK_EQ(sent, expected);
		CHECK_EQ(received, expected);
		if (e == 0)
			CHECK_EQ(ssi_total, expected);
	}
	for (int i = 0; i < nharts; i++)
		printf("CONCURRENCY hart %lu: IPI sent %lu received %lu, fences sent %lu, counter rounds %lu, "
		       "IPIs skipped (tokens busy) %lu\n", ctx[i].hartid, ctx[i].fw_count[0], ctx[i].fw_count[1],
		       ctx[i].fw_count[2] + ctx[i].fw_count[4] + ctx[i].fw_count[6] + ctx[i].fw_count[8] +
		       ctx[i].fw_count[10] + ctx[i].fw_count[12] + ctx[i].fw_count[14], ctx[i].pmu_rounds,
		       ctx[i].ipis_skipped);
}
