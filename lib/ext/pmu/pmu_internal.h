/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the PMU core files (pmu_core.c, pmu_events.c,
 * pmu_counters.c). Not part of the PMU API: include pmu.h for that.
 *
 * The helpers the ecall fast paths use (pmu_counters.c, pmu_core.c) are
 * inline: a call would cost those paths a stack frame (docs/bench.md).
 * lib/ext/pmu/pmu_ecall.c uses pmu_counter_fw_read_ecall() from here.
 */
#ifndef ABACUS_PMU_INTERNAL_H
#define ABACUS_PMU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/pmu_hw.h"
#include "pmu/pmu.h"

#define PMU_HPM_FIRST 3   /* mhpmcounter3: the first programmable counter */

/*
 * Selects no event on programmable counter idx (boot, RESET, hart stop).
 * With Sscofpmf, MINH stays set even then: a counter S-mode programs itself,
 * where counter delegation (Smcdeleg) lets it write the event through sireg2
 * with MINH read-only 0, keeps never counting M-mode. 0 is written first:
 * QEMU (7.2 at least) drops a counter from its event -> counter map only on
 * a write of 0, and a stale entry keeps the next counter given that event
 * from counting.
 */
/*
 * Selects no event on programmable counter idx (RESET, hart stop). Where
 * S-mode may program the counter itself (counter delegation, with
 * Sscofpmf), MINH is set again: the event it writes through sireg2, where
 * MINH is read-only 0, must not count M-mode either. 0 first in any case:
 * QEMU (7.2 and 11.1) drops a counter from its event -> counter map only on
 * a write of 0, and a stale entry keeps the next counter given that event
 * from counting. Inline, no call: the stop path stays a leaf (docs/bench.md).
 */
static inline __attribute__((always_inline)) void pmu_hpm_select_none(const struct pmu_hart *ph, unsigned long idx)
{
	csr_write_mhpmevent(idx, 0);
	if (__builtin_expect(ph->idle_minh, 0))
		csr_write_mhpmevent(idx, MHPMEVENT_MINH);
}

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

/*
 * hw_event[] words, what a hardware counter counts: 0 when free; a standard
 * event (types 0, 1): its event_idx; a raw event (types 2, 3): its data with
 * PMU_HW_EVENT_RAW (and PMU_HW_EVENT_RAW_V2 for type 3). The word keeps
 * everything needed to select the event again (harts without mcountinhibit
 * select it at every start).
 */
#define PMU_HW_EVENT_RAW    (1ULL << 63)
#define PMU_HW_EVENT_RAW_V2 (1ULL << 62)
#define PMU_RAW_DATA_MASK   ((1ULL << 56) - 1)

/*
 * The pmu_event_map slot (type << 6 | code) of a standard hardware event_idx
 * (pmu_is_hw_event()): type 0 is event_idx itself, and for type 1 the
 * carry of 0x10000 >> 10 = 0x40 into bit 6 is the slot's type bit.
 */
static inline unsigned long pmu_hw_event_slot(unsigned long event_idx)
{
	return (event_idx + (event_idx >> 10)) & (PMU_HW_EVENT_SLOTS - 1);
}

static inline uint64_t pmu_hw_event_word(const struct pmu_event *ev)
{
	if (ev->type == SBI_PMU_EVENT_TYPE_HW_RAW)
		return PMU_HW_EVENT_RAW | ev->raw_data;
	if (ev->type == SBI_PMU_EVENT_TYPE_HW_RAW_V2)
		return PMU_HW_EVENT_RAW | PMU_HW_EVENT_RAW_V2 | ev->raw_data;
	return ev->idx;
}

/* Value for mhpmevent (without filter bits) of a hw_event[] word. */
static inline uint64_t pmu_hw_event_selector(uint64_t word)
{
	if (word & PMU_HW_EVENT_RAW)
		return word & PMU_RAW_DATA_MASK;
	return pmu_event_map.hw_selectors[pmu_hw_event_slot(word)];
}

