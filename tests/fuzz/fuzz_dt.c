/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: device trees as the firmware reads them at boot, built
 * with ASan and UBSan, on the firmware's own libfdt (the upstream copy boot
 * uses, with its FDT_ASSUME_MASK), instrumented like the rest.
 *
 * Three kinds of input:
 * - a DTB (the input starts with the FDT magic; seeds: the tests/fixtures DTs
 *   compiled with dtc): it goes through the firmware's own gate (header
 *   check, version 17, at most 1 MiB, fdt_open_into with the fixup room);
 * - a device recipe (the input starts with FUZZ_DT_DEVICE_RECIPE): UARTs,
 *   CLINT/ACLINT, syscon and GPIO reset nodes, I2C controllers and the
 *   PMICs on them (or on nodes that are none), with misaligned regs and
 *   offsets and odd widths, probed by the real drivers and used; no write
 *   outside a region the check accepted, no misaligned access, every I2C
 *   transfer bounded (fuzz_dt_devices.c);
 * - anything else is a recipe for a riscv,pmu node: which of its three
 *   mapping properties exist and their bytes (whole rows of plausible cells,
 *   or raw bytes of any length), extra riscv,pmu nodes, the counters present.
 *
 * Each DT then goes through what boot does with it: the memory and cpu
 * nodes (fdt_read_reg, fdt_node_is_enabled, fdt_cpu_hartid,
 * fdt_cpu_isa_features, fdt_cpu_intc_phandle), the console path
 * (fdt_stdout_node), every node's reg, pmu_dt_parse, the AIA scan
 * (aia_dt_scan) and the fixups S-mode gets (fdt_fixup_for_smode,
 * pmu_dt_fixup and aia_dt_fixup included).
 *
 * Checked: no crash, no hang (libFuzzer's -timeout), no sanitizer report;
 * the map pmu_dt_parse builds holds only rows the binding allows (checked
 * here from the binding, OpenSBI's docs/pmu_support.md); every row it did not keep was reported
 * (a "<property> row N:" log line, or the "map full" line); a DT that was
 * well-formed stays well-formed through the fixups, which leave no mapping
 * property and add the reserved-memory node; what the AIA scan keeps is
 * consistent (files inside their regs, delegations disjoint and within the
 * sources, children and MSI parents that exist), each problem it counts is
 * one "aia:" line, and after the fixups no machine-level AIA node is left
 * enabled; every line the parser and the scan print starts with their
 * "pmu: " or "aia: " (a node name with a newline starts none of its own).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "aia_dt.h"
#include "console.h"
#include "fdt_helpers.h"
#include "fdt_placement.h"
#include "hart.h"
#include "platform.h"
#include "pmu/pmu.h"
#include "boot.h"
#include "console.h"
#include "hsm/hsm.h"
#include "dt_device_reg.h"
#include "fuzz_dt.h"
#include "host_memory.h"
#include "memory_map.h"

#define FUZZ_MAX_SIZE     (256UL << 10) /* larger blobs are skipped here, for speed */
#define MAX_HARTS         16
#define FW_BASE           0x80000000UL
#define FW_SIZE           0x40000UL

#define PROP_RANGES     "riscv,event-to-mhpmcounters"
#define PROP_SELECTORS  "riscv,event-to-mhpmevent"
#define PROP_RAW        "riscv,raw-event-to-mhpmcounters"

static void print_log(void);

void fuzz_dt_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz_dt: invariant violated: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	print_log();
	abort();
}

#define EXPECT FUZZ_EXPECT
#define fuzz_fail fuzz_dt_fail

/* ---- The firmware's console: a log the checks read ---- */

static char log_text[1 << 17];
static size_t log_len;

static void print_log(void)
{
	if (log_len)
		fprintf(stderr, "--- firmware log of the failing input:\n%s---\n", log_text);
}

void console_putc(char c)
{
	if (log_len + 1 < sizeof(log_text)) {
		log_text[log_len++] = c;
		log_text[log_len] = '\0';
	}
}

size_t fuzz_dt_log_lines(const char *tail)
{
	size_t n = 0;

	for (const char *p = log_text; (p = strstr(p, tail)); p += strlen(tail))
		n++;
	return n;
}

const char *fuzz_dt_log(void)
{
	return log_text;
}

bool fuzz_dt_log_full(void)
{
	return log_len + 256 >= sizeof(log_text);
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

int console_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = format_vprint(console_putc, fmt, ap);   /* the firmware's formatter (lib/common/format.c) */
	va_end(ap);
	return n;
}

/* ---- Harts, for the fixups (fdt_fixup.c asks which harts have S-mode) ---- */

struct hart_state *host_current_hart;
/* S-mode's DT as a board no quirk names gets it (a quirk's fdt_fixup is tested with the quirk). */
const struct platform_quirk platform_quirk_generic = { .name = "generic" };
const struct platform_quirk *platform = &platform_quirk_generic;
static struct hart_state host_harts[MAX_HARTS];
static struct hart_state *host_table[MAX_HARTS];

/* ---- The walk boot does ---- */

/* Every HART_HAS_* an ISA string can claim (fdt_cpu_isa_features; the rest come from probing). */
#define ISA_CLAIMABLE (HART_HAS_S | HART_HAS_H | HART_HAS_SSTC | HART_HAS_SSCOFPMF | HART_HAS_SMCNTRPMF | \
		       HART_HAS_ZICBOM | HART_HAS_ZICBOZ | HART_HAS_MENVCFG | HART_HAS_ZKR | HART_HAS_SVPBMT | \
		       HART_HAS_SVADU | HART_HAS_SVADE | HART_HAS_SMSTATEEN | HART_HAS_ZICFILP | HART_HAS_ZICFISS | \
		       HART_HAS_SSDBLTRP | HART_HAS_SMNPM | HART_HAS_SMDBLTRP | HART_HAS_SMCDELEG | HART_HAS_SSCCFG | \
		       HART_HAS_SSCSRIND)

