/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of lib/ext/pmu/pmu_dt.c: the riscv,pmu node parser and its fixup,
 * on dtc-compiled fixtures (tests/fixtures/NAME.dts -> DIR/NAME.dtb).
 *
 * Fixture directory, first found: argv[1], $PMU_DT_FIXTURES, "build/fixtures".
 * Run from the repository root: make -f tests/host/pmu/host.mk pmu-dt-test
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "console.h"
#include "pmu/pmu.h"
#include "test.h"

TEST_MAIN_GLOBALS

/* Counters of QEMU 7.2's rv64: mcycle, time, minstret, mhpmcounter3..18. */
#define PRESENT_QEMU      0x7ffffu
/* U74: mcycle, time, minstret, mhpmcounter3..4. */
#define PRESENT_U74       0x1fu
#define PRESENT_3_TO_19   0xfffffu

static const char *fixture_dir = "build/fixtures";

/* ---- console_printf capture: the log lines the parser writes ---- */
static char log_text[1 << 16];
static size_t log_len;

int console_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(log_text + log_len, sizeof(log_text) - log_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		log_len += (size_t)n < sizeof(log_text) - log_len ? (size_t)n : sizeof(log_text) - 1 - log_len;
	return n;
}

static void log_clear(void)
{
	log_len = 0;
	log_text[0] = '\0';
}

static unsigned int log_lines(void)
{
	unsigned int lines = 0;

	for (size_t i = 0; i < log_len; i++)
		lines += log_text[i] == '\n';
	return lines;
}

/* Exact log comparison; on a mismatch both texts go to stdout before the FAIL line. */
static bool log_is(const char *expected)
{
	if (strcmp(log_text, expected) == 0)
		return true;
	printf("--- expected log:\n%s--- actual log:\n%s---\n", expected, log_text);
	return false;
}

/* The expected text goes into a variable: CHECK would stringify a long literal. */
#define CHECK_LOG(expected) do { \
	static const char want_log[] = expected; \
	CHECK(log_is(want_log)); } while (0)

static void test_setup(void)
{
	log_clear();
}

/* ---- fixtures ---- */
static void *fixtures[64];
static unsigned int fixture_count;

/* Loads <fixture_dir>/<name>.dtb into memory freed at exit. */
static void *load_fixture(const char *name)
{
	char path[512];
	FILE *f;
	long size;
	char *buf;

	snprintf(path, sizeof(path), "%s/%s.dtb", fixture_dir, name);
	f = fopen(path, "rb");
	if (!f) {
		printf("cannot open fixture %s\n", path);
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	buf = size > 0 ? malloc((size_t)size) : NULL;
	if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	if (fdt_check_header(buf) != 0 || fdt_totalsize(buf) != (uint32_t)size) {
		printf("fixture %s is not a valid DTB\n", path);
		free(buf);
		return NULL;
	}
	if (fixture_count < sizeof(fixtures) / sizeof(fixtures[0]))
		fixtures[fixture_count++] = buf;
	return buf;
}

/* A writable copy with room to grow, as the firmware gets it. */
static void *writable_copy(const void *fdt, size_t extra)
{
	size_t size = fdt_totalsize(fdt) + extra;
	void *copy = malloc(size);

	if (copy && fdt_open_into(fdt, copy, (int)size) != 0) {
		free(copy);
		return NULL;
	}
	return copy;
}

/* ---- expected maps ---- */
static bool ranges_are(const struct pmu_event_map *map, const struct pmu_event_range *want,
		       unsigned int count)
{
	if (map->range_count != count) {
		printf("range_count %u, expected %u\n", map->range_count, count);
		return false;
	}
	for (unsigned int i = 0; i < count; i++) {
		const struct pmu_event_range *r = &map->ranges[i];

		if (r->first != want[i].first || r->last != want[i].last ||
		    r->counters != want[i].counters) {
			printf("range %u: <0x%x 0x%x 0x%x>, expected <0x%x 0x%x 0x%x>\n", i, r->first,
			       r->last, r->counters, want[i].first, want[i].last, want[i].counters);
			return false;
		}
	}
	return true;
}

static bool selectors_are(const struct pmu_event_map *map, const struct pmu_event_selector *want,
			  unsigned int count)
{
	if (map->selector_count != count) {
		printf("selector_count %u, expected %u\n", map->selector_count, count);
		return false;
	}
	for (unsigned int i = 0; i < count; i++) {
		const struct pmu_event_selector *s = &map->selectors[i];

		if (s->event_idx != want[i].event_idx || s->selector != want[i].selector) {
			printf("selector %u: 0x%x -> 0x%llx, expected 0x%x -> 0x%llx\n", i, s->event_idx,
			       (unsigned long long)s->selector, want[i].event_idx,
			       (unsigned long long)want[i].selector);
			return false;
		}
	}
	return true;
}

static bool raw_are(const struct pmu_event_map *map, const struct pmu_raw_range *want,
		    unsigned int count)
{
	if (map->raw_count != count) {
		printf("raw_count %u, expected %u\n", map->raw_count, count);
		return false;
	}
	for (unsigned int i = 0; i < count; i++) {
		const struct pmu_raw_range *r = &map->raw[i];

		if (r->match != want[i].match || r->mask != want[i].mask ||
		    r->counters != want[i].counters) {
			printf("raw %u: 0x%llx/0x%llx 0x%x, expected 0x%llx/0x%llx 0x%x\n", i,
			       (unsigned long long)r->match, (unsigned long long)r->mask, r->counters,
			       (unsigned long long)want[i].match, (unsigned long long)want[i].mask,
			       want[i].counters);
			return false;
		}
	}
	return true;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static struct pmu_event_map map;   /* big: keep it off the stack */

/* ---- QEMU 7.2 virt ---- */
static const struct pmu_event_range qemu_ranges[] = {
	{ 0x1, 0x1, 0x7fff9 },
	{ 0x2, 0x2, 0x7fffc },
	{ 0x10019, 0x10019, 0x7fff8 },
	{ 0x1001b, 0x1001b, 0x7fff8 },
	{ 0x10021, 0x10021, 0x7fff8 },
};

static const char qemu_log[] =
	"pmu: riscv,event-to-mhpmcounters: 2 cells after the last whole 3-cell row ignored\n"
	"pmu: riscv,event-to-mhpmcounters row 5: first 0x0 is SBI_PMU_HW_NO_EVENT, skipped\n"
	"pmu: 5 event ranges, 0 selectors, 0 raw ranges from /pmu\n";

TEST(qemu_virt_keeps_five_rows_rejects_zero_row_and_two_trailing_cells)
{
	const void *fdt = load_fixture("qemu-virt");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 2);
	CHECK(ranges_are(&map, qemu_ranges, COUNT(qemu_ranges)));
	CHECK(selectors_are(&map, NULL, 0));
	CHECK(raw_are(&map, NULL, 0));
	CHECK(log_is(qemu_log));
}

TEST(qemu_virt_sscofpmf_has_the_same_map)
{
	const void *fdt = load_fixture("qemu-virt-sscofpmf");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 2);
	CHECK(ranges_are(&map, qemu_ranges, COUNT(qemu_ranges)));
	CHECK(selectors_are(&map, NULL, 0));
	CHECK(raw_are(&map, NULL, 0));
	CHECK(log_is(qemu_log));
}

