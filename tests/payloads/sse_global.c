/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The global software event (0xffff8000) runs on its PREFERRED_HART and on
 * no other hart (docs/sbi3.md, "Global events"), whichever hart injects it:
 *   - every hart in turn as the preferred one, injected from itself and
 *     from others;
 *   - a masked preferred hart: the event waits, pending, while the other
 *     harts take events, and runs there at its hart_unmask (interrupted a6 =
 *     HART_UNMASK's FID);
 *   - priorities on the preferred hart: with a local event pending at the
 *     same unmask, and injected while a better local handler runs there;
 *   - the preferred hart stops: PREFERRED_HART still reads it, a write of a
 *     stopped hart is INVALID_PARAM, the event waits until the hart is
 *     started again and unmasks; or the client names another hart; or the
 *     handler dies with its hart (the event is ENABLED again);
 *   - the preferred hart suspends: retentive and unmasked, it wakes for the
 *     event; masked, it does not; non-retentive, the event runs at the
 *     resume address;
 *   - races: harts injecting while the preferred hart masks and unmasks,
 *     and while it stops and starts: never a run elsewhere, and no event
 *     left pending on an unmasked preferred hart.
 * The other harts run "agents" that do what the boot hart asks (a mailbox).
 */
#include "sse.h"

#define LOCAL_SW  SBI_SSE_EVENT_LOCAL_SOFTWARE
#define GLOBAL_SW SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define MAX_HARTS 8
/* A wait for something that must happen, and a window for something that must not. */
#define SOON_US  PAYLOAD_WAIT_US
#define QUIET_US 20000UL
#define RACE_ROUNDS 200

extern char _start[];

/* ---- The global event's handler: where it ran, what it interrupted ---- */

static uint8_t global_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static struct sse_handler_arg global_arg;

static struct {
	volatile unsigned long calls, total, on, expected, wrong_hart, seq;
	volatile unsigned long interrupted_a6, interrupted_a7, sepc, a0, a1;
	volatile unsigned long stop_on;          /* hart_stop inside the handler on this hart (+1) */
	volatile unsigned long stop_entered;
} g;
static volatile unsigned long sequence;

static void global_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long a6)
{
	(void)arg;
	if (a6 != current_hartid() || a6 != g.expected)
		__atomic_fetch_add(&g.wrong_hart, 1, __ATOMIC_RELAXED);
	g.on = a6;
	g.interrupted_a6 = sse_attr(GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6);
	g.interrupted_a7 = sse_attr(GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A7);
	g.sepc = regs->sepc;
	g.a0 = regs->regs[10];
	g.a1 = regs->regs[11];
	g.seq = __atomic_add_fetch(&sequence, 1, __ATOMIC_RELAXED);
	if (g.stop_on == a6 + 1) {
		/* The hart stops with the handler running: the event must not stay RUNNING. */
		__atomic_store_n(&g.stop_entered, 1, __ATOMIC_RELEASE);
		sbi_hart_stop();
	}
	__atomic_fetch_add(&g.total, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&g.calls, 1, __ATOMIC_RELEASE);
}

/* Waits for one run on hart `on`, then for the event to be ENABLED again. */
static bool handled_on(unsigned long on)
{
	bool ok = wait_flag(&g.calls, 1, SOON_US);
	uint64_t deadline = time_deadline_us(SOON_US);

	ok = CHECK(ok) && CHECK_EQ(g.on, on);
	while (sse_state(GLOBAL_SW) == SBI_SSE_STATE_RUNNING && !time_passed(deadline))
		;
	ok = CHECK_EQ(sse_state(GLOBAL_SW), SBI_SSE_STATE_ENABLED) && ok;
	ok = CHECK_EQ(g.wrong_hart, 0) && ok;
	g.calls = 0;
	return ok;
}