/* As scan_cpus (firmware/boot.c): the cpu nodes with a hartid, which size the copy's room. */
static unsigned int cpu_nodes_with_hartid(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int n = 0;

	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus)
		n += fdt_cpu_hartid(fdt, node) >= 0;
	return n;
}

/* As layout_harts (firmware/boot.c): enabled cpu nodes, first node of a hartid. */
static unsigned int walk_cpus(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int n = 0, ordinal = 0;

	hart_count = 0;
	hart_table = host_table;
	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_enabled_hartid(fdt, node);
		uint32_t features = fdt_cpu_isa_features(fdt, node);
		bool duplicate = false;

		(void)fdt_cpu_intc_phandle(fdt, node);
		EXPECT(!(features & ~ISA_CLAIMABLE), "ISA features 0x%x: unknown bits", features);
		for (unsigned int i = 0; i < n && id >= 0; i++)
			duplicate |= host_harts[i].hartid == (unsigned long)id;
		if (id < 0 || duplicate || n == MAX_HARTS) {
			ordinal++;
			continue;
		}
		memset(&host_harts[n], 0, sizeof(host_harts[n]));
		host_harts[n].hartid = id;
		host_harts[n].index = n;
		host_harts[n].dt_cpu_ordinal = ordinal++;
		host_harts[n].features = features;
		host_table[n] = &host_harts[n];
		n++;
	}
	hart_count = n;
	return n;
}

/*
 * Where boot_finish would put this DT for S-mode (the loader's copy taken to
 * be at the end of RAM): in place only within the original size; moved only
 * into the free span, aligned, clear of every range the DT marks as in use.
 */
static void check_placement(const void *fdt, uint64_t orig_size)
{
	struct fdt_placement p = {
		.orig = 0x87e00000UL, .orig_size = orig_size, .new_size = fdt_totalsize(fdt),
		.free_base = FW_BASE + FW_SIZE, .free_end = 0x80200000UL, .next_addr = 0x80200000UL,
		.room = 4096,
	};
	uint64_t addr = 0;

	memory_map_add_ram(0x80000000UL, 0x8000000UL);
	switch (fdt_place_for_smode(&p, fdt, &addr)) {
	case FDT_PLACE_IN_PLACE:
		EXPECT(addr == p.orig && p.new_size <= orig_size && p.total == orig_size,
		       "in place past the loader's size");
		break;
	case FDT_PLACE_MOVED:
		/* The DT handed on is p.total bytes: all of it must be free. */
		EXPECT(p.total == p.new_size || p.total == p.new_size + p.room, "total %lu", (unsigned long)p.total);
		EXPECT(!(addr & 7) && addr >= p.free_base && addr + p.total <= p.free_end,
		       "moved outside the free span: 0x%lx", (unsigned long)addr);
		EXPECT(!fdt_in_use_overlap_end(fdt, addr, p.total), "moved over a range in use");
		EXPECT(addr + p.total <= p.orig || addr >= p.orig + orig_size, "moved over the loader's DT");
		break;
	default:
		break;
	}
}

