/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension and Sscofpmf overflow. With Sscofpmf, a programmable counter
 * started close to wrap-around raises the local counter-overflow interrupt
 * (interrupt 13) in S-mode once it wraps: the firmware must have delegated
 * it and cleared the counter's OF bit on start. scountovf then shows OF, a
 * TAKE_SNAPSHOT stop reports it in the overflow bitmap (Table 16), and
 * starting the counter again clears it. Without Sscofpmf nothing of this
 * exists: no interrupt, and the snapshot's overflow bitmap stays zero.
 *
 * Under -icount shift=0 the interrupt must come within a few hundred
 * instructions of the wrap; without it QEMU's counters tick with the host
 * clock while the overflow timer uses virtual time, so only "it wrapped" is
 * checked. Every wait is on `time` (PAYLOAD_WAIT_US for what must happen,
 * a short delay_us for what must not): a loop of a fixed length would end
 * before QEMU's overflow timer fires on a fast host.
 */
#include "pmu_util.h"

DEFINE_PMU_PAGE(snapshot_page);

#define FAR_START   (0UL - 10000000UL)   /* 10^7 events before the wrap */
#define NEAR_START  (0UL - 1000UL)       /* wraps on the way back from the start call */
/* Instructions from the wrap to the read in the handler: trap entry and dispatch. */
#define MAX_INTERRUPT_LATENCY 200

static unsigned long hpm;   /* the counter under test */

static volatile unsigned long lcofi_count;
static volatile unsigned long lcofi_counter_value;
static volatile unsigned long lcofi_scountovf;
static volatile unsigned long lcofi_sip;

static bool on_interrupt(struct trap_frame *frame)
{
	if (frame->scause != SCAUSE_LCOFI)
		return false;
	lcofi_counter_value = read_hw_counter(hpm);
	lcofi_scountovf = read_scountovf();
	lcofi_sip = csr_read(sip);
	lcofi_count++;
	/* S-mode acknowledges by clearing LCOFIP; OF stays set until the counter is restarted. */
	csr_clear(sip, SIP_LCOFIP);
	return true;
}

static void interrupts_on(void)
{
	lcofi_count = 0;
	csr_set(sie, SIE_LCOFIE);
	csr_set(sstatus, SSTATUS_SIE);
}

static void interrupts_off(void)
{
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_LCOFIE);
}

/* Until the overflow interrupt came, for PAYLOAD_WAIT_US of `time` at most. */
static void wait_for_interrupt(void)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (!lcofi_count && !time_passed(deadline))
		;
}

/* Until the counter's OF bit is set in scountovf, for PAYLOAD_WAIT_US at most. */
static bool wait_for_overflow_bit(void)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (!(read_scountovf() & (1UL << hpm)))
		if (time_passed(deadline))
			return false;
	return true;
}

/* How long "no second interrupt" is watched. */
#define QUIET_WATCH_US 10000UL

/*
 * Right after a start from FAR_START, interrupts on: OF is clear, unless the
 * counter wrapped already and its interrupt came. Without -icount 10^7
 * counts are the host's ticks, a few milliseconds that a loaded host can
 * keep QEMU's thread away for (seen: the interrupt with the counter at
 * 16,971,906, at a load average of 30); the checks after the wait hold
 * either way.
 */
static bool of_clear_or_interrupted(void)
{
	unsigned long overflowed = read_scountovf() & (1UL << hpm);

	return !overflowed || lcofi_count > 0;
}

static unsigned long start_hpm(unsigned long value)
{
	return sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, value).error;
}