/* Nothing runs for a while: the event stays pending (and ENABLED). */
static void stays_pending(void)
{
	delay_us(QUIET_US);
	CHECK_EQ(g.calls, 0);
	CHECK(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING);
	CHECK_EQ(sse_state(GLOBAL_SW), SBI_SSE_STATE_ENABLED);
}

/* Points the (REGISTERED or ENABLED) event at hart `to` and enables it. */
static void prefer(unsigned long to)
{
	if (sse_state(GLOBAL_SW) == SBI_SSE_STATE_ENABLED)
		CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, to), SBI_SUCCESS);
	CHECK_EQ(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), to);
	g.expected = to;
	CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
}

/* ---- A local event on an agent's hart (priorities) ---- */

struct local_seen {
	volatile unsigned long calls, seq, hold, holding, release, global_calls_meanwhile;
};

static void local_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long a6)
{
	struct local_seen *l = arg->data;

	(void)regs, (void)a6;
	l->seq = __atomic_add_fetch(&sequence, 1, __ATOMIC_RELAXED);
	if (l->hold) {
		__atomic_store_n(&l->holding, 1, __ATOMIC_RELEASE);
		wait_flag(&l->release, 1, SOON_US);
		l->global_calls_meanwhile = g.calls;
	}
	__atomic_fetch_add(&l->calls, 1, __ATOMIC_RELEASE);
}

/* ---- Agents: other harts doing what the boot hart asks ---- */

enum agent_cmd {
	CMD_NONE, CMD_UNMASK, CMD_MASK, CMD_INJECT_GLOBAL, CMD_LOCAL_ON, CMD_LOCAL_OFF, CMD_STOP,
	CMD_SUSPEND, CMD_SUSPEND_SSIE, CMD_SUSPEND_NON_RETENTIVE, CMD_TOGGLE_MASK, CMD_INJECT_STORM,
};

struct agent {
	unsigned long hartid;
	volatile unsigned long cmd, arg, posted, done, ready;
	volatile long result;
	volatile unsigned long resuming, opaque, global_total_at_resume;
	struct sse_handler_arg local_arg;
	struct local_seen local;
	uint8_t local_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
};

static unsigned long hart_ids[MAX_HARTS];
static int harts;
static unsigned long boot_hartid;
static struct agent agents[MAX_HARTS];

static void agent_job(void *p);

/* Small, hart-dependent pauses for the races (time CSR, not loop counts). */
static void jitter(unsigned long i)
{
	uint64_t end = time_deadline_us((i * 7 + current_hartid() * 13) % 50);

	while (!time_passed(end))
		;
}

static long agent_exec(struct agent *a, unsigned long cmd, unsigned long arg)
{
	long err = 0;

	switch (cmd) {
	case CMD_UNMASK:
		return sbi_sse_hart_unmask().error;
	case CMD_MASK:
		return sbi_sse_hart_mask().error;
	case CMD_INJECT_GLOBAL:
		return sbi_sse_inject(GLOBAL_SW, a->hartid).error;
	case CMD_LOCAL_ON:
		memset(&a->local, 0, sizeof(a->local));
		err = sse_register_handler(LOCAL_SW, &a->local_arg, local_handler, &a->local, a->local_stack).error;
		if (!err)
			err = sse_attr_set(LOCAL_SW, SBI_SSE_ATTR_PRIORITY, arg);
		return err ? err : sbi_sse_enable(LOCAL_SW).error;
	case CMD_LOCAL_OFF:
		err = sbi_sse_disable(LOCAL_SW).error;
		return err ? err : sbi_sse_unregister(LOCAL_SW).error;
	case CMD_SUSPEND_SSIE:
		/* An S-mode IPI may wake it (not taken: sstatus.SIE stays clear). */
		csr_set(sie, SIE_SSIE);
		err = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0).error;
		csr_clear(sie, SIE_SSIE);
		csr_clear(sip, SIP_SSIP);
		return err;
	case CMD_SUSPEND:
		return sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0).error;
	case CMD_SUSPEND_NON_RETENTIVE:
		/* Resumes at _start, which runs agent_job again (resuming set). */
		a->opaque = hart_job_prepare(a->hartid, agent_job, a);
		a->resuming = 1;
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		err = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, (unsigned long)_start, a->opaque).error;
		a->resuming = 0;   /* returned: it failed */
		return err;
	case CMD_TOGGLE_MASK:
		for (unsigned long i = 0; i < arg && !err; i++) {
			err = sbi_sse_hart_mask().error;
			jitter(i);
			if (!err)
				err = sbi_sse_hart_unmask().error;
			jitter(i + 3);
		}
		return err;
	case CMD_INJECT_STORM:
		for (unsigned long i = 0; i < arg && !err; i++) {
			err = sbi_sse_inject(GLOBAL_SW, i).error;
			jitter(i);
		}
		return err;
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