/* ---- HiFive Unmatched (binding example, U74 counters 3 and 4) ---- */
static const struct pmu_event_range unmatched_ranges[] = {
	{ 0x3, 0x6, 0x18 },
	{ 0x10001, 0x10002, 0x18 },
	{ 0x10009, 0x10009, 0x18 },
	{ 0x10011, 0x10011, 0x18 },
	{ 0x10019, 0x10019, 0x18 },
	{ 0x10021, 0x10021, 0x18 },
};
static const struct pmu_event_selector unmatched_selectors[] = {
	{ 0x3, 0x1801 }, { 0x4, 0x0302 }, { 0x5, 0x4000 }, { 0x6, 0x6001 },
	{ 0x10001, 0x0202 }, { 0x10002, 0x0402 }, { 0x10009, 0x0102 },
	{ 0x10011, 0x2002 }, { 0x10019, 0x1002 }, { 0x10021, 0x0802 },
};
static const struct pmu_raw_range unmatched_raw[] = {
	{ 0x0, 0xfffffffffc0000ffull, 0x18 },
	{ 0x1, 0xfffffffffff800ffull, 0x18 },
	{ 0x2, 0xffffffffffffe0ffull, 0x18 },
};

TEST(hifive_unmatched_parses_clean)
{
	const void *fdt = load_fixture("hifive-unmatched");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_U74, NULL), 0);
	CHECK(ranges_are(&map, unmatched_ranges, COUNT(unmatched_ranges)));
	CHECK(selectors_are(&map, unmatched_selectors, COUNT(unmatched_selectors)));
	CHECK(raw_are(&map, unmatched_raw, COUNT(unmatched_raw)));
	CHECK_LOG("pmu: 6 event ranges, 10 selectors, 3 raw ranges from /pmu\n");
}

/*
 * The same node on a hart with no mhpmcounters (QEMU's FU540 with the HiFive
 * Unmatched build): every range row is skipped for its counters, and each
 * selector says which row of its event was skipped, not "no row".
 */
TEST(selectors_name_the_range_row_that_was_skipped)
{
	const void *fdt = load_fixture("hifive-unmatched");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, 0x7u, NULL), 19);
	CHECK(ranges_are(&map, NULL, 0));
	CHECK(selectors_are(&map, unmatched_selectors, COUNT(unmatched_selectors)));
	CHECK(raw_are(&map, NULL, 0));
	CHECK_LOG(
		"pmu: riscv,event-to-mhpmcounters row 0: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 1: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 2: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 3: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 4: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 5: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 0: event 0x3: its riscv,event-to-mhpmcounters row 0 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 1: event 0x4: its riscv,event-to-mhpmcounters row 0 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 2: event 0x5: its riscv,event-to-mhpmcounters row 0 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 3: event 0x6: its riscv,event-to-mhpmcounters row 0 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 4: event 0x10001: its riscv,event-to-mhpmcounters row 1 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 5: event 0x10002: its riscv,event-to-mhpmcounters row 1 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 6: event 0x10009: its riscv,event-to-mhpmcounters row 2 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 7: event 0x10011: its riscv,event-to-mhpmcounters row 3 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 8: event 0x10019: its riscv,event-to-mhpmcounters row 4 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent row 9: event 0x10021: its riscv,event-to-mhpmcounters row 5 "
		"was skipped, kept but unusable\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 0: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 1: counters 0x18 do not exist, skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 2: counters 0x18 do not exist, skipped\n"
		"pmu: 0 event ranges, 10 selectors, 0 raw ranges from /pmu\n");
}

/* ---- The binding's generic example ---- */
static const struct pmu_event_selector example_selectors[] = { { 0xb, 0x1 } };
static const struct pmu_raw_range example_raw[] = {
	{ 0x2, 0xffffffffffffffffull, 0xf8 },
	{ 0x0, 0xfffffffffffffff0ull, 0xff0 },
	{ 0xffffffff00000000ull, 0xffffffffffffff0full, 0xff0 },
};

