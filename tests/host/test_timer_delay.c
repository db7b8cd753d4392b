/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * timer_delay_ms (lib/core/timer.c) on a fake time source: a delay lasts
 * its ticks on a clock that moves, however slowly, and ends on one that
 * does not (found by tests/fuzz/fuzz_dt_devices.c: the K1 I2C controller's
 * unit reset, held with timer_delay_ms(1), never ended on a stuck mtime, so
 * a PMIC's probe hung the boot; a PMIC reset's 500 ms wait would have too).
 */
#include "test.h"
#include "timer_device.h"

TEST_MAIN_GLOBALS

static uint64_t fake_time;
static unsigned long looks, looks_per_tick;

/* One tick every looks_per_tick looks (0: never). */
static uint64_t fake_now(void)
{
	looks++;
	if (looks_per_tick && looks % looks_per_tick == 0)
		fake_time++;
	return fake_time;
}

static const struct timer_device fake_timer = { .now = fake_now };

static void test_setup(void)
{
	timer_device_set(&fake_timer);
	timer_set_hz(1000);
	fake_time = 0;
	looks = 0;
}

TEST(delay_lasts_its_ticks)
{
	looks_per_tick = 1;
	timer_delay_ms(5);
	CHECK_EQ(fake_time, 1 + 5);     /* its first look saw 1 */
}

/* A slow clock (a tick every 100000 looks) is no stuck one. */
TEST(slow_clock_is_waited_for)
{
	looks_per_tick = 100000;
	timer_delay_ms(3);
	CHECK_EQ(fake_time, 3);
}

/* A clock that never moves: the delay ends after TIMER_STUCK_LOOKS looks (then a loop's). */
TEST(stuck_clock_delay_ends)
{
	looks_per_tick = 0;
	timer_delay_ms(1);
	CHECK_EQ(looks, 1 + TIMER_STUCK_LOOKS);
	CHECK_EQ(fake_time, 0);
}

int main(void)
{
	RUN(delay_lasts_its_ticks);
	RUN(slow_clock_is_waited_for);
	RUN(stuck_clock_delay_ends);
	return TEST_EXIT_CODE;
}
