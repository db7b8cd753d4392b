/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The standard hardware events of the SBI PMU chapter by the spec's names:
 * general events (Table 2) and cache events (Tables 3-5).
 */
#ifndef ABACUS_PMU_DT_EVENT_NAMES_H
#define ABACUS_PMU_DT_EVENT_NAMES_H

#include <stddef.h>
#include <stdint.h>

/* 10 general events (codes 1..10) + 7 caches x 3 operations x 2 results. */
#define STANDARD_EVENT_COUNT 52

/* The i-th standard event_idx (0 <= i < STANDARD_EVENT_COUNT), in table order. */
uint32_t standard_event_idx(unsigned int i);

/*
 * The event's name: "SBI_PMU_HW_CPU_CYCLES" for a general event,
 * "SBI_PMU_HW_CACHE_DTLB READ MISS" for a cache event (Table 3's cache name,
 * then Table 4's operation and Table 5's result without their prefixes).
 */
void event_name(uint32_t event_idx, char *buf, size_t size);

/* The parts of a cache event's name (Tables 3, 4, 5), or NULL for other events. */
const char *cache_id_name(uint32_t event_idx);
const char *cache_op_name(uint32_t event_idx);
const char *cache_result_name(uint32_t event_idx);

#endif
