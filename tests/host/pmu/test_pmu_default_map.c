/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of pmu_default_map_expand() (lib/ext/pmu/pmu_event_index.c):
 * a board's compact built-in map (lib/ext/pmu/pmu.h) turned into the rows
 * a riscv,pmu node would give. Ranges from runs of consecutive events on the
 * same counters, the C906's rule (event n on counter n + offset only), raw
 * intervals cut into aligned match/mask blocks that match exactly the
 * interval, and no more rows than the map holds. The vendor maps
 * themselves are tested through the PMU core: test_vendor_pmu_maps.c,
 * test_u74_pmu.c, test_spacemit_x60_pmu.c.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/pmu.h"
#include "test.h"

TEST_MAIN_GLOBALS

/* On the heap, exactly its size: ASan sees a row written past the map. */
static struct pmu_event_map *map;

static void test_setup(void)
{
	free(map);
	map = calloc(1, sizeof(*map));
}

#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

/* The raw rows event_data matches (bit i: row i), as pmu_event_counters() matches them. */
static uint64_t raw_rows_matching(uint64_t data)
{
	uint64_t rows = 0;

	for (unsigned int i = 0; i < map->raw_count; i++)
		if ((data & map->raw[i].mask) == map->raw[i].match)
			rows |= 1ULL << i;
	return rows;
}

TEST(consecutive_events_on_the_same_counters_share_a_range)
{
	static const struct pmu_builtin_event events[] = {
		PMU_BUILTIN_EVENT(3, 0x10), PMU_BUILTIN_EVENT(4, 0x11), PMU_BUILTIN_EVENT(5, 0xfff0),   /* one range */
		PMU_BUILTIN_EVENT(8, 0x12), PMU_BUILTIN_EVENT(9, 0x13),          /* 7 missing: another */
		PMU_BUILTIN_EVENT(0x10000, 0x14), PMU_BUILTIN_EVENT(0x10001, 0x15),   /* type 1 */
		PMU_BUILTIN_EVENT(0x10003, 0x16),
		PMU_BUILTIN_EVENT(0x10002, 0x17),                                /* before the previous: its own */
		PMU_BUILTIN_EVENT(0x1003f, 0x18),                                /* the last cache event */
	};
	static const uint32_t event_idx[] = { 3, 4, 5, 8, 9, 0x10000, 0x10001, 0x10003, 0x10002, 0x1003f };
	static const struct pmu_default_map d = {
		.events = events, .event_count = ROWS(events), .counters = 0xfffffff8,
	};
	static const struct pmu_event_range ranges[] = {
		{ 3, 5, 0xfffffff8 }, { 8, 9, 0xfffffff8 }, { 0x10000, 0x10001, 0xfffffff8 },
		{ 0x10003, 0x10003, 0xfffffff8 }, { 0x10002, 0x10002, 0xfffffff8 },
		{ 0x1003f, 0x1003f, 0xfffffff8 },
	};

	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->range_count, ROWS(ranges));
	CHECK(memcmp(map->ranges, ranges, sizeof(ranges)) == 0);
	/* Every event's selector, as given, zero-extended, in the table's order. */
	CHECK_EQ(map->selector_count, ROWS(events));
	for (unsigned int i = 0; i < ROWS(events); i++) {
		CHECK_EQ(map->selectors[i].event_idx, event_idx[i]);
		CHECK_EQ(map->selectors[i].selector, (uint64_t)events[i].selector);
	}
	CHECK_EQ(map->selectors[2].selector, 0xfff0ULL);
	CHECK_EQ(map->raw_count, 0);
	/* The index reads them as it reads a DT's rows. */
	pmu_event_map_index(map);
	CHECK_EQ(map->hw_events[5], PMU_HW_EVENT_DEFINED | 0xfffffff8);
	CHECK_EQ(map->hw_selectors[5], 0xfff0);
	CHECK_EQ(map->hw_events[7], PMU_HW_EVENT_DEFINED);
	CHECK_EQ(map->hw_events[64 + 2], PMU_HW_EVENT_DEFINED | 0xfffffff8);
	CHECK_EQ(map->hw_selectors[64 + 2], 0x17);
}