/* After the fixups, a cpu node left enabled is the one node of a hart with S-mode. */
static void check_cpu_status_fixup(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int ordinal = 0;

	if (cpus < 0)
		return;
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_enabled_hartid(fdt, node);
		struct hart_state *hs = id < 0 ? NULL : hart_by_id(id);

		if (id >= 0)
			EXPECT(hs && hs->dt_cpu_ordinal == ordinal && hart_offered_to_smode(hs),
			       "cpu node %u (hartid %ld) left enabled for a hart S-mode may not use", ordinal, id);
		ordinal++;
	}
}

/* [a, a + as) and [b, b + bs) overlap (neither empty nor wrapping). */
static bool overlaps(uint64_t a, uint64_t as, uint64_t b, uint64_t bs)
{
	return a < b + bs && b < a + as;
}

/*
 * dt_device_reg (lib/core/dt_device_reg.c) on a node's reg entry, against
 * the map boot builds (RAM from the memory nodes, the firmware range): a
 * region it lets a driver use is non-empty, does not wrap, holds min bytes,
 * starts at a multiple of the access width (1, 2, 4 or 8; 3 is no width)
 * and lies outside every RAM range and the firmware; a refused one has its
 * boot-log line; an absent one is absent.
 */
static void check_device_reg(const void *fdt, int node, int i, uint64_t min, unsigned int width)
{
	uint64_t addr, size, raw_addr, raw_size;
	size_t before = log_len;
	int r = dt_device_reg(fdt, node, i, min, width, &addr, &size);
	bool present = fdt_read_reg(fdt, node, i, &raw_addr, &raw_size) == 0;

	if (r == DT_REG_ABSENT) {
		EXPECT(!present, "dt_device_reg: reg %d of a node said absent", i);
		return;
	}
	EXPECT(present, "dt_device_reg: reg %d found where fdt_read_reg finds none", i);
	if (r == DT_REG_REFUSED) {
		/* (unless the captured log is full) */
		EXPECT(log_len + 256 >= sizeof(log_text) || (log_len > before && strstr(log_text + before, "; device refused\n")),
		       "dt_device_reg: a refusal without its boot-log line");
		return;
	}
	EXPECT(r == 0, "dt_device_reg: returned %d", r);
	EXPECT(size && addr + size > addr && size >= min, "dt_device_reg: let 0x%lx+0x%lx (min 0x%lx) through",
	       (unsigned long)addr, (unsigned long)size, (unsigned long)min);
	EXPECT(width != 3 && addr % width == 0, "dt_device_reg: let 0x%lx through for %u-byte accesses",
	       (unsigned long)addr, width);
	EXPECT(!overlaps(addr, size, FW_BASE, FW_SIZE), "dt_device_reg: a device in the firmware: 0x%lx+0x%lx",
	       (unsigned long)addr, (unsigned long)size);
	for (unsigned int k = 0; k < memory_map.ram_count; k++)
		EXPECT(!overlaps(addr, size, memory_map.ram[k].base, memory_map.ram[k].size),
		       "dt_device_reg: a device in RAM: 0x%lx+0x%lx", (unsigned long)addr, (unsigned long)size);
}

static void walk_nodes(const void *fdt)
{
	int node, depth = 0, visited = 0;
	uint64_t addr, size;

	/* RAM as boot records it (firmware/boot.c, scan_memory), then the firmware range. */
	host_memory_reset();
	fdt_for_each_subnode(node, fdt, 0) {
		int len;
		const char *type = fdt_getprop(fdt, node, "device_type", &len);
		if (!type || len != 7 || memcmp(type, "memory", 7) || !fdt_node_is_enabled(fdt, node))
			continue;
		for (int i = 0; i < 64 && fdt_read_reg(fdt, node, i, &addr, &size) == 0; i++)
			if (size)
				(void)memory_map_add_ram(addr, size);
	}
	memory_map_set_firmware(FW_BASE, FW_SIZE);
	(void)fdt_stdout_node(fdt);
	for (node = fdt_next_node(fdt, -1, &depth); node >= 0 && visited < 4096;
	     node = fdt_next_node(fdt, node, &depth), visited++) {
		for (int i = 0; i < 3; i++)
			check_device_reg(fdt, node, i, visited & 1 ? 0x10 : 0xc000, "\1\2\4\10\3"[(visited + i) % 5]);
		(void)fdt_read_u32(fdt, node, "reg-shift", 0);
		(void)fdt_node_is_enabled(fdt, node);
	}
}

/* ---- pmu_dt_parse and the binding's rules ---- */

