/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart that comes after the boot deadline is not lost (docs/boot.md,
 * "Harts that come late"): it joins as a STOPPED hart S-mode can start.
 * The test-hook image holds the harts of bootargs "abacus.hold=MASK" back
 * at boot until S-mode releases each (ABACUS_TEST_RELEASE_HART), so the
 * boot deadline passes without them whatever the host's speed. Then:
 *   - S-mode's DT lists them like the others (status "okay");
 *   - before it comes, a held hart is STOPPED, hart_start answers FAILED
 *     (it cannot start yet; a later start may succeed) and a mask naming it
 *     is served as for any stopped hart (SUCCESS, nothing to do); an SSE
 *     local event injected to it FAILED (no handler there);
 *   - released, it sets itself up (the firmware logs that it joined) and a
 *     start succeeds within a bounded time: it runs S-mode code, takes an
 *     IPI and a remote fence, stops and starts again like any hart.
 * The hart that wins the boot lottery finishes boot and is never held: of
 * the harts the mask names, the payload tells the held ones by the start
 * that fails (a hart that was not held runs a job that does nothing, and is
 * left out of the rest). Needs two held harts at least and one other (-smp 4
 * -append abacus.hold=0xe: harts 1-3, one of which may be the boot hart).
 */
#include <libfdt.h>
#include "payload.h"

#define MAX_HARTS 8

extern char _start[];

struct job {
	volatile unsigned long ran_on, ready, got_ipi;
};
static struct job jobs[MAX_HARTS];
static volatile unsigned long ssi_count[PAYLOAD_MAX_HARTS];

static bool on_soft_interrupt(struct trap_frame *frame)
{
	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_SOFT))
		return false;
	csr_clear(sip, SIP_SSIP);
	__atomic_fetch_add(&ssi_count[current_hartid()], 1, __ATOMIC_RELEASE);
	return true;
}

/* On the late hart: say where it runs, wait (bounded) for one IPI, fence every hart, stop. */
static void late_job(void *arg)
{
	struct job *j = arg;
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	j->ran_on = current_hartid() + 1;
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	__atomic_store_n(&j->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&ssi_count[current_hartid()], __ATOMIC_ACQUIRE) && !time_passed(deadline))
		;
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);
	CHECK_EQ(sbi_remote_fence_i(0, -1UL).error, SBI_SUCCESS);
	__atomic_store_n(&j->got_ipi, ssi_count[current_hartid()] != 0, __ATOMIC_RELEASE);
}

static bool dt_cpu_enabled(unsigned long hartid)
{
	const void *fdt = dt_fdt();
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	fdt_for_each_subnode(node, fdt, cpus) {
		uint64_t h, unused;
		if (dt_node_reg(fdt, node, 0, &h, &unused) && h == hartid)
			return dt_node_enabled(fdt, node);
	}
	return false;
}

static void nothing(void *arg)
{
	__atomic_store_n((volatile unsigned long *)arg, 1, __ATOMIC_RELEASE);
}

/* Whether the firmware held hart h back: its start fails (one not held runs nothing, and stops). */
static bool held_back(unsigned long h)
{
	static volatile unsigned long ran;
	struct sbiret r;

	CHECK(dt_cpu_enabled(h));
	CHECK_EQ(sbi_hart_get_status(h).error, SBI_SUCCESS);
	CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STOPPED);
	ran = 0;
	r = hart_run(h, nothing, (void *)&ran);
	if (r.error == SBI_SUCCESS) {
		printf("hart %lu: not held (it finished boot)\n", h);
		CHECK(wait_flag(&ran, 1, PAYLOAD_WAIT_US));
		CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
		return false;
	}
	CHECK_EQ(r.error, SBI_ERR_FAILED);
	return true;
}

