/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running code on other harts through HSM: hart_run(hartid, fn, arg) starts
 * a stopped hart at the payload entry (entry.S) with opaque pointing at its
 * job slot; the hart gets its own stack and trap vector, runs fn(arg) and
 * stops itself again with hart_stop, so it can be given another job.
 */
#include "layout.h"
#include "payload.h"

extern char _start[];

struct hart_job {
	hart_job_fn fn;
	void *arg;
};

static struct hart_job hart_jobs[PAYLOAD_MAX_HARTS];

/* In .data, not .bss: the boot hart clears .bss while such a hart may be here. */
volatile unsigned int payload_unexpected_harts __attribute__((section(".data")));

unsigned long hart_job_prepare(unsigned long hartid, hart_job_fn fn, void *arg)
{
	if (hartid >= PAYLOAD_MAX_HARTS)
		return 0;
	hart_jobs[hartid].fn = fn;
	hart_jobs[hartid].arg = arg;
	/* The job must be visible before the hart can start. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return (unsigned long)&hart_jobs[hartid];
}

struct sbiret hart_run(unsigned long hartid, hart_job_fn fn, void *arg)
{
	unsigned long opaque = hart_job_prepare(hartid, fn, arg);

	/* No stack for such a hart: refuse it as HSM would an unknown one. */
	if (!opaque)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	return sbi_hart_start(hartid, (unsigned long)_start, opaque);
}

bool hart_wait_state(unsigned long hartid, unsigned long state, unsigned long timeout_us)
{
	uint64_t deadline = time_deadline_us(timeout_us);

	for (;;) {
		struct sbiret ret = sbi_hart_get_status(hartid);

		if (ret.error == SBI_SUCCESS && ret.value == state)
			return true;
		if (time_passed(deadline))
			return false;
	}
}

bool wait_flag(volatile unsigned long *flag, unsigned long value, unsigned long timeout_us)
{
	uint64_t deadline = time_deadline_us(timeout_us);

	while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != value)
		if (time_passed(deadline))
			return false;
	return true;
}

static void hart_park(void)
{
	for (;;)
		__asm__ volatile("wfi");
}

/*
 * Weak: a test may take over every later hart itself. A hart that arrives
 * without a job is a firmware bug (the firmware must keep the non-boot harts
 * parked): it is counted, and test_pass() fails.
 */
void __attribute__((weak)) payload_secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct sbiret ret;

	if (hartid < PAYLOAD_MAX_HARTS && opaque == (unsigned long)&hart_jobs[hartid]) {
		struct hart_job *job = &hart_jobs[hartid];

		job->fn(job->arg);
		ret = sbi_hart_stop();
		/* Still here: hart_stop failed. */
		printf("HART %lu: hart_stop returned error %ld\n", hartid, ret.error);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		hart_park();
	}
	__atomic_fetch_add(&payload_unexpected_harts, 1, __ATOMIC_SEQ_CST);
	printf("UNEXPECTED HART %lu entered the payload (a1 = 0x%lx)\n", hartid, opaque);
	hart_park();
}