/* Distinct rows of prop that have a "pmu: <prop> row N:" log line. */
static unsigned int rows_reported(const char *prop, unsigned int rows, unsigned int *highest)
{
	static uint8_t seen[1 << 16];
	char head[96];
	unsigned int n = 0;
	const char *p = log_text;

	snprintf(head, sizeof(head), "pmu: %s row ", prop);
	memset(seen, 0, rows < sizeof(seen) ? rows : sizeof(seen));
	*highest = 0;
	while ((p = strstr(p, head))) {
		unsigned long row = strtoul(p + strlen(head), NULL, 10);
		bool line_start = p == log_text || p[-1] == '\n';
		p += strlen(head);
		if (!line_start)
			fuzz_fail("\"%s\" inside a log line: a DT string printed as it is?", head);
		if (row >= rows)
			fuzz_fail("log names %s row %lu of %u", prop, row, rows);
		if (row < sizeof(seen) && !seen[row]) {
			seen[row] = 1;
			n++;
		}
		*highest = row > *highest ? (unsigned int)row : *highest;
	}
	return n;
}

/* Rows dropped because the map was full, from the "map full" line of prop. */
static unsigned int rows_dropped_full(const char *prop)
{
	char head[96];
	const char *p;
	unsigned int dropped;

	snprintf(head, sizeof(head), "pmu: %s: map full (%u rows), ", prop, PMU_MAP_MAX_ROWS);
	p = strstr(log_text, head);
	if (!p)
		return 0;
	if (sscanf(p + strlen(head), "%u more", &dropped) != 1)
		fuzz_fail("unreadable map-full line for %s", prop);
	return dropped;
}

/* Every row of the property is kept, reported or counted as dropped. */
static void check_rows_accounted(const void *fdt, int node, const char *prop, unsigned int row_cells,
				 unsigned int kept)
{
	int len;
	const void *p = fdt_getprop(fdt, node, prop, &len);
	unsigned int rows = p && len > 0 ? (unsigned int)len / (row_cells * 4) : 0, highest;
	unsigned int reported = rows_reported(prop, rows, &highest), dropped = rows_dropped_full(prop);

	EXPECT(kept <= rows, "%s: %u rows kept of %u", prop, kept, rows);
	EXPECT(kept + reported + dropped >= rows, "%s: %u rows, %u kept, %u reported, %u dropped: "
	       "a row was skipped silently", prop, rows, kept, reported, dropped);
}

static void check_map(const struct pmu_event_map *map, uint32_t present)
{
	const uint32_t fixed = 0x5, time = 0x2;

	EXPECT(map->range_count <= PMU_MAP_MAX_ROWS && map->selector_count <= PMU_MAP_MAX_ROWS &&
	       map->raw_count <= PMU_MAP_MAX_ROWS, "map counts %u/%u/%u", map->range_count,
	       map->selector_count, map->raw_count);
	for (unsigned int i = 0; i < map->range_count; i++) {
		const struct pmu_event_range *r = &map->ranges[i];
		unsigned int type = r->first >> 16;

		EXPECT(r->first && r->first <= r->last && r->last <= 0xfffff && type == r->last >> 16 && type <= 1,
		       "range row %u: 0x%x-0x%x kept", i, r->first, r->last);
		EXPECT(r->counters && !(r->counters & ~present) && !(r->counters & time),
		       "range row %u: counters 0x%x (present 0x%x)", i, r->counters, present);
		EXPECT(!(r->counters & 1) || (r->first == 1 && r->last == 1), "mcycle mapped to 0x%x-0x%x", r->first,
		       r->last);
		EXPECT(!(r->counters & 4) || (r->first == 2 && r->last == 2), "minstret mapped to 0x%x-0x%x",
		       r->first, r->last);
		for (unsigned int j = 0; j < i; j++)
			EXPECT(r->last < map->ranges[j].first || map->ranges[j].last < r->first,
			       "range rows %u and %u overlap", j, i);
	}
	for (unsigned int i = 0; i < map->selector_count; i++) {
		uint32_t e = map->selectors[i].event_idx;

		EXPECT(e && e <= 0xfffff && (e >> 16) <= 1, "selector row %u for event 0x%x kept", i, e);
		for (unsigned int j = 0; j < i; j++)
			EXPECT(map->selectors[j].event_idx != e, "two selectors for event 0x%x", e);
	}
	for (unsigned int i = 0; i < map->raw_count; i++) {
		const struct pmu_raw_range *r = &map->raw[i];

		EXPECT(!(r->match & ~r->mask), "raw row %u: match outside mask kept", i);
		EXPECT(r->counters && !(r->counters & ~present) && !(r->counters & (fixed | time)),
		       "raw row %u: counters 0x%x (present 0x%x)", i, r->counters, present);
	}
}

