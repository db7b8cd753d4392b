/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Harts inject the local software event (0xffff0000) into one hart, the
 * target, while it stops and starts again, round after round, for a time
 * (the `time` CSR, not a count of loops):
 *
 *   boot hart   the controller: starts the target (hart_run), injects while
 *               it waits for the target to stop, starts it again;
 *   target      each start: registers and enables the event, unmasks, waits
 *               for a run of its handler (or UP_MAX_US), stops (hart_stop);
 *   the others  inject into the target as fast as they can.
 *
 * The target publishes where it is (`phase`, with the round's number) before
 * each step, the controller once it saw the target STOPPED. Each injection
 * reads the phase before and after the call (fences on both sides, so the
 * two reads bound what the firmware saw inside the call) and checks the
 * answer against the SSE chapter's inject table (docs/sbi3.md, "Injection
 * while the target stops"):
 *
 *   the event ENABLED for the whole call (up before and after)      SUCCESS
 *   the target stopped, or not yet registering, for the whole call  FAILED
 *   anything in between (registering, stopping, a phase change)     SUCCESS
 *                                                                   or FAILED
 *
 * and never INVALID_PARAM: hart_id and event_id are valid whatever the
 * target's HSM state (the table's INVALID_PARAM is "event_id or hart_id is
 * invalid"). Every other round is quiet at the restart: the injectors pause
 * once the target is down and resume once it is up again, so a handler run
 * on the restarted target before it says it is up comes from an injection
 * made before its stop: a stale event, which must never happen.
 *
 * How often the calls met the stop is printed (SSE-STOP-RACE lines): the
 * answers per phase, and how often one hart's two calls in a row bracket
 * the stop (SUCCESS, then FAILED), and how many of those within TIGHT_US.
 * /chosen/bootargs (QEMU -append) may hold sse_race.ms=N, the time the
 * rounds run (default DEFAULT_RUN_MS; at least MIN_ROUNDS rounds, within
 * four times that time).
 */
#include "sse.h"

#define LOCAL_SW       SBI_SSE_EVENT_LOCAL_SOFTWARE
#define MAX_HARTS      4
#define SOON_US        PAYLOAD_WAIT_US
#define DEFAULT_RUN_MS 10000UL
#define MIN_ROUNDS     10UL
/* Time the restarted target waits, masked off from new injections, for a stale event. */
#define SETTLE_US      200UL
/* The longest the target waits for an injection before it stops anyway. */
#define UP_MAX_US      20000UL
/* Two calls around a stop this close: the stop met injections in flight. */
#define TIGHT_US       50UL

/* Where the target is; phase = round << 3 | P_*. */
enum { P_DOWN, P_STARTING, P_REGISTERING, P_UP, P_STOPPING, P_KINDS };
static const char *const phase_names[P_KINDS] = { "down", "starting", "registering", "up", "stopping" };
#define PHASE(round, p) ((unsigned long)(round) << 3 | (p))
#define PHASE_OF(w)     ((w) & 7)

static volatile unsigned long phase;

/* Injectors pause while hold != 0 (held = their acknowledgement), and end at finish. */
static volatile unsigned long hold, finish;

/* Answers: [phase seen before == after, or P_KINDS when it changed][answer]. */
enum { A_SUCCESS, A_FAILED, A_OTHER, A_KINDS };
#define CLASS_ACROSS P_KINDS
#define NO_ROUND     (~0UL)

struct injector {
	unsigned long hartid;
	unsigned long answers[P_KINDS + 1][A_KINDS];
	unsigned long across_stop[A_KINDS];       /* a change from UP or STOPPING to DOWN or later */
	unsigned long bad, invalid_param;
	unsigned long last_success_round;         /* of the last SUCCESS while up or stopping, or NO_ROUND */
	uint64_t last_success_start;
	unsigned long flips;                      /* SUCCESS then FAILED around one stop */
	unsigned long tight_flips;                /* ... both calls within TIGHT_US */
	long last_bad_error;
	unsigned long last_bad_before, last_bad_after;
	volatile unsigned long held, ready, done;
};

static struct injector injectors[MAX_HARTS];      /* [0]: the controller's */
static volatile unsigned long last_caught_round, rounds_caught;
static unsigned long hart_ids[MAX_HARTS];
static int harts;
static unsigned long target;

/* The target's side: its handler, and what it counts (handler_runs is read by the others). */
static uint8_t handler_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static struct sse_handler_arg handler_arg;
static volatile unsigned long handler_runs, stale_runs, target_errors;
static volatile bool round_quiet, round_up;

static void full_fence(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static void publish(unsigned long round, unsigned int p)
{
	full_fence();
	__atomic_store_n(&phase, PHASE(round, p), __ATOMIC_SEQ_CST);
	full_fence();
}

static void handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long a6)
{
	(void)arg, (void)regs, (void)a6;
	/* A quiet round: nobody injects until the target is up. */
	if (round_quiet && !round_up)
		stale_runs++;
	handler_runs++;
}

static void target_error(long err)
{
	if (err)
		target_errors++;
}

/* One start of the target: event on, a few microseconds up, then hart_stop (hart_run). */
static void target_job(void *p)
{
	unsigned long round = (unsigned long)p;
	unsigned long runs_before = handler_runs;
	uint64_t end;

	round_quiet = round & 1;
	round_up = false;
	publish(round, P_REGISTERING);
	target_error(sse_register_handler(LOCAL_SW, &handler_arg, handler, NULL, handler_stack).error);
	target_error(sbi_sse_enable(LOCAL_SW).error);
	target_error(sbi_sse_hart_unmask().error);
	if (round_quiet)
		delay_us(SETTLE_US);          /* a stale event would run now */
	round_up = true;
	publish(round, P_UP);
	/*
	 * Up until an injection ran here (the injectors are running then, on a
	 * loaded host too) or UP_MAX_US passed, then 0..63 us more, varying
	 * from round to round: the stop meets injections in flight.
	 */
	end = time_deadline_us(UP_MAX_US);
	while (handler_runs == runs_before && !time_passed(end))
		;
	end = time_deadline_us((round * 37) % 64);
	while (!time_passed(end))
		;
	publish(round, P_STOPPING);
	/* Returns to hart_run's code, which calls hart_stop. */
}

static unsigned int answer_kind(long err)
{
	if (err == SBI_SUCCESS)
		return A_SUCCESS;
	if (err == SBI_ERR_FAILED)
		return A_FAILED;
	return A_OTHER;
}

/* One injection into the target, its answer checked against the phases around it. */
static void inject_once(struct injector *in)
{
	unsigned long before, after;
	unsigned int pb, pa, kind, cls;
	uint64_t start, end;
	long err;

	before = __atomic_load_n(&phase, __ATOMIC_SEQ_CST);
	start = rdtime();
	full_fence();
	err = sbi_sse_inject(LOCAL_SW, target).error;
	full_fence();
	end = rdtime();
	after = __atomic_load_n(&phase, __ATOMIC_SEQ_CST);
	pb = PHASE_OF(before);
	pa = PHASE_OF(after);
	kind = answer_kind(err);
	cls = before == after ? pb : CLASS_ACROSS;
	in->answers[cls][kind]++;
	if (cls == CLASS_ACROSS && (pb == P_UP || pb == P_STOPPING) &&
	    (pa == P_DOWN || pa == P_STARTING || pa == P_REGISTERING || after >> 3 != before >> 3))
		in->across_stop[kind]++;
	/*
	 * The stop caught between two calls of this hart: SUCCESS, then FAILED
	 * before the target started again. Its reset fell between the first
	 * call's start and the second's end.
	 */
	if (kind == A_FAILED && in->last_success_round == after >> 3 && (pa == P_STOPPING || pa == P_DOWN)) {
		in->flips++;
		if (end - in->last_success_start <= time_us_to_ticks(TIGHT_US))
			in->tight_flips++;
		if (__atomic_exchange_n(&last_caught_round, after >> 3, __ATOMIC_RELAXED) != after >> 3)
			__atomic_fetch_add(&rounds_caught, 1, __ATOMIC_RELAXED);
		in->last_success_round = NO_ROUND;
	}
	if (kind == A_SUCCESS && (pb == P_UP || pb == P_STOPPING)) {
		in->last_success_round = before >> 3;
		in->last_success_start = start;
	}
	/* The answers the chapter allows at that moment. */
	if ((cls == P_UP && kind != A_SUCCESS) || ((cls == P_DOWN || cls == P_STARTING) && kind != A_FAILED) ||
	    kind == A_OTHER) {
		in->bad++;
		in->last_bad_error = err;
		in->last_bad_before = before;
		in->last_bad_after = after;
		if (err == SBI_ERR_INVALID_PARAM)
			in->invalid_param++;
	}
}

static void injector_job(void *p)
{
	struct injector *in = p;

	__atomic_store_n(&in->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&finish, __ATOMIC_ACQUIRE)) {
		unsigned long h = __atomic_load_n(&hold, __ATOMIC_ACQUIRE);

		if (h) {
			/* The call before this one has returned. */
			__atomic_store_n(&in->held, h, __ATOMIC_RELEASE);
			while (__atomic_load_n(&hold, __ATOMIC_ACQUIRE) == h && !finish)
				;
			continue;
		}
		inject_once(in);
	}
	__atomic_store_n(&in->done, 1, __ATOMIC_RELEASE);
}

