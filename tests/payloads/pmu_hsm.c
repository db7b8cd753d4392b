/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU state across HSM hart_stop / hart_start and non-retentive suspend
 * (docs/pmu.md, "Counters across HSM"). Needs -smp 2 or more.
 *
 * hart_stop: the hart leaves every counter it used mapped and running, an
 * overflowed counter with Sscofpmf (LCOFIP pending), mcycle mapped and
 * stopped, a firmware counter started from 1000, and a snapshot page. When it
 * is started again (CPU hotplug, a new kernel after kexec), its PMU is as
 * boot left it: the programmable counters read 0 and do not count, every
 * counter is free (no event: start and stop INVALID_PARAM,
 * config_matching takes it again), firmware counters read 0, mcycle counts
 * freely, no overflow is pending, and the snapshot flags answer NO_SHMEM
 * with the old page untouched.
 *
 * Non-retentive suspend: the same kernel resumes and gets its PMU back as it
 * left it (Linux's cpuidle restarts its counters with counter_start alone):
 * counters still mapped and started, values kept, snapshot page registered.
 *
 * The boot hart's own PMU is not touched by either.
 */
#include "pmu_util.h"

#define SOON_US          2000000UL
#define STOPPED_WAIT_US  50000UL     /* a stopped hart's counters would move meanwhile */
#define OVERFLOW_AFTER   100000UL    /* events before the overflow counter wraps */
#define FW_START_VALUE   1000UL

extern char _start[];

DEFINE_PMU_PAGE(stop_snapshot);
DEFINE_PMU_PAGE(suspend_snapshot);

static bool sscofpmf;

/* What the hart under test reports to the boot hart. */
struct report {
	volatile unsigned long step;
	long hpm_cycles, hpm_dtlb, fw_timer;        /* counter indexes it took */
	unsigned long hpm_dtlb_value;
	unsigned long sip, scountovf;
	bool mcycle_frozen;
};

static struct report rep;

static void report_step(unsigned long step)
{
	__atomic_store_n(&rep.step, step, __ATOMIC_RELEASE);
}

static long config(unsigned long mask, unsigned long flags, unsigned long event)
{
	struct sbiret ret = sbi_pmu_counter_config_matching(0, mask, flags, event, 0);

	return ret.error ? ret.error : (long)ret.value;
}

/* ---- hart_stop ---------------------------------------------------------- */

/* Leaves every kind of PMU state behind, then returns: harts.c calls hart_stop. */
static void use_pmu_then_stop(void *arg)
{
	uint64_t deadline;

	(void)arg;
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)stop_snapshot, 0, 0).error, SBI_SUCCESS);
	/* Cycles on a programmable counter, started close to wrap-around. */
	rep.hpm_cycles = config(QEMU_HPM_MASK, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_HW(SBI_PMU_HW_CPU_CYCLES));
	CHECK(rep.hpm_cycles >= QEMU_HPM_FIRST);
	CHECK_EQ(sbi_pmu_counter_start(rep.hpm_cycles, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
				       -OVERFLOW_AFTER).error, SBI_SUCCESS);
	/* DTLB read misses, running. */
	rep.hpm_dtlb = config(QEMU_HPM_MASK, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
			      EV_DTLB_READ_MISS);
	CHECK(rep.hpm_dtlb >= QEMU_HPM_FIRST);
	/* mcycle mapped and stopped: rdcycle stands still. */
	CHECK_EQ(config(1UL << COUNTER_CYCLE, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_HW(SBI_PMU_HW_CPU_CYCLES)),
		 COUNTER_CYCLE);
	/* A firmware counter running from 1000. */
	rep.fw_timer = config(FW_MASK, 0, EV_FW(SBI_PMU_FW_SET_TIMER));
	CHECK(rep.fw_timer >= FW_FIRST);
	CHECK_EQ(sbi_pmu_counter_start(rep.fw_timer, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
				       FW_START_VALUE).error, SBI_SUCCESS);
	sbi_set_timer(UINT64_MAX);
	CHECK_EQ(sbi_pmu_counter_fw_read(rep.fw_timer).value, FW_START_VALUE + 1);

	/*
	 * Let the cycle counter overflow (LCOFI stays pending: sie.LCOFIE is 0).
	 * Without -icount QEMU 7.2 raises it from a timer at 100 ns per event
	 * of virtual time after the counter was written: 10 ms here, so 50.
	 */
	deadline = time_deadline_us(50000);
	while (!time_passed(deadline))
		;
	unsigned long c0 = rdcycle();
	delay_us(1000);
	rep.mcycle_frozen = rdcycle() == c0;
	rep.sip = csr_read(sip);
	rep.scountovf = sscofpmf ? read_scountovf() : 0;
	/* The page is the firmware's to write only at a TAKE_SNAPSHOT stop. */
	memset(stop_snapshot, 0xa5, sizeof stop_snapshot);
	report_step(1);
}