TEST(binding_example_selector_0xb_has_no_counters)
{
	static const struct pmu_event_range ranges[] = {
		{ 0x1, 0x1, 0x1 }, { 0x2, 0x2, 0x4 }, { 0x3, 0xa, 0xff8 }, { 0x10000, 0x10033, 0xff000 },
	};
	const void *fdt = load_fixture("binding-example");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_3_TO_19, NULL), 1);
	CHECK(ranges_are(&map, ranges, COUNT(ranges)));
	CHECK(selectors_are(&map, example_selectors, COUNT(example_selectors)));
	CHECK(raw_are(&map, example_raw, COUNT(example_raw)));
	CHECK_LOG("pmu: riscv,event-to-mhpmevent row 0: event 0xb has no "
		     "riscv,event-to-mhpmcounters row, kept but unusable\n"
		     "pmu: 4 event ranges, 1 selectors, 3 raw ranges from /pmu\n");
}

/* On QEMU's hart counter 19 does not exist: the cache range keeps 12..18. */
TEST(binding_example_on_qemu_counters_drops_counter_19)
{
	static const struct pmu_event_range ranges[] = {
		{ 0x1, 0x1, 0x1 }, { 0x2, 0x2, 0x4 }, { 0x3, 0xa, 0xff8 }, { 0x10000, 0x10033, 0x7f000 },
	};
	const void *fdt = load_fixture("binding-example");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 2);
	CHECK(ranges_are(&map, ranges, COUNT(ranges)));
	CHECK(selectors_are(&map, example_selectors, COUNT(example_selectors)));
	CHECK(raw_are(&map, example_raw, COUNT(example_raw)));
	CHECK_LOG("pmu: riscv,event-to-mhpmcounters row 3: counters 0x80000 do not exist, "
		     "dropped; kept 0x7f000\n"
		     "pmu: riscv,event-to-mhpmevent row 0: event 0xb has no "
		     "riscv,event-to-mhpmcounters row, kept but unusable\n"
		     "pmu: 4 event ranges, 1 selectors, 3 raw ranges from /pmu\n");
}

/* ---- No riscv,pmu node ---- */
TEST(no_pmu_node_expands_the_platform_default_map)
{
	static const struct pmu_builtin_event events[] = {
		PMU_BUILTIN_EVENT(0x3, 0x1801), PMU_BUILTIN_EVENT(0x4, 0x302),
	};
	static const struct pmu_builtin_raw raw[] = { { 0x1, 0x2 } };
	static const struct pmu_default_map default_map = {
		.events = events, .event_count = 2, .raw = raw, .raw_count = 1, .counters = 0x18,
	};
	/* The rows a DT would give (pmu_default_map_expand() itself: test_pmu_default_map.c). */
	static struct pmu_event_map expected = {
		.ranges = { { 0x3, 0x4, 0x18 } }, .range_count = 1,
		.selectors = { { 0x3, 0x1801 }, { 0x4, 0x302 } }, .selector_count = 2,
		.raw = { { 0x1, ~0ULL, 0x18 }, { 0x2, ~0ULL, 0x18 } }, .raw_count = 2,
	};
	const void *fdt = load_fixture("no-pmu");

	CHECK(fdt);
	memset(&map, 0xa5, sizeof(map));
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, &default_map), 0);
	/* the rows, and their index */
	pmu_event_map_index(&expected);
	CHECK(memcmp(&map, &expected, sizeof(map)) == 0);
	CHECK_EQ(map.hw_events[3], PMU_HW_EVENT_DEFINED | 0x18);
	CHECK_EQ(map.hw_selectors[3], 0x1801);
	CHECK_LOG("pmu: no riscv,pmu node, using the platform's default map\n");
}

TEST(no_pmu_node_and_no_default_gives_an_empty_map)
{
	static struct pmu_event_map empty;
	const void *fdt = load_fixture("no-pmu");

	CHECK(fdt);
	memset(&map, 0xa5, sizeof(map));
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 0);
	/* no rows; the index still says which events exist, and that only mcycle/minstret count */
	pmu_event_map_index(&empty);
	CHECK(memcmp(&map, &empty, sizeof(map)) == 0);
	CHECK_EQ(map.hw_events[SBI_PMU_HW_CPU_CYCLES], PMU_HW_EVENT_DEFINED | 0x1);
	CHECK_EQ(map.hw_events[SBI_PMU_HW_INSTRUCTIONS], PMU_HW_EVENT_DEFINED | 0x4);
	CHECK_EQ(map.hw_events[0], 0);
	CHECK_LOG("pmu: no riscv,pmu node and no platform default map, map is empty\n");
}