static void agent_finish(struct agent *a, long result)
{
	a->result = result;
	__atomic_store_n(&a->done, a->posted, __ATOMIC_RELEASE);
}

static void agent_job(void *p)
{
	struct agent *a = p;

	if (a->resuming) {
		/* Back from the non-retentive suspend: the command is done. */
		a->resuming = 0;
		a->global_total_at_resume = g.total;
		agent_finish(a, SBI_SUCCESS);
	}
	__atomic_store_n(&a->ready, 1, __ATOMIC_RELEASE);
	for (;;) {
		unsigned long posted;
		while ((posted = __atomic_load_n(&a->posted, __ATOMIC_ACQUIRE)) == a->done)
			;
		if (a->cmd == CMD_STOP) {
			agent_finish(a, SBI_SUCCESS);
			return;            /* hart_run's job ends with hart_stop */
		}
		agent_finish(a, agent_exec(a, a->cmd, a->arg));
	}
}

static struct agent *agent_start(int i)
{
	struct agent *a = &agents[i];

	a->hartid = hart_ids[i];
	a->ready = 0;
	a->posted = a->done = 0;
	a->resuming = 0;
	CHECK_EQ(hart_run(a->hartid, agent_job, a).error, SBI_SUCCESS);
	CHECK(wait_flag(&a->ready, 1, SOON_US));
	return a;
}

static void agent_post(struct agent *a, unsigned long cmd, unsigned long arg)
{
	a->cmd = cmd;
	a->arg = arg;
	__atomic_store_n(&a->posted, a->done + 1, __ATOMIC_RELEASE);
}

static bool agent_wait(struct agent *a, unsigned long timeout_us)
{
	return wait_flag(&a->done, a->posted, timeout_us);
}

/* Runs a command on the agent's hart; its SBI error (or a marker when it hangs). */
static long agent_do(struct agent *a, unsigned long cmd, unsigned long arg)
{
	agent_post(a, cmd, arg);
	if (!CHECK(agent_wait(a, SOON_US)))
		return -1000;
	return a->result;
}

static void agent_stop(struct agent *a)
{
	CHECK_EQ(agent_do(a, CMD_STOP, 0), SBI_SUCCESS);
	CHECK(hart_wait_state(a->hartid, SBI_HSM_STATE_STOPPED, SOON_US));
}

/* ---- The cases ---- */

/* Each hart in turn is the preferred one; the injecting hart does not matter. */
static void check_every_hart(void)
{
	for (int i = 1; i < harts; i++) {
		agent_start(i);
		CHECK_EQ(agent_do(&agents[i], CMD_UNMASK, 0), SBI_SUCCESS);
	}
	for (int i = 0; i < harts; i++) {
		prefer(hart_ids[i]);
		/* hart_id names another hart: ignored for a global event. */
		CHECK_EQ(sbi_sse_inject(GLOBAL_SW, hart_ids[(i + 1) % harts]).error, SBI_SUCCESS);
		CHECK(handled_on(hart_ids[i]));
		/* Injected by the hart after it. */
		if (i + 1 < harts) {
			CHECK_EQ(agent_do(&agents[i + 1], CMD_INJECT_GLOBAL, 0), SBI_SUCCESS);
			CHECK(handled_on(hart_ids[i]));
		}
	}
}