/* After the restart: the PMU as boot left it. */
static void check_clean_after_start(void *arg)
{
	long idx;
	unsigned long c0;

	(void)arg;
	/* The programmable counters it used read 0 and do not count. */
	CHECK_EQ(read_hw_counter(rep.hpm_cycles), 0);
	CHECK_EQ(read_hw_counter(rep.hpm_dtlb), 0);
	delay_us(1000);
	CHECK_EQ(read_hw_counter(rep.hpm_cycles), 0);
	CHECK_EQ(read_hw_counter(rep.hpm_dtlb), 0);
	/* No overflow pending. */
	CHECK_EQ(csr_read(sip) & SIP_LCOFIP, 0);
	if (sscofpmf)
		CHECK_EQ(read_scountovf(), 0);
	/* mcycle counts freely again. */
	c0 = rdcycle();
	delay_us(1000);
	CHECK(rdcycle() != c0);

	/* Every counter is free: nothing to start, nothing running. */
	for (unsigned long i = 0; i < QEMU_NUM_COUNTERS; i++) {
		if (!CHECK_EQ(sbi_pmu_counter_start(i, 1, 0, 0).error, SBI_ERR_INVALID_PARAM) ||
		    !CHECK_EQ(sbi_pmu_counter_stop(i, 1, 0).error, SBI_ERR_INVALID_PARAM))
			printf("  (counter %lu after the restart)\n", i);
	}
	/* Firmware counters read 0, as from boot. */
	for (unsigned long i = FW_FIRST; i < QEMU_NUM_COUNTERS; i++)
		if (!CHECK_EQ(sbi_pmu_counter_fw_read(i).value, 0))
			printf("  (firmware counter %lu after the restart)\n", i);
	/* No snapshot memory: the old page is not written. */
	CHECK_EQ(sbi_pmu_counter_start(rep.hpm_cycles, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error,
		 SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_pmu_counter_stop(0, QEMU_ALL_COUNTERS, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error,
		 SBI_ERR_NO_SHMEM);
	for (unsigned int i = 0; i < PMU_PAGE_SIZE / 8; i++)
		if (!CHECK_EQ(stop_snapshot[i], 0xa5a5a5a5a5a5a5a5UL))
			break;
	/* config_matching takes each of them again, for exactly that counter. */
	idx = config(1UL << rep.hpm_cycles, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES));
	CHECK_EQ(idx, rep.hpm_cycles);
	idx = config(1UL << rep.hpm_dtlb, 0, EV_DTLB_READ_MISS);
	CHECK_EQ(idx, rep.hpm_dtlb);
	idx = config(1UL << rep.fw_timer, 0, EV_FW(SBI_PMU_FW_SET_TIMER));
	CHECK_EQ(idx, rep.fw_timer);
	CHECK_EQ(sbi_pmu_counter_fw_read(rep.fw_timer).value, 0);
	pmu_reset_all();
	report_step(2);
}

/* ---- non-retentive suspend ---------------------------------------------- */

static void after_resume(void *arg);

static void use_pmu_then_suspend(void *arg)
{
	struct sbiret ret;

	(void)arg;
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)suspend_snapshot, 0, 0).error, SBI_SUCCESS);
	rep.hpm_dtlb = config(QEMU_HPM_MASK, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
			      EV_DTLB_READ_MISS);
	CHECK(rep.hpm_dtlb >= QEMU_HPM_FIRST);
	CHECK_EQ(sbi_pmu_counter_start(rep.hpm_dtlb, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	rep.fw_timer = config(FW_MASK, 0, EV_FW(SBI_PMU_FW_SET_TIMER));
	CHECK(rep.fw_timer >= FW_FIRST);
	CHECK_EQ(sbi_pmu_counter_start(rep.fw_timer, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
				       FW_START_VALUE).error, SBI_SUCCESS);
	sbi_set_timer(UINT64_MAX);
	memset(suspend_snapshot, 0xa5, sizeof suspend_snapshot);
	csr_set(sie, SIE_SSIE);              /* woken by the boot hart's IPI */
	report_step(1);
	ret = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, (unsigned long)_start,
			       hart_job_prepare(current_hartid(), after_resume, NULL));
	printf("  (non-retentive suspend returned error %ld)\n", ret.error);
	CHECK(false);
}