/* ---- Malformed rows: one line each, good rows kept ---- */
TEST(bad_ranges_each_skipped_or_trimmed_with_one_line)
{
	static const struct pmu_event_range ranges[] = {
		{ 0x3, 0x3, 0x18 },          /* row 0 */
		{ 0x9, 0x9, 0x8 },           /* row 13 */
		{ 0x10000, 0x10001, 0x10 },  /* row 15 */
		{ 0x1, 0x1, 0x1 },           /* row 19 */
		{ 0x2, 0x2, 0x4 },           /* row 20 */
		{ 0xb, 0xb, 0x7fff8 },       /* row 21 */
	};
	const void *fdt = load_fixture("bad-ranges");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 21);
	CHECK(ranges_are(&map, ranges, COUNT(ranges)));
	CHECK(selectors_are(&map, NULL, 0));
	CHECK(raw_are(&map, NULL, 0));
	CHECK_LOG(
		"pmu: riscv,event-to-mhpmcounters: 1 cell after the last whole 3-cell row ignored\n"
		"pmu: riscv,event-to-mhpmcounters row 1: first 0x0 is SBI_PMU_HW_NO_EVENT, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 2: first 0x10 > last 0x3, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 3: first 0x100001 has bits above 19, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 4: last 0x100004 has bits above 19, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 5: first 0x5 and last 0x10005 have different "
		"types, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 6: type 2 (raw) events belong in "
		"riscv,raw-event-to-mhpmcounters, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 7: type 3 (raw) events belong in "
		"riscv,raw-event-to-mhpmcounters, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 8: type 15 (firmware) events are not hardware "
		"events, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 9: type 4 is reserved, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 10: empty counter bitmap, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 11: counter bitmap 0xa names counter 1 (time), "
		"skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 12: counters 0x80000 do not exist, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 13: counters 0x180000 do not exist, dropped; "
		"kept 0x8\n"
		"pmu: riscv,event-to-mhpmcounters row 14: fixed-function counters 0x5 cannot count "
		"these events, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 15: fixed-function counters 0x5 dropped; "
		"kept 0x10\n"
		"pmu: riscv,event-to-mhpmcounters row 16: events 0x10001-0x10003 overlap row 15, "
		"skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 17: events 0x2-0x3 overlap row 0, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 18: fixed-function counters 0x5 cannot count "
		"these events, skipped\n"
		"pmu: riscv,event-to-mhpmcounters row 19: counters 0x80000 do not exist, dropped; "
		"kept 0x1\n"
		"pmu: riscv,event-to-mhpmcounters row 20: counters 0x80000 do not exist and "
		"fixed-function counters 0x1 dropped; kept 0x4\n"
		"pmu: 6 event ranges, 0 selectors, 0 raw ranges from /pmu\n");
}

TEST(bad_selectors_each_skipped_with_one_line)
{
	static const struct pmu_event_range ranges[] = {
		{ 0x3, 0x6, 0x18 }, { 0x10000, 0x10033, 0x18 },
	};
	static const struct pmu_event_selector selectors[] = {
		{ 0x3, 0x1801 },                   /* row 0 (row 7, a duplicate, loses) */
		{ 0x4, 0x100000002ull },           /* row 8: sel_hi is the upper word */
		{ 0x7, 0x7 },                      /* row 9: kept, logged as unusable */
		{ 0x10001, 0xffffffffffffffffull },/* row 10 */
	};
	const void *fdt = load_fixture("bad-selectors");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 8);
	CHECK(ranges_are(&map, ranges, COUNT(ranges)));
	CHECK(selectors_are(&map, selectors, COUNT(selectors)));
	CHECK(raw_are(&map, NULL, 0));
	CHECK_LOG(
		"pmu: riscv,event-to-mhpmevent row 1: event 0x0 is SBI_PMU_HW_NO_EVENT, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 2: event 0x100003 has bits above 19, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 3: type 2 (raw) events belong in "
		"riscv,raw-event-to-mhpmcounters, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 4: type 3 (raw) events belong in "
		"riscv,raw-event-to-mhpmcounters, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 5: type 15 (firmware) events are not hardware "
		"events, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 6: type 5 is reserved, skipped\n"
		"pmu: riscv,event-to-mhpmevent row 7: event 0x3 already has a selector (row 0), "
		"skipped\n"
		"pmu: riscv,event-to-mhpmevent row 9: event 0x7 has no riscv,event-to-mhpmcounters "
		"row, kept but unusable\n"
		"pmu: 2 event ranges, 4 selectors, 0 raw ranges from /pmu\n");
}

TEST(bad_raw_rows_each_skipped_or_trimmed_with_one_line)
{
	static const struct pmu_raw_range raw[] = {
		{ 0x2, 0xffffffffffffffffull, 0xf8 },                    /* row 0 */
		{ 0x7, 0xffffffffffffffffull, 0x18 },                    /* row 7 */
		{ 0x8, 0xffffffffffffffffull, 0x18 },                    /* row 8 */
		{ 0x9, 0xffffffffffffffffull, 0x18 },                    /* row 9 */
		{ 0xffffffff00000000ull, 0xffffffffffffff0full, 0xff0 }, /* row 10 */
	};
	const void *fdt = load_fixture("bad-raw");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 10);
	CHECK(ranges_are(&map, NULL, 0));
	CHECK(selectors_are(&map, NULL, 0));
	CHECK(raw_are(&map, raw, COUNT(raw)));
	CHECK_LOG(
		"pmu: riscv,raw-event-to-mhpmcounters: 2 cells after the last whole 5-cell row "
		"ignored\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 1: match 0x10 has bits outside mask "
		"0xffffffffffffff0f, skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 2: match 0x100000000 has bits outside mask "
		"0xffffffff, skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 3: empty counter bitmap, skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 4: counter bitmap 0x2 names counter 1 "
		"(time), skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 5: counters 0xfff80000 do not exist, "
		"skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 6: fixed-function counters 0x5 cannot "
		"count these events, skipped\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 7: counters 0x80000 do not exist, dropped; "
		"kept 0x18\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 8: fixed-function counters 0x1 dropped; "
		"kept 0x18\n"
		"pmu: riscv,raw-event-to-mhpmcounters row 9: counters 0x80000 do not exist and "
		"fixed-function counters 0x5 dropped; kept 0x18\n"
		"pmu: 0 event ranges, 0 selectors, 5 raw ranges from /pmu\n");
}

TEST(selectors_without_counters_property_are_kept_with_one_line)
{
	static const struct pmu_event_selector selectors[] = { { 0x3, 0x1801 }, { 0x10019, 0x1002 } };
	const void *fdt = load_fixture("missing-counters");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 1);
	CHECK(ranges_are(&map, NULL, 0));
	CHECK(selectors_are(&map, selectors, COUNT(selectors)));
	CHECK(raw_are(&map, NULL, 0));
	CHECK_LOG("pmu: riscv,event-to-mhpmevent without riscv,event-to-mhpmcounters "
		     "(mandatory then): its selectors are unusable\n"
		     "pmu: 0 event ranges, 2 selectors, 0 raw ranges from /pmu\n");
}

