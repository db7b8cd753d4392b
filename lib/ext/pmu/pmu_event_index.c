/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot-time index of the event map (pmu_event_map_index(), pmu.h): for
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
