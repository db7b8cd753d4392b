/* SPDX-License-Identifier: BSD-2-Clause */
/* Device drivers found in the DT by compatible string (lib/core/dt_driver.c). */
#ifndef ABACUS_DT_DRIVER_H
#define ABACUS_DT_DRIVER_H

#include <stdbool.h>

struct dt_driver {
	const char *name;
	const char *const *compatible;      /* NULL-terminated */
	int (*probe)(const void *fdt, int node);
};

/* True when the node is compatible with one of the driver's strings. */
bool dt_driver_matches(const struct dt_driver *drv, const void *fdt, int node);
/* Probes the first enabled node (in tree order) a driver of the NULL-terminated
 * list matches and accepts; returns the node or < 0. */
int dt_probe_first(const void *fdt, const struct dt_driver *const *drivers);
/* Each driver of the list probes the first such node it accepts; returns how many did. */
int dt_probe_each_once(const void *fdt, const struct dt_driver *const *drivers);
/* Probes every such node; returns how many probes succeeded. */
int dt_probe_all(const void *fdt, const struct dt_driver *const *drivers);

#endif