/* Value for mhpmevent (without filter bits) for a hardware event. */
static inline uint64_t pmu_event_selector(const struct pmu_event *ev)
{
	return pmu_hw_event_selector(pmu_hw_event_word(ev));
}

/* The firmware counters (logical indexes) of a hart. */
static inline uint64_t pmu_fw_counters(const struct pmu_hart *ph)
{
	return ((1ULL << PMU_FW_COUNTERS) - 1) << ph->num_hw;
}

/*
 * A firmware event with a standard code (type 15, code 0..21, no reserved
 * bit): one pmu_event_decode() accepts without the platform's hook.
 */
static inline bool pmu_event_is_standard_fw(unsigned long event_idx)
{
	return event_idx >> 16 == SBI_PMU_EVENT_TYPE_FW &&
	       SBI_PMU_EVENT_IDX_CODE(event_idx) < SBI_PMU_FW_EVENT_COUNT;
}

/*
 * Checks a counter set (counter_idx_base, counter_idx_mask): true when every
 * counter in it exists, and *set = the set as a bitmask of logical indexes.
 * Safe against base + bit overflowing.
 */
static inline bool pmu_counter_set(const struct pmu_hart *ph, unsigned long base, unsigned long mask,
				   uint64_t *set)
{
	unsigned long count = pmu_num_counters(ph);

	_Static_assert(PMU_COUNTER_MAX < 64, "a counter set is one 64-bit mask");
	*set = 0;
	if (!mask)
		return true;
	/* Every set bit i needs base + i < count, computed without overflowing base + i;
	 * count - base is then 1..63, a valid shift. */
	if (base >= count || (mask >> (count - base)) != 0)
		return false;
	*set = (uint64_t)mask << base;
	return true;
}

/* Start one counter that has an event; value only when has_value (pmu_counters.c). */
void pmu_counter_start_one(struct pmu_hart *ph, unsigned long idx, bool has_value, uint64_t value);
/* Stop a started hardware counter (pmu_counters.c). */
void pmu_hw_counter_stop(struct pmu_hart *ph, unsigned long idx);
/* Freeze a started firmware counter k at its current value (pmu_counters.c). */
void pmu_fw_counter_freeze(struct pmu_hart *ph, unsigned long k);

/* Logical counter indexes are unsigned long throughout: no 32-bit extensions on RV64. */
static inline bool pmu_is_hw(const struct pmu_hart *ph, unsigned long idx)
{
	return idx < ph->num_hw;
}

static inline uint64_t pmu_bit(unsigned long idx)
{
	return 1ULL << idx;
}

static inline bool pmu_counter_started(const struct pmu_hart *ph, unsigned long idx)
{
	return (ph->started >> idx) & 1;
}

/* Records that counter idx has an event, or none, in hw_event[]/configured and hw_free/fw_mapped. */
static inline void pmu_counter_map_hw(struct pmu_hart *ph, unsigned long idx, uint64_t word)
{
	ph->hw_event[idx] = word;
	ph->hw_free &= ~(uint32_t)pmu_bit(idx);
}

static inline void pmu_counter_map_fw(struct pmu_hart *ph, unsigned long idx)
{
	ph->fw[idx - ph->num_hw].configured = 1;
	ph->fw_mapped |= pmu_bit(idx);
}

static inline void pmu_counter_unmap(struct pmu_hart *ph, unsigned long idx)
{
	if (pmu_is_hw(ph, idx)) {
		ph->hw_event[idx] = 0;
		ph->hw_free |= ph->programmable & (uint32_t)pmu_bit(idx);
	} else {
		ph->fw[idx - ph->num_hw].configured = 0;
		ph->fw_mapped &= ~pmu_bit(idx);
	}
}

static inline bool pmu_counter_mapped(const struct pmu_hart *ph, unsigned long idx)
{
	if (pmu_is_hw(ph, idx))
		return ph->hw_event[idx] != 0;   /* never time */
	return (ph->fw_mapped >> idx) & 1;
}

