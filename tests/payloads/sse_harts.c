/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE across harts (SSE chapter): local events injected into other harts
 * run there, also when the target runs U-mode or VS-mode code (NMI-like:
 * the firmware takes the IPI and enters the handler), with the interrupted
 * privilege in sstatus.SPP/hstatus.SPV, and the lower mode resumes exactly
 * (the VS-mode code's return ecall only reaches its caller from VS-mode);
 * an injection into a masked hart waits for its unmask; a suspended hart
 * wakes for an event; a global event runs on its preferred hart (every
 * routing case: sse_global.c); a stopped hart's local events are back to
 * reset values and the hart masked again.
 */
#include "lower_mode.h"
#include "sse.h"

#define LOCAL_SW  SBI_SSE_EVENT_LOCAL_SOFTWARE
#define GLOBAL_SW SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define MAX_HARTS 8
#define SOON_US   2000000UL
#define CSR_HSTATUS 0x600

enum listen_mode { LISTEN_S, LISTEN_U, LISTEN_VS, LISTEN_SUSPEND, LISTEN_MASKED };

struct hart_seen {
	volatile unsigned long calls, a6, sstatus, hstatus, flags, interrupted_a6;
};

struct listener {
	unsigned long hartid;
	enum listen_mode mode;
	bool unmask;                     /* unmask (LISTEN_MASKED: only when `go`) */
	volatile unsigned long ready, go, release, done;
	volatile unsigned long lowered;  /* set by the U- or VS-mode code once it runs */
	volatile long suspend_error;
	struct sse_handler_arg arg;
	struct hart_seen seen;
};

static unsigned long hart_ids[MAX_HARTS];
static int harts;
static unsigned long boot_hartid;
static bool has_h;
static struct listener listeners[MAX_HARTS];
static uint8_t stacks[MAX_HARTS][SSE_STACK_SIZE] __attribute__((aligned(16)));
static uint8_t global_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static struct sse_handler_arg global_arg;
static volatile unsigned long global_calls, global_on;

static void local_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long a6)
{
	struct listener *l = arg->data;

	l->seen.a6 = a6;
	l->seen.sstatus = regs->sstatus;
	l->seen.hstatus = has_h ? csr_read(CSR_HSTATUS) : 0;
	l->seen.flags = sse_attr(LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS);
	l->seen.interrupted_a6 = sse_attr(LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6);
	__atomic_fetch_add(&l->seen.calls, 1, __ATOMIC_RELEASE);
}

static void global_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long a6)
{
	(void)arg, (void)regs;
	global_on = a6;
	CHECK_EQ(a6, current_hartid());
	__atomic_fetch_add(&global_calls, 1, __ATOMIC_RELEASE);
}

/* Runs in U- or VS-mode until the event handler has run on this hart. */
static unsigned long spin_until_handled(unsigned long arg)
{
	struct listener *l = (struct listener *)arg;

	__atomic_store_n(&l->lowered, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&l->seen.calls, __ATOMIC_ACQUIRE))
		;
	return 0x600d;
}

static void listener_job(void *p)
{
	struct listener *l = p;

	CHECK_EQ(sse_register_handler(LOCAL_SW, &l->arg, local_handler, l, stacks[l - listeners]).error, 0);
	CHECK_EQ(sbi_sse_enable(LOCAL_SW).error, SBI_SUCCESS);
	if (l->unmask && l->mode != LISTEN_MASKED)
		CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	__atomic_store_n(&l->ready, 1, __ATOMIC_RELEASE);
	switch (l->mode) {
	case LISTEN_U:
		CHECK_EQ(lower_mode_call(LOWER_MODE_U, spin_until_handled, (unsigned long)l), 0x600d);
		break;
	case LISTEN_VS:
		CHECK_EQ(lower_mode_call(LOWER_MODE_VS, spin_until_handled, (unsigned long)l), 0x600d);
		break;
	case LISTEN_SUSPEND:
		/* Nothing enabled in sie: only the SSE event can wake the hart. */
		l->suspend_error = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0).error;
		break;
	case LISTEN_MASKED:
		wait_flag(&l->go, 1, SOON_US);
		if (l->unmask)
			CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
		break;
	default:
		break;
	}
	wait_flag(&l->release, 1, SOON_US * 2);
	CHECK_EQ(sbi_sse_disable(LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(LOCAL_SW).error, SBI_SUCCESS);
	__atomic_store_n(&l->done, 1, __ATOMIC_RELEASE);
}

