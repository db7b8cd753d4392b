/* SPDX-License-Identifier: BSD-2-Clause */
/* The machine timer's time source and timebase (include/timer_device.h). */
#include <stddef.h>
#include "timer_device.h"

static const struct timer_device *time_source;
static uint64_t timebase_hz;

void timer_device_set(const struct timer_device *dev)
{
	if (!time_source)
		time_source = dev;
}

bool timer_present(void)
{
	return time_source != NULL;
}

uint64_t timer_now(void)
{
	return time_source ? time_source->now() : 0;
}

void timer_set_hz(uint64_t hz)
{
	timebase_hz = hz;
}

uint64_t timer_hz(void)
{
	return timebase_hz;
}

/* ticks on the time source: true; false when it has not moved in TIMER_STUCK_LOOKS looks. */
static bool delay_on_time(uint64_t ticks)
{
	uint64_t start = time_source->now(), end = start + ticks, now;
	unsigned long looks = 0;

	while ((now = time_source->now()) < end)
		if (now == start && ++looks == TIMER_STUCK_LOOKS)
			return false;
	return true;
}

/* On the time source; without one, or on one that does not move, a loop long enough for a few GHz. */
void timer_delay_ms(uint32_t ms)
{
	uint64_t hz = timebase_hz;

	if (time_source && hz && delay_on_time(hz / 1000 * ms))
		return;
	for (volatile uint64_t spin = (uint64_t)ms * 4000000; spin; spin--)
		;
}
