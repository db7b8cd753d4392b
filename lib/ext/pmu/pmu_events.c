/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU events: which event_idx/event_data pairs exist (spec Tables 1-6),
 * which counters of a hart can count them (the DT map, pmu_event_map),
 * sbi_pmu_event_get_info (FID 8), and the snapshot memory S-mode registers
 * for start and stop (snapshot_set_shmem, FID 7).
 */
#include "pmu/pmu_hw.h"
#include "pmu_internal.h"
#include "memory_map.h"

#define EVENT_IDX_RESERVED      (~SBI_PMU_EVENT_IDX_MASK)   /* bits 20.. of event_idx */
#define RAW_DATA_MASK           ((1ULL << 48) - 1)          /* Table 1: type 2 */
#define RAW_V2_DATA_MASK        ((1ULL << 56) - 1)          /* Table 1: type 3 */
#define CACHE_ID(code)          ((code) >> 3)
#define CACHE_OP(code)          (((code) >> 1) & 3)
/* mcycle and minstret count one event each, whatever the DT map says. */
#define FIXED_COUNTERS          ((1ULL << 0) | (1ULL << 2))

long pmu_event_decode(unsigned long event_idx, uint64_t event_data, struct pmu_event *ev)
{
	unsigned int type = SBI_PMU_EVENT_IDX_TYPE(event_idx);
	unsigned int code = SBI_PMU_EVENT_IDX_CODE(event_idx);

	if (event_idx & EVENT_IDX_RESERVED)
		return SBI_ERR_NOT_SUPPORTED;
	ev->idx = (uint32_t)event_idx;
	ev->type = (uint8_t)type;
	ev->fw_code = 0;
	ev->platform_event = -1;
	ev->raw_data = 0;

	switch (type) {
	case SBI_PMU_EVENT_TYPE_HW:
		/* Table 2; code 0 is "no event" */
		if (code == SBI_PMU_HW_NO_EVENT || code >= SBI_PMU_HW_GENERAL_MAX)
			return SBI_ERR_NOT_SUPPORTED;
		return SBI_SUCCESS;
	case SBI_PMU_EVENT_TYPE_HW_CACHE:
		/* Tables 3-5; result_id is one bit, so always valid */
		if (CACHE_ID(code) > SBI_PMU_HW_CACHE_NODE || CACHE_OP(code) > SBI_PMU_HW_CACHE_OP_PREFETCH)
			return SBI_ERR_NOT_SUPPORTED;
		return SBI_SUCCESS;
	case SBI_PMU_EVENT_TYPE_HW_RAW:
	case SBI_PMU_EVENT_TYPE_HW_RAW_V2:
		if (code != 0)
			return SBI_ERR_NOT_SUPPORTED;
		ev->raw_data = event_data & (type == SBI_PMU_EVENT_TYPE_HW_RAW ? RAW_DATA_MASK : RAW_V2_DATA_MASK);
		return SBI_SUCCESS;
	case SBI_PMU_EVENT_TYPE_FW:
		ev->fw_code = (uint16_t)code;
		if (code < SBI_PMU_FW_EVENT_COUNT)
			return SBI_SUCCESS;
		if (code != SBI_PMU_FW_PLATFORM)
			return SBI_ERR_NOT_SUPPORTED;   /* 22..255 reserved, 256..65534: none defined */
		if (!pmu_platform || !pmu_platform->fw_event_lookup || !pmu_platform->fw_event_read)
			return SBI_ERR_NOT_SUPPORTED;
		long platform_event = pmu_platform->fw_event_lookup(event_data);
		if (platform_event < 0 || platform_event > INT32_MAX)
			return SBI_ERR_NOT_SUPPORTED;
		ev->platform_event = (int32_t)platform_event;
		return SBI_SUCCESS;
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

uint64_t pmu_event_counters(const struct pmu_hart *ph, const struct pmu_event *ev)
{
	const struct pmu_event_map *map = &pmu_event_map;
	uint64_t counters = 0;

	if (ev->type == SBI_PMU_EVENT_TYPE_FW)
		return pmu_fw_counters(ph);
	if (ev->type == SBI_PMU_EVENT_TYPE_HW || ev->type == SBI_PMU_EVENT_TYPE_HW_CACHE)
		return map->hw_events[pmu_hw_event_slot(ev->idx)] & ph->programmable;
	/* Raw events match on their data: rows scanned (mcycle/minstret never count them). */
	for (unsigned int i = 0; i < map->raw_count; i++)
		if ((ev->raw_data & map->raw[i].mask) == map->raw[i].match)
			counters |= map->raw[i].counters;
	return counters & ~FIXED_COUNTERS & ph->programmable;
}

/* Table 18: word 0 event_idx, word 1 output, words 2-3 event_data. */
#define ENTRY_IDX_OFFSET    0
#define ENTRY_OUTPUT_OFFSET 4
#define ENTRY_DATA_OFFSET   8
#define ENTRY_IDX_RESERVED  0xfff00000u   /* bits 20..31 of word 0 */

static uint32_t entry_event_idx(uintptr_t entry)
{
	return *(volatile const uint32_t *)(entry + ENTRY_IDX_OFFSET);
}

/* Word 1 of one entry: 1 when the event can be counted on this hart (Table 18). */
static void event_info_fill(const struct pmu_hart *ph, uintptr_t entry)
{
	/* Re-read: S-mode on another hart may have changed it since the first pass. */
	uint32_t event_idx = entry_event_idx(entry);
	uint64_t event_data = *(volatile const uint64_t *)(entry + ENTRY_DATA_OFFSET);
	struct pmu_event ev;
	uint32_t supported = 0;

	if (!(event_idx & ENTRY_IDX_RESERVED) && pmu_event_decode(event_idx, event_data, &ev) == SBI_SUCCESS)
		supported = pmu_event_counters(ph, &ev) != 0;
	*(volatile uint32_t *)(entry + ENTRY_OUTPUT_OFFSET) = supported;
}

struct sbiret pmu_event_get_info(struct pmu_hart *ph, unsigned long shmem_phys_lo,
				 unsigned long shmem_phys_hi, unsigned long num_entries,
				 unsigned long flags)
{
	uintptr_t entries = shmem_phys_lo;   /* M-mode: physical address == pointer */

	if (flags != 0 || shmem_phys_lo % SBI_PMU_EVENT_INFO_ENTRY_SIZE != 0)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (num_entries > UINT64_MAX / SBI_PMU_EVENT_INFO_ENTRY_SIZE)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (num_entries == 0)
		return sbiret_ok(0);
	if (!smode_range_ok(shmem_phys_lo, shmem_phys_hi,
				       (uint64_t)num_entries * SBI_PMU_EVENT_INFO_ENTRY_SIZE))
		return sbiret_err(SBI_ERR_INVALID_ADDRESS);

	/*
	 * Table 19: a reserved bit in any event_idx fails the call before any
	 * output is written. The table may be RAM/16 entries long: both passes
	 * serve this hart's IPIs every PMU_SERVE_STRIDE entries (pmu_hw.h).
	 */
	for (unsigned long i = 0, serve_at = PMU_SERVE_STRIDE; i < num_entries; i++) {
		if (i == serve_at) {
			csr_serve_pending_ipi();
			serve_at += PMU_SERVE_STRIDE;
		}
		if (entry_event_idx(entries + i * SBI_PMU_EVENT_INFO_ENTRY_SIZE) & ENTRY_IDX_RESERVED)
			return sbiret_err(SBI_ERR_INVALID_PARAM);
	}
	for (unsigned long i = 0, serve_at = PMU_SERVE_STRIDE; i < num_entries; i++) {
		if (i == serve_at) {
			csr_serve_pending_ipi();
			serve_at += PMU_SERVE_STRIDE;
		}
		event_info_fill(ph, entries + i * SBI_PMU_EVENT_INFO_ENTRY_SIZE);
	}
	return sbiret_ok(0);
}

/* Both address halves all-ones: disable the snapshot memory (FID 7). */
#define SNAPSHOT_DISABLE (~0UL)

struct sbiret pmu_snapshot_set_shmem(struct pmu_hart *ph, unsigned long shmem_phys_lo,
				     unsigned long shmem_phys_hi, unsigned long flags)
{
	/* Table 17: the whole function is unavailable, whatever the arguments. */
	if (!pmu_snapshot_offered)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	if (flags != 0)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (shmem_phys_lo == SNAPSHOT_DISABLE && shmem_phys_hi == SNAPSHOT_DISABLE) {
		ph->snapshot_enabled = false;
		ph->snapshot_addr = 0;
		return sbiret_ok(0);
	}
	if (shmem_phys_lo % SBI_PMU_SNAPSHOT_SIZE != 0)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!smode_range_ok(shmem_phys_lo, shmem_phys_hi, SBI_PMU_SNAPSHOT_SIZE))
		return sbiret_err(SBI_ERR_INVALID_ADDRESS);
	/* The memory itself is touched only by start/stop with the snapshot flags. */
	ph->snapshot_addr = shmem_phys_lo;
	ph->snapshot_enabled = true;
	return sbiret_ok(0);
}