/* A masked preferred hart: the event waits for its unmask, the others never take it. */
static void check_masked_preferred_hart(void)
{
	struct agent *p = &agents[1], *q = &agents[harts > 2 ? 2 : 1];

	CHECK_EQ(agent_do(p, CMD_MASK, 0), SBI_SUCCESS);
	prefer(p->hartid);
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, boot_hartid).error, SBI_SUCCESS);
	if (q != p)
		CHECK_EQ(agent_do(q, CMD_INJECT_GLOBAL, 0), SBI_SUCCESS);
	stays_pending();
	/* The boot hart (unmasked) masks and unmasks: still not its event. */
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	stays_pending();
	CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
	CHECK(handled_on(p->hartid));
	CHECK_EQ(g.interrupted_a6, SBI_SSE_HART_UNMASK);    /* delivered at the unmask */
	CHECK_EQ(g.interrupted_a7, SBI_EXT_SSE);
	CHECK(!(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING));   /* two injections, one run */
	delay_us(QUIET_US);
	CHECK_EQ(g.calls, 0);
}

/* Local and global events on the preferred hart run by priority. */
static void check_priorities(void)
{
	struct agent *p = &agents[1];
	struct local_seen *l = &p->local;

	/* Both pending at the unmask: the better priority (lower value) first. */
	for (int global_first = 1; global_first >= 0; global_first--) {
		CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
		CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, global_first ? 5 : 20), SBI_SUCCESS);
		prefer(p->hartid);
		CHECK_EQ(agent_do(p, CMD_LOCAL_ON, 10), SBI_SUCCESS);
		CHECK_EQ(agent_do(p, CMD_MASK, 0), SBI_SUCCESS);
		CHECK_EQ(sbi_sse_inject(LOCAL_SW, p->hartid).error, SBI_SUCCESS);
		CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
		stays_pending();
		CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
		CHECK(handled_on(p->hartid));
		CHECK(wait_flag(&l->calls, 1, SOON_US));
		CHECK_EQ(g.seq < l->seq, global_first);
		CHECK_EQ(agent_do(p, CMD_LOCAL_OFF, 0), SBI_SUCCESS);
	}

	/* Injected while a better local handler runs there: waits for it, and for that hart. */
	CHECK_EQ(agent_do(p, CMD_LOCAL_ON, 1), SBI_SUCCESS);
	l->hold = 1;
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, p->hartid).error, SBI_SUCCESS);
	CHECK(wait_flag(&l->holding, 1, SOON_US));
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	stays_pending();
	__atomic_store_n(&l->release, 1, __ATOMIC_RELEASE);
	CHECK(handled_on(p->hartid));
	CHECK(wait_flag(&l->calls, 1, SOON_US));
	CHECK_EQ(l->global_calls_meanwhile, 0);
	CHECK(l->seq < g.seq);
	CHECK_EQ(agent_do(p, CMD_LOCAL_OFF, 0), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 0), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
}

