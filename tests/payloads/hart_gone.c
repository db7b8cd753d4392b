/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart that can no longer run S-mode (docs/reliability.md, "A hart that
 * dies"): one hart ("V", the victim) takes a fatal trap; its fatal report
 * names it (the case's log marker) and then, for S-mode:
 *   - every wait on it ends: a remote fence sent to V while V was still in
 *     M-mode (with interrupts off, before its fault) returns once V is gone
 *     - by mask, from this hart, and to all harts (base -1), from a third
 *     hart ("W") at the same time, which had to wait for V's request slot;
 *   - HSM: hart_get_status(V) is STOPPED ("not executing in supervisor-mode
 *     or any lower privilege mode"), hart_start(V) INVALID_PARAM ("cannot
 *     be started in supervisor mode"), every time;
 *   - a hart mask naming V: INVALID_PARAM (V "is not available to the
 *     supervisor"), for send_ipi, the remote fences and the legacy calls -
 *     once every other hart of the mask is served (this hart's own IPI is
 *     pending after the call); base -1 (and a NULL legacy mask) leaves V
 *     out: SUCCESS;
 *   - SSE: a local event injected to V is INVALID_PARAM;
 *   - the other harts go on: W, fencing in a loop all along, stops and is
 *     started again; this hart makes calls as before.
 * How V goes (-append how=N):
 *   0  the test-hook image's ABACUS_TEST_MMODE_FAULT, after FAULT_AFTER_MS
 *      in M-mode (a firmware bug: both QEMUs);
 *   1  an S-mode double trap (QEMU 11.1 -cpu max, Ssdbltrp), inside the
 *      handler of the global software event, which runs on V: once V is
 *      gone the event is not left RUNNING - it is ENABLED again, and runs
 *      on this hart once it prefers this one (the hart's services let go of
 *      it, as on hart_stop). (V takes the fences sent while it spins in
 *      its handler: in S-mode, machine interrupts are always on.)
 * Needs 3 harts or more (-smp 4).
 */
#include "sse.h"

#define GLOBAL_SW       SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define LOCAL_SW        SBI_SSE_EVENT_LOCAL_SOFTWARE
#define FAULT_AFTER_MS  1000UL
#define SSTATUS_SDT     (1UL << 24)

static unsigned long victim, witness;
static volatile unsigned long victim_in, victim_after, go, stop_fencing;
static volatile unsigned long witness_ready, witness_first_done, witness_fences, witness_done;
static volatile long witness_first_error, witness_errors;

/* ---- The victim ---- */

static void fault_in_mmode(void *arg)
{
	(void)arg;
	__atomic_store_n(&victim_in, 1, __ATOMIC_RELEASE);
	/* In M-mode with interrupts off for FAULT_AFTER_MS, then an illegal instruction there. */
	sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_MMODE_FAULT, FAULT_AFTER_MS, 0, 0, 0, 0, 0);
	__atomic_store_n(&victim_after, 1, __ATOMIC_RELEASE);   /* never: the hart is gone */
}

static uint8_t global_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static struct sse_handler_arg global_arg;
static volatile unsigned long global_runs_on;

/* The global event's handler: on V, a trap with sstatus.SDT set (a double trap); elsewhere it returns. */
static void global_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	(void)arg, (void)regs;
	__atomic_store_n(&global_runs_on, hartid + 1, __ATOMIC_RELEASE);
	if (hartid != victim)
		return;
	__atomic_store_n(&victim_in, 1, __ATOMIC_RELEASE);
	/* Hold this hart in S-mode, interrupts off, so a fence sent now waits for it (time-bound). */
	delay_us(FAULT_AFTER_MS * 1000);
	if (csr_read(sstatus) & SSTATUS_SDT)
		__asm__ volatile("ebreak");
	__atomic_store_n(&victim_after, 1, __ATOMIC_RELEASE);   /* never: the hart is gone */
}

static void double_trap_in_sse_handler(void *arg)
{
	(void)arg;
	/* PREFERRED_HART may name a running hart only: this one, now. */
	CHECK_EQ(sse_register_handler(GLOBAL_SW, &global_arg, global_handler, NULL, global_stack).error,
		 SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, victim), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	/* The handler runs here (the preferred hart) at this very call's return. */
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
	__atomic_store_n(&victim_after, 1, __ATOMIC_RELEASE);   /* never: the hart is gone */
}

/* ---- The witness: fences to every hart, V included, all along ---- */

static void fence_everyone(void *arg)
{
	long err;

	(void)arg;
	__atomic_store_n(&witness_ready, 1, __ATOMIC_RELEASE);
	wait_flag(&go, 1, PAYLOAD_WAIT_US);
	/* V holds its slot (this hart's request queues behind the boot hart's) and then goes. */
	witness_first_error = sbi_remote_sfence_vma(0, -1UL, 0, 0).error;
	__atomic_store_n(&witness_first_done, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&stop_fencing, __ATOMIC_ACQUIRE)) {
		err = sbi_remote_fence_i(0, -1UL).error;
		if (err)
			__atomic_fetch_add(&witness_errors, 1, __ATOMIC_RELAXED);
		__atomic_fetch_add(&witness_fences, 1, __ATOMIC_RELEASE);
	}
	__atomic_store_n(&witness_done, 1, __ATOMIC_RELEASE);
}

/* Waits until *v has grown past old; false after PAYLOAD_WAIT_US. */
static bool wait_above(volatile unsigned long *v, unsigned long old)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (__atomic_load_n(v, __ATOMIC_ACQUIRE) <= old)
		if (time_passed(deadline))
			return false;
	return true;
}