TEST(partial_cells_and_empty_property_are_handled)
{
	static const struct pmu_event_range ranges[] = { { 0x3, 0x3, 0x8 } };
	const void *fdt = load_fixture("odd-lengths");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 2);
	CHECK(ranges_are(&map, ranges, COUNT(ranges)));
	CHECK(selectors_are(&map, NULL, 0));
	CHECK(raw_are(&map, NULL, 0));
	CHECK_LOG("pmu: riscv,event-to-mhpmcounters: 3 bytes after the last whole 3-cell row "
		     "ignored\n"
		     "pmu: riscv,event-to-mhpmevent: 1 byte after the last whole 3-cell row ignored\n"
		     "pmu: 1 event ranges, 0 selectors, 0 raw ranges from /pmu\n");
}

TEST(more_than_64_rows_keeps_the_first_64_good_ones)
{
	const void *fdt = load_fixture("too-many-rows");
	unsigned int i;

	CHECK(fdt);
	/* ranges: row 5 + 5 dropped; selectors: row 5 unusable + 6 dropped; raw: 6 dropped */
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 1 + 5 + 1 + 6 + 6);
	CHECK_EQ(map.range_count, 64);
	CHECK_EQ(map.selector_count, 64);
	CHECK_EQ(map.raw_count, 64);
	for (i = 0; i < 64; i++) {
		uint32_t range_row = i < 5 ? i : i + 1;   /* row 5 was skipped */

		CHECK_EQ(map.ranges[i].first, 0x10000 + range_row);
		CHECK_EQ(map.ranges[i].last, 0x10000 + range_row);
		CHECK_EQ(map.ranges[i].counters, 0x8);
		CHECK_EQ(map.selectors[i].event_idx, 0x10000 + i);
		CHECK_EQ(map.selectors[i].selector, i + 1);
		CHECK_EQ(map.raw[i].match, i);
		CHECK_EQ(map.raw[i].mask, 0xffffffffffffffffull);
		CHECK_EQ(map.raw[i].counters, 0x8);
	}
	CHECK_LOG(
		"pmu: riscv,event-to-mhpmcounters row 5: empty counter bitmap, skipped\n"
		"pmu: riscv,event-to-mhpmcounters: map full (64 rows), 5 more rows dropped\n"
		"pmu: riscv,event-to-mhpmevent row 5: event 0x10005: its "
		"riscv,event-to-mhpmcounters row 5 was skipped, kept but unusable\n"
		"pmu: riscv,event-to-mhpmevent: map full (64 rows), 6 more rows dropped\n"
		"pmu: riscv,raw-event-to-mhpmcounters: map full (64 rows), 6 more rows dropped\n"
		"pmu: 64 event ranges, 64 selectors, 64 raw ranges from /pmu\n");
}

TEST(first_pmu_node_anywhere_in_the_tree_is_used)
{
	static const struct pmu_event_range ranges[] = { { 0x3, 0x4, 0x18 } };
	static const struct pmu_event_selector selectors[] = { { 0x3, 0x1801 } };
	static const struct pmu_raw_range raw[] = { { 0x1, 0xffffffffffffffffull, 0x18 } };
	const void *fdt = load_fixture("two-pmu-nodes");

	CHECK(fdt);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 1);
	CHECK(ranges_are(&map, ranges, COUNT(ranges)));
	CHECK(selectors_are(&map, selectors, COUNT(selectors)));
	CHECK(raw_are(&map, raw, COUNT(raw)));
	CHECK_LOG("pmu: /pmu-second: another riscv,pmu node, ignored (using /soc/pmu)\n"
		     "pmu: 1 event ranges, 1 selectors, 1 raw ranges from /soc/pmu\n");
}

/*
 * Node names are printed as the DT spec allows them: any other byte shows as
 * '?', so a name cannot forge or fake a log line (fuzz_dt found a parent
 * node named "pmu: riscv,event-to-mhpmevent row ", and one with a newline
 * could start a line of its own).
 */
TEST(node_names_print_only_the_characters_the_dt_spec_allows)
{
	static const uint32_t row[] = { 0x01000000, 0x01000000, 0x08000000 }; /* cycles -> counter 3, big-endian */
	static char fdt[4096];

	CHECK_EQ(fdt_create(fdt, sizeof(fdt)), 0);
	CHECK_EQ(fdt_finish_reservemap(fdt), 0);
	CHECK_EQ(fdt_begin_node(fdt, ""), 0);
	CHECK_EQ(fdt_begin_node(fdt, "soc\npmu: riscv,event-to-mhpmevent row 7: x"), 0);
	CHECK_EQ(fdt_begin_node(fdt, "pmu"), 0);
	CHECK_EQ(fdt_property_string(fdt, "compatible", "riscv,pmu"), 0);
	CHECK_EQ(fdt_property(fdt, "riscv,event-to-mhpmcounters", row, sizeof(row)), 0);
	CHECK_EQ(fdt_end_node(fdt), 0);
	CHECK_EQ(fdt_end_node(fdt), 0);
	CHECK_EQ(fdt_end_node(fdt), 0);
	CHECK_EQ(fdt_finish(fdt), 0);
	CHECK_EQ(pmu_dt_parse(fdt, &map, PRESENT_QEMU, NULL), 0);
	CHECK_EQ(map.range_count, 1);
	CHECK_LOG("pmu: 1 event ranges, 0 selectors, 0 raw ranges from "
		  "/soc?pmu??riscv,event-to-mhpmevent?row?7??x/pmu\n");
}

/* ---- Fixup ---- */
static const char *const mapping_props[] = {
	"riscv,event-to-mhpmcounters", "riscv,event-to-mhpmevent", "riscv,raw-event-to-mhpmcounters",
};