/* The preferred hart stops: the event waits for it; a stopped hart cannot be named. */
static void check_preferred_hart_stops(void)
{
	struct agent *p = &agents[1], *q = &agents[harts > 2 ? 2 : 1];

	prefer(p->hartid);
	agent_stop(p);
	CHECK_EQ(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), p->hartid);   /* the client's value */
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	stays_pending();
	CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, p->hartid), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), p->hartid);
	CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
	/* Started again it is masked, as at boot: still waiting; its unmask runs it. */
	agent_start(1);
	stays_pending();
	CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
	CHECK(handled_on(p->hartid));
	CHECK_EQ(g.interrupted_a6, SBI_SSE_HART_UNMASK);

	/* Stopped again with the event pending: the client names another hart. */
	if (q != p) {
		agent_stop(p);
		CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
		stays_pending();
		prefer(q->hartid);
		CHECK(handled_on(q->hartid));
		agent_start(1);
		CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
	}

	/* The hart stops inside the handler: the event is done (ENABLED), not RUNNING. */
	prefer(p->hartid);
	g.stop_on = p->hartid + 1;
	g.stop_entered = 0;
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	CHECK(wait_flag(&g.stop_entered, 1, SOON_US));
	CHECK(hart_wait_state(p->hartid, SBI_HSM_STATE_STOPPED, SOON_US));
	g.stop_on = 0;
	CHECK_EQ(sse_state(GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK(!(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING));
	g.calls = 0;
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	stays_pending();
	agent_start(1);
	CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
	CHECK(handled_on(p->hartid));
}

/* The preferred hart suspends. */
static void check_preferred_hart_suspends(void)
{
	struct agent *p = &agents[1];
	unsigned long total;

	prefer(p->hartid);
	/* Retentive, unmasked: the event wakes it and runs over the suspend call's return. */
	agent_post(p, CMD_SUSPEND, 0);
	CHECK(hart_wait_state(p->hartid, SBI_HSM_STATE_SUSPENDED, SOON_US));
	delay_us(QUIET_US);
	CHECK_EQ(sbi_hart_get_status(p->hartid).value, SBI_HSM_STATE_SUSPENDED);
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	CHECK(handled_on(p->hartid));
	CHECK(agent_wait(p, SOON_US));
	CHECK_EQ(p->result, SBI_SUCCESS);
	CHECK_EQ(g.interrupted_a6, SBI_HSM_HART_SUSPEND);
	CHECK_EQ(g.interrupted_a7, SBI_EXT_HSM);

	/* Retentive, masked: the event does not wake it, nor run elsewhere. */
	CHECK_EQ(agent_do(p, CMD_MASK, 0), SBI_SUCCESS);
	agent_post(p, CMD_SUSPEND_SSIE, 0);
	CHECK(hart_wait_state(p->hartid, SBI_HSM_STATE_SUSPENDED, SOON_US));
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	stays_pending();
	CHECK_EQ(sbi_hart_get_status(p->hartid).value, SBI_HSM_STATE_SUSPENDED);
	/* An S-mode IPI wakes it; it runs the event at its unmask. */
	CHECK_EQ(sbi_send_ipi(1, p->hartid).error, SBI_SUCCESS);
	CHECK(agent_wait(p, SOON_US));
	CHECK_EQ(p->result, SBI_SUCCESS);
	CHECK_EQ(g.calls, 0);
	CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
	CHECK(handled_on(p->hartid));
	CHECK_EQ(g.interrupted_a6, SBI_SSE_HART_UNMASK);

	/* Non-retentive, unmasked: it wakes and the event runs at the resume address first. */
	total = g.total;
	agent_post(p, CMD_SUSPEND_NON_RETENTIVE, 0);
	CHECK(hart_wait_state(p->hartid, SBI_HSM_STATE_SUSPENDED, SOON_US));
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	CHECK(handled_on(p->hartid));
	CHECK(agent_wait(p, SOON_US));
	CHECK_EQ(g.sepc, (unsigned long)_start);              /* interrupted: the resume address */
	CHECK_EQ(g.a0, p->hartid);                            /* with the resume registers */
	CHECK_EQ(g.a1, p->opaque);
	CHECK_EQ(p->global_total_at_resume, total + 1);       /* before the resumed code */
}

/* Harts inject while the preferred hart masks and unmasks, and while it stops and starts. */
static void check_races(void)
{
	struct agent *p = &agents[1];
	int injectors = 0;

	if (harts < 3)
		return;
	prefer(p->hartid);
	g.calls = 0;
	agent_post(p, CMD_TOGGLE_MASK, RACE_ROUNDS);
	for (int i = 2; i < harts; i++, injectors++)
		agent_post(&agents[i], CMD_INJECT_STORM, RACE_ROUNDS);
	for (unsigned long i = 0; i < RACE_ROUNDS; i++) {
		CHECK_EQ(sbi_sse_inject(GLOBAL_SW, i).error, SBI_SUCCESS);
		jitter(i);
	}
	CHECK(agent_wait(p, SOON_US) && p->result == SBI_SUCCESS);
	for (int i = 2; i < harts; i++)
		CHECK(agent_wait(&agents[i], SOON_US) && agents[i].result == SBI_SUCCESS);
	/* The preferred hart is unmasked: nothing may be left pending. */
	{
		uint64_t deadline = time_deadline_us(SOON_US);
		while ((sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & (SBI_SSE_ATTR_STATUS_PENDING | 3)) !=
			       SBI_SSE_STATE_ENABLED && !time_passed(deadline))
			;
	}
	CHECK_EQ(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & (SBI_SSE_ATTR_STATUS_PENDING | 3), SBI_SSE_STATE_ENABLED);
	CHECK(g.calls >= 1 && g.calls <= (unsigned long)(injectors + 1) * RACE_ROUNDS);
	CHECK_EQ(g.wrong_hart, 0);
	printf("SSE-GLOBAL-RACE mask/unmask: %lu runs for %d injections on hart %lu, %lu elsewhere\n", g.calls,
	       (injectors + 1) * RACE_ROUNDS, p->hartid, g.wrong_hart);
	g.calls = 0;
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	CHECK(handled_on(p->hartid));

	/* Stop and start the preferred hart while another hart injects. */
	agent_post(&agents[2], CMD_INJECT_STORM, RACE_ROUNDS * 4);
	for (int round = 0; round < 5; round++) {
		agent_stop(p);
		agent_start(1);
		CHECK_EQ(agent_do(p, CMD_UNMASK, 0), SBI_SUCCESS);
	}
	CHECK(agent_wait(&agents[2], SOON_US) && agents[2].result == SBI_SUCCESS);
	{
		uint64_t deadline = time_deadline_us(SOON_US);
		while ((sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & (SBI_SSE_ATTR_STATUS_PENDING | 3)) !=
			       SBI_SSE_STATE_ENABLED && !time_passed(deadline))
			;
	}
	CHECK_EQ(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & (SBI_SSE_ATTR_STATUS_PENDING | 3), SBI_SSE_STATE_ENABLED);
	CHECK_EQ(g.wrong_hart, 0);
	printf("SSE-GLOBAL-RACE stop/start: %lu runs on hart %lu, %lu elsewhere\n", g.calls, p->hartid, g.wrong_hart);
	g.calls = 0;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	int n;

	(void)dtb;
	test_start("sse_global");
	boot_hartid = hartid;
	n = dt_hartids(hart_ids, MAX_HARTS);
	/* The boot hart first, then the others. */
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (hart_ids[i] == hartid) {
			hart_ids[i] = hart_ids[0];
			hart_ids[0] = hartid;
		}
	harts = n < MAX_HARTS ? n : MAX_HARTS;
	printf("SSE-GLOBAL-HARTS=%d\n", harts);
	if (!CHECK(harts >= 2))
		return;
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	CHECK_EQ(sse_register_handler(GLOBAL_SW, &global_arg, global_handler, NULL, global_stack).error, SBI_SUCCESS);
	check_every_hart();
	check_masked_preferred_hart();
	check_priorities();
	check_preferred_hart_stops();
	check_preferred_hart_suspends();
	check_races();
	CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(GLOBAL_SW).error, SBI_SUCCESS);
	for (int i = 1; i < harts; i++)
		agent_stop(&agents[i]);
}
