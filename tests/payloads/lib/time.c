/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Deadlines in the time CSR's units, for waits that must not hang a test
 * when the firmware misbehaves. The timebase comes from the DT.
 */
#include "payload.h"

/* QEMU virt's, used when the DT does not say (it always does). */
#define DEFAULT_TIMEBASE_HZ 10000000UL

unsigned long time_ticks_per_sec(void)
{
	static unsigned long hz;	/* every hart computes the same value */

	if (!hz) {
		unsigned long dt_hz = dt_timebase_hz();
		hz = dt_hz ? dt_hz : DEFAULT_TIMEBASE_HZ;
	}
	return hz;
}

uint64_t time_us_to_ticks(unsigned long us)
{
	return (uint64_t)us * time_ticks_per_sec() / 1000000;
}

uint64_t time_deadline_us(unsigned long us)
{
	return rdtime() + time_us_to_ticks(us);
}

bool time_passed(uint64_t deadline)
{
	return rdtime() >= deadline;
}

void delay_us(unsigned long us)
{
	uint64_t deadline = time_deadline_us(us);

	while (!time_passed(deadline))
		;
}