static void check_overflow_interrupt(bool icount)
{
	volatile uint64_t *page = snapshot_page;
	struct sbiret ret;

	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)snapshot_page, 0, 0).error, SBI_SUCCESS);
	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
					      EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	hpm = ret.value;
	CHECK_EQ(read_scountovf() & (1UL << hpm), 0);

	/* 10^7 instructions before the wrap. */
	interrupts_on();
	CHECK_EQ(start_hpm(FAR_START), SBI_SUCCESS);
	CHECK(of_clear_or_interrupted());
	wait_for_interrupt();
	interrupts_off();
	if (!CHECK_EQ(lcofi_count, 1))
		printf("  no overflow interrupt: counter 0x%lx\n", read_hw_counter(hpm));
	CHECK(lcofi_scountovf & (1UL << hpm));
	CHECK(lcofi_sip & SIP_LCOFIP);
	/* Wrapped: small now. */
	CHECK(lcofi_counter_value < (icount ? MAX_INTERRUPT_LATENCY : 1UL << 40));
	printf("overflow from 2^64 - 10^7: interrupt with the counter at %lu\n", lcofi_counter_value);
	CHECK_EQ(csr_read(sip) & SIP_LCOFIP, 0);
	/* OF holds (no second interrupt) while the counter keeps counting. */
	delay_us(QUIET_WATCH_US);
	CHECK_EQ(lcofi_count, 1);
	CHECK(read_scountovf() & (1UL << hpm));

	/* Stop with a snapshot, base two below: bit 2 of the bitmap, value in slot 2. */
	for (unsigned int i = 0; i < PMU_PAGE_SIZE / 8; i++)
		page[i] = 0x5a5a5a5a5a5a5a5aUL;
	CHECK_EQ(sbi_pmu_counter_stop(hpm - 2, 1UL << 2, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(page[0], 1UL << 2);
	CHECK(page[1 + 2] >= lcofi_counter_value && page[1 + 2] < (1UL << 40));
	CHECK_EQ(page[1 + 1], 0x5a5a5a5a5a5a5a5aUL);
	CHECK_EQ(page[1 + 3], 0x5a5a5a5a5a5a5a5aUL);
	/* Stopped, OF still set. */
	CHECK(read_scountovf() & (1UL << hpm));

	/* Started again: OF cleared, and the next wrap interrupts again. */
	interrupts_on();
	CHECK_EQ(start_hpm(FAR_START), SBI_SUCCESS);
	CHECK(of_clear_or_interrupted());
	wait_for_interrupt();
	interrupts_off();
	CHECK_EQ(lcofi_count, 1);
	CHECK(lcofi_scountovf & (1UL << hpm));

	/* Close to the wrap: it overflows before the start call is back in S-mode. */
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
	interrupts_on();
	CHECK_EQ(start_hpm(NEAR_START), SBI_SUCCESS);
	wait_for_interrupt();
	interrupts_off();
	CHECK_EQ(lcofi_count, 1);
	CHECK(lcofi_scountovf & (1UL << hpm));
	CHECK(lcofi_counter_value < (icount ? MAX_INTERRUPT_LATENCY : 1UL << 40));
	printf("overflow from 2^64 - 1000: interrupt with the counter at %lu\n", lcofi_counter_value);

	/* LCOFIE off: OF and LCOFIP set, no interrupt taken. */
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
	lcofi_count = 0;
	csr_set(sstatus, SSTATUS_SIE);
	CHECK_EQ(start_hpm(NEAR_START), SBI_SUCCESS);
	CHECK(wait_for_overflow_bit());
	delay_us(QUIET_WATCH_US);
	csr_clear(sstatus, SSTATUS_SIE);
	CHECK_EQ(lcofi_count, 0);
	CHECK(read_scountovf() & (1UL << hpm));
	CHECK(csr_read(sip) & SIP_LCOFIP);
	csr_clear(sip, SIP_LCOFIP);

	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	pmu_reset_all();
}

/*
 * An overflow S-mode has not taken yet (LCOFIP pending) survives a restart of
 * its counter. Linux's perf core stops and restarts a sampling counter with
 * interrupts off (the tick's period adjustment, a context switch); when the
 * counter wrapped just before, the pending interrupt must still find its OF
 * bit, or Linux's handler stops every counter of the CPU and returns without
 * starting them again (docs/pmu.md, "Sscofpmf overflow"). Once S-mode has
 * acknowledged it (LCOFIP cleared), a start clears OF again.
 */
static void check_pending_overflow_kept(void)
{
	pmu_reset_all();
	struct sbiret ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
							    EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	hpm = ret.value;
	lcofi_count = 0;
	csr_set(sie, SIE_LCOFIE);   /* enabled, but sstatus.SIE off: pending, not taken */
	CHECK_EQ(start_hpm(NEAR_START), SBI_SUCCESS);
	CHECK(wait_for_overflow_bit());
	CHECK(csr_read(sip) & SIP_LCOFIP);

	/* As Linux's reload: stop, then start from a new value, interrupts still off. */
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(start_hpm(FAR_START), SBI_SUCCESS);
	CHECK(read_scountovf() & (1UL << hpm));
	CHECK(csr_read(sip) & SIP_LCOFIP);
	/* A start without a value, too. */
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, 0, 0).error, SBI_SUCCESS);
	CHECK(read_scountovf() & (1UL << hpm));

	/* The interrupt is taken and finds its counter's OF bit. */
	csr_set(sstatus, SSTATUS_SIE);
	wait_for_interrupt();
	interrupts_off();
	CHECK_EQ(lcofi_count, 1);
	CHECK(lcofi_scountovf & (1UL << hpm));
	CHECK_EQ(csr_read(sip) & SIP_LCOFIP, 0);

	/* Acknowledged: the next start clears OF, and the next wrap interrupts again. */
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
	interrupts_on();
	CHECK_EQ(start_hpm(NEAR_START), SBI_SUCCESS);
	wait_for_interrupt();
	interrupts_off();
	CHECK_EQ(lcofi_count, 1);
	CHECK(lcofi_scountovf & (1UL << hpm));
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	pmu_reset_all();
}