static bool is_mapping_prop(const char *name)
{
	for (unsigned int i = 0; i < COUNT(mapping_props); i++)
		if (strcmp(name, mapping_props[i]) == 0)
			return true;
	return false;
}

/*
 * Walks both trees in step: same nodes, names and depths; every property of
 * orig is in fixed with the same value, except the mapping properties of
 * riscv,pmu nodes, which must be gone. Returns how many were removed, or -1.
 */
static int compare_after_fixup(const void *orig, const void *fixed)
{
	int o = 0, f = 0, odepth = 0, fdepth = 0, removed = 0;

	if (fdt_check_header(fixed) != 0 || fdt_num_mem_rsv(orig) != fdt_num_mem_rsv(fixed))
		return -1;
	/* fdt_next_node leaves the root with depth -1 */
	while (o >= 0 && f >= 0 && odepth >= 0 && fdepth >= 0) {
		const char *oname = fdt_get_name(orig, o, NULL);
		const char *fname = fdt_get_name(fixed, f, NULL);
		bool pmu = fdt_node_check_compatible(orig, o, "riscv,pmu") == 0;
		int prop, oprops = 0, fprops = 0, node_removed = 0;

		if (odepth != fdepth || !oname || !fname || strcmp(oname, fname) != 0) {
			printf("node mismatch: %s / %s\n", oname ? oname : "?", fname ? fname : "?");
			return -1;
		}
		fdt_for_each_property_offset(prop, orig, o) {
			const char *name;
			int olen, flen;
			const void *oval = fdt_getprop_by_offset(orig, prop, &name, &olen);
			const void *fval = fdt_getprop(fixed, f, name, &flen);

			oprops++;
			if (pmu && is_mapping_prop(name)) {
				if (fval || flen != -FDT_ERR_NOTFOUND) {
					printf("%s/%s still there\n", oname, name);
					return -1;
				}
				node_removed++;
			} else if (!fval || flen != olen || memcmp(oval, fval, (size_t)olen) != 0) {
				printf("%s/%s changed\n", oname, name);
				return -1;
			}
		}
		fdt_for_each_property_offset(prop, fixed, f)
			fprops++;
		if (fprops != oprops - node_removed) {
			printf("%s: %d properties, expected %d\n", fname, fprops, oprops - node_removed);
			return -1;
		}
		removed += node_removed;
		o = fdt_next_node(orig, o, &odepth);
		f = fdt_next_node(fixed, f, &fdepth);
	}
	return (o < 0 || odepth < 0) && (f < 0 || fdepth < 0) ? removed : -1;
}

static int fixup_and_compare(const char *fixture)
{
	const void *fdt = load_fixture(fixture);
	void *copy;
	int removed;

	if (!fdt)
		return -1;
	copy = writable_copy(fdt, 256);
	if (!copy)
		return -1;
	if (pmu_dt_fixup(copy) != 0) {
		free(copy);
		return -1;
	}
	removed = compare_after_fixup(fdt, copy);
	free(copy);
	return removed;
}

TEST(fixup_removes_qemu_mapping_and_keeps_the_rest)
{
	CHECK_EQ(fixup_and_compare("qemu-virt"), 1);
}

TEST(fixup_removes_all_three_properties_and_keeps_the_node)
{
	const void *fdt = load_fixture("hifive-unmatched");
	void *copy;
	const char *compatible;
	int node, len;

	CHECK(fdt);
	CHECK_EQ(fixup_and_compare("hifive-unmatched"), 3);
	copy = writable_copy(fdt, 0);
	CHECK(copy);
	CHECK_EQ(pmu_dt_fixup(copy), 0);
	node = fdt_path_offset(copy, "/pmu");
	CHECK(node >= 0);
	for (unsigned int i = 0; i < COUNT(mapping_props); i++) {
		CHECK(fdt_getprop(copy, node, mapping_props[i], &len) == NULL);
		CHECK_EQ(len, -FDT_ERR_NOTFOUND);
	}
	compatible = fdt_getprop(copy, node, "compatible", &len);
	CHECK(compatible && len == sizeof("riscv,pmu") && strcmp(compatible, "riscv,pmu") == 0);
	/* The stripped node still says there is a PMU, with nothing to map. */
	CHECK_EQ(pmu_dt_parse(copy, &map, PRESENT_U74, NULL), 0);
	CHECK(ranges_are(&map, NULL, 0));
	CHECK(selectors_are(&map, NULL, 0));
	CHECK(raw_are(&map, NULL, 0));
	CHECK_LOG("pmu: 0 event ranges, 0 selectors, 0 raw ranges from /pmu\n");
	/* Twice is harmless. */
	CHECK_EQ(pmu_dt_fixup(copy), 0);
	free(copy);
}

TEST(fixup_strips_every_pmu_node_and_keeps_other_properties)
{
	/* /soc/pmu: 3 (vendor,keep-me stays), /pmu-second: 2 */
	CHECK_EQ(fixup_and_compare("two-pmu-nodes"), 5);
}

TEST(fixup_without_pmu_node_changes_nothing)
{
	const void *fdt = load_fixture("no-pmu");
	void *copy;

	CHECK(fdt);
	CHECK_EQ(fixup_and_compare("no-pmu"), 0);
	copy = writable_copy(fdt, 0);
	CHECK(copy);
	CHECK_EQ(pmu_dt_fixup(copy), 0);
	CHECK(memcmp(copy, fdt, fdt_totalsize(fdt)) == 0);
	free(copy);
}

/* ---- The snapshot switch: /chosen/abacus,pmu-snapshot ---- */

