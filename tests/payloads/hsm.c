/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart State Management extension (SBI spec, "Hart State Management
 * Extension", EID 0x48534D), against its tables:
 *
 * hart_start (Table "HSM Hart Start Errors"): SBI_SUCCESS for a stopped
 * hart, which then runs at start_addr in S-mode with satp = 0,
 * sstatus.SIE = 0, a0 = hartid, a1 = opaque (Table "HSM Hart Start Register
 * State"); SBI_ERR_INVALID_ADDRESS for a start_addr S-mode may not execute
 * (the firmware region, PMP-protected; MMIO; outside RAM);
 * SBI_ERR_INVALID_PARAM for a hartid that is not a valid hart;
 * SBI_ERR_ALREADY_AVAILABLE for a hart already started.
 * hart_get_status: the state ids of Table "HSM Hart States" (STARTED 0,
 * STOPPED 1, SUSPENDED 4, ...), SBI_ERR_INVALID_PARAM for a bad hartid.
 * hart_stop: the hart becomes STOPPED and can be started again.
 * hart_suspend (Tables "HSM Hart Suspend Types" and "... Errors"):
 * default retentive (0) returns SBI_SUCCESS after an interrupt wakes the
 * hart; default non-retentive (0x80000000) resumes at resume_addr with the
 * start register state and a1 = opaque; reserved types (0x00000001 -
 * 0x0FFFFFFF, 0x80000001 - 0x8FFFFFFF) *and* platform-specific types the
 * platform does not implement are SBI_ERR_INVALID_PARAM; a bad resume_addr
 * for a non-retentive type is SBI_ERR_INVALID_ADDRESS.
 *
 * Harts are started on an entry (hsm_record_entry) that records the
 * registers before touching anything, then continues into the payload's
 * entry as a hart_run() job. satp is set to an Sv39 table before hart_stop
 * and before a non-retentive suspend, so "satp = 0" is not just the reset
 * value. With one hart, the suspend tests use the hart's own timer as the
 * wake-up; with more, another hart's IPI. The boot hart's own
 * non-retentive suspend is the last step: the test ends in the resumed code.
 */
#include "payload.h"

#define OPAQUE_START  0x0123456789abcdefUL
#define OPAQUE_RESUME 0xfedcba9876543210UL
#define SOON_US       PAYLOAD_WAIT_US
#define SUSPEND_GRACE_US 20000UL	/* a suspended hart must stay suspended this long */

static unsigned long ids[PAYLOAD_MAX_HARTS];
static int nharts;
static unsigned long boot_hartid, max_hartid;
static uint64_t fw_base, fw_size, ram_base, ram_size;

/*
 * What hsm_record_entry saw, written before it uses any register but t0/t1.
 * One hart at a time goes through it.
 */
struct entry_record {
	unsigned long a0, a1, satp, sstatus;
	unsigned long seen;
	unsigned long continue_opaque;	/* a1 for _start: the hart_run job to go on with */
};

struct entry_record entry_record;

void hsm_record_entry(void);
__asm__(
	"	.pushsection .text\n"
	"	.balign 4\n"
	"	.globl hsm_record_entry\n"
	"hsm_record_entry:\n"
	"	la	t0, entry_record\n"
	"	sd	a0, 0(t0)\n"
	"	sd	a1, 8(t0)\n"
	"	csrr	t1, satp\n"
	"	sd	t1, 16(t0)\n"
	"	csrr	t1, sstatus\n"
	"	sd	t1, 24(t0)\n"
	"	ld	a1, 40(t0)\n"
	"	fence	rw, rw\n"
	"	li	t1, 1\n"
	"	sd	t1, 32(t0)\n"
	"	j	_start\n"
	"	.popsection\n");

/* Arms the record for a hart about to enter with job fn(arg) after it. */
static void record_arm(unsigned long hartid, hart_job_fn fn, void *arg)
{
	entry_record.a0 = entry_record.a1 = entry_record.satp = entry_record.sstatus = ~0UL;
	entry_record.continue_opaque = hart_job_prepare(hartid, fn, arg);
	__atomic_store_n(&entry_record.seen, 0, __ATOMIC_SEQ_CST);
}

/* The start/resume register state (Tables "HSM Hart Start/Resume Register State"). */
static void check_record(const char *what, unsigned long hartid, unsigned long opaque)
{
	if (!CHECK(wait_flag(&entry_record.seen, 1, SOON_US))) {
		printf("  (%s: hart %lu never reached its entry)\n", what, hartid);
		return;
	}
	if (!CHECK_EQ(entry_record.a0, hartid) || !CHECK_EQ(entry_record.a1, opaque) ||
	    !CHECK_EQ(entry_record.satp, 0) || !CHECK_EQ(entry_record.sstatus & SSTATUS_SIE, 0))
		printf("  (%s: hart %lu entry state)\n", what, hartid);
}

/* --- probing the privilege mode: mscratch is an M-mode CSR --------------- */

static volatile unsigned long probe_trapped[PAYLOAD_MAX_HARTS];
static volatile unsigned long probing[PAYLOAD_MAX_HARTS];

static volatile unsigned long wake_irqs[PAYLOAD_MAX_HARTS];

static bool hsm_trap(struct trap_frame *frame)
{
	unsigned long me = current_hartid();

	if (probing[me] && frame->scause == CAUSE_ILLEGAL_INSTRUCTION) {
		probe_trapped[me] = 1;
		frame->sepc += 4;
		return true;
	}
	/* A wake-up interrupt taken after a suspend returned, with SIE on. */
	if (frame->scause == (SCAUSE_INTERRUPT | IRQ_S_SOFT)) {
		csr_clear(sip, SIP_SSIP);
		wake_irqs[me]++;
		return true;
	}
	if (frame->scause == (SCAUSE_INTERRUPT | IRQ_S_TIMER)) {
		sbi_set_timer(UINT64_MAX);
		wake_irqs[me]++;
		return true;
	}
	return false;
}

/* True when the caller runs in S-mode: sstatus reads (not U), mscratch traps (not M). */
static bool running_in_smode(void)
{
	unsigned long me = current_hartid(), v = 0;

	probe_trapped[me] = 0;
	probing[me] = 1;
	__asm__ volatile(".option push\n.option norvc\ncsrr %0, mscratch\n.option pop"
			 : "+r"(v) : : "memory");
	probing[me] = 0;
	return probe_trapped[me] == 1;
}

static bool in_ram(unsigned long addr)
{
	return addr >= ram_base && addr - ram_base < ram_size;
}

/* --- the calling hart alone --------------------------------------------------- */

/* Start addresses S-mode cannot execute, for a hart that could be started. */
static void check_bad_start_addresses(unsigned long other)
{
	const unsigned long bad[] = {
		fw_base, fw_base + fw_size - 4, fw_base + fw_size / 2,
		0x10000000UL,		/* UART */
		0x2000000UL,		/* CLINT */
		0,
		ram_base + ram_size,	/* just past RAM */
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		if (in_ram(bad[i]) && (bad[i] < fw_base || bad[i] >= fw_base + fw_size))
			continue;	/* not bad on this machine */
		if (!CHECK_EQ(sbi_hart_start(other, bad[i], 0).error, SBI_ERR_INVALID_ADDRESS))
			printf("  (hart_start(%lu, 0x%lx))\n", other, bad[i]);
	}
	CHECK_EQ(sbi_hart_get_status(other).value, SBI_HSM_STATE_STOPPED);
}

/* Suspend calls that must fail at once (the caller does not suspend). */
static void check_bad_suspend_calls(void)
{
	/* Reserved types, and platform-specific ones virt implements none of. */
	static const uint32_t invalid_types[] = {
		0x00000001, 0x00000002, 0x0fffffff,	/* reserved (retentive range) */
		0x80000001, 0x8fffffff,			/* reserved (non-retentive range) */
		0x10000000, 0x7fffffff,			/* platform-specific retentive */
		0x90000000, 0xffffffff,			/* platform-specific non-retentive */
	};
	/* Resume addresses S-mode cannot execute. */
	const unsigned long bad[] = { fw_base, fw_base + fw_size - 4, 0x10000000UL, 0 };
	struct sbiret ret;

	for (unsigned int i = 0; i < ARRAY_SIZE(invalid_types); i++) {
		ret = sbi_hart_suspend(invalid_types[i], (unsigned long)hsm_record_entry, 0);
		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  (hart_suspend(0x%x))\n", invalid_types[i]);
		/* suspend_type is a uint32_t: upper bits on RV64 change nothing */
		ret = sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, 0xa5a5a5a500000000UL | invalid_types[i],
				(unsigned long)hsm_record_entry, 0, 0, 0, 0);
		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  (hart_suspend(0xa5a5a5a5%08x))\n", invalid_types[i]);
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		if (in_ram(bad[i]) && (bad[i] < fw_base || bad[i] >= fw_base + fw_size))
			continue;	/* not bad on this machine (tt-atlantis: RAM at 0) */
		ret = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, bad[i], 0);
		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_ADDRESS))
			printf("  (non-retentive suspend, resume_addr 0x%lx)\n", bad[i]);
	}
}