/*
 * An overflow S-mode has not taken yet, then a RESET stop of its counter
 * (Linux's context switch unmaps the task's counters with interrupts off)
 * and a counter configured and started for the next task's event: the
 * pending interrupt must still find an OF bit to handle, or Linux's handler
 * leaves every counter of the CPU stopped. The counter configured while the
 * interrupt is pending has OF set, and keeps it when started; the handler's
 * restart clears it (docs/pmu.md, "Sscofpmf overflow").
 */
static void check_pending_overflow_after_reset(void)
{
	unsigned long next;
	struct sbiret ret;

	pmu_reset_all();
	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
					      EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	hpm = ret.value;
	lcofi_count = 0;
	csr_set(sie, SIE_LCOFIE);   /* enabled, but sstatus.SIE off: pending, not taken */
	CHECK_EQ(start_hpm(NEAR_START), SBI_SUCCESS);
	CHECK(wait_for_overflow_bit());
	CHECK(csr_read(sip) & SIP_LCOFIP);

	/* Switched out: stopped and unmapped, interrupts still off. */
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	/* Switched in: the next event configured and started. */
	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST,
					      SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	next = ret.value;
	CHECK(read_scountovf() & (1UL << next));
	hpm = next;
	CHECK_EQ(start_hpm(FAR_START), SBI_SUCCESS);
	CHECK(read_scountovf() & (1UL << next));
	CHECK(csr_read(sip) & SIP_LCOFIP);

	/* The interrupt is taken and finds an OF bit: the new counter's. */
	csr_set(sstatus, SSTATUS_SIE);
	wait_for_interrupt();
	interrupts_off();
	CHECK_EQ(lcofi_count, 1);
	CHECK(lcofi_scountovf & (1UL << next));

	/* The handler's restart clears OF: the next wrap interrupts. */
	CHECK_EQ(sbi_pmu_counter_stop(next, 1, 0).error, SBI_SUCCESS);
	interrupts_on();
	CHECK_EQ(start_hpm(NEAR_START), SBI_SUCCESS);
	wait_for_interrupt();
	interrupts_off();
	CHECK_EQ(lcofi_count, 1);
	CHECK(lcofi_scountovf & (1UL << next));
	CHECK_EQ(sbi_pmu_counter_stop(next, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	pmu_reset_all();
}

/* No Sscofpmf: the counter wraps silently, and the overflow bitmap stays zero. */
static void check_no_overflow_interrupt(void)
{
	volatile uint64_t *page = snapshot_page;
	uint64_t deadline;
	struct sbiret ret;

	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)snapshot_page, 0, 0).error, SBI_SUCCESS);
	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
					      EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	hpm = ret.value;

	interrupts_on();
	CHECK_EQ(start_hpm(0UL - 100000UL), SBI_SUCCESS);
	/* Until it wraps (10^5 counts: microseconds), then a while more. */
	deadline = time_deadline_us(PAYLOAD_WAIT_US);
	while (read_hw_counter(hpm) >= 0UL - 100000UL && !time_passed(deadline))
		;
	delay_us(QUIET_WATCH_US);
	interrupts_off();
	CHECK_EQ(lcofi_count, 0);
	CHECK_EQ(csr_read(sie) & SIE_LCOFIE, 0);   /* not implemented without Sscofpmf */
	page[0] = 0x5a5a5a5a5a5a5a5aUL;
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	/* Wrapped... */
	CHECK(page[1] < (1UL << 40));
	/* ...and Table 16: the bitmap is zero without Sscofpmf. */
	CHECK_EQ(page[0], 0);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	pmu_reset_all();
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool sscofpmf, icount;

	(void)hartid, (void)dtb;
	test_start("pmu_overflow");
	trap_catch_install(on_interrupt);
	sscofpmf = pmu_probe_sscofpmf();
	pmu_reset_all();
	icount = pmu_probe_icount();
	if (sscofpmf) {
		check_overflow_interrupt(icount);
		check_pending_overflow_kept();
		check_pending_overflow_after_reset();
	} else
		check_no_overflow_interrupt();
}