static void after_resume(void *arg)
{
	(void)arg;
	csr_clear(sip, SIP_SSIP);
	csr_clear(sie, SIE_SSIE);
	/* Still mapped and started; the firmware counter kept its value. */
	CHECK_EQ(sbi_pmu_counter_start(rep.hpm_dtlb, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_pmu_counter_start(rep.fw_timer, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_pmu_counter_fw_read(rep.fw_timer).value, FW_START_VALUE + 1);
	sbi_set_timer(UINT64_MAX);
	CHECK_EQ(sbi_pmu_counter_fw_read(rep.fw_timer).value, FW_START_VALUE + 2);
	/* The snapshot page is still registered: a TAKE_SNAPSHOT stop writes it. */
	CHECK_EQ(sbi_pmu_counter_stop(rep.fw_timer, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(suspend_snapshot[1], FW_START_VALUE + 2);     /* slot 0 of base rep.fw_timer */
	CHECK_EQ(suspend_snapshot[0], 0);                      /* overflow bitmap */
	CHECK_EQ(sbi_pmu_counter_stop(rep.hpm_dtlb, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(rep.fw_timer, 1, SBI_PMU_STOP_FLAG_RESET).error,
		 SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(-1UL, -1UL, 0).error, SBI_SUCCESS);
	report_step(2);
}

/* ---- the boot hart ------------------------------------------------------ */

static void check_hart(unsigned long h, long boot_fw_counter)
{
	/* 1. hart_stop with everything in use; started again: clean. */
	rep.step = 0;
	CHECK_EQ(hart_run(h, use_pmu_then_stop, NULL).error, SBI_SUCCESS);
	if (!CHECK(wait_flag(&rep.step, 1, SOON_US)) || !CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, SOON_US)))
		return;
	/* The state really was there before the stop. */
	CHECK(rep.mcycle_frozen);
	if (sscofpmf) {
		CHECK(rep.sip & SIP_LCOFIP);
		CHECK(rep.scountovf & (1UL << rep.hpm_cycles));
	}
	delay_us(STOPPED_WAIT_US);
	CHECK_EQ(hart_run(h, check_clean_after_start, NULL).error, SBI_SUCCESS);
	if (!CHECK(wait_flag(&rep.step, 2, SOON_US)))
		return;
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, SOON_US));

	/* 2. Non-retentive suspend: the PMU is kept for the same kernel. */
	rep.step = 0;
	CHECK_EQ(hart_run(h, use_pmu_then_suspend, NULL).error, SBI_SUCCESS);
	if (!CHECK(wait_flag(&rep.step, 1, SOON_US)) ||
	    !CHECK(hart_wait_state(h, SBI_HSM_STATE_SUSPENDED, SOON_US)))
		return;
	delay_us(1000);
	CHECK_EQ(sbi_send_ipi(1, h).error, SBI_SUCCESS);
	CHECK(wait_flag(&rep.step, 2, SOON_US));
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, SOON_US));

	/* The boot hart's own counter never noticed. */
	CHECK_EQ(sbi_pmu_counter_start(boot_fw_counter, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[PAYLOAD_MAX_HARTS];
	long boot_fw_counter;
	int n;

	(void)dtb;
	test_start("pmu_hsm");
	trap_catch_install(NULL);
	sscofpmf = pmu_probe_sscofpmf();
	n = dt_hartids(ids, PAYLOAD_MAX_HARTS);
	if (!CHECK(n >= 2)) {
		printf("  (pmu_hsm needs -smp 2 or more)\n");
		return;
	}
	boot_fw_counter = config(FW_MASK, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_IPI_SENT));
	CHECK(boot_fw_counter >= FW_FIRST);
	for (int i = 0; i < n; i++)
		if (ids[i] != hartid) {
			check_hart(ids[i], boot_fw_counter);
			printf("PMU-HSM-CHECKED-HART %lu\n", ids[i]);
			break;
		}
	pmu_reset_all();
}