static void check_status_and_errors(void)
{
	unsigned long other = ~0UL;

	CHECK(sbi_probe_extension(SBI_EXT_HSM).value != 0);
	CHECK(running_in_smode());

	CHECK_EQ(sbi_hart_get_status(boot_hartid).error, SBI_SUCCESS);
	CHECK_EQ(sbi_hart_get_status(boot_hartid).value, SBI_HSM_STATE_STARTED);
	for (int i = 0; i < nharts; i++) {
		struct sbiret ret;

		if (ids[i] == boot_hartid)
			continue;
		if (other == ~0UL)
			other = ids[i];
		ret = sbi_hart_get_status(ids[i]);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) ||
		    !CHECK_EQ(ret.value, SBI_HSM_STATE_STOPPED))
			printf("  (hart %lu at the start of the payload)\n", ids[i]);
	}

	/* Not a hart. */
	CHECK_EQ(sbi_hart_get_status(max_hartid + 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_get_status(1000).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_get_status(-1UL).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_start(max_hartid + 1, (unsigned long)hsm_record_entry, 0).error,
		 SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_start(-1UL, (unsigned long)hsm_record_entry, 0).error,
		 SBI_ERR_INVALID_PARAM);

	/* Already started: the caller itself. */
	CHECK_EQ(sbi_hart_start(boot_hartid, (unsigned long)hsm_record_entry, 0).error,
		 SBI_ERR_ALREADY_AVAILABLE);

	if (other != ~0UL)
		check_bad_start_addresses(other);
	check_bad_suspend_calls();
	CHECK_EQ(sbi_hart_get_status(boot_hartid).value, SBI_HSM_STATE_STARTED);
	CHECK_EQ(sbi_ecall(SBI_EXT_HSM, 4, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
}

/* Retentive suspend of the caller, woken by its own timer. */
static void check_retentive_suspend_self(void)
{
	uint64_t deadline = rdtime() + time_us_to_ticks(SUSPEND_GRACE_US);
	struct sbiret ret;

	csr_set(sie, SIE_STIE);
	CHECK_EQ(sbi_set_timer(deadline).error, SBI_SUCCESS);
	ret = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	/* Woken by the timer: not before the deadline, and it is still pending. */
	CHECK(rdtime() >= deadline);
	CHECK(csr_read(sip) & SIP_STIP);
	CHECK_EQ(sbi_set_timer(UINT64_MAX).error, SBI_SUCCESS);

	/* Again with the upper 32 bits of suspend_type set: still RET_DEFAULT (a
	 * uint32_t parameter), so the hart suspends and the call succeeds. */
	deadline = rdtime() + time_us_to_ticks(SUSPEND_GRACE_US);
	CHECK_EQ(sbi_set_timer(deadline).error, SBI_SUCCESS);
	ret = sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, 0xffffffff00000000UL | SBI_HSM_SUSPEND_RET_DEFAULT,
			0, 0, 0, 0, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK(rdtime() >= deadline);
	CHECK_EQ(sbi_set_timer(UINT64_MAX).error, SBI_SUCCESS);
	csr_clear(sie, SIE_STIE);
	CHECK_EQ(sbi_hart_get_status(boot_hartid).value, SBI_HSM_STATE_STARTED);
}

/* --- other harts ------------------------------------------------------------- */

struct job_state {
	volatile unsigned long step;	/* advanced by the job */
	volatile unsigned long release;	/* advanced by the boot hart */
	bool smode;
	unsigned long satp_before_stop;
	struct sbiret suspend_ret;
	unsigned long sip_after_suspend;
};

static struct job_state job;

/* First start: proves S-mode, turns translation on, waits, and stops with satp set. */
static void first_start_job(void *arg)
{
	(void)arg;
	job.smode = running_in_smode();
	vm_enable();
	job.satp_before_stop = csr_read(satp);
	__atomic_store_n(&job.step, 1, __ATOMIC_RELEASE);
	wait_flag(&job.release, 1, SOON_US);
	/* hart_stop with satp still set: the next start must clear it. */
}

/* Second start: a retentive suspend woken by the boot hart's IPI. */
static void retentive_suspend_job(void *arg)
{
	(void)arg;
	job.smode = running_in_smode();
	csr_set(sie, SIE_SSIE);		/* the wake-up source; sstatus.SIE stays 0 */
	__atomic_store_n(&job.step, 1, __ATOMIC_RELEASE);
	job.suspend_ret = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0);
	job.sip_after_suspend = csr_read(sip);
	csr_clear(sip, SIP_SSIP);
	csr_clear(sie, SIE_SSIE);
	__atomic_store_n(&job.step, 2, __ATOMIC_RELEASE);
}

/* Where the non-retentive suspend resumes (after hsm_record_entry). */
static void after_resume_job(void *arg)
{
	(void)arg;
	job.smode = running_in_smode();
	job.sip_after_suspend = csr_read(sip);
	csr_clear(sip, SIP_SSIP);
	csr_clear(sie, SIE_SSIE);
	__atomic_store_n(&job.step, 3, __ATOMIC_RELEASE);
}

/* Third start: a non-retentive suspend with translation and SIE on. */
static void non_retentive_suspend_job(void *arg)
{
	(void)arg;
	vm_enable();
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);	/* the resume must clear it (Resume Register State) */
	__atomic_store_n(&job.step, 1, __ATOMIC_RELEASE);
	job.suspend_ret = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT,
					   (unsigned long)hsm_record_entry, OPAQUE_RESUME);
	/* Only on failure: */
	csr_clear(sstatus, SSTATUS_SIE);
	__atomic_store_n(&job.step, 2, __ATOMIC_RELEASE);
}