static struct listener *listen(int i, enum listen_mode mode, bool unmask)
{
	struct listener *l = &listeners[i];

	memset(l, 0, sizeof(*l));
	l->hartid = hart_ids[i];
	l->mode = mode;
	l->unmask = unmask;
	CHECK_EQ(hart_run(l->hartid, listener_job, l).error, SBI_SUCCESS);
	CHECK(wait_flag(&l->ready, 1, SOON_US));
	return l;
}

static void finish(struct listener *l)
{
	__atomic_store_n(&l->release, 1, __ATOMIC_RELEASE);
	CHECK(wait_flag(&l->done, 1, SOON_US));
	CHECK(hart_wait_state(l->hartid, SBI_HSM_STATE_STOPPED, SOON_US));
}

static bool handled(struct listener *l)
{
	return wait_flag(&l->seen.calls, 1, SOON_US);
}

/* Each other hart, running S-mode code: the event runs there, with its hart ID. */
static void check_remote_injection(void)
{
	for (int i = 1; i < harts; i++) {
		struct listener *l = listen(i, LISTEN_S, true);
		CHECK_EQ(sbi_sse_inject(LOCAL_SW, l->hartid).error, SBI_SUCCESS);
		CHECK(handled(l));
		CHECK_EQ(l->seen.a6, l->hartid);
		CHECK(l->seen.sstatus & SSTATUS_SPP);          /* interrupted S-mode */
		finish(l);
	}
}

/* The event preempts U-mode code; U-mode goes on where it was. */
static void check_interrupts_umode(void)
{
	struct listener *l = listen(1, LISTEN_U, true);

	CHECK(wait_flag(&l->lowered, 1, SOON_US));          /* it runs in U-mode */
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, l->hartid).error, SBI_SUCCESS);
	CHECK(handled(l));
	CHECK_EQ(l->seen.sstatus & SSTATUS_SPP, 0);          /* interrupted privilege: U */
	CHECK_EQ(l->seen.flags & ~(SBI_SSE_FLAG_SSTATUS_SPP | SBI_SSE_FLAG_SSTATUS_SPIE), 0);
	finish(l);
}

/* ... and VS-mode code: hstatus.SPV = 1, SPVP = 1, back to VS-mode after. */
static void check_interrupts_vs_mode(void)
{
	struct listener *l;

	if (!has_h)
		return;
	l = listen(1, LISTEN_VS, true);
	CHECK(wait_flag(&l->lowered, 1, SOON_US));          /* it runs in VS-mode */
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, l->hartid).error, SBI_SUCCESS);
	CHECK(handled(l));
	CHECK(l->seen.sstatus & SSTATUS_SPP);                /* VS: S privilege */
	CHECK_EQ(l->seen.hstatus & ((1UL << 7) | (1UL << 8)), (1UL << 7) | (1UL << 8));   /* SPV, SPVP */
	finish(l);
}

/* Injected while the target is masked: runs on its unmask. */
static void check_masked_target(void)
{
	struct listener *l = listen(1, LISTEN_MASKED, true);

	CHECK_EQ(sbi_sse_inject(LOCAL_SW, l->hartid).error, SBI_SUCCESS);
	delay_us(20000);
	CHECK_EQ(l->seen.calls, 0);
	__atomic_store_n(&l->go, 1, __ATOMIC_RELEASE);
	CHECK(handled(l));
	CHECK_EQ(l->seen.interrupted_a6, SBI_SSE_HART_UNMASK);
	finish(l);
}

/* A hart in retentive suspend wakes up for the event. */
static void check_suspended_target(void)
{
	struct listener *l = listen(1, LISTEN_SUSPEND, true);

	CHECK(hart_wait_state(l->hartid, SBI_HSM_STATE_SUSPENDED, SOON_US));
	delay_us(20000);
	CHECK_EQ(sbi_hart_get_status(l->hartid).value, SBI_HSM_STATE_SUSPENDED);   /* nothing else woke it */
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, l->hartid).error, SBI_SUCCESS);
	CHECK(handled(l));
	CHECK(hart_wait_state(l->hartid, SBI_HSM_STATE_STARTED, SOON_US));
	finish(l);
	CHECK_EQ(l->suspend_error, SBI_SUCCESS);
	CHECK_EQ(l->seen.interrupted_a6, SBI_HSM_HART_SUSPEND);
}

