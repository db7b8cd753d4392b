/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the drivers' probes do: the DT walks call every probe through
 * dt_driver_probe (include/dt_driver.h), which host builds route here, and
 * reset devices reach their slot through reset_device_add, which the link
 * wraps (-Wl,--wrap=reset_device_add: the call from a driver comes here
 * first). So the report knows which driver took which node, what it
 * refused, and which node gave the console and each reset device.
 */
#include <stdlib.h>
#include "devices.h"
#include "dryrun.h"

struct watch watch = { .console_probe = -1 };
static int probing = -1;     /* watch.probes[]: the probe running */

const char *driver_kind(const struct dt_driver *d)
{
	if (d >= DT_DRIVERS(console).begin && d < DT_DRIVERS(console).end)
		return "console";
	if (d >= DT_DRIVERS(timer_ipi).begin && d < DT_DRIVERS(timer_ipi).end)
		return "timer_ipi";
	return "reset";
}

const char *dt_driver_name(const struct dt_driver *d)
{
	extern const struct dt_driver_name __start_abacus_dt_names[], __stop_abacus_dt_names[];

	for (const struct dt_driver_name *n = __start_abacus_dt_names; n < __stop_abacus_dt_names; n++)
		if (n->driver == d)
			return n->name;
	return "?";
}

const struct dt_driver *driver_matching(const void *fdt, int node)
{
	const struct dt_driver_table tables[] = { DT_DRIVERS(console), DT_DRIVERS(timer_ipi), DT_DRIVERS(reset) };

	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct dt_driver *d = tables[t].begin; d < tables[t].end; d++)
			if (dt_driver_matches(d, fdt, node))
				return d;
	return NULL;
}

int dt_driver_probe_watched(const struct dt_driver *drv, const void *fdt, int node)
{
	struct probe_record *rec;
	size_t index;
	int result;

	if (watch.nr_probes == watch.cap_probes) {
		watch.cap_probes = watch.cap_probes ? 2 * watch.cap_probes : 32;
		watch.probes = realloc(watch.probes, watch.cap_probes * sizeof(*watch.probes));
		if (!watch.probes)
			abort();
	}
	index = watch.nr_probes++;
	rec = &watch.probes[index];
	*rec = (struct probe_record){ .driver = drv, .kind = driver_kind(drv), .node = node };
	boot_log_flush();
	rec->first_log_line = boot_log.count;
	probing = (int)index;
	devices_in_probe(true);
	result = drv->probe(fdt, node);
	devices_in_probe(false);
	probing = -1;
	boot_log_flush();
	rec = &watch.probes[index];
	rec->result = result;
	rec->log_lines = (unsigned int)(boot_log.count - rec->first_log_line);
	return result;
}

void watch_console_set(const struct console_device *dev)
{
	if (probing < 0)
		return;
	watch.probes[probing].set_console = dev != NULL;
	if (dev)
		watch.console_probe = probing;
}

void __real_reset_device_add(const struct reset_device *dev);

void __wrap_reset_device_add(const struct reset_device *dev)
{
	if (watch.nr_resets < sizeof(watch.resets) / sizeof(watch.resets[0]))
		watch.resets[watch.nr_resets++] = (struct reset_record){ dev, probing };
	__real_reset_device_add(dev);
}