static void reset_job(void)
{
	job.step = 0;
	job.release = 0;
	job.smode = false;
	job.satp_before_stop = 0;
	job.suspend_ret.error = 1;
	job.suspend_ret.value = 0;
	job.sip_after_suspend = 0;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* Waits for a hart to report SUSPENDED, and checks it stays so a while. */
static bool wait_suspended(unsigned long h, unsigned long step_now)
{
	if (!CHECK(hart_wait_state(h, SBI_HSM_STATE_SUSPENDED, SOON_US)))
		return false;
	delay_us(SUSPEND_GRACE_US);
	CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_SUSPENDED);
	return CHECK_EQ(job.step, step_now);
}

static void check_other_hart(unsigned long h)
{
	struct sbiret ret;

	/* 1. Start a stopped hart at the recording entry, with an opaque value. */
	reset_job();
	record_arm(h, first_start_job, NULL);
	ret = sbi_hart_start(h, (unsigned long)hsm_record_entry, OPAQUE_START);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	check_record("first start", h, OPAQUE_START);
	CHECK(wait_flag(&job.step, 1, SOON_US));
	CHECK(job.smode);
	CHECK_EQ(job.satp_before_stop, vm_satp());
	/* It is started, and cannot be started again. */
	CHECK_EQ(sbi_hart_get_status(h).error, SBI_SUCCESS);
	CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STARTED);
	CHECK_EQ(sbi_hart_start(h, (unsigned long)hsm_record_entry, 0).error,
		 SBI_ERR_ALREADY_AVAILABLE);
	/* Let it stop (hart_stop from harts.c). */
	__atomic_store_n(&job.release, 1, __ATOMIC_RELEASE);
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, SOON_US));

	/* 2. Restart the same hart: satp is 0 again; a retentive suspend until our IPI. */
	reset_job();
	record_arm(h, retentive_suspend_job, NULL);
	CHECK_EQ(sbi_hart_start(h, (unsigned long)hsm_record_entry, 2 * OPAQUE_START).error,
		 SBI_SUCCESS);
	check_record("restart after hart_stop", h, 2 * OPAQUE_START);
	CHECK(wait_flag(&job.step, 1, SOON_US));
	CHECK(job.smode);
	if (wait_suspended(h, 1)) {
		CHECK_EQ(sbi_send_ipi(1, h).error, SBI_SUCCESS);
		CHECK(wait_flag(&job.step, 2, SOON_US));
		CHECK_EQ(job.suspend_ret.error, SBI_SUCCESS);
		CHECK(job.sip_after_suspend & SIP_SSIP);	/* the IPI that woke it */
	}
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, SOON_US));

	/* 3. Non-retentive: resumes at resume_addr with a0 = hartid, a1 = opaque. */
	reset_job();
	CHECK_EQ(hart_run(h, non_retentive_suspend_job, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&job.step, 1, SOON_US));
	record_arm(h, after_resume_job, NULL);
	if (wait_suspended(h, 1)) {
		CHECK_EQ(sbi_send_ipi(1, h).error, SBI_SUCCESS);
		check_record("non-retentive resume", h, OPAQUE_RESUME);
		CHECK(wait_flag(&job.step, 3, SOON_US));
		CHECK(job.smode);
		CHECK(job.sip_after_suspend & SIP_SSIP);
	}
	if (job.step == 2)
		printf("  (non-retentive suspend returned error %ld)\n", job.suspend_ret.error);
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, SOON_US));
}

