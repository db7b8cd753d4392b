/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timer extension (SBI spec, "Timer Extension", EID 0x54494D45) and the
 * legacy set_timer (EID 0x00).
 *
 * sbi_set_timer(stime_value): "Programs the clock for next event after
 * stime_value time ... This function must clear the pending timer interrupt
 * bit when stime_value is set to some time in the future, regardless of
 * whether timer interrupts are masked or not. This function always returns
 * SBI_SUCCESS." The legacy call "also clears the pending timer interrupt
 * bit" and returns 0 on success.
 *
 * So: a deadline in the future leaves sip.STIP clear; one in the past makes
 * it pending, and the S-mode timer interrupt is taken once sie.STIE and
 * sstatus.SIE allow it, never before the deadline; a new deadline far away
 * clears the pending bit. Run with Sstc (QEMU's default: the firmware
 * writes stimecmp, which S-mode can read back) and without
 * (-cpu rv64,sstc=false: the firmware uses the M-mode timer and raises
 * STIP itself); the payload prints which (TIMER_MODE_* marker). On more than
 * one hart, every other hart checks its own timer the same way (each hart
 * has its own deadline). The SET_TIMER firmware event counts every call.
 */
#include "payload.h"

#define FAR_AWAY  (1000UL * 10000000UL)	/* ~1000 s at 10 MHz: never reached in a test */
#define MAX_HARTS PAYLOAD_MAX_HARTS

static bool has_sstc;

/* Per hart: timer interrupts taken, and the time of the last one. */
static volatile unsigned long timer_irqs[MAX_HARTS];
static volatile uint64_t timer_irq_time[MAX_HARTS];

static bool timer_trap(struct trap_frame *frame)
{
	unsigned long me = current_hartid();

	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_TIMER))
		return false;
	timer_irq_time[me] = rdtime();
	timer_irqs[me]++;
	/* As an OS would: no further interrupt until a new deadline. */
	sbi_set_timer(UINT64_MAX);
	return true;
}

static bool stip_pending(void)
{
	return (csr_read(sip) & SIP_STIP) != 0;
}

/* Waits up to PAYLOAD_WAIT_US for sip.STIP to become pending. */
static bool stip_becomes_pending(void)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (!stip_pending())
		if (time_passed(deadline))
			return false;
	return true;
}

static void enable_timer_irq(void)
{
	csr_set(sie, SIE_STIE);
	csr_set(sstatus, SSTATUS_SIE);
}

static void disable_timer_irq(void)
{
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_STIE);
}

/* The checks every hart makes on its own timer; the calls are counted in SET_TIMER. */
static unsigned int check_pending_and_clear(void)
{
	unsigned long me = current_hartid();
	uint64_t future;
	struct sbiret ret;

	/* Future: nothing pending, now or a little later. */
	future = rdtime() + FAR_AWAY;
	ret = sbi_set_timer(future);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK(!stip_pending());
	if (has_sstc)
		CHECK_EQ(csr_read(0x14d), future);	/* stimecmp, as the firmware wrote it */
	delay_us(10000);
	CHECK(!stip_pending());

	/* Past (0 and just now): pending, and not taken while interrupts are off. */
	CHECK_EQ(sbi_set_timer(0).error, SBI_SUCCESS);
	if (!CHECK(stip_becomes_pending()))
		printf("  (hart %lu: set_timer(0) left STIP clear)\n", me);
	CHECK_EQ(timer_irqs[me], 0);

	/* A far deadline clears the pending bit at once, with STIE off... */
	CHECK_EQ(sbi_set_timer(rdtime() + FAR_AWAY).error, SBI_SUCCESS);
	if (!CHECK(!stip_pending()))
		printf("  (hart %lu: set_timer(future) left STIP pending)\n", me);

	CHECK_EQ(sbi_set_timer(rdtime()).error, SBI_SUCCESS);
	CHECK(stip_becomes_pending());
	/* ...and with STIE on (sstatus.SIE off: not taken). */
	csr_set(sie, SIE_STIE);
	CHECK_EQ(sbi_set_timer(UINT64_MAX).error, SBI_SUCCESS);
	CHECK(!stip_pending());
	csr_clear(sie, SIE_STIE);
	return 5;
}