static void nothing(void *arg)
{
	__atomic_store_n((volatile unsigned long *)arg, 1, __ATOMIC_RELEASE);
}

/* ---- Checks ---- */

/* Every way S-mode can name the gone hart V, with this hart beside it. */
static void check_named(unsigned long self)
{
	unsigned long v = 1UL << victim, both = v | 1UL << self, fences;

	csr_clear(sip, SIP_SSIP);
	CHECK_EQ(sbi_hart_get_status(victim).error, SBI_SUCCESS);
	CHECK_EQ(sbi_hart_get_status(victim).value, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(sbi_hart_start(victim, 0x80200000UL, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_start(victim, 0x80200000UL, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_get_status(victim).value, SBI_HSM_STATE_STOPPED);

	CHECK_EQ(sbi_send_ipi(v, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(csr_read(sip) & SIP_SSIP, 0);
	/* The other hart of the mask is served: this one's IPI is pending. */
	CHECK_EQ(sbi_send_ipi(both, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK(csr_read(sip) & SIP_SSIP);
	csr_clear(sip, SIP_SSIP);
	CHECK_EQ(sbi_send_ipi(1, victim).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	CHECK(csr_read(sip) & SIP_SSIP);
	csr_clear(sip, SIP_SSIP);

	CHECK_EQ(sbi_remote_fence_i(v, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_fence_i(both, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_sfence_vma(both, 0, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_sfence_vma_asid(1, victim, 0, 4096, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_fence_i(0, -1UL).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_sfence_vma(0, -1UL, 0, 0).error, SBI_SUCCESS);
	/* The witness, named beside V, is fenced: the mask's other harts are served. */
	fences = witness_fences;
	CHECK_EQ(sbi_remote_fence_i((1UL << witness) | v, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK(wait_above(&witness_fences, fences));

	CHECK_EQ(sbi_legacy_send_ipi(&both), SBI_ERR_INVALID_PARAM);
	CHECK(csr_read(sip) & SIP_SSIP);
	csr_clear(sip, SIP_SSIP);
	CHECK_EQ(sbi_legacy_remote_fence_i(&v), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_legacy_remote_fence_i(NULL), SBI_SUCCESS);
	CHECK_EQ(sbi_legacy_send_ipi(NULL), SBI_SUCCESS);
	csr_clear(sip, SIP_SSIP);

	if (sbi_probe_extension(SBI_EXT_SSE).value)
		CHECK_EQ(sbi_sse_inject(LOCAL_SW, victim).error, SBI_ERR_INVALID_PARAM);
}

/* Issue 25 item 1 with the test-hook image or a double trap: see the top of the file. */
void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[8], how = dt_bootarg("how", 0), again = 0;
	int n = dt_hartids(ids, 8);
	uint64_t t0;
	struct sbiret r;

	(void)dtb;
	test_start("hart_gone");
	victim = witness = ~0UL;
	for (int i = 0; i < n && i < 8; i++) {
		if (ids[i] == hartid)
			continue;
		if (victim == ~0UL)
			victim = ids[i];
		else if (witness == ~0UL)
			witness = ids[i];
	}
	if (!CHECK(victim != ~0UL && witness != ~0UL))
		test_fail();
	printf("victim hart %lu, witness hart %lu, how %lu\n", victim, witness, how);

	if (how == 0) {
		if (!CHECK_EQ(sbi_probe_extension(SBI_EXT_FIRMWARE_ABACUS).value, 1)) {
			printf("the test-hook image is needed (make TEST_HOOKS=1)\n");
			test_fail();
		}
		CHECK_EQ(hart_run(victim, fault_in_mmode, NULL).error, SBI_SUCCESS);
	} else {
		if (!CHECK(dt_isa_has("ssdbltrp")))
			test_fail();
		CHECK_EQ(hart_run(victim, double_trap_in_sse_handler, NULL).error, SBI_SUCCESS);
	}
	CHECK_EQ(hart_run(witness, fence_everyone, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&witness_ready, 1, PAYLOAD_WAIT_US));
	if (!CHECK(wait_flag(&victim_in, 1, PAYLOAD_WAIT_US)))
		test_fail();

	/*
	 * how=0: V cannot take this request (M-mode, interrupts off) and then
	 * goes: the fence returns once it is gone, never before (nothing else
	 * can end it). how=1: V takes it, then goes.
	 */
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	t0 = time_deadline_us(0);
	r = sbi_remote_fence_i(1UL << victim, 0);
	printf("fence to hart %lu returned %ld after %lu ms\n", victim, r.error,
	       (unsigned long)((time_deadline_us(0) - t0) / time_us_to_ticks(1000)));
	CHECK_EQ(r.error, SBI_SUCCESS);                /* V was running when it was named */
	if (how == 0)
		CHECK_EQ(sbi_hart_get_status(victim).value, SBI_HSM_STATE_STOPPED);
	else
		CHECK(hart_wait_state(victim, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	CHECK(wait_flag(&witness_first_done, 1, PAYLOAD_WAIT_US));
	CHECK_EQ(witness_first_error, SBI_SUCCESS);
	CHECK_EQ(victim_after, 0);

	check_named(hartid);

	/* The global event did not die with V's handler: ENABLED, and it runs here once it prefers this hart. */
	if (how == 1) {
		CHECK_EQ(sse_state(GLOBAL_SW), SBI_SSE_STATE_ENABLED);
		CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
		CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, victim), SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, hartid), SBI_SUCCESS);
		CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
		global_runs_on = 0;
		CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
		CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 0).error, SBI_SUCCESS);
		CHECK_EQ(global_runs_on, hartid + 1);
		CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
		CHECK_EQ(sbi_sse_unregister(GLOBAL_SW).error, SBI_SUCCESS);
	}

	/* The other harts go on: the witness fenced all along, stops, and starts again. */
	__atomic_store_n(&stop_fencing, 1, __ATOMIC_RELEASE);
	CHECK(wait_flag(&witness_done, 1, PAYLOAD_WAIT_US));
	CHECK_EQ(witness_errors, 0);
	CHECK(witness_fences > 0);
	CHECK(hart_wait_state(witness, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	CHECK_EQ(hart_run(witness, nothing, (void *)&again).error, SBI_SUCCESS);
	CHECK(wait_flag(&again, 1, PAYLOAD_WAIT_US));
	printf("witness hart %lu: %lu fences to all harts, all returned\n", witness, witness_fences);
}
