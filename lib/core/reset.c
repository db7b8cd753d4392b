/* SPDX-License-Identifier: BSD-2-Clause */
/* System reset devices, one slot per kind, in order (include/reset_device.h). */
#include <stddef.h>
#include "reset_device.h"
#include "format.h"
#include "sbi_spec.h"

static const struct reset_device *reset_devices[RESET_SLOTS];

bool reset_type_any(unsigned long type)
{
	return type <= SBI_SRST_TYPE_WARM_REBOOT;
}

bool reset_type_reboot(unsigned long type)
{
	return type == SBI_SRST_TYPE_COLD_REBOOT || type == SBI_SRST_TYPE_WARM_REBOOT;
}

void reset_device_add(const struct reset_device *dev)
{
	reset_devices[dev->slot] = dev;
}

bool reset_supported(unsigned long type)
{
	for (unsigned int i = 0; i < RESET_SLOTS; i++)
		if (reset_devices[i] && reset_devices[i]->supported(type))
			return true;
	return false;
}

void reset_system(unsigned long type, unsigned long reason)
{
	for (unsigned int i = 0; i < RESET_SLOTS; i++)
		if (reset_devices[i] && reset_devices[i]->supported(type))
			reset_devices[i]->reset(type, reason);
}

const char *reset_device_name(void)
{
	static char names[128];
	unsigned int len = 0;

	names[0] = 0;
	for (unsigned int i = 0; i < RESET_SLOTS; i++)
		if (reset_devices[i] && len + 1 < sizeof(names))
			len += format_snprintf(names + len, sizeof(names) - len, "%s%s", len ? "; " : "",
					    reset_devices[i]->name);
	return len ? names : "none";
}
