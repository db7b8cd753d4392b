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

bool timer_deadline_start(struct timer_deadline *d, uint32_t ms)
{
	uint64_t hz = timebase_hz;

	if (!time_source || !hz)
		return false;
	d->start = time_source->now();
	d->end = d->start + hz / 1000 * ms;
	d->looks = 0;
	return true;
}

bool timer_deadline_passed(struct timer_deadline *d)
{
	uint64_t now = time_source->now();

	return now >= d->end || (now == d->start && ++d->looks == TIMER_STUCK_LOOKS);
}

/* On the time source; without one, or on one that does not move, a loop long enough for a few GHz. */
void timer_delay_ms(uint32_t ms)
{
	struct timer_deadline d;

	if (timer_deadline_start(&d, ms)) {
		while (!timer_deadline_passed(&d))
			;
		if (d.looks < TIMER_STUCK_LOOKS)
			return;
	}
	for (volatile uint64_t spin = (uint64_t)ms * 4000000; spin; spin--)
		;
}