/* The T-Head C906's rule: event n only on mhpmcounter n + 2, of the counters the map names. */
TEST(counter_offset_puts_each_event_on_its_own_counter)
{
	static const struct pmu_builtin_event events[] = {
		PMU_BUILTIN_EVENT(3, 0x01), PMU_BUILTIN_EVENT(4, 0x02),   /* consecutive, but counters 3 and 4 */
		PMU_BUILTIN_EVENT(5, 0x07), PMU_BUILTIN_EVENT(6, 0x07),   /* the same counter 9: one range */
		PMU_BUILTIN_EVENT(8, 0x0a),                 /* counter 12: not among the map's counters */
		PMU_BUILTIN_EVENT(9, 0x1e),                 /* counter 32: no such counter */
		PMU_BUILTIN_EVENT(10, 0xffff),              /* far past it */
		PMU_BUILTIN_EVENT(0x10000, 0x0f),           /* counter 17 */
	};
	static const struct pmu_default_map d = {
		.events = events, .event_count = ROWS(events), .counters = 0x3e3f8, .counter_offset = 2,
	};
	static const struct pmu_event_range ranges[] = {
		{ 3, 3, 1U << 3 }, { 4, 4, 1U << 4 }, { 5, 6, 1U << 9 }, { 8, 10, 0 },
		{ 0x10000, 0x10000, 1U << 17 },
	};

	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->range_count, ROWS(ranges));
	CHECK(memcmp(map->ranges, ranges, sizeof(ranges)) == 0);
	CHECK_EQ(map->selector_count, ROWS(events));
	pmu_event_map_index(map);
	CHECK_EQ(map->hw_events[3], PMU_HW_EVENT_DEFINED | 1U << 3);
	CHECK_EQ(map->hw_events[8], PMU_HW_EVENT_DEFINED);   /* defined, and nothing counts it */
}

/* C910's raw events 0x01-0x2a: the blocks its old table spelled out, matching exactly those. */
TEST(raw_interval_becomes_the_fewest_aligned_blocks)
{
	static const struct pmu_builtin_raw raw[] = { { 0x01, 0x2a } };
	static const struct pmu_default_map d = { .raw = raw, .raw_count = 1, .counters = 0x78 };
	static const struct pmu_raw_range rows[] = {
		{ 0x01, ~0x0ULL, 0x78 }, { 0x02, ~0x1ULL, 0x78 }, { 0x04, ~0x3ULL, 0x78 },
		{ 0x08, ~0x7ULL, 0x78 }, { 0x10, ~0xfULL, 0x78 }, { 0x20, ~0x7ULL, 0x78 },
		{ 0x28, ~0x1ULL, 0x78 }, { 0x2a, ~0x0ULL, 0x78 },
	};

	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->range_count, 0);
	CHECK_EQ(map->selector_count, 0);
	CHECK_EQ(map->raw_count, ROWS(rows));
	CHECK(memcmp(map->raw, rows, sizeof(rows)) == 0);
	for (uint64_t data = 0; data < 0x400; data++) {
		uint64_t rows_hit = raw_rows_matching(data);

		if (data >= 0x01 && data <= 0x2a)
			CHECK(rows_hit && !(rows_hit & (rows_hit - 1)));   /* exactly one row */
		else
			CHECK_EQ(rows_hit, 0);
	}
	CHECK_EQ(raw_rows_matching(0x100000001ULL), 0);           /* a bit above 31 */
}

/* The bits below raw_shift are fixed (the AX45MP's type, the U74's class); the field above runs. */
TEST(raw_shift_keeps_the_low_bits_and_cuts_the_field_above)
{
	static const struct pmu_builtin_raw raw[] = {
		{ 0x001, 0x161 },       /* type 1, selects 0-22 (the AX45MP's memory events) */
		{ 0x010, 0x190 },       /* type 0, selects 1-25 */
	};
	static const struct pmu_default_map d = {
		.raw = raw, .raw_count = ROWS(raw), .counters = 0x78, .raw_shift = 4,
	};
	static const struct pmu_builtin_raw u74_raw[] = { { 0x02, 0x3f02 } };
	static const struct pmu_default_map u74 = {
		.raw = u74_raw, .raw_count = 1, .counters = 0x18, .raw_shift = 8,
	};

	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->raw_count, 4 + 6);
	CHECK_EQ(map->raw[0].match, 0x001);
	CHECK_EQ(map->raw[0].mask, ~0xf0ULL);          /* selects 0-15 */
	CHECK_EQ(map->raw[3].match, 0x161);
	CHECK_EQ(map->raw[3].mask, ~0ULL);             /* select 22 */
	for (uint64_t data = 0; data < 0x1000; data++) {
		uint64_t type = data & 0xf, select = data >> 4, rows_hit = raw_rows_matching(data);
		bool in = (type == 1 && select <= 22) || (type == 0 && select >= 1 && select <= 25);

		if (in)
			CHECK(rows_hit && !(rows_hit & (rows_hit - 1)));
		else
			CHECK_EQ(rows_hit, 0);
	}

	/* A U74 class with any set of its event bits 8-13: one row, as the binding example's. */
	memset(map, 0, sizeof(*map));
	pmu_default_map_expand(map, &u74);
	CHECK_EQ(map->raw_count, 1);
	CHECK_EQ(map->raw[0].match, 0x02);
	CHECK_EQ(map->raw[0].mask, 0xffffffffffffc0ffULL);
	CHECK_EQ(map->raw[0].counters, 0x18);
}