static const struct pmu_builtin_event default_events[] = { PMU_BUILTIN_EVENT(1, 0x11) };
static const struct pmu_default_map default_map = {
	.events = default_events,
	.event_count = 1,
	.counters = 0x1,
};
/* The map pmu_dt_parse makes of it: its rows. */
static const struct pmu_event_map default_map_rows = {
	.ranges = { { 1, 1, 0x1 } },
	.range_count = 1,
	.selectors = { { 1, 0x11 } },
	.selector_count = 1,
};

/*
 * Every line of the log so far starts with prefix: nothing a DT holds (a
 * node name with a newline) starts a line of its own (format_printable).
 * Returns the number of lines.
 */
static unsigned int check_lines_start(const char *prefix)
{
	size_t n = strlen(prefix);
	unsigned int lines = 0;

	for (const char *line = log_text; *line; lines++) {
		const char *end = strchr(line, '\n');
		EXPECT(strncmp(line, prefix, n) == 0, "a log line not of the \"%s\" kind: %.60s", prefix, line);
		line = end ? end + 1 : line + strlen(line);
	}
	return lines;
}


static void parse_pmu(const void *fdt, uint32_t present, bool with_default)
{
	struct pmu_event_map map;
	int node = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu"), problems;

	log_len = 0;
	log_text[0] = '\0';
	memset(&map, 0xa5, sizeof(map));   /* the parser must not rely on a zeroed map */
	problems = pmu_dt_parse(fdt, &map, present, with_default ? &default_map : NULL);
	EXPECT(problems >= 0, "pmu_dt_parse returned %d", problems);
	check_lines_start("pmu: ");
	if (node < 0) {
		/* The default's rows (or none), with their index built. */
		static struct pmu_event_map expected;
		expected = with_default ? default_map_rows : (struct pmu_event_map){ 0 };
		pmu_event_map_index(&expected);
		EXPECT(!memcmp(&map, &expected, sizeof(map)), "no riscv,pmu node: map is not the default");
		return;
	}
	check_map(&map, present);
	check_rows_accounted(fdt, node, PROP_RANGES, 3, map.range_count);
	check_rows_accounted(fdt, node, PROP_SELECTORS, 3, map.selector_count);
	check_rows_accounted(fdt, node, PROP_RAW, 5, map.raw_count);
	EXPECT(problems > 0 || !strstr(log_text, " row "), "rows reported but 0 problems returned");
}

/*
 * The structure block walks from the root's BEGIN_NODE to FDT_END with
 * balanced nodes, readable names and property names: what fdt_check_full
 * (not in the firmware's libfdt files) checks, enough for the fixups' rule.
 */
static bool dt_well_formed(const void *fdt)
{
	int offset = 0, next, depth = 0, len;

	if (fdt_check_header(fdt) || fdt_next_tag(fdt, 0, &next) != FDT_BEGIN_NODE)
		return false;
	for (unsigned int steps = 0; steps < (1u << 20); steps++) {
		uint32_t tag = fdt_next_tag(fdt, offset, &next);

		if (next < 0)
			return false;
		switch (tag) {
		case FDT_BEGIN_NODE: {
			const char *name = fdt_get_name(fdt, offset, &len);
			/* Only the root is unnamed, and no name has a '/' (paths are built from them). */
			if (!name || (depth == 0) != (len == 0) || memchr(name, '/', len))
				return false;
			depth++;
			break;
		}
		case FDT_END_NODE:
			if (--depth < 0)
				return false;
			break;
		case FDT_PROP:
			if (depth == 0 || !fdt_getprop_by_offset(fdt, offset, NULL, &len))
				return false;
			break;
		case FDT_NOP:
			break;
		case FDT_END:
			return depth == 0;
		default:
			return false;
		}
		if (depth == 0 && tag == FDT_END_NODE)
			return fdt_next_tag(fdt, next, &next) == FDT_END;
		offset = next;
	}
	return false;
}

/* ---- The AIA nodes ---- */

static struct aia_dt aia_scan;