TEST(snapshot_withheld_without_the_chosen_property)
{
	const void *fdt = load_fixture("qemu-virt");

	CHECK(fdt);
	CHECK(fdt_path_offset(fdt, "/chosen") >= 0);
	CHECK(pmu_snapshot_offered_by(fdt) == NULL);
	CHECK(pmu_snapshot_offered_by(NULL) == NULL);
	CHECK(pmu_snapshot_offered_by(load_fixture("no-pmu")) == NULL);
	CHECK_EQ(log_lines(), 0);
}

TEST(snapshot_offered_by_the_chosen_property_which_s_mode_never_sees)
{
	const void *fdt = load_fixture("qemu-virt");
	void *copy;
	const char *why;
	int chosen, props_before = 0, props_after = 0, prop, len;

	CHECK(fdt);
	copy = writable_copy(fdt, 256);
	CHECK(copy);
	chosen = fdt_path_offset(copy, "/chosen");
	CHECK(chosen >= 0);
	CHECK_EQ(fdt_setprop(copy, chosen, "abacus,pmu-snapshot", NULL, 0), 0);
	why = pmu_snapshot_offered_by(copy);
	CHECK(why && strcmp(why, "DT /chosen/abacus,pmu-snapshot") == 0);
	/* any value: still present, still offered */
	CHECK_EQ(fdt_setprop_string(copy, chosen, "abacus,pmu-snapshot", "no"), 0);
	CHECK(pmu_snapshot_offered_by(copy) != NULL);
	/* the property belongs in /chosen only */
	void *elsewhere = writable_copy(fdt, 256);
	CHECK(elsewhere);
	CHECK_EQ(fdt_setprop(elsewhere, fdt_path_offset(elsewhere, "/pmu"), "abacus,pmu-snapshot",
			     NULL, 0), 0);
	CHECK(pmu_snapshot_offered_by(elsewhere) == NULL);
	free(elsewhere);

	/* As a fixture too (also a seed of the DT fuzzer). */
	why = pmu_snapshot_offered_by(load_fixture("pmu-snapshot"));
	CHECK(why && strcmp(why, "DT /chosen/abacus,pmu-snapshot") == 0);

	/* The fixup takes it out of what S-mode gets, and nothing else of /chosen. */
	fdt_for_each_property_offset(prop, copy, chosen)
		props_before++;
	CHECK_EQ(pmu_dt_fixup(copy), 0);
	chosen = fdt_path_offset(copy, "/chosen");
	CHECK(chosen >= 0);
	CHECK(fdt_getprop(copy, chosen, "abacus,pmu-snapshot", &len) == NULL);
	CHECK_EQ(len, -FDT_ERR_NOTFOUND);
	fdt_for_each_property_offset(prop, copy, chosen)
		props_after++;
	CHECK_EQ(props_after, props_before - 1);
	CHECK(fdt_getprop(copy, chosen, "stdout-path", &len) != NULL);
	CHECK(pmu_snapshot_offered_by(copy) == NULL);
	free(copy);
}

TEST(fixup_returns_the_libfdt_error_for_a_bad_blob)
{
	static uint32_t garbage[64];

	CHECK_EQ(pmu_dt_fixup(garbage), -FDT_ERR_BADMAGIC);
}

/* ---- Robustness: any property bytes, no crash (ASan/UBSan watch) ---- */
static uint32_t rng_state = 0x2545f491u;