TEST(raw_interval_of_the_whole_32_bits_is_one_row)
{
	static const struct pmu_builtin_raw raw[] = { { 0, 0xffffffff }, { 0x80000000, 0xffffffff } };
	static const struct pmu_default_map d = { .raw = raw, .raw_count = 2, .counters = 0x8 };

	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->raw_count, 2);
	CHECK_EQ(map->raw[0].match, 0);
	CHECK_EQ(map->raw[0].mask, 0xffffffff00000000ULL);
	CHECK_EQ(map->raw[1].match, 0x80000000);
	CHECK_EQ(map->raw[1].mask, 0xffffffff80000000ULL);
}

/* With the C906's rule a block would put several events on one counter: one row per event. */
TEST(raw_with_counter_offset_is_one_row_per_event)
{
	static const struct pmu_builtin_raw raw[] = { { 0x0b, 0x0f }, { 0x1f, 0x20 } };
	static const struct pmu_default_map d = {
		.raw = raw, .raw_count = 2, .counters = 0x3e3f8, .counter_offset = 2,
	};

	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->raw_count, 5 + 2);
	for (unsigned int i = 0; i < 5; i++) {
		CHECK_EQ(map->raw[i].match, 0x0b + i);
		CHECK_EQ(map->raw[i].mask, ~0ULL);
		CHECK_EQ(map->raw[i].counters, 1U << (0x0b + i + 2));
	}
	/* Counters 33 and 34 do not exist: rows that count on nothing. */
	CHECK_EQ(map->raw[5].counters, 0);
	CHECK_EQ(map->raw[6].counters, 0);
}

/* More than PMU_MAP_MAX_ROWS: the first ones, and nothing written past the map. */
TEST(rows_stop_at_the_map_size)
{
	static struct pmu_builtin_event events[255];
	/* 62 blocks each (1, 2, 4, ... 2^30, 2^31 ..., 4, 2, 1): 124 */
	static const struct pmu_builtin_raw raw[] = { { 1, 0xfffffffe }, { 3, 3 }, { 1, 0xfffffffe } };
	static const struct pmu_default_map d = {
		.events = events, .event_count = 255, .raw = raw, .raw_count = ROWS(raw), .counters = 0x8,
	};

	for (unsigned int i = 0; i < 255; i++)
		events[i] = (struct pmu_builtin_event)PMU_BUILTIN_EVENT(2 * i + 1, i);   /* none consecutive */
	pmu_default_map_expand(map, &d);
	CHECK_EQ(map->selector_count, PMU_MAP_MAX_ROWS);
	CHECK_EQ(map->range_count, PMU_MAP_MAX_ROWS);
	CHECK_EQ(map->selectors[PMU_MAP_MAX_ROWS - 1].event_idx, 2 * (PMU_MAP_MAX_ROWS - 1) + 1);
	CHECK_EQ(map->ranges[PMU_MAP_MAX_ROWS - 1].first, 2 * (PMU_MAP_MAX_ROWS - 1) + 1);
	CHECK_EQ(map->raw_count, PMU_MAP_MAX_ROWS);
	CHECK_EQ(map->raw[61].match, 0xfffffffe);
	CHECK_EQ(map->raw[61].mask, ~0ULL);
	CHECK_EQ(map->raw[62].match, 3);                 /* the second interval */
	CHECK_EQ(map->raw[63].match, 1);                 /* the third's first block */
	CHECK_EQ(map->raw[63].mask, ~0ULL);
}

int main(void)
{
	RUN(consecutive_events_on_the_same_counters_share_a_range);
	RUN(counter_offset_puts_each_event_on_its_own_counter);
	RUN(raw_interval_becomes_the_fewest_aligned_blocks);
	RUN(raw_shift_keeps_the_low_bits_and_cuts_the_field_above);
	RUN(raw_interval_of_the_whole_32_bits_is_one_row);
	RUN(raw_with_counter_offset_is_one_row_per_event);
	RUN(rows_stop_at_the_map_size);
	free(map);
	return TEST_EXIT_CODE;
}