/* A pending timer interrupt is taken as soon as S-mode enables it. */
static unsigned int check_interrupt_taken(void)
{
	unsigned long me = current_hartid();
	unsigned long before = timer_irqs[me];

	CHECK_EQ(sbi_set_timer(0).error, SBI_SUCCESS);
	CHECK(stip_becomes_pending());
	enable_timer_irq();
	/* The handler's set_timer(UINT64_MAX) ran: taken once and cleared. */
	__asm__ volatile("nop");
	disable_timer_irq();
	CHECK_EQ(timer_irqs[me], before + 1);
	CHECK(!stip_pending());
	return 2;	/* ours and the handler's */
}

/* A deadline 20 ms ahead: the interrupt comes, and not before the deadline. */
static unsigned int check_interrupt_on_time(bool legacy)
{
	unsigned long me = current_hartid();
	unsigned long before = timer_irqs[me];
	uint64_t deadline = rdtime() + time_us_to_ticks(20000);
	uint64_t give_up = time_deadline_us(PAYLOAD_WAIT_US);

	enable_timer_irq();
	if (legacy)
		CHECK_EQ(sbi_legacy_set_timer(deadline), 0);
	else
		CHECK_EQ(sbi_set_timer(deadline).error, SBI_SUCCESS);
	while (timer_irqs[me] == before && !time_passed(give_up))
		__asm__ volatile("wfi");
	disable_timer_irq();
	if (CHECK_EQ(timer_irqs[me], before + 1))
		CHECK(timer_irq_time[me] >= deadline);
	return 2;
}

static unsigned int check_legacy_set_timer(void)
{
	CHECK(sbi_probe_extension(SBI_EXT_LEGACY_SET_TIMER).value != 0);
	CHECK_EQ(sbi_legacy_set_timer(0), 0);
	CHECK(stip_becomes_pending());
	CHECK_EQ(sbi_legacy_set_timer(UINT64_MAX), 0);
	CHECK(!stip_pending());
	return 2;
}

/* Other harts: their own timer, and SET_TIMER counted on their own counter. */
static volatile unsigned long secondary_done[MAX_HARTS];

static void secondary_timer_job(void *arg)
{
	unsigned long me = current_hartid(), calls = 0;
	long counter = pmu_fw_counter_start(SBI_PMU_FW_SET_TIMER);

	(void)arg;
	CHECK(counter >= 0);
	calls += check_pending_and_clear();
	calls += check_interrupt_taken();
	calls += check_interrupt_on_time(false);
	CHECK_EQ(pmu_fw_counter_read(counter), calls);
	__atomic_store_n(&secondary_done[me], 1, __ATOMIC_RELEASE);
}

static void check_other_harts(unsigned long boot_hartid)
{
	unsigned long ids[MAX_HARTS];
	int n = dt_hartids(ids, MAX_HARTS);

	for (int i = 0; i < n; i++) {
		if (ids[i] == boot_hartid)
			continue;
		if (!CHECK_EQ(hart_run(ids[i], secondary_timer_job, NULL).error, SBI_SUCCESS))
			continue;
		/* One at a time: each checks its own timer while the others sleep. */
		if (!CHECK(wait_flag(&secondary_done[ids[i]], 1, PAYLOAD_WAIT_US)))
			printf("  (hart %lu did not finish)\n", ids[i]);
		CHECK(hart_wait_state(ids[i], SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	}
	printf("timer checked on %d harts\n", n);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long calls = 0;
	long counter;

	(void)dtb;
	test_start("timer");
	CHECK(sbi_probe_extension(SBI_EXT_TIME).value != 0);
	has_sstc = dt_isa_has("sstc");
	printf(has_sstc ? "TIMER_MODE_SSTC\n" : "TIMER_MODE_NO_SSTC\n");
	payload_trap_handler = timer_trap;

	counter = pmu_fw_counter_start(SBI_PMU_FW_SET_TIMER);
	CHECK(counter >= 0);

	calls += check_pending_and_clear();
	calls += check_interrupt_taken();
	calls += check_interrupt_on_time(false);
	calls += check_interrupt_on_time(true);
	calls += check_legacy_set_timer();
	CHECK_EQ(sbi_ecall(SBI_EXT_TIME, 1, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);

	/* Every call above, TIME and legacy, is one SET_TIMER event on this hart. */
	CHECK_EQ(pmu_fw_counter_read(counter), calls);

	check_other_harts(hartid);
	/* The others' calls were counted on their harts, not here. */
	CHECK_EQ(pmu_fw_counter_read(counter), calls);
	test_pass();
}