/* The AIA scan, kept for the fixups (boot scans once, at cold boot, and fixes up that layout). */
static void check_aia(const void *fdt)
{
	const struct aia_dt *aia = &aia_scan;
	unsigned int lines;

	/* A fresh log: the previous input's may have filled it (a line that does not fit is lost). */
	log_len = 0;
	log_text[0] = '\0';
	aia_dt_scan(fdt, &aia_scan, true);
	lines = check_lines_start("aia: ");
	EXPECT(lines == aia->problems, "aia_dt_scan counted %u problems, logged %u", aia->problems, lines);
	EXPECT(aia->nr_imsics <= AIA_MAX_IMSICS && aia->nr_aplics <= AIA_MAX_APLICS, "aia: too many nodes kept");
	for (unsigned int i = 0; i < aia->nr_imsics; i++) {
		const struct aia_imsic *im = &aia->imsic[i];
		uint64_t file;
		EXPECT(im->level == AIA_LEVEL_M || im->level == AIA_LEVEL_S, "aia: IMSIC kept without a level");
		EXPECT(im->nr_files && im->nr_regs && im->nr_regs <= AIA_MAX_IMSIC_REGS, "aia: IMSIC kept without files");
		EXPECT(im->num_ids >= 63 && im->num_ids <= 2047, "aia: IMSIC num_ids %u", im->num_ids);
		for (unsigned int f = 0; f < im->nr_files; f++) {
			bool inside = false;
			EXPECT(aia_imsic_file_addr(im, f, &file), "aia: IMSIC file %u has no address", f);
			for (unsigned int r = 0; r < im->nr_regs; r++)
				inside |= file >= im->reg_base[r] && file - im->reg_base[r] < im->reg_size[r];
			EXPECT(inside, "aia: IMSIC file %u at 0x%llx outside its regs", f, (unsigned long long)file);
		}
	}
	for (unsigned int a = 0; a < aia->nr_aplics; a++) {
		const struct aia_aplic *ap = &aia->aplic[a];
		EXPECT(ap->level == AIA_LEVEL_M || ap->level == AIA_LEVEL_S, "aia: APLIC kept without a level");
		EXPECT(ap->num_sources >= 1 && ap->num_sources <= AIA_MAX_SOURCES && ap->size >= 0x4000,
		       "aia: APLIC kept with %u sources, size 0x%llx", ap->num_sources, (unsigned long long)ap->size);
		EXPECT(!ap->msi_mode || (ap->msi_imsic >= 0 && (unsigned int)ap->msi_imsic < aia->nr_imsics &&
					 aia->imsic[ap->msi_imsic].level == ap->level), "aia: APLIC MSI parent");
		EXPECT(ap->nr_children <= AIA_MAX_CHILDREN && ap->nr_delegations <= AIA_MAX_DELEGATIONS,
		       "aia: APLIC lists overflow");
		for (unsigned int d = 0; d < ap->nr_delegations; d++) {
			const struct aia_delegation *dl = &ap->delegation[d];
			EXPECT(dl->child_index < ap->nr_children && dl->first >= 1 && dl->first <= dl->last &&
			       dl->last <= ap->num_sources, "aia: delegation %u-%u to child %u kept", dl->first, dl->last,
			       dl->child_index);
			for (unsigned int e = 0; e < d; e++)
				EXPECT(dl->first > ap->delegation[e].last || dl->last < ap->delegation[e].first,
				       "aia: overlapping delegations kept");
		}
	}
}

/* After the fixups: no machine-level AIA node left for S-mode. */
static void check_aia_hidden(const void *fdt)
{
	static struct aia_dt aia;

	aia_dt_scan(fdt, &aia, false);
	for (unsigned int i = 0; i < aia.nr_imsics; i++)
		EXPECT(aia.imsic[i].level != AIA_LEVEL_M, "aia: an M-level IMSIC is enabled in S-mode's DT");
	for (unsigned int i = 0; i < aia.nr_aplics; i++)
		EXPECT(aia.aplic[i].level != AIA_LEVEL_M, "aia: an M-level APLIC is enabled in S-mode's DT");
}

/* ---- One DT through boot ---- */

static unsigned long dts_parsed;   /* DTs past the boot gate: the figure docs/reliability.md quotes */

static void report_dts(void)
{
	fprintf(stderr, "fuzz_dt: %lu device trees through the boot path\n", dts_parsed);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	atexit(report_dts);
	return 0;
}

