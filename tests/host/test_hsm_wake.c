/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HSM hart_start of a hart that has not come (lib/ext/hsm/hsm.c, docs/boot.md
 * "Harts that come late") with and without a platform waker
 * (hart_run_waker, include/hart_run.h: a board quirk's hart_wake): without one, FAILED at
 * once, as before; with one, the waker is asked for that hart on behalf of
 * the caller, and HSM waits on the time source up to HSM_WAKE_WAIT_MS for
 * the hart to set itself up: then the start goes on as for any stopped hart
 * (SUCCESS, START_PENDING, the hart's IPI), else FAILED and STOPPED (a
 * later start asks again). START_PENDING while it waits; INVALID_PARAM
 * when the hart goes instead; no waker call for a hart already set up or
 * gone, without a timebase, and no endless wait on a clock that does not
 * move.
 */
#include <stdlib.h>
#include "sbi_spec.h"
#include "test.h"
#include "timer_device.h"

/* hart_stop and hart_suspend wait in M-mode: not run here (as tests/fuzz/fuzz_hsm.c). */
#define sbi_hsm_hart_stop    test_not_called_hsm_hart_stop
#define sbi_hsm_hart_suspend test_not_called_hsm_hart_suspend
#include "../../lib/ext/hsm/hsm.c"
#include "../../lib/trap/hart_run.c"

TEST_MAIN_GLOBALS

/* ---- The harness: two harts, 0 (the caller) and 3; what HSM calls around it ---- */
static struct hart_state harts[2];
struct hart_state *host_current_hart = &harts[0];
static unsigned int ipis_to_3;

struct hart_state *hart_by_id(unsigned long hartid)
{
	return hartid == 0 ? &harts[0] : hartid == 3 ? &harts[1] : NULL;
}

bool smode_addr_ok(uint64_t addr)
{
	return addr >= 0x80200000;
}

void ipi_raise(struct hart_state *target, const struct ipi_reason *reason)
{
	(void)reason;
	ipis_to_3 += target == &harts[1];
}

/* Only the stopped and suspended loops and hart_stop reach these: never run here. */
void ipi_process(void) { abort(); }
void smode_timer_process(void) { abort(); }
void hart_lifecycle_reset(struct hart_state *hs) { (void)hs; abort(); }
void hart_enter_next_mode(unsigned long a0, unsigned long a1, unsigned long addr, unsigned long mode,
			  unsigned long sp) { (void)a0, (void)a1, (void)addr, (void)mode, (void)sp; abort(); }
unsigned long host_csr_read(unsigned int csr) { (void)csr; abort(); }
void host_csr_write(unsigned int csr, unsigned long value) { (void)csr, (void)value; abort(); }
unsigned long host_csr_clear(unsigned int csr, unsigned long bits) { (void)csr, (void)bits; abort(); }
void host_wfi(void) { abort(); }

/* ---- The time source: 1 MHz, one tick per look (0: a clock that never moves) ---- */
static uint64_t fake_time, ticks_per_look;
/* The woken hart: ARRIVED, then READY (or GONE) when the time reaches these (0: never). */
static uint64_t arrive_at, ready_at, gone_at;
static long status_while_waiting = -2;

static uint64_t fake_now(void)
{
	struct hart_state *hs = &harts[1];

	fake_time += ticks_per_look;
	if (arrive_at && fake_time >= arrive_at && hs->presence == HART_WAITING)
		hs->presence = HART_ARRIVED;
	if (ready_at && fake_time >= ready_at && hs->presence == HART_ARRIVED)
		hs->presence = HART_READY;
	if (gone_at && fake_time >= gone_at)
		hs->presence = HART_GONE;
	status_while_waiting = (long)sbi_hsm_hart_get_status(3).value;
	return fake_time;
}
static const struct timer_device fake_timer = { .now = fake_now };

/* ---- The platform's waker ---- */
static unsigned int waker_calls;
static unsigned long waker_hartid, waker_from;
static int waker_answer;

static int test_waker(unsigned long hartid, unsigned long from_hartid)
{
	waker_calls++;
	waker_hartid = hartid;
	waker_from = from_hartid;
	return waker_answer;
}

static void test_setup(void)
{
	for (unsigned int i = 0; i < 2; i++) {
		memset(&harts[i], 0, sizeof(harts[i]));
		harts[i].hartid = i ? 3 : 0;
		harts[i].features = HART_HAS_S;
		harts[i].run_state = SBI_HSM_STATE_STOPPED;
	}
	harts[0].run_state = SBI_HSM_STATE_STARTED;
	harts[0].presence = HART_READY;
	harts[1].presence = HART_WAITING;   /* released at boot, never came */
	ipis_to_3 = 0;
	timer_device_set(&fake_timer);
	timer_set_hz(1000000);
	fake_time = 5000;
	ticks_per_look = 1;
	arrive_at = ready_at = gone_at = 0;
	status_while_waiting = -2;
	hart_run_waker = NULL;
	waker_calls = 0;
	waker_answer = 0;
}

#define START() sbi_hsm_hart_start(3, 0x80200000, 0x1234)
#define WAIT_TICKS (1000ULL * HSM_WAKE_WAIT_MS)

/* No platform waker (every board but the K1): FAILED at once, as docs/boot.md says. */
TEST(without_a_waker_a_hart_not_here_is_failed_at_once)
{
	uint64_t t = fake_time;

	CHECK_EQ(START().error, SBI_ERR_FAILED);
	CHECK_EQ(fake_time, t);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(ipis_to_3, 0);
}

/* The waker wakes it; it arrives after 3 ms and is set up after 5: started. */
TEST(a_woken_hart_that_comes_is_started)
{
	struct sbiret r;

	hart_run_waker = test_waker;
	arrive_at = fake_time + 3000;
	ready_at = fake_time + 5000;
	r = START();
	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK_EQ(waker_calls, 1);
	CHECK_EQ(waker_hartid, 3);
	CHECK_EQ(waker_from, 0);
	CHECK_EQ(status_while_waiting, SBI_HSM_STATE_START_PENDING);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_START_PENDING);
	CHECK_EQ(harts[1].start_addr, 0x80200000);
	CHECK_EQ(harts[1].start_arg1, 0x1234);
	CHECK_EQ(ipis_to_3, 1);
	CHECK_EQ(sbi_hsm_hart_get_status(3).value, SBI_HSM_STATE_START_PENDING);
	/* Started (or start pending): a second start is ALREADY_AVAILABLE, no second wake. */
	CHECK_EQ(START().error, SBI_ERR_ALREADY_AVAILABLE);
	CHECK_EQ(waker_calls, 1);
}