static uint32_t rng(void)
{
	/* xorshift32: fixed seed, same sequence everywhere */
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/* Cell values near the edges the parser checks, so random rows reach every rule. */
static uint32_t interesting_cell(void)
{
	switch (rng() % 10) {
	case 0: return 0;
	case 1: return 1 + rng() % 3;
	case 2: return rng() % 0x20;
	case 3: return 0x10000 + rng() % 0x40;
	case 4: return (rng() % 16) << 16 | (rng() % 4);
	case 5: return 0xffffffff;
	case 6: return rng() & 0x7fff8;
	case 7: return 1u << (rng() % 32);
	case 8: return 0xfffff + rng() % 3;
	default: return rng();
	}
}

static void fill_property(uint8_t *bytes, size_t len, const uint8_t *original, int original_len)
{
	unsigned int kind = rng() % 3;

	for (size_t i = 0; i < len; i += 4) {
		uint32_t cell = kind == 2 ? rng() : interesting_cell();

		for (size_t b = 0; b < 4 && i + b < len; b++)
			bytes[i + b] = (uint8_t)(cell >> (24 - 8 * b));
	}
	/* kind 0: a truncation (or extension) of the real property */
	if (kind == 0 && original)
		memcpy(bytes, original, len < (size_t)original_len ? len : (size_t)original_len);
}

/* The map never holds a row that breaks a rule, and each problem has a line. */
static bool map_obeys_the_rules(const struct pmu_event_map *m, uint32_t present, int problems)
{
	unsigned int i, j, lines = log_lines();

	if (problems < 0 || m->range_count > PMU_MAP_MAX_ROWS ||
	    m->selector_count > PMU_MAP_MAX_ROWS || m->raw_count > PMU_MAP_MAX_ROWS)
		return false;
	if (lines < 1 || (strstr(log_text, "map full") ? (unsigned int)problems < lines - 1
						       : (unsigned int)problems != lines - 1))
		return false;
	for (i = 0; i < m->range_count; i++) {
		const struct pmu_event_range *r = &m->ranges[i];
		bool only_cycles = r->first == 1 && r->last == 1;
		bool only_instret = r->first == 2 && r->last == 2;

		if (r->first == 0 || r->last > 0xfffff || r->first > r->last ||
		    (r->first >> 16) != (r->last >> 16) || (r->first >> 16) > 1)
			return false;
		if (r->counters == 0 || (r->counters & ~present) || (r->counters & 2) ||
		    ((r->counters & 1) && !only_cycles) || ((r->counters & 4) && !only_instret))
			return false;
		for (j = 0; j < i; j++)
			if (r->first <= m->ranges[j].last && m->ranges[j].first <= r->last)
				return false;
	}
	for (i = 0; i < m->selector_count; i++) {
		uint32_t e = m->selectors[i].event_idx;

		if (e == 0 || e > 0xfffff || (e >> 16) > 1)
			return false;
		for (j = 0; j < i; j++)
			if (m->selectors[j].event_idx == e)
				return false;
	}
	for (i = 0; i < m->raw_count; i++) {
		const struct pmu_raw_range *r = &m->raw[i];

		if ((r->match & ~r->mask) || r->counters == 0 || (r->counters & ~present) ||
		    (r->counters & 7))
			return false;
	}
	return true;
}

TEST(random_and_truncated_properties_never_break_the_parser)
{
	static const uint32_t presents[] = { PRESENT_QEMU, PRESENT_U74, 0x7, 0xffffffff, 0x5 };
	static uint8_t originals[3][128];
	static uint8_t bytes[64 * 5 * 4 + 64];
	int original_lens[3];
	const void *fdt = load_fixture("binding-example");
	void *copy;
	int node, iteration;

	CHECK(fdt);
	node = fdt_path_offset(fdt, "/pmu");
	CHECK(node >= 0);
	for (unsigned int p = 0; p < 3; p++) {
		const void *val = fdt_getprop(fdt, node, mapping_props[p], &original_lens[p]);

		CHECK(val && original_lens[p] > 0 && original_lens[p] <= (int)sizeof(originals[p]));
		memcpy(originals[p], val, (size_t)original_lens[p]);
	}
	copy = writable_copy(fdt, 4 * sizeof(bytes));
	CHECK(copy);

	/* Each property alone: every length 0..40, several contents each. */
	for (unsigned int p = 0; p < 3; p++) {
		for (size_t len = 0; len <= 40; len++) {
			for (int variant = 0; variant < 12; variant++) {
				uint32_t present = presents[rng() % COUNT(presents)];
				int problems;

				fill_property(bytes, len, originals[p], original_lens[p]);
				node = fdt_path_offset(copy, "/pmu");
				CHECK(node >= 0);
				CHECK_EQ(fdt_setprop(copy, node, mapping_props[p], bytes, (int)len), 0);
				log_clear();
				problems = pmu_dt_parse(copy, &map, present, NULL);
				CHECK(map_obeys_the_rules(&map, present, problems));
			}
		}
		node = fdt_path_offset(copy, "/pmu");
		CHECK_EQ(fdt_setprop(copy, node, mapping_props[p], originals[p], original_lens[p]), 0);
	}
	/* All three at once, sometimes absent, sometimes past PMU_MAP_MAX_ROWS. */
	for (iteration = 0; iteration < 3000; iteration++) {
		uint32_t present = presents[rng() % COUNT(presents)];
		int problems;

		node = fdt_path_offset(copy, "/pmu");
		CHECK(node >= 0);
		for (unsigned int p = 0; p < 3; p++) {
			unsigned int choice = rng() % 8;
			size_t len = choice == 0 ? sizeof(bytes) - rng() % 64 : rng() % 41;

			if (choice == 1) {
				int err = fdt_delprop(copy, node, mapping_props[p]);

				CHECK(err == 0 || err == -FDT_ERR_NOTFOUND);
				continue;
			}
			fill_property(bytes, len, originals[p], original_lens[p]);
			CHECK_EQ(fdt_setprop(copy, node, mapping_props[p], bytes, (int)len), 0);
		}
		log_clear();
		problems = pmu_dt_parse(copy, &map, present, NULL);
		CHECK(map_obeys_the_rules(&map, present, problems));
	}
	CHECK_EQ(pmu_dt_fixup(copy), 0);
	free(copy);
}

int main(int argc, char **argv)
{
	const char *env = getenv("PMU_DT_FIXTURES");

	if (argc > 1)
		fixture_dir = argv[1];
	else if (env && *env)
		fixture_dir = env;

	RUN(qemu_virt_keeps_five_rows_rejects_zero_row_and_two_trailing_cells);
	RUN(qemu_virt_sscofpmf_has_the_same_map);
	RUN(hifive_unmatched_parses_clean);
	RUN(selectors_name_the_range_row_that_was_skipped);
	RUN(binding_example_selector_0xb_has_no_counters);
	RUN(binding_example_on_qemu_counters_drops_counter_19);
	RUN(no_pmu_node_expands_the_platform_default_map);
	RUN(no_pmu_node_and_no_default_gives_an_empty_map);
	RUN(bad_ranges_each_skipped_or_trimmed_with_one_line);
	RUN(bad_selectors_each_skipped_with_one_line);
	RUN(bad_raw_rows_each_skipped_or_trimmed_with_one_line);
	RUN(selectors_without_counters_property_are_kept_with_one_line);
	RUN(partial_cells_and_empty_property_are_handled);
	RUN(more_than_64_rows_keeps_the_first_64_good_ones);
	RUN(first_pmu_node_anywhere_in_the_tree_is_used);
	RUN(node_names_print_only_the_characters_the_dt_spec_allows);
	RUN(fixup_removes_qemu_mapping_and_keeps_the_rest);
	RUN(fixup_removes_all_three_properties_and_keeps_the_node);
	RUN(fixup_strips_every_pmu_node_and_keeps_other_properties);
	RUN(fixup_without_pmu_node_changes_nothing);
	RUN(fixup_returns_the_libfdt_error_for_a_bad_blob);
	RUN(snapshot_withheld_without_the_chosen_property);
	RUN(snapshot_offered_by_the_chosen_property_which_s_mode_never_sees);
	RUN(random_and_truncated_properties_never_break_the_parser);

	for (unsigned int i = 0; i < fixture_count; i++)
		free(fixtures[i]);
	return TEST_EXIT_CODE;
}