/* Held at boot, not here yet: STOPPED, not startable yet, a mask naming it served as for a stopped hart. */
static void check_not_here(unsigned long h, unsigned long self)
{
	unsigned long mask = 1UL << h;

	printf("hart %lu: held back, not set up\n", h);
	CHECK_EQ(sbi_hart_start(h, (unsigned long)_start, 0).error, SBI_ERR_FAILED);
	CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(sbi_send_ipi(mask, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(mask | 1UL << self, 0).error, SBI_SUCCESS);
	CHECK(csr_read(sip) & SIP_SSIP);
	csr_clear(sip, SIP_SSIP);
	CHECK_EQ(sbi_remote_fence_i(mask, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_sfence_vma(mask | 1UL << self, 0, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_legacy_remote_fence_i(&mask), SBI_SUCCESS);
	if (sbi_probe_extension(SBI_EXT_SSE).value)
		CHECK_EQ(sbi_sse_inject(SBI_SSE_EVENT_LOCAL_SOFTWARE, h).error, SBI_ERR_FAILED);
}

/*
 * Released (by S-mode, or with "abacus.hold-wake" by the firmware's waker at
 * the first hart_start): it comes, and a start succeeds within a bounded
 * time (FAILED until it has set itself up).
 */
static void check_joins(unsigned long h, bool release)
{
	struct job *j = &jobs[h];
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);
	unsigned long opaque = hart_job_prepare(h, late_job, j), tries = 0;
	long err;

	if (release)
		CHECK_EQ(sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_RELEASE_HART, h, 0, 0, 0, 0, 0).error,
			 SBI_SUCCESS);
	do {
		err = sbi_hart_start(h, (unsigned long)_start, opaque).error;
		tries++;
	} while (err == SBI_ERR_FAILED && !time_passed(deadline));
	printf("hart %lu: %s, started after %lu tries\n", h, release ? "released" : "woken by hart_start", tries);
	if (!CHECK_EQ(err, SBI_SUCCESS))
		return;
	if (!CHECK(wait_flag(&j->ready, 1, PAYLOAD_WAIT_US)))
		return;
	CHECK_EQ(j->ran_on, h + 1);
	CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STARTED);
	CHECK_EQ(sbi_remote_sfence_vma(1UL << h, 0, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(1UL << h, 0).error, SBI_SUCCESS);
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	CHECK_EQ(j->got_ipi, 1);
	/* Like any hart from now on: it starts again at once. */
	j->ready = 0;
	CHECK_EQ(hart_run(h, late_job, j).error, SBI_SUCCESS);
	CHECK(wait_flag(&j->ready, 1, PAYLOAD_WAIT_US));
	CHECK_EQ(sbi_send_ipi(1UL << h, 0).error, SBI_SUCCESS);
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
}

/*
 * "abacus.hold-wake=MASK": the held harts come only when a hart_start wakes
 * them (the firmware's platform waker, include/hart_run.h: the path a K1
 * takes for the harts its loader never started). No release from S-mode:
 * a start that succeeds is the waker's doing. Each then runs like any hart.
 */
static void wake_main(unsigned long self, unsigned long mask, const unsigned long *ids, int n)
{
	int count = 0;

	for (int i = 0; i < n && i < MAX_HARTS; i++) {
		unsigned long h = ids[i];

		if (!(mask >> h & 1) || h == self)
			continue;
		CHECK(dt_cpu_enabled(h));
		CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STOPPED);
		check_joins(h, false);
		count++;
	}
	CHECK(count >= 2);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long mask = dt_bootarg("abacus.hold", 0), held = 0, ids[MAX_HARTS];
	unsigned long wake_mask = dt_bootarg("abacus.hold-wake", 0);
	int n = dt_hartids(ids, MAX_HARTS), count = 0;

	(void)dtb;
	test_start("hart_late");
	payload_trap_handler = on_soft_interrupt;
	if (!CHECK_EQ(sbi_probe_extension(SBI_EXT_FIRMWARE_ABACUS).value, 1)) {
		printf("the test-hook image is needed (make TEST_HOOKS=1)\n");
		test_fail();
	}
	if (wake_mask) {
		wake_main(hartid, wake_mask, ids, n);
		return;
	}
	if (!CHECK(mask && !(mask & 1UL << hartid)))
		test_fail();
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (mask >> ids[i] & 1 && held_back(ids[i])) {
			held |= 1UL << ids[i];
			count++;
		}
	if (!CHECK(count >= 2))
		test_fail();
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (held >> ids[i] & 1)
			check_not_here(ids[i], hartid);
	/* Every hart there is: the held ones have nothing to do. */
	CHECK_EQ(sbi_remote_fence_i(0, -1UL).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	csr_clear(sip, SIP_SSIP);
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (held >> ids[i] & 1)
			check_joins(ids[i], true);
}
