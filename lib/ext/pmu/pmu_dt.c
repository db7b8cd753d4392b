/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The riscv,pmu device-tree node: the event -> counter map of the PMU core.
 *
 * Binding (OpenSBI's docs/pmu_support.md), all cells big-endian:
 *   riscv,event-to-mhpmcounters      <first last counters>           event_idx range -> counters
 *   riscv,event-to-mhpmevent         <event_idx sel_hi sel_lo>       event -> mhpmevent value
 *   riscv,raw-event-to-mhpmcounters  <match_hi match_lo mask_hi mask_lo counters>
 *
 * The DT comes from the previous boot stage and is often wrong (QEMU 7.2's has
 * a trailing partial row), so every row is checked; a bad row is logged once,
 * naming the property, its row number (0-based) and the reason, and skipped,
 * and the good rows around it are kept. Only libfdt, string functions and
 * console_printf are used: this runs in M-mode at boot, without a libc.
 */
#include <libfdt.h>
#include "console.h"
#include "pmu/pmu.h"

#define PMU_COMPATIBLE  "riscv,pmu"
#define PROP_RANGES     "riscv,event-to-mhpmcounters"
#define PROP_SELECTORS  "riscv,event-to-mhpmevent"
#define PROP_RAW        "riscv,raw-event-to-mhpmcounters"
/* In /chosen: offer the snapshot memory to S-mode (docs/pmu.md). */
#define PROP_OFFER_SNAPSHOT "abacus,pmu-snapshot"

/* make PMU_SNAPSHOT=y builds with ABACUS_PMU_SNAPSHOT=1. */
#ifndef ABACUS_PMU_SNAPSHOT
#define ABACUS_PMU_SNAPSHOT 0
#endif

#define RANGE_CELLS     3
#define SELECTOR_CELLS  3
#define RAW_CELLS       5

/* Counter 0 is mcycle, 1 is time, 2 is minstret: fixed function, not programmable. */
#define COUNTER_BIT_MCYCLE   (1U << 0)
#define COUNTER_BIT_TIME     (1U << PMU_COUNTER_TIME)
#define COUNTER_BIT_MINSTRET (1U << 2)

/* event_idx is 20 bits: [19:16] type, [15:0] code (SBI PMU chapter, Table 1). */
#define EVENT_IDX_MAX   SBI_PMU_EVENT_IDX_MASK

#define row_log(prop, row, fmt, ...) \
	console_printf("pmu: %s row %u: " fmt "\n", prop, row, ##__VA_ARGS__)

/* One mapping property, cut into whole rows. */
struct dt_table {
	const char *name;
	const fdt32_t *cells;     /* big-endian: read with fdt32_ld */
	unsigned int rows;
	bool present;
};

static uint32_t table_cell(const struct dt_table *t, unsigned int row_cells, unsigned int row,
			   unsigned int col)
{
	return fdt32_ld(&t->cells[row * row_cells + col]);
}

/*
 * Looks up property name of node and counts its whole rows. A length that is
 * not a whole number of rows is accepted: the whole rows are used and one line
 * says what was ignored. Returns the number of problems logged (0 or 1).
 */
static int table_get(const void *fdt, int node, const char *name, unsigned int row_cells,
		     struct dt_table *t)
{
	unsigned int row_bytes = row_cells * sizeof(fdt32_t);
	unsigned int extra;
	int len;

	t->name = name;
	t->cells = fdt_getprop(fdt, node, name, &len);
	t->present = t->cells != NULL && len >= 0;
	t->rows = 0;
	if (!t->present)
		return 0;
	t->rows = (unsigned int)len / row_bytes;
	extra = (unsigned int)len % row_bytes;
	if (extra == 0)
		return 0;
	if (extra % sizeof(fdt32_t) == 0)
		console_printf("pmu: %s: %u cell%s after the last whole %u-cell row ignored\n", name,
			   extra / 4, extra == 4 ? "" : "s", row_cells);
	else
		console_printf("pmu: %s: %u byte%s after the last whole %u-cell row ignored\n", name,
			   extra, extra == 1 ? "" : "s", row_cells);
	return 1;
}

/*
 * The binding says the event-to-* properties must not encode raw events; the
 * firmware events are counted by the firmware, not by hardware; the other
 * types are reserved. Only hardware general (0) and cache (1) events are left.
 */
static bool hw_event_type_ok(const char *prop, unsigned int row, uint32_t event_idx)
{
	unsigned int type = SBI_PMU_EVENT_IDX_TYPE(event_idx);

	switch (type) {
	case SBI_PMU_EVENT_TYPE_HW:
	case SBI_PMU_EVENT_TYPE_HW_CACHE:
		return true;
	case SBI_PMU_EVENT_TYPE_HW_RAW:
	case SBI_PMU_EVENT_TYPE_HW_RAW_V2:
		row_log(prop, row, "type %u (raw) events belong in " PROP_RAW ", skipped", type);
		return false;
	case SBI_PMU_EVENT_TYPE_FW:
		row_log(prop, row, "type 15 (firmware) events are not hardware events, skipped");
		return false;
	default:
		row_log(prop, row, "type %u is reserved, skipped", type);
		return false;
	}
}

/* The counters of a row after the bitmap rules; see counters_usable(). */
struct row_counters {
	uint32_t keep;            /* counters the row is kept with */
	uint32_t absent;          /* named but not on the boot hart */
	uint32_t fixed;           /* mcycle/minstret named for events they cannot count */
};

/*
 * Applies the counter bitmap rules to a row. fixed_ok holds the fixed-function
 * counters this row may name (mcycle only counts event 1, minstret only event
 * 2). Returns false, after logging why, if the row must be skipped; otherwise
 * fills rc, and the caller logs the counters dropped once it keeps the row.
 */
static bool counters_usable(const char *prop, unsigned int row, uint32_t bitmap, uint32_t present,
			    uint32_t fixed_ok, struct row_counters *rc)
{
	uint32_t fixed_function = COUNTER_BIT_MCYCLE | COUNTER_BIT_MINSTRET;

	rc->absent = bitmap & ~present;
	rc->fixed = bitmap & present & fixed_function & ~fixed_ok;
	rc->keep = bitmap & present & ~rc->fixed;
	if (bitmap == 0) {
		row_log(prop, row, "empty counter bitmap, skipped");
		return false;
	}
	if (bitmap & COUNTER_BIT_TIME) {
		row_log(prop, row, "counter bitmap 0x%x names counter 1 (time), skipped", bitmap);
		return false;
	}
	if ((bitmap & present) == 0) {
		row_log(prop, row, "counters 0x%x do not exist, skipped", bitmap);
		return false;
	}
	if (rc->keep == 0) {
		row_log(prop, row, "fixed-function counters 0x%x cannot count these events, skipped",
			rc->fixed);
		return false;
	}
	return true;
}

/* Returns 1 if counters were dropped from a kept row (and logs them), else 0. */
static int log_dropped_counters(const char *prop, unsigned int row, const struct row_counters *rc)
{
	if (rc->absent && rc->fixed)
		row_log(prop, row, "counters 0x%x do not exist and fixed-function counters 0x%x "
			"dropped; kept 0x%x", rc->absent, rc->fixed, rc->keep);
	else if (rc->absent)
		row_log(prop, row, "counters 0x%x do not exist, dropped; kept 0x%x", rc->absent,
			rc->keep);
	else if (rc->fixed)
		row_log(prop, row, "fixed-function counters 0x%x dropped; kept 0x%x", rc->fixed,
			rc->keep);
	else
		return 0;
	return 1;
}

static int log_map_full(const char *prop, unsigned int dropped)
{
	if (dropped == 0)
		return 0;
	console_printf("pmu: %s: map full (%u rows), %u more row%s dropped\n", prop, PMU_MAP_MAX_ROWS,
		   dropped, dropped == 1 ? "" : "s");
	return (int)dropped;
}

/* Checks a row's event range; logs and returns false if the row must be skipped. */
static bool event_range_ok(const char *prop, unsigned int row, uint32_t first, uint32_t last)
{
	if (first == SBI_PMU_HW_NO_EVENT) {
		row_log(prop, row, "first 0x0 is SBI_PMU_HW_NO_EVENT, skipped");
		return false;
	}
	if (first > EVENT_IDX_MAX) {
		row_log(prop, row, "first 0x%x has bits above 19, skipped", first);
		return false;
	}
	if (last > EVENT_IDX_MAX) {
		row_log(prop, row, "last 0x%x has bits above 19, skipped", last);
		return false;
	}
	if (first > last) {
		row_log(prop, row, "first 0x%x > last 0x%x, skipped", first, last);
		return false;
	}
	if (SBI_PMU_EVENT_IDX_TYPE(first) != SBI_PMU_EVENT_IDX_TYPE(last)) {
		row_log(prop, row, "first 0x%x and last 0x%x have different types, skipped", first,
			last);
		return false;
	}
	return hw_event_type_ok(prop, row, first);
}

/* riscv,event-to-mhpmcounters. Returns the number of problems. */
static int parse_ranges(const struct dt_table *t, struct pmu_event_map *map, uint32_t present)
{
	uint16_t source_row[PMU_MAP_MAX_ROWS];   /* property row of each kept range */
	unsigned int row, i, dropped = 0;
	int problems = 0;

	for (row = 0; row < t->rows; row++) {
		uint32_t first = table_cell(t, RANGE_CELLS, row, 0);
		uint32_t last = table_cell(t, RANGE_CELLS, row, 1);
		uint32_t bitmap = table_cell(t, RANGE_CELLS, row, 2);
		uint32_t fixed_ok = 0;
		struct row_counters rc;
		bool overlaps = false;

		if (!event_range_ok(t->name, row, first, last)) {
			problems++;
			continue;
		}
		/*
		 * Each event gets its counters from one row; with overlaps the
		 * answer of counter_config_matching would depend on row order.
		 */
		for (i = 0; i < map->range_count; i++) {
			if (first <= map->ranges[i].last && map->ranges[i].first <= last) {
				row_log(t->name, row, "events 0x%x-0x%x overlap row %u, skipped",
					first, last, source_row[i]);
				overlaps = true;
				break;
			}
		}
		if (overlaps) {
			problems++;
			continue;
		}
		if (first == SBI_PMU_HW_CPU_CYCLES && last == SBI_PMU_HW_CPU_CYCLES)
			fixed_ok = COUNTER_BIT_MCYCLE;
		else if (first == SBI_PMU_HW_INSTRUCTIONS && last == SBI_PMU_HW_INSTRUCTIONS)
			fixed_ok = COUNTER_BIT_MINSTRET;
		if (!counters_usable(t->name, row, bitmap, present, fixed_ok, &rc)) {
			problems++;
			continue;
		}
		if (map->range_count == PMU_MAP_MAX_ROWS) {
			dropped++;
			continue;
		}
		problems += log_dropped_counters(t->name, row, &rc);
		source_row[map->range_count] = (uint16_t)row;
		map->ranges[map->range_count].first = first;
		map->ranges[map->range_count].last = last;
		map->ranges[map->range_count].counters = rc.keep;
		map->range_count++;
	}
	return problems + log_map_full(t->name, dropped);
}

static bool event_has_counters(const struct pmu_event_map *map, uint32_t event_idx)
{
	unsigned int i;

	for (i = 0; i < map->range_count; i++)
		if (map->ranges[i].first <= event_idx && event_idx <= map->ranges[i].last)
			return true;
	return false;
}

/*
 * The first riscv,event-to-mhpmcounters row naming event_idx, kept or not, or
 * -1. A selector whose event has no kept range either has no row at all or
 * lost it (its counters do not exist on this hart, an overlap ...): the log
 * must say which, or a user reads "no row" for a row that is there.
 */
static int event_range_row(const struct dt_table *ranges, uint32_t event_idx)
{
	for (unsigned int row = 0; row < ranges->rows; row++)
		if (table_cell(ranges, RANGE_CELLS, row, 0) <= event_idx &&
		    event_idx <= table_cell(ranges, RANGE_CELLS, row, 1))
			return (int)row;
	return -1;
}

/*
 * riscv,event-to-mhpmevent, after the ranges (a selector is useless without
 * counters for its event). Returns the number of problems.
 */
static int parse_selectors(const struct dt_table *t, struct pmu_event_map *map,
			   const struct dt_table *ranges)
{
	uint16_t source_row[PMU_MAP_MAX_ROWS];
	unsigned int row, i, dropped = 0;
	int problems = 0;

	for (row = 0; row < t->rows; row++) {
		uint32_t event_idx = table_cell(t, SELECTOR_CELLS, row, 0);
		uint64_t selector = (uint64_t)table_cell(t, SELECTOR_CELLS, row, 1) << 32 |
				    table_cell(t, SELECTOR_CELLS, row, 2);
		bool duplicate = false;

		if (event_idx == SBI_PMU_HW_NO_EVENT) {
			row_log(t->name, row, "event 0x0 is SBI_PMU_HW_NO_EVENT, skipped");
			problems++;
			continue;
		}
		if (event_idx > EVENT_IDX_MAX) {
			row_log(t->name, row, "event 0x%x has bits above 19, skipped", event_idx);
			problems++;
			continue;
		}
		if (!hw_event_type_ok(t->name, row, event_idx)) {
			problems++;
			continue;
		}
		/* ONE-to-ONE mapping (binding): the first row wins. */
		for (i = 0; i < map->selector_count; i++) {
			if (map->selectors[i].event_idx == event_idx) {
				row_log(t->name, row, "event 0x%x already has a selector (row %u), skipped",
					event_idx, source_row[i]);
				duplicate = true;
				break;
			}
		}
		if (duplicate) {
			problems++;
			continue;
		}
		if (map->selector_count == PMU_MAP_MAX_ROWS) {
			dropped++;
			continue;
		}
		/* Without the ranges property one line (in pmu_dt_parse) says it all. */
		if (ranges->present && !event_has_counters(map, event_idx)) {
			int range_row = event_range_row(ranges, event_idx);

			if (range_row < 0)
				row_log(t->name, row, "event 0x%x has no " PROP_RANGES " row, kept but unusable",
					event_idx);
			else
				row_log(t->name, row, "event 0x%x: its " PROP_RANGES " row %d was skipped, "
					"kept but unusable", event_idx, range_row);
			problems++;
		}
		source_row[map->selector_count] = (uint16_t)row;
		map->selectors[map->selector_count].event_idx = event_idx;
		map->selectors[map->selector_count].selector = selector;
		map->selector_count++;
	}
	return problems + log_map_full(t->name, dropped);
}

/* riscv,raw-event-to-mhpmcounters. Returns the number of problems. */
static int parse_raw(const struct dt_table *t, struct pmu_event_map *map, uint32_t present)
{
	unsigned int row, dropped = 0;
	int problems = 0;

	for (row = 0; row < t->rows; row++) {
		uint64_t match = (uint64_t)table_cell(t, RAW_CELLS, row, 0) << 32 |
				 table_cell(t, RAW_CELLS, row, 1);
		uint64_t mask = (uint64_t)table_cell(t, RAW_CELLS, row, 2) << 32 |
				table_cell(t, RAW_CELLS, row, 3);
		uint32_t bitmap = table_cell(t, RAW_CELLS, row, 4);
		struct row_counters rc;

		/* Matches when (event_data & mask) == match: never if match sets a bit mask clears. */
		if (match & ~mask) {
			row_log(t->name, row, "match 0x%lx has bits outside mask 0x%lx, skipped",
				(unsigned long)match, (unsigned long)mask);
			problems++;
			continue;
		}
		/* mcycle/minstret count only cycles/instructions, never a raw event. */
		if (!counters_usable(t->name, row, bitmap, present, 0, &rc)) {
			problems++;
			continue;
		}
		if (map->raw_count == PMU_MAP_MAX_ROWS) {
			dropped++;
			continue;
		}
		problems += log_dropped_counters(t->name, row, &rc);
		map->raw[map->raw_count].match = match;
		map->raw[map->raw_count].mask = mask;
		map->raw[map->raw_count].counters = rc.keep;
		map->raw_count++;
	}
	return problems + log_map_full(t->name, dropped);
}

/* The characters a node name may have (DT specification 2.2.1), and '/'. */
static bool node_path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == ',' || c == '.' || c == '_' || c == '+' || c == '-' || c == '@' || c == '/';
}

/*
 * node's path for the log, or "?". libfdt's fdt_get_path walks back before
 * its buffer (and then writes there) on a DT whose root node ends before
 * node: only ask when node lies inside the root (found by tests/fuzz/fuzz_dt.c).
 * Any other byte of a name prints as '?': a name cannot start a log line of
 * its own or read as one (also found by fuzz_dt: a node named "pmu: ... row ").
 */
static void node_path(const void *fdt, int node, char *buf, int len)
{
	int offset = 0, depth = 0;

	while (offset >= 0 && offset < node && depth >= 0)
		offset = fdt_next_node(fdt, offset, &depth);
	if (offset != node || depth <= 0 || fdt_get_path(fdt, node, buf, len) < 0) {
		memcpy(buf, "?", 2);
		return;
	}
	for (char *c = buf; *c; c++)
		if (!node_path_char(*c))
			*c = '?';
}

/*
 * Returns the number of problems logged: each skipped row, each row kept with
 * counters dropped, each row dropped because the map was full, each kept
 * selector that no range covers, each property with a partial trailing row,
 * a missing mandatory riscv,event-to-mhpmcounters and each extra riscv,pmu
 * node. 0 means the DT was used exactly as written.
 */
int pmu_dt_parse(const void *fdt, struct pmu_event_map *map, uint32_t present_counters,
		 const struct pmu_default_map *default_map)
{
	/*
	 * Static, not on the stack: this runs once, at boot, on the boot hart's
	 * M-mode stack, which is only what its 2 KiB hart block leaves (hart.h).
	 */
	static char path[128], other_path[128];
	struct dt_table ranges, selectors, raw;
	int node, other, problems = 0;

	memset(map, 0, sizeof(*map));
	node = fdt ? fdt_node_offset_by_compatible(fdt, -1, PMU_COMPATIBLE) : -FDT_ERR_NOTFOUND;
	if (node < 0) {
		if (default_map) {
			pmu_default_map_expand(map, default_map);
			console_printf("pmu: no " PMU_COMPATIBLE " node, using the platform's default map\n");
		} else {
			console_printf("pmu: no " PMU_COMPATIBLE " node and no platform default map, "
				   "map is empty\n");
		}
		pmu_event_map_index(map);
		return 0;
	}
	node_path(fdt, node, path, sizeof(path));

	for (other = fdt_node_offset_by_compatible(fdt, node, PMU_COMPATIBLE); other >= 0;
	     other = fdt_node_offset_by_compatible(fdt, other, PMU_COMPATIBLE)) {
		node_path(fdt, other, other_path, sizeof(other_path));
		console_printf("pmu: %s: another " PMU_COMPATIBLE " node, ignored (using %s)\n",
			   other_path, path);
		problems++;
	}

	problems += table_get(fdt, node, PROP_RANGES, RANGE_CELLS, &ranges);
	problems += parse_ranges(&ranges, map, present_counters);

	problems += table_get(fdt, node, PROP_SELECTORS, SELECTOR_CELLS, &selectors);
	if (selectors.present && !ranges.present) {
		console_printf("pmu: " PROP_SELECTORS " without " PROP_RANGES
			   " (mandatory then): its selectors are unusable\n");
		problems++;
	}
	problems += parse_selectors(&selectors, map, &ranges);

	problems += table_get(fdt, node, PROP_RAW, RAW_CELLS, &raw);
	problems += parse_raw(&raw, map, present_counters);

	console_printf("pmu: %u event ranges, %u selectors, %u raw ranges from %s\n", map->range_count,
		   map->selector_count, map->raw_count, path);
	pmu_event_map_index(map);
	return problems;
}

/*
 * Stock Linux 6.12 and 7.2 have two bugs that only a firmware with snapshot
 * memory reaches (sampling dies after one sample; CPU hotplug loses the
 * page; docs/linux.md), and no other firmware offers it. So it is offered
 * only when asked for: by the build, or by an empty property in /chosen
 * (any value is ignored).
 */
const char *pmu_snapshot_offered_by(const void *fdt)
{
	int chosen;

	if (ABACUS_PMU_SNAPSHOT)
		return "build option PMU_SNAPSHOT=y";
	chosen = fdt ? fdt_path_offset(fdt, "/chosen") : -FDT_ERR_NOTFOUND;
	if (chosen >= 0 && fdt_getprop(fdt, chosen, PROP_OFFER_SNAPSHOT, NULL))
		return "DT /chosen/" PROP_OFFER_SNAPSHOT;
	return NULL;
}

/*
 * The mapping properties are for the firmware only: S-mode asks the SBI for
 * counters and must not program mhpmevent values itself. The node and its
 * compatible stay (they say an SBI PMU exists). The snapshot switch in
 * /chosen is the firmware's too.
 */
int pmu_dt_fixup(void *fdt)
{
	static const char *const firmware_only[] = { PROP_RANGES, PROP_SELECTORS, PROP_RAW };
	unsigned int i;
	int node, err;

	node = fdt_path_offset(fdt, "/chosen");
	if (node >= 0) {
		err = fdt_delprop(fdt, node, PROP_OFFER_SNAPSHOT);
		if (err < 0 && err != -FDT_ERR_NOTFOUND)
			return err;
	}

	for (node = fdt_node_offset_by_compatible(fdt, -1, PMU_COMPATIBLE); node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, PMU_COMPATIBLE)) {
		/* Deleting a property moves what follows, not the node itself: node stays valid. */
		for (i = 0; i < sizeof(firmware_only) / sizeof(firmware_only[0]); i++) {
			err = fdt_delprop(fdt, node, firmware_only[i]);
			if (err < 0 && err != -FDT_ERR_NOTFOUND)
				return err;
		}
	}
	return node == -FDT_ERR_NOTFOUND ? 0 : node;
}
