/* SPDX-License-Identifier: BSD-2-Clause */
#include <libfdt.h>
#include "dt_driver.h"
#include "fdt_helpers.h"

bool dt_driver_matches(const struct dt_driver *drv, const void *fdt, int node)
{
	int len;
	const char *compat = fdt_getprop(fdt, node, "compatible", &len);

	return compat && dt_compatible_matches(drv->compatible, compat, len);
}

/* Deeper nodes are still visited; only their parent is looked up the slow way. */
#define DT_WALK_MAX_DEPTH 16

/*
 * One walk over the whole tree, probing every enabled node some driver of
 * the list matches (the first driver that matches a node gets it). Walking
 * once, rather than once per compatible string, is most of the boot time on a
 * 512-hart DT; the walk also knows each node's parent, which fdt_read_reg
 * would otherwise find by walking again from the root.
 */
enum dt_probe_mode { DT_PROBE_FIRST, DT_PROBE_EACH_ONCE, DT_PROBE_ALL };

static int dt_walk_probe(const void *fdt, struct dt_driver_table drivers, enum dt_probe_mode mode)
{
	int parents[DT_WALK_MAX_DEPTH];
	int node, depth = 0, probed = 0;
	unsigned long done = 0;      /* DT_PROBE_EACH_ONCE: drivers (by position) that found their node */

	for (node = fdt_next_node(fdt, -1, &depth); node >= 0; node = fdt_next_node(fdt, node, &depth)) {
		int len;
		const char *compat;

		if (depth < DT_WALK_MAX_DEPTH)
			parents[depth] = node;
		compat = fdt_getprop(fdt, node, "compatible", &len);
		if (!compat)
			continue;
		for (unsigned int i = 0; drivers.begin + i < drivers.end; i++) {
			const struct dt_driver *d = drivers.begin + i;
			bool ok;

			if ((done >> i) & 1 || !dt_compatible_matches(d->compatible, compat, len))
				continue;
			/* A reset device is the firmware's: a node the DT reserves for it is one too. */
			if (!fdt_node_is_enabled(fdt, node) &&
			    !(mode == DT_PROBE_EACH_ONCE && fdt_node_is_reserved(fdt, node)))
				break;
			if (depth < DT_WALK_MAX_DEPTH)
				fdt_parent_hint_path(parents, depth + 1);
			else if (depth == DT_WALK_MAX_DEPTH)
				fdt_parent_hint(node, parents[depth - 1]);
			ok = dt_driver_probe(d, fdt, node) == 0;
			fdt_parent_hint(-1, -1);
			if (!ok)
				break;
			probed++;
			if (mode == DT_PROBE_FIRST)
				return node;
			if (mode == DT_PROBE_EACH_ONCE && i < 8 * sizeof(done))
				done |= 1UL << i;
			break;
		}
	}
	return mode == DT_PROBE_FIRST ? -1 : probed;
}

int dt_probe_first(const void *fdt, struct dt_driver_table drivers)
{
	return dt_walk_probe(fdt, drivers, DT_PROBE_FIRST);
}

int dt_probe_each_once(const void *fdt, struct dt_driver_table drivers)
{
	return dt_walk_probe(fdt, drivers, DT_PROBE_EACH_ONCE);
}

int dt_probe_all(const void *fdt, struct dt_driver_table drivers)
{
	return dt_walk_probe(fdt, drivers, DT_PROBE_ALL);
}

bool dt_probe_node(const void *fdt, int node, struct dt_driver_table drivers)
{
	for (const struct dt_driver *d = drivers.begin; d < drivers.end; d++)
		if (dt_driver_matches(d, fdt, node))
			return dt_driver_probe(d, fdt, node) == 0;
	return false;
}