static void run_boot(const void *dtb, size_t avail, uint8_t options)
{
	static const uint32_t present_masks[] = { 0x7ffff, 0x1f, 0x7, 0xfffffffd };
	size_t total, room;
	void *fdt;
	int err;

	/* The blob must lie inside the input before boot's own gate reads it. */
	if (fdt_check_header(dtb))
		return;
	total = fdt_totalsize(dtb);
	if (total > FUZZ_MAX_SIZE || total > avail)
		return;
	/* The gate of boot_cold_main (firmware/boot.c): the same function. */
	if (fdt_check_boot_dtb(dtb, &err))
		return;
	bool well_formed = dt_well_formed(dtb);

	room = total + fdt_fixup_room(cpu_nodes_with_hartid(dtb));
	fdt = malloc(room);
	if (!fdt)
		abort();
	err = fdt_open_into(dtb, fdt, (int)room);
	if (err) {
		free(fdt);
		return;
	}

	dts_parsed++;
	walk_cpus(fdt);
	walk_nodes(fdt);
	check_aia(fdt);
	parse_pmu(fdt, present_masks[options % 4], options & 4);
	/* The snapshot switch: read from any DT without harm. */
	bool offered = pmu_snapshot_offered_by(fdt) != NULL;
	int chosen = fdt_path_offset(fdt, "/chosen");
	EXPECT(offered == (chosen >= 0 && fdt_getprop(fdt, chosen, "abacus,pmu-snapshot", NULL) != NULL),
	       "snapshot switch read wrongly");

	/* The fixups on the firmware's copy, as boot_finish does. */
	host_memory_reset();
	memory_map.fw_base = FW_BASE;
	memory_map.fw_size = FW_SIZE;
	/* As boot: the AIA scan of this very layout (options & 16: none, the fixup finds the nodes itself). */
	err = fdt_fixup_for_smode(fdt, options & 8 ? FDT_RESERVE_MEMRESERVE : FDT_RESERVE_NO_MAP_NODE,
				  options & 16 ? NULL : &aia_scan);
	if (!err && well_formed) {
		int node, pmu;
		EXPECT(dt_well_formed(fdt), "fixups made a well-formed DT malformed");
		check_cpu_status_fixup(fdt);
		check_aia_hidden(fdt);
		fdt_pack(fdt);
		check_placement(fdt, total);
		if (options & 8) {
			uint64_t base = 0, size = 0;
			int n = fdt_num_mem_rsv(fdt);
			EXPECT(n > 0 && fdt_get_mem_rsv(fdt, n - 1, &base, &size) == 0 && base == FW_BASE &&
			       size == FW_SIZE, "no /memreserve/ entry for the firmware region after the fixups");
		} else {
			node = fdt_path_offset(fdt, "/reserved-memory/abacus@80000000");
			EXPECT(node >= 0 && fdt_getprop(fdt, node, "no-map", NULL) && fdt_getprop(fdt, node, "reg", NULL),
			       "no /reserved-memory/abacus@80000000 with reg and no-map after the fixups");
		}
		for (pmu = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu"); pmu >= 0;
		     pmu = fdt_node_offset_by_compatible(fdt, pmu, "riscv,pmu"))
			EXPECT(!fdt_getprop(fdt, pmu, PROP_RANGES, NULL) && !fdt_getprop(fdt, pmu, PROP_SELECTORS, NULL) &&
			       !fdt_getprop(fdt, pmu, PROP_RAW, NULL), "a mapping property survived the fixups");
		chosen = fdt_path_offset(fdt, "/chosen");
		EXPECT(chosen < 0 || !fdt_getprop(fdt, chosen, "abacus,pmu-snapshot", NULL),
		       "the firmware-only snapshot switch survived the fixups");
	}
	free(fdt);
}

/* ---- Recipes for a riscv,pmu node ---- */

struct input {
	const uint8_t *p;
	size_t n;
};