static bool global_handled_on(unsigned long hartid)
{
	bool ok = wait_flag(&global_calls, 1, SOON_US) && global_on == hartid;
	uint64_t deadline = time_deadline_us(SOON_US);

	/* Back to ENABLED once that hart completed it. */
	while (sse_state(GLOBAL_SW) != SBI_SSE_STATE_ENABLED && !time_passed(deadline))
		;
	global_calls = 0;
	return ok && sse_state(GLOBAL_SW) == SBI_SSE_STATE_ENABLED;
}

static void check_global_routing(void)
{
	struct listener *l = listen(1, LISTEN_S, true);

	CHECK_EQ(sse_register_handler(GLOBAL_SW, &global_arg, global_handler, NULL, global_stack).error, 0);
	CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, l->hartid), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), l->hartid);
	/* hart_id is ignored for a global event. */
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, boot_hartid).error, SBI_SUCCESS);
	CHECK(global_handled_on(l->hartid));
	finish(l);
	/* Masked, stopped, suspended preferred harts and races: sse_global.c. */
	CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(GLOBAL_SW).error, SBI_SUCCESS);
}

static volatile unsigned long restart_status, restart_priority, restart_mask_error, restart_done;

static void configure_and_stop_job(void *p)
{
	struct listener *l = p;

	CHECK_EQ(sse_register_handler(LOCAL_SW, &l->arg, local_handler, l, stacks[1]).error, 0);
	CHECK_EQ(sse_attr_set(LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 7), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	/* hart_run's job ends with hart_stop, with the event enabled. */
}

static void look_after_restart_job(void *p)
{
	(void)p;
	restart_status = sse_attr(LOCAL_SW, SBI_SSE_ATTR_STATUS);
	restart_priority = sse_attr(LOCAL_SW, SBI_SSE_ATTR_PRIORITY);
	restart_mask_error = sbi_sse_hart_mask().error;
	__atomic_store_n(&restart_done, 1, __ATOMIC_RELEASE);
}

/* HSM stop: the hart's local events back to reset values, the hart masked. */
static void check_stop_resets(void)
{
	struct listener *l = &listeners[1];

	memset(l, 0, sizeof(*l));
	CHECK_EQ(hart_run(hart_ids[1], configure_and_stop_job, l).error, SBI_SUCCESS);
	CHECK(hart_wait_state(hart_ids[1], SBI_HSM_STATE_STOPPED, SOON_US));
	/* Nothing registered on a stopped hart. */
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, hart_ids[1]).error, SBI_ERR_FAILED);
	CHECK_EQ(hart_run(hart_ids[1], look_after_restart_job, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&restart_done, 1, SOON_US));
	CHECK(hart_wait_state(hart_ids[1], SBI_HSM_STATE_STOPPED, SOON_US));
	CHECK_EQ(restart_status, SBI_SSE_ATTR_STATUS_INJECT);      /* UNUSED */
	CHECK_EQ(restart_priority, 0);
	CHECK_EQ(restart_mask_error, SBI_ERR_ALREADY_STOPPED);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	int n;

	(void)dtb;
	test_start("sse_harts");
	boot_hartid = hartid;
	has_h = dt_isa_has_letter('h');
	n = dt_hartids(hart_ids, MAX_HARTS);
	/* The boot hart first, then the others. */
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (hart_ids[i] == hartid) {
			hart_ids[i] = hart_ids[0];
			hart_ids[0] = hartid;
		}
	harts = n < MAX_HARTS ? n : MAX_HARTS;
	printf("SSE-HARTS=%d SSE-H-%s\n", harts, has_h ? "yes" : "no");
	if (!CHECK(harts >= 2))
		return;
	check_remote_injection();
	check_interrupts_umode();
	check_interrupts_vs_mode();
	check_masked_target();
	check_suspended_target();
	check_global_routing();
	check_stop_resets();
}
