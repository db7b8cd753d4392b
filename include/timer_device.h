/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine timer (lib/core/timer.c): one time source for the machine
 * (mtime) and, per hart, a compare register that raises the hart's machine
 * timer interrupt (mtimecmp), set by the driver that found them (the ACLINT
 * MTIMER or CLINT, T-Head's MTIMER, the Andes PLMT: lib/drivers/aclint.c). The timebase comes from the DT's
 * /cpus (firmware/boot_devices.c).
 */
#ifndef ABACUS_TIMER_DEVICE_H
#define ABACUS_TIMER_DEVICE_H

#include <stdbool.h>
#include <stdint.h>
#include "hart.h"

struct timer_device {
	uint64_t (*now)(void);                                      /* the machine's time */
	void (*set_compare)(struct hart_state *hs, uint64_t when);  /* hs->timer_reg = when */
	const char *name;                                           /* the boot log's */
};

/*
 * A driver's probe: the machine's time source (the first one set stays),
 * and hs's compare register in dev (unless it has one already).
 */
void timer_device_set(const struct timer_device *dev);
static inline void hart_set_timer(struct hart_state *hs, const struct timer_device *dev, volatile void *reg)
{
	if (hs->timer_dev)
		return;
	hs->timer_reg = reg;
	hs->timer_dev = dev;
}

/* A time source exists (a driver set one and gave some hart a compare register). */
bool timer_present(void);
/* The machine's time in timebase ticks; 0 without a time source. */
uint64_t timer_now(void);
void timer_set_hz(uint64_t hz);
/* Ticks per second (the DT's timebase-frequency), 0 when unknown. */
uint64_t timer_hz(void);

/*
 * Busy-waits ms milliseconds (a reset waiting for its device to act), on
 * the time source. One whose time does not move (QEMU 11.1's tt-atlantis
 * reads mtime as 0) would hold it for ever: after TIMER_STUCK_LOOKS looks at
 * the same time (far longer than a tick of any timebase lasts) the wait is
 * a loop's, as without a time source.
 */
#define TIMER_STUCK_LOOKS 1000000
void timer_delay_ms(uint32_t ms);

/*
 * A bounded wait on the time source: timer_deadline_start() sets it ms
 * milliseconds ahead (false without a time source or a timebase: no wait);
 * timer_deadline_passed() looks at the time once, true once the deadline
 * has come or the time has not moved in TIMER_STUCK_LOOKS looks (then
 * `looks` is TIMER_STUCK_LOOKS).
 */
struct timer_deadline {
	uint64_t start, end;
	unsigned long looks;
};
bool timer_deadline_start(struct timer_deadline *d, uint32_t ms);
bool timer_deadline_passed(struct timer_deadline *d);

/* The calling hart's timer interrupt at `when`; nothing when the hart has no compare register. */
static inline void timer_set_compare(struct hart_state *hs, uint64_t when)
{
	const struct timer_device *dev = hs->timer_dev;

	if (dev)
		dev->set_compare(hs, when);
}

#endif
