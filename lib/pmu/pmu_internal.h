/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the PMU core files (pmu_core.c, pmu_events.c,
 * pmu_counters.c). Not part of the PMU API: include pmu.h for that.
 */
#ifndef ABACUS_PMU_INTERNAL_H
#define ABACUS_PMU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu.h"

#define PMU_HPM_FIRST 3   /* mhpmcounter3: the first programmable counter */

/* An event_idx/event_data pair once checked against the spec's Tables 1-6. */
struct pmu_event {
	uint32_t idx;             /* what hw_event[] records (raw: type << 16, code 0) */
	uint8_t type;             /* SBI_PMU_EVENT_TYPE_* */
	uint16_t fw_code;         /* type 15: firmware event code */
	int32_t platform_event;   /* type 15, SBI_PMU_FW_PLATFORM: the platform's event id */
	uint64_t raw_data;        /* types 2/3: event_data cut to 48/56 bits */
};

/* Decodes an event; SBI_SUCCESS or SBI_ERR_NOT_SUPPORTED (pmu_events.c). */
long pmu_event_decode(unsigned long event_idx, uint64_t event_data, struct pmu_event *ev);

/*
 * Logical counters of this hart able to count ev, free or not: the DT map and
 * the fixed counters for hardware events, every firmware counter for firmware
 * events (pmu_events.c).
 */
uint64_t pmu_event_counters(const struct pmu_hart *ph, const struct pmu_event *ev);

/* Value for mhpmevent (without filter bits) for a hardware event. */
uint64_t pmu_event_selector(const struct pmu_event *ev);

/*
 * Checks a counter set (counter_idx_base, counter_idx_mask): true when every
 * counter in it exists, and *set = the set as a bitmask of logical indexes.
 * Safe against base + bit overflowing (pmu_core.c).
 */
bool pmu_counter_set(const struct pmu_hart *ph, unsigned long base, unsigned long mask, uint64_t *set);

/* Start one counter that has an event; value only when has_value (pmu_counters.c). */
void pmu_counter_start_one(struct pmu_hart *ph, unsigned int idx, bool has_value, uint64_t value);
/* Freeze a started firmware counter k at its current value. */
void pmu_fw_counter_freeze(struct pmu_hart *ph, unsigned int k);

static inline bool pmu_is_hw(const struct pmu_hart *ph, unsigned int idx)
{
	return idx < ph->num_hw;
}

static inline uint64_t pmu_bit(unsigned int idx)
{
	return 1ULL << idx;
}

/*
 * Index of the lowest set bit of a non-zero mask. A de Bruijn multiply, not
 * __builtin_ctzll: without Zbb GCC turns that into a call to libgcc's
 * __ctzdi2, which the firmware does not link.
 */
static inline unsigned int pmu_lowest_bit(uint64_t mask)
{
	static const uint8_t position[64] = {
		0, 1, 2, 53, 3, 7, 54, 27, 4, 38, 41, 8, 34, 55, 48, 28,
		62, 5, 39, 46, 44, 42, 22, 9, 24, 35, 59, 56, 49, 18, 29, 11,
		63, 52, 6, 26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
		51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
	};

	return position[((mask & -mask) * 0x022fdd63cc95386dULL) >> 58];
}

#endif