/* Pauses every injector (after its call in flight returns). */
static bool hold_injectors(unsigned long h)
{
	bool ok = true;

	__atomic_store_n(&hold, h, __ATOMIC_SEQ_CST);
	for (int i = 2; i < harts; i++)
		ok = wait_flag(&injectors[i].held, h, SOON_US) && ok;
	return ok;
}

/* Until the target is at `at` or later (it may pass UP quickly). */
static bool wait_phase(unsigned long at)
{
	uint64_t deadline = time_deadline_us(SOON_US);

	while (__atomic_load_n(&phase, __ATOMIC_ACQUIRE) < at)
		if (time_passed(deadline))
			return false;
	return true;
}

/* The controller injects too while it waits for the target to stop: right in the stop window. */
static bool wait_stopped_injecting(void)
{
	uint64_t deadline = time_deadline_us(SOON_US);

	for (;;) {
		struct sbiret ret = sbi_hart_get_status(target);

		if (ret.error == SBI_SUCCESS && ret.value == SBI_HSM_STATE_STOPPED)
			return true;
		if (time_passed(deadline))
			return false;
		inject_once(&injectors[0]);
	}
}

static void run_rounds(unsigned long run_ms)
{
	uint64_t end = time_deadline_us(run_ms * 1000), last = time_deadline_us(run_ms * 4000);
	unsigned long round = 0, quiet_rounds = 0;
	bool ok = true;

	while (ok && (!time_passed(end) || round < MIN_ROUNDS) && !time_passed(last)) {
		round++;
		if (round & 1) {
			/* Quiet restart: nobody injects from here until the target is up. */
			ok = CHECK(hold_injectors(round));
			quiet_rounds++;
		}
		publish(round, P_STARTING);
		ok = CHECK_EQ(hart_run(target, target_job, (void *)round).error, SBI_SUCCESS) && ok;
		if (round & 1) {
			ok = CHECK(wait_phase(PHASE(round, P_UP))) && ok;
			__atomic_store_n(&hold, 0, __ATOMIC_SEQ_CST);
		}
		ok = CHECK(wait_stopped_injecting()) && ok;
		publish(round, P_DOWN);
	}
	__atomic_store_n(&finish, 1, __ATOMIC_SEQ_CST);
	for (int i = 2; i < harts; i++)
		CHECK(wait_flag(&injectors[i].done, 1, SOON_US));
	printf("SSE-STOP-RACE rounds=%lu (quiet restarts %lu) in %lu ms, handler runs %lu, stale %lu\n", round,
	       quiet_rounds, run_ms, handler_runs, stale_runs);
	CHECK(round >= MIN_ROUNDS);
}

