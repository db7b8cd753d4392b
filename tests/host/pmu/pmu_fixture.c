/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>
#include "pmu_fixture.h"
#include "host_memory.h"
#include "memory_map.h"
#include "host_console.h"

struct pmu_hart ph;
uint8_t *fixture_ram;
uint64_t fixture_platform_count;

static long fixture_lookup(uint64_t event_data)
{
	return event_data == FIXTURE_PLATFORM_DATA ? FIXTURE_PLATFORM_EVENT : -1;
}

static uint64_t fixture_read(long platform_event)
{
	return platform_event == FIXTURE_PLATFORM_EVENT ? fixture_platform_count : 0xdeadbeef;
}

const struct pmu_platform fixture_platform = {
	.fw_event_lookup = fixture_lookup,
	.fw_event_read = fixture_read,
};

uint32_t fixture_init(const struct sim_hart_config *cfg, bool isa_sscofpmf, bool isa_smcntrpmf)
{
	if (!fixture_ram)
		fixture_ram = aligned_alloc(FIXTURE_PAGE, FIXTURE_RAM_PAGES * FIXTURE_PAGE);
	fixture_fill_ram();
	host_memory_reset();
	memory_map_add_ram((uintptr_t)fixture_ram, FIXTURE_RAM_PAGES * FIXTURE_PAGE);
	memory_map.fw_base = fixture_page(FIXTURE_FW_PAGE);
	memory_map.fw_size = FIXTURE_PAGE;

	memset(&pmu_event_map, 0, sizeof pmu_event_map);
	pmu_event_map_index(&pmu_event_map);
	pmu_platform = NULL;
	pmu_snapshot_offered = "test";   /* the snapshot tests need it; withheld is its own test */
	fixture_platform_count = 0;
	host_console_clear();
	sim_hart_reset(cfg);
	memset(&ph, 0x5a, sizeof ph);   /* pmu_hart_init must not rely on zeroed memory */
	uint32_t mcounteren = pmu_hart_init(&ph, isa_sscofpmf, isa_smcntrpmf);
	/* The PMU core runs in M-mode; what the counters count afterwards is S-mode's work. */
	sim.priv = SIM_PRIV_S;
	return mcounteren;
}

void fixture_qemu_map(void)
{
	static const struct pmu_event_range qemu_rows[] = {
		{ EV_CYCLES, EV_CYCLES, 0x7fff9 },
		{ EV_INSTRUCTIONS, EV_INSTRUCTIONS, 0x7fffc },
		{ EV_DTLB_RD_MISS, EV_DTLB_RD_MISS, 0x7fff8 },
		{ EV_DTLB_WR_MISS, EV_DTLB_WR_MISS, 0x7fff8 },
		{ EV_ITLB_RD_MISS, EV_ITLB_RD_MISS, 0x7fff8 },
	};

	memset(&pmu_event_map, 0, sizeof pmu_event_map);
	pmu_event_map_index(&pmu_event_map);
	memcpy(pmu_event_map.ranges, qemu_rows, sizeof qemu_rows);
	pmu_event_map.range_count = sizeof qemu_rows / sizeof qemu_rows[0];
	pmu_event_map_index(&pmu_event_map);
}

void fixture_fill_ram(void)
{
	memset(fixture_ram, FIXTURE_PATTERN, FIXTURE_RAM_PAGES * FIXTURE_PAGE);
}

unsigned long fixture_page(unsigned int n)
{
	return (uintptr_t)fixture_ram + (unsigned long)n * FIXTURE_PAGE;
}

size_t fixture_changed_bytes(size_t from, size_t to)
{
	size_t changed = 0;

	for (size_t i = from; i < to; i++)
		changed += fixture_ram[i] != FIXTURE_PATTERN;
	return changed;
}
