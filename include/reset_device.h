/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System reset devices (lib/core/reset.c): an ordered list. A reset tries
 * every device that can do its type, in order, until one resets the machine
 * (a device that returns did not). Drivers add theirs when they find
 * something to act on (lib/drivers/reset_*.c), boot adds the platform's
 * fallback.
 */
#ifndef ABACUS_RESET_DEVICE_H
#define ABACUS_RESET_DEVICE_H

#include <stdbool.h>

/* Places in the order: lower first. */
#define RESET_ORDER_SYSCON   10
#define RESET_ORDER_GPIO     20
#define RESET_ORDER_PLATFORM 90
#define RESET_MAX_DEVICES    4

struct reset_device {
	const char *name;          /* the boot log's; the driver may refine it as it finds more */
	unsigned int order;        /* RESET_ORDER_* */
	bool (*supported)(unsigned long type);                   /* SBI_SRST_TYPE_* */
	void (*reset)(unsigned long type, unsigned long reason); /* returns if it did not reset */
};

/* Adds dev in its place (once; false when the list is full). */
bool reset_device_add(const struct reset_device *dev);
/* Some device can do this type. */
bool reset_supported(unsigned long type);
/* Does not return when a device acts; returns if none could. */
void reset_system(unsigned long type, unsigned long reason);
/* The first device's name, "none" without any. */
const char *reset_device_name(void);

#endif