static void report(void)
{
	unsigned long sum[P_KINDS + 1][A_KINDS] = { { 0 } }, across[A_KINDS] = { 0 }, successes = 0;
	unsigned long bad = 0, invalid_param = 0, flips = 0, tight = 0;

	for (int i = 0; i < harts; i++) {
		struct injector *in = &injectors[i];
		if (i == 1)
			continue;         /* the target */
		flips += in->flips;
		tight += in->tight_flips;
		for (int c = 0; c <= P_KINDS; c++)
			for (int k = 0; k < A_KINDS; k++)
				sum[c][k] += in->answers[c][k];
		for (int k = 0; k < A_KINDS; k++)
			across[k] += in->across_stop[k];
		bad += in->bad;
		invalid_param += in->invalid_param;
		if (in->bad)
			printf("SSE-STOP-RACE hart %lu: %lu answers out of the chapter's set, last %ld (phase %lu:%s -> "
			       "%lu:%s)\n",
			       in->hartid, in->bad, in->last_bad_error, in->last_bad_before >> 3,
			       phase_names[PHASE_OF(in->last_bad_before) % P_KINDS], in->last_bad_after >> 3,
			       phase_names[PHASE_OF(in->last_bad_after) % P_KINDS]);
	}
	for (int c = 0; c <= P_KINDS; c++) {
		printf("SSE-STOP-RACE %-11s success %lu failed %lu other %lu\n",
		       c == CLASS_ACROSS ? "changing" : phase_names[c], sum[c][A_SUCCESS], sum[c][A_FAILED],
		       sum[c][A_OTHER]);
		successes += sum[c][A_SUCCESS];
	}
	/* The stop window: calls answered while the target stopped, or across its stop. */
	printf("SSE-STOP-RACE stop window: success %lu failed %lu (while stopping), success %lu failed %lu "
	       "(across the stop)\n",
	       sum[P_STOPPING][A_SUCCESS], sum[P_STOPPING][A_FAILED], across[A_SUCCESS], across[A_FAILED]);
	printf("SSE-STOP-RACE stop caught between two calls of one hart (SUCCESS, then FAILED): %lu times in %lu "
	       "rounds, %lu of them within %lu us\n",
	       flips, rounds_caught, tight, TIGHT_US);
	CHECK_EQ(bad, 0);
	CHECK_EQ(invalid_param, 0);
	CHECK_EQ(stale_runs, 0);
	CHECK_EQ(target_errors, 0);
	/* Every run comes from a successful injection (two may make one run). */
	CHECK(handler_runs >= 1 && handler_runs <= successes);
	/* The race was run: answers while up, and while down. */
	CHECK(sum[P_UP][A_SUCCESS] > 0);
	CHECK(sum[P_DOWN][A_FAILED] + sum[P_STARTING][A_FAILED] > 0);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long run_ms = dt_bootarg("sse_race.ms", DEFAULT_RUN_MS);
	int n;

	(void)dtb;
	test_start("sse_stop_race");
	n = dt_hartids(hart_ids, MAX_HARTS);
	/* The boot hart first, then the others. */
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (hart_ids[i] == hartid) {
			hart_ids[i] = hart_ids[0];
			hart_ids[0] = hartid;
		}
	harts = n < MAX_HARTS ? n : MAX_HARTS;
	printf("SSE-STOP-RACE-HARTS=%d\n", harts);
	if (!CHECK(harts >= 3))
		return;
	target = hart_ids[1];
	injectors[0].hartid = hartid;
	for (int i = 0; i < MAX_HARTS; i++)
		injectors[i].last_success_round = NO_ROUND;
	for (int i = 2; i < harts; i++) {
		injectors[i].hartid = hart_ids[i];
		CHECK_EQ(hart_run(hart_ids[i], injector_job, &injectors[i]).error, SBI_SUCCESS);
		CHECK(wait_flag(&injectors[i].ready, 1, SOON_US));
	}
	run_rounds(run_ms);
	report();
	for (int i = 2; i < harts; i++)
		CHECK(hart_wait_state(hart_ids[i], SBI_HSM_STATE_STOPPED, SOON_US));
}
