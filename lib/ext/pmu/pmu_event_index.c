/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The event map's boot-time construction: a board's built-in map turned
 * into rows (pmu_default_map_expand(), pmu.h, when the DT has no
 * riscv,pmu node), then the index of the rows (pmu_event_map_index()): for
 * each standard hardware event, whether the spec defines it (Tables 2-5),
 * which counters the rows let count it and the selector they give it. The
 * rules are the ones the rows always had:
 * - riscv,event-to-mhpmcounters rows whose [first, last] contains the event
 *   give their counters, except mcycle/minstret, which count one event each
 *   whatever a row says: mcycle SBI_PMU_HW_CPU_CYCLES, minstret
 *   SBI_PMU_HW_INSTRUCTIONS;
 * - the riscv,event-to-mhpmevent row of the event gives its selector, else
 *   the zero-extended event_idx (the spec's default, after Table 1).
 * Built once the rows are final, so the PMU calls scan no table.
 */
#include "pmu/pmu.h"

#define FIXED_COUNTERS ((1ULL << 0) | (1ULL << 2))
#define CACHE_ID(code) ((code) >> 3)
#define CACHE_OP(code) (((code) >> 1) & 3)

/* The counters of a built-in row whose selector or raw event number is n. */
static uint32_t builtin_counters(const struct pmu_default_map *d, uint64_t n)
{
	if (!d->counter_offset)
		return d->counters;
	n += d->counter_offset;
	return n < PMU_HW_COUNTER_MAX ? d->counters & 1U << n : 0;
}

void pmu_default_map_expand(struct pmu_event_map *map, const struct pmu_default_map *d)
{
	unsigned int events = d->event_count < PMU_MAP_MAX_ROWS ? d->event_count : PMU_MAP_MAX_ROWS;
	struct pmu_event_selector *selector = map->selectors;
	struct pmu_event_range *range = map->ranges;         /* the next one */
	struct pmu_raw_range *raw = map->raw, *raw_end = raw + PMU_MAP_MAX_ROWS;
	uint64_t shift = d->raw_shift;

	/* Indexes, not end pointers: a map without events or raw rows may have NULL for them. */
	for (unsigned int i = 0; i < events; i++, selector++) {
		const struct pmu_builtin_event *e = &d->events[i];
		uint32_t event_idx = (uint32_t)(e->event >> 12) << 16 | (e->event & 0xfff);
		uint32_t counters = builtin_counters(d, e->selector);

		selector->event_idx = event_idx;
		selector->selector = e->selector;
		/* The next event of the previous range, on the same counters: that range grows. */
		if (range > map->ranges && range[-1].last + 1 == event_idx && range[-1].counters == counters) {
			range[-1].last = event_idx;
			continue;
		}
		range->first = range->last = event_idx;
		range->counters = counters;
		range++;
	}
	for (unsigned int i = 0; i < d->raw_count; i++) {
		const struct pmu_builtin_raw *r = &d->raw[i];
		uint64_t first = r->first, n = first >> shift, last = r->last >> shift, size;

		for (; n <= last && raw < raw_end; n += size, raw++) {
			/* The largest block from n that n is aligned to and that ends by last. */
			size = d->counter_offset ? 1 : n ? n & -n : 1ULL << 32;
			while (size - 1 > last - n)
				size >>= 1;
			raw->match = n << shift | (first & ~(~0ULL << shift));
			raw->mask = ~((size - 1) << shift);
			raw->counters = builtin_counters(d, n);
		}
	}
	map->selector_count = events;
	map->range_count = (unsigned int)(range - map->ranges);
	map->raw_count = (unsigned int)(raw - map->raw);
}

static bool standard_event_defined(unsigned int type, unsigned int code)
{
	if (type == SBI_PMU_EVENT_TYPE_HW)
		return code != SBI_PMU_HW_NO_EVENT && code < SBI_PMU_HW_GENERAL_MAX;
	/* result_id (bit 0) is one bit: every value is defined */
	return CACHE_ID(code) <= SBI_PMU_HW_CACHE_NODE && CACHE_OP(code) <= SBI_PMU_HW_CACHE_OP_PREFETCH;
}

void pmu_event_map_index(struct pmu_event_map *map)
{
	for (unsigned int slot = 0; slot < PMU_HW_EVENT_SLOTS; slot++) {
		unsigned int type = slot >> 6, code = slot & 63;
		uint32_t event_idx = (uint32_t)(type << 16 | code);
		uint64_t counters = 0, selector = event_idx;

		for (unsigned int i = 0; i < map->range_count; i++)
			if (map->ranges[i].first <= event_idx && event_idx <= map->ranges[i].last)
				counters |= map->ranges[i].counters;
		counters &= ~FIXED_COUNTERS;
		if (event_idx == SBI_PMU_HW_CPU_CYCLES)
			counters |= 1ULL << 0;
		else if (event_idx == SBI_PMU_HW_INSTRUCTIONS)
			counters |= 1ULL << 2;
		for (unsigned int i = 0; i < map->selector_count; i++)
			if (map->selectors[i].event_idx == event_idx)
				selector = map->selectors[i].selector;

		map->hw_events[slot] = standard_event_defined(type, code) ? PMU_HW_EVENT_DEFINED | counters : 0;
		map->hw_selectors[slot] = selector;
	}
}