/* It never comes: FAILED after HSM_WAKE_WAIT_MS on the time source, STOPPED; a later start asks again. */
TEST(a_woken_hart_that_does_not_come_is_failed_after_the_wait)
{
	uint64_t t = fake_time;

	hart_run_waker = test_waker;
	CHECK_EQ(START().error, SBI_ERR_FAILED);
	CHECK(fake_time - t >= WAIT_TICKS);
	CHECK(fake_time - t <= WAIT_TICKS + 2);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(ipis_to_3, 0);
	/* Half set up (ARRIVED) when the time runs out: the same. */
	arrive_at = fake_time + 1;
	CHECK_EQ(START().error, SBI_ERR_FAILED);
	CHECK_EQ(waker_calls, 2);
	CHECK_EQ(harts[1].presence, HART_ARRIVED);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
	/* ... and once it is READY (it came late, on its own), a start needs no waker. */
	harts[1].presence = HART_READY;
	CHECK_EQ(START().error, SBI_SUCCESS);
	CHECK_EQ(waker_calls, 2);
	CHECK_EQ(ipis_to_3, 1);
}

/* The platform cannot wake it (the K1 whose cold set-up failed): FAILED, no wait. */
TEST(a_waker_that_cannot_wake_is_failed_at_once)
{
	uint64_t t;

	hart_run_waker = test_waker;
	waker_answer = -1;
	t = fake_time;
	CHECK_EQ(START().error, SBI_ERR_FAILED);
	CHECK_EQ(waker_calls, 1);
	CHECK(fake_time - t <= 1);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
}

/* It comes and dies in its set-up (GONE): INVALID_PARAM, as for any gone hart. */
TEST(a_woken_hart_that_goes_is_invalid_param)
{
	hart_run_waker = test_waker;
	arrive_at = fake_time + 100;
	gone_at = fake_time + 200;
	CHECK_EQ(START().error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(ipis_to_3, 0);
	CHECK_EQ(START().error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(waker_calls, 1);   /* never asked again for a gone hart */
}

/* No timebase (no wait can be bounded on time): the waker is not asked. */
TEST(without_a_timebase_no_hart_is_woken)
{
	hart_run_waker = test_waker;
	timer_set_hz(0);
	CHECK_EQ(START().error, SBI_ERR_FAILED);
	CHECK_EQ(waker_calls, 0);
}

/* A clock that does not move: the wait ends after TIMER_STUCK_LOOKS looks. */
TEST(a_stuck_clock_does_not_hold_hart_start)
{
	hart_run_waker = test_waker;
	ticks_per_look = 0;
	CHECK_EQ(START().error, SBI_ERR_FAILED);
	CHECK_EQ(waker_calls, 1);
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
}

/* Bad parameters are refused before any wake. */
TEST(bad_parameters_wake_nothing)
{
	hart_run_waker = test_waker;
	CHECK_EQ(sbi_hsm_hart_start(3, 0x1000, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_hsm_hart_start(5, 0x80200000, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(waker_calls, 0);
}

int main(void)
{
	RUN(without_a_waker_a_hart_not_here_is_failed_at_once);
	RUN(a_woken_hart_that_comes_is_started);
	RUN(a_woken_hart_that_does_not_come_is_failed_after_the_wait);
	RUN(a_waker_that_cannot_wake_is_failed_at_once);
	RUN(a_woken_hart_that_goes_is_invalid_param);
	RUN(without_a_timebase_no_hart_is_woken);
	RUN(a_stuck_clock_does_not_hold_hart_start);
	RUN(bad_parameters_wake_nothing);
	return TEST_EXIT_CODE;
}
