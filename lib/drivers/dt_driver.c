/* SPDX-License-Identifier: BSD-2-Clause */
#include <libfdt.h>
#include "drivers.h"
#include "fdt_helpers.h"

bool dt_driver_matches(const struct dt_driver *drv, const void *fdt, int node)
{
	for (const char *const *c = drv->compatible; *c; c++)
		if (fdt_node_check_compatible(fdt, node, *c) == 0)
			return true;
	return false;
}

int dt_probe_first(const void *fdt, const struct dt_driver *const *drivers)
{
	for (const struct dt_driver *const *d = drivers; *d; d++) {
		for (const char *const *c = (*d)->compatible; *c; c++) {
			int node = -1;
			while ((node = fdt_node_offset_by_compatible(fdt, node, *c)) >= 0) {
				if (fdt_node_is_enabled(fdt, node) && (*d)->probe(fdt, node) == 0)
					return node;
			}
		}
	}
	return -1;
}