/* The counters (logical indexes) matching may take: programmable or firmware, without an event. */
static inline uint64_t pmu_free_counters(const struct pmu_hart *ph)
{
	return ph->hw_free | (pmu_fw_counters(ph) & ~ph->fw_mapped);
}

/* True for a standard hardware event_idx: type 0 or 1 (Tables 2-5), code < 64, no reserved bit. */
static inline bool pmu_is_hw_event(unsigned long event_idx)
{
	/* bits 6.. other than the type's bit 16 (bit 10 once shifted) are 0 */
	return !((event_idx >> 6) & ~0x400UL);
}

/* Marks firmware counter idx (logical index) started or stopped, in both places that say so. */
static inline void pmu_fw_counter_set_started(struct pmu_hart *ph, unsigned long idx, bool started)
{
	ph->fw[idx - ph->num_hw].started = started;
	if (started)
		ph->started |= pmu_bit(idx);
	else
		ph->started &= ~pmu_bit(idx);
}

/* A configured firmware counter counts a standard event (0..21) or SBI_PMU_FW_PLATFORM (pmu_event_decode). */
static inline bool pmu_fw_counter_is_platform(const struct pmu_fw_counter *fc)
{
	return __builtin_expect(fc->code >= SBI_PMU_FW_EVENT_COUNT, 0);
}

/*
 * pmu_counter_fw_read() with its arguments in the order the ecall glue has
 * them (a0 stays where it is): perf calls it on every sample of a firmware
 * event, and it has a goal of its own (docs/bench.md).
 */
struct sbiret pmu_counter_fw_read_ecall(unsigned long counter_idx, const struct pmu_hart *ph);

/*
 * pmu_counter_start/stop/config_matching() in the glue's argument order too
 * (ph last): perf calls them on every context switch; with nothing to move,
 * the glue stays a compare and a tail call.
 */
struct sbiret pmu_counter_start_ecall(unsigned long counter_idx_base, unsigned long counter_idx_mask,
				      unsigned long start_flags, uint64_t initial_value, struct pmu_hart *ph);
struct sbiret pmu_counter_stop_ecall(unsigned long counter_idx_base, unsigned long counter_idx_mask,
				     unsigned long stop_flags, struct pmu_hart *ph);
struct sbiret pmu_counter_config_matching_ecall(unsigned long counter_idx_base, unsigned long counter_idx_mask,
						unsigned long config_flags, unsigned long event_idx,
						uint64_t event_data, struct pmu_hart *ph);

/* The hart's count of standard firmware event code (through a pointer: docs/bench.md, "Compilers"). */
static inline uint64_t pmu_fw_event_total(const struct pmu_hart *ph, unsigned int code)
{
	const uint64_t *counts = ph->fw_event_count;

	return counts[code];
}

/*
 * Index of the lowest set bit of a non-zero mask. A de Bruijn multiply, not
 * __builtin_ctzll: without Zbb a compiler may turn that into a call to
 * libgcc's __ctzdi2, which the firmware does not link.
 */
static inline unsigned long pmu_lowest_bit(uint64_t mask)
{
	/* The multiplier beside its table: one address for both, not two loaded from memory. */
	static const struct {
		uint64_t multiplier;
		uint8_t position[64];
	} de_bruijn = {
		0x022fdd63cc95386dULL,
		{
			0, 1, 2, 53, 3, 7, 54, 27, 4, 38, 41, 8, 34, 55, 48, 28,
			62, 5, 39, 46, 44, 42, 22, 9, 24, 35, 59, 56, 49, 18, 29, 11,
			63, 52, 6, 26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
			51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
		},
	};
	const volatile uint64_t *multiplier = &de_bruijn.multiplier;

	return de_bruijn.position[((mask & -mask) * *multiplier) >> 58];
}

#endif