/* --- last: the caller's own non-retentive suspend, woken by its timer -------- */

static uint64_t final_deadline;

static void after_own_resume(void *arg)
{
	(void)arg;
	/* Fresh stack, same memory: the record tells how we came back. */
	CHECK(running_in_smode());
	check_record("own non-retentive resume", boot_hartid, OPAQUE_RESUME);
	CHECK(rdtime() >= final_deadline);
	CHECK(csr_read(sip) & SIP_STIP);
	CHECK_EQ(sbi_set_timer(UINT64_MAX).error, SBI_SUCCESS);
	csr_clear(sie, SIE_STIE);
	CHECK_EQ(sbi_hart_get_status(boot_hartid).value, SBI_HSM_STATE_STARTED);
	CHECK_EQ(wake_irqs[boot_hartid], 0);
	test_finish();
}

static void suspend_self_non_retentive(void)
{
	struct sbiret ret;

	record_arm(boot_hartid, after_own_resume, NULL);
	vm_enable();
	csr_set(sie, SIE_STIE);
	final_deadline = rdtime() + time_us_to_ticks(SUSPEND_GRACE_US);
	CHECK_EQ(sbi_set_timer(final_deadline).error, SBI_SUCCESS);
	csr_set(sstatus, SSTATUS_SIE);	/* not taken: the resume clears SIE first */
	ret = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, (unsigned long)hsm_record_entry,
			       OPAQUE_RESUME);
	csr_clear(sstatus, SSTATUS_SIE);
	vm_disable();
	printf("non-retentive suspend of the boot hart returned: error %ld\n", ret.error);
	CHECK(false);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("hsm");
	boot_hartid = hartid;
	payload_trap_handler = hsm_trap;
	nharts = dt_hartids(ids, PAYLOAD_MAX_HARTS);
	CHECK(nharts >= 1);
	for (int i = 0; i < nharts; i++)
		if (ids[i] > max_hartid)
			max_hartid = ids[i];
	CHECK(dt_firmware_region(&fw_base, &fw_size));
	CHECK(dt_memory_region(&ram_base, &ram_size));

	check_status_and_errors();
	check_retentive_suspend_self();
	for (int i = 0, done = 0; i < nharts && done < 2; i++) {
		if (ids[i] == boot_hartid)
			continue;
		check_other_hart(ids[i]);
		done++;
	}
	printf("HSM_CHECKED_HARTS=%d\n", nharts > 2 ? 2 : nharts - 1);
	suspend_self_non_retentive();
}