static uint8_t take8(struct input *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

static uint32_t take32(struct input *in)
{
	return (uint32_t)take8(in) << 24 | (uint32_t)take8(in) << 16 | (uint32_t)take8(in) << 8 | take8(in);
}

/* A plausible cell: event indexes, counter bitmaps, masks, or anything. */
static uint32_t gen_cell(struct input *in)
{
	uint8_t sel = take8(in), k = take8(in);

	switch (sel % 10) {
	case 0: return k % 12;                       /* hardware general events */
	case 1: return 0x10000 | k;                  /* cache events */
	case 2: return (uint32_t)(k % 16) << 16 | take8(in);   /* any type */
	case 3: return 1u << (k % 32);               /* one counter */
	case 4: return 0x7fff8;                      /* QEMU's hpm counters */
	case 5: return (1u << (k % 32)) - 1;
	case 6: return 0xffffffffu;
	case 7: return 0;
	case 8: return k;
	default: return take32(in);
	}
}

static void add_prop(void *fdt, int node, const char *name, struct input *in, unsigned int row_cells)
{
	uint8_t buf[4096];
	uint8_t how = take8(in);
	unsigned int len;

	if (how % 4 == 0) {   /* raw bytes, any length */
		len = take8(in) % 64;
		for (unsigned int i = 0; i < len; i++)
			buf[i] = take8(in);
	} else {               /* whole rows of cells, perhaps with a partial one */
		unsigned int rows = how % 4 == 3 ? take8(in) : take8(in) % 8;
		unsigned int cells = rows * row_cells + (take8(in) % 8 == 0 ? take8(in) % row_cells : 0);
		if (cells > sizeof(buf) / 4)
			cells = sizeof(buf) / 4;
		for (unsigned int i = 0; i < cells; i++) {
			uint32_t c = gen_cell(in);
			buf[4 * i] = c >> 24;
			buf[4 * i + 1] = c >> 16;
			buf[4 * i + 2] = c >> 8;
			buf[4 * i + 3] = c;
		}
		len = cells * 4;
	}
	if (fdt_setprop(fdt, node, name, buf, (int)len))
		abort();
}

/* An empty tree (version 17): header, reservation map terminator, root node, FDT_END. */
static const uint32_t empty_tree[] = {
	0xd00dfeed, 72, 56, 72, 40, 17, 16, 0, 0, 16,   /* header: sizes and offsets */
	0, 0, 0, 0,                                     /* memory reservation map: terminator */
	1, 0, 2, 9,                                     /* BEGIN_NODE "", END_NODE, END */
};

static void run_recipe(const uint8_t *data, size_t size)
{
	static uint8_t blob[64 << 10];
	uint32_t empty[sizeof(empty_tree) / 4];
	struct input in = { data, size };
	uint8_t what = take8(&in), options = take8(&in);
	unsigned int extra_nodes = what >> 4 & 3;
	int cpus, cpu;

	for (unsigned int i = 0; i < sizeof(empty_tree) / 4; i++)
		empty[i] = cpu_to_fdt32(empty_tree[i]);
	if (fdt_open_into(empty, blob, sizeof(blob)))
		abort();
	fdt_setprop_u32(blob, 0, "#address-cells", 2);
	fdt_setprop_u32(blob, 0, "#size-cells", 2);
	for (unsigned int n = 0; n <= extra_nodes; n++) {
		char name[16];
		int node;

		snprintf(name, sizeof(name), n ? "pmu%u" : "pmu", n);
		node = fdt_add_subnode(blob, 0, name);
		if (node < 0)
			abort();
		if (!(what & 8) || n == 0)
			fdt_setprop_string(blob, node, "compatible", n && (what & 64) ? "vendor,pmu" : "riscv,pmu");
		if (what & 1)
			add_prop(blob, node, PROP_RANGES, &in, 3);
		if (what & 2)
			add_prop(blob, node, PROP_SELECTORS, &in, 3);
		if (what & 4)
			add_prop(blob, node, PROP_RAW, &in, 5);
	}
	cpus = fdt_add_subnode(blob, 0, "cpus");
	fdt_setprop_u32(blob, cpus, "#address-cells", 1);
	fdt_setprop_u32(blob, cpus, "#size-cells", 0);
	cpu = fdt_add_subnode(blob, cpus, "cpu@0");
	if (cpus < 0 || cpu < 0)
		abort();
	fdt_setprop_string(blob, cpu, "device_type", "cpu");
	fdt_setprop_u32(blob, cpu, "reg", 0);
	fdt_setprop_string(blob, cpu, "riscv,isa", what & 128 ? "rv64imafdc_sscofpmf" : "rv64imafdch_zicsr_sstc");
	if (fdt_pack(blob))
		abort();
	run_boot(blob, sizeof(blob), options);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t *aligned;
	static size_t aligned_size;

	(void)isa_string_features((const char *)data, size < 64 ? (int)size : 64);
	if (size && data[0] == FUZZ_DT_DEVICE_RECIPE) {
		log_len = 0;
		log_text[0] = '\0';
		fuzz_dt_device_recipe(data + 1, size - 1);
		return 0;
	}
	if (size < sizeof(struct fdt_header) || fdt_magic(data) != FDT_MAGIC) {
		run_recipe(data, size);
		return 0;
	}
	/* The firmware reads the DT in place, 8-byte aligned; what follows it is zeros here. */
	if (aligned_size < size + FUZZ_MAX_SIZE) {
		free(aligned);
		aligned_size = (size + FUZZ_MAX_SIZE + 7) & ~(size_t)7;
		aligned = aligned_alloc(8, aligned_size);
		if (!aligned)
			abort();
	}
	memcpy(aligned, data, size);
	memset(aligned + size, 0, aligned_size - size);
	run_boot(aligned, aligned_size, data[size - 1]);
	return 0;
}
