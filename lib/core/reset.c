/* SPDX-License-Identifier: BSD-2-Clause */
/* System reset devices, in order (include/reset_device.h). */
#include <stddef.h>
#include "reset_device.h"

static const struct reset_device *reset_devices[RESET_MAX_DEVICES];
static unsigned int reset_device_count;

bool reset_device_add(const struct reset_device *dev)
{
	unsigned int i;

	for (i = 0; i < reset_device_count; i++)
		if (reset_devices[i] == dev)
			return true;
	if (reset_device_count == RESET_MAX_DEVICES)
		return false;
	/* Sorted by order; a device of the same order goes after those already there. */
	for (i = reset_device_count; i > 0 && reset_devices[i - 1]->order > dev->order; i--)
		reset_devices[i] = reset_devices[i - 1];
	reset_devices[i] = dev;
	reset_device_count++;
	return true;
}

bool reset_supported(unsigned long type)
{
	for (unsigned int i = 0; i < reset_device_count; i++)
		if (reset_devices[i]->supported(type))
			return true;
	return false;
}

void reset_system(unsigned long type, unsigned long reason)
{
	for (unsigned int i = 0; i < reset_device_count; i++)
		if (reset_devices[i]->supported(type))
			reset_devices[i]->reset(type, reason);
}

const char *reset_device_name(void)
{
	return reset_device_count ? reset_devices[0]->name : "none";
}
