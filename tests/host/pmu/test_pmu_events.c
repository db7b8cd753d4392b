/* SPDX-License-Identifier: BSD-2-Clause */
/* PMU core on a simulated hart: event_get_info (FID 8, Tables 18-19). */
#include <limits.h>
#include "test.h"
#include "pmu_fixture.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* Table 18: a 16-byte entry, little-endian. */
struct entry {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

static struct entry *entries(void)
{
	return (struct entry *)fixture_ram;
}

static void put(unsigned int i, uint32_t event_idx, uint64_t event_data)
{
	entries()[i].event_idx = event_idx;
	entries()[i].event_data = event_data;
}

static struct sbiret get_info(unsigned long lo, unsigned long hi, unsigned long n, unsigned long flags)
{
	return pmu_event_get_info(&ph, lo, hi, n, flags);
}

static uint8_t ram_before[FIXTURE_RAM_PAGES * FIXTURE_PAGE];

/* Fails with err and changes nothing: PMU state, hart, memory. */
#define CHECK_FAILS_UNCHANGED(err, call) do { \
	struct pmu_hart _before = ph; struct sim_hart _sim = sim; \
	memcpy(ram_before, fixture_ram, sizeof ram_before); \
	struct sbiret _r = (call); \
	CHECK_EQ(_r.error, err); \
	CHECK_EQ(_r.value, 0); \
	CHECK(memcmp(&_before, &ph, sizeof ph) == 0); \
	CHECK(memcmp(&_sim, &sim, sizeof sim) == 0); \
	CHECK(memcmp(ram_before, fixture_ram, sizeof ram_before) == 0); \
} while (0)

TEST(event_info_parameter_errors)
{
	unsigned long ram = fixture_page(0);

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(ram, 0, 1, 1));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(ram, 0, 1, 1UL << 63));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(ram + 8, 0, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(ram + 1, 0, 1, 0));
	/* 16 * num_entries does not fit in 64 bits */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(ram, 0, ULONG_MAX / 16 + 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(ram, 0, ULONG_MAX, 0));
	/* no entries: nothing to check or write */
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, get_info(ram, 0, 0, 0));
	CHECK_FAILS_UNCHANGED(SBI_SUCCESS, get_info(0, 0, 0, 0));
}

TEST(event_info_address_errors)
{
	unsigned long ram = fixture_page(0);
	unsigned long ram_end = fixture_page(FIXTURE_FW_PAGE);   /* firmware page follows */

	fixture_init(&sim_qemu_virt, false, false);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram, 1, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram, ~0UL, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram - 16, 0, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram - 16, 0, 2, 0));   /* starts outside */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram_end - 16, 0, 2, 0));   /* runs into firmware */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram_end, 0, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(fixture_page(FIXTURE_RAM_PAGES), 0, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(0, 0, 1, 0));
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(~0UL & ~0xfUL, 0, 1, 0));   /* reaches 2^64 */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(~0UL & ~0xfUL, 0, 2, 0));   /* wraps */
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_ADDRESS, get_info(ram, 0, ULONG_MAX / 16, 0));
	/* the whole RAM before the firmware page is fine */
	memset(fixture_ram, 0, FIXTURE_FW_PAGE * FIXTURE_PAGE);
	entries()[FIXTURE_FW_PAGE * FIXTURE_PAGE / 16 - 1].event_idx = EV_CYCLES;
	CHECK_EQ(get_info(ram, 0, FIXTURE_FW_PAGE * FIXTURE_PAGE / 16, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[FIXTURE_FW_PAGE * FIXTURE_PAGE / 16 - 1].output, 1);
	CHECK_EQ(fixture_changed_bytes(FIXTURE_FW_PAGE * FIXTURE_PAGE, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
	entries()[FIXTURE_FW_PAGE * FIXTURE_PAGE / 16 - 1].output = 7;
	CHECK_EQ(get_info(ram_end - 16, 0, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[FIXTURE_FW_PAGE * FIXTURE_PAGE / 16 - 1].output, 1);
}

TEST(event_info_reserved_bits_fail_before_any_write)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	put(0, EV_CYCLES, 0);
	put(1, EV_INSTRUCTIONS, 0);
	put(2, 1u << 20 | EV_CYCLES, 0);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(fixture_page(0), 0, 3, 0));
	put(2, 0x80000000u | EV_CYCLES, 0);
	CHECK_FAILS_UNCHANGED(SBI_ERR_INVALID_PARAM, get_info(fixture_page(0), 0, 3, 0));
	/* the bad entry is past num_entries: fine */
	CHECK_EQ(get_info(fixture_page(0), 0, 2, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[0].output, 1);
	CHECK_EQ(entries()[1].output, 1);
	CHECK_EQ(entries()[2].output, 0xa5a5a5a5u);
}

TEST(event_info_outputs_qemu)
{
	static const struct { uint32_t event_idx; uint64_t data; uint32_t supported; } cases[] = {
		{ EV_CYCLES, 0, 1 },
		{ EV_INSTRUCTIONS, 0, 1 },
		{ EV_DTLB_RD_MISS, 0, 1 },
		{ EV_DTLB_WR_MISS, 0, 1 },
		{ EV_ITLB_RD_MISS, 0, 1 },
		{ 3, 0, 0 },                        /* cache references: not in QEMU's map */
		{ 0x10000, 0, 0 },                  /* L1D read access */
		{ 0, 0, 0 },                        /* no event */
		{ 11, 0, 0 },
		{ 0x10000 | 7 << 3, 0, 0 },         /* cache_id 7 */
		{ 0x40000, 0, 0 },                  /* type 4 */
		{ EV_RAW, 0x123, 1 },
		{ EV_RAW, 0x124, 0 },
		{ EV_RAW | 1, 0x123, 0 },           /* raw code must be 0 */
		{ EV_RAW_V2, 0x123, 1 },
		{ EV_RAW_V2, 0x0100000000000123ULL, 1 },   /* bit 56 dropped: 0x123 */
		{ EV_RAW_V2, 0x0001000000000123ULL, 0 },   /* bit 48 kept */
		{ EV_RAW, 0x0001000000000123ULL, 1 },      /* bit 48 dropped */
		{ EV_FW(0), 0, 1 },
		{ EV_FW(21), 0, 1 },
		{ EV_FW(22), 0, 0 },
		{ EV_FW(256), 0, 0 },
		{ EV_FW(SBI_PMU_FW_PLATFORM), FIXTURE_PLATFORM_DATA, 1 },
		{ EV_FW(SBI_PMU_FW_PLATFORM), 0, 0 },
	};
	const unsigned int n = sizeof cases / sizeof cases[0];

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	pmu_event_map.raw[0] = (struct pmu_raw_range){ 0x123, ~0ULL, 1u << 5 };
	pmu_event_map.raw_count = 1;
	pmu_event_map_index(&pmu_event_map);
	pmu_platform = &fixture_platform;
	for (unsigned int i = 0; i < n; i++)
		put(i, cases[i].event_idx, cases[i].data);
	CHECK_EQ(get_info(fixture_page(0), 0, n, 0).error, SBI_SUCCESS);
	for (unsigned int i = 0; i < n; i++) {
		CHECK_EQ(i << 8 | entries()[i].output, i << 8 | cases[i].supported);
		CHECK_EQ(entries()[i].event_idx, cases[i].event_idx);
		CHECK_EQ(entries()[i].event_data, cases[i].data);
	}
	CHECK_EQ(fixture_changed_bytes(n * 16, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
	/* nothing configured */
	for (unsigned int i = 0; i < PMU_HW_COUNTER_MAX; i++)
		CHECK_EQ(ph.hw_event[i], 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(event_info_writes_only_output_words)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	/* event_data left as the pattern: ignored for general events */
	entries()[1].event_idx = EV_CYCLES;
	entries()[2].event_idx = 5;
	CHECK_EQ(get_info(fixture_page(0) + 16, 0, 2, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[1].output, 1);
	CHECK_EQ(entries()[2].output, 0);
	CHECK_EQ(entries()[1].event_idx, EV_CYCLES);
	CHECK_EQ(entries()[2].event_idx, 5);
	CHECK_EQ(fixture_changed_bytes(0, 16), 0);
	CHECK_EQ(fixture_changed_bytes(24, 32), 0);
	CHECK_EQ(fixture_changed_bytes(40, FIXTURE_RAM_PAGES * FIXTURE_PAGE), 0);
}

TEST(event_info_ignores_whether_counters_are_free)
{
	const unsigned long hw = (1UL << 19) - 1;

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	for (int i = 0; i < 16; i++)
		CHECK_EQ(pmu_counter_config_matching(&ph, 0, hw, SBI_PMU_CFG_FLAG_AUTO_START,
						     EV_DTLB_RD_MISS, 0).error, SBI_SUCCESS);
	put(0, EV_DTLB_RD_MISS, 0);
	CHECK_EQ(get_info(fixture_page(0), 0, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[0].output, 1);
}

TEST(event_info_depends_on_the_hart)
{
	struct sim_hart_config no_inhibit = sim_qemu_virt;

	/* FU540-like: no mcountinhibit, no programmable counter: cycles on the free-running mcycle */
	no_inhibit.has_mcountinhibit = false;
	no_inhibit.hpm_present = 0;
	fixture_init(&no_inhibit, false, false);
	fixture_qemu_map();
	put(0, EV_CYCLES, 0);
	put(1, EV_DTLB_RD_MISS, 0);
	put(2, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(get_info(fixture_page(0), 0, 3, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[0].output, 1);
	CHECK_EQ(entries()[1].output, 0);
	CHECK_EQ(entries()[2].output, 1);

	/* U74 with a map naming counters it does not have */
	fixture_init(&sim_u74, false, false);
	pmu_event_map.ranges[0] = (struct pmu_event_range){ EV_DTLB_RD_MISS, EV_DTLB_RD_MISS, 1u << 7 };
	pmu_event_map.ranges[1] = (struct pmu_event_range){ EV_ITLB_RD_MISS, EV_ITLB_RD_MISS, 1u << 4 };
	pmu_event_map.range_count = 2;
	pmu_event_map_index(&pmu_event_map);
	put(0, EV_DTLB_RD_MISS, 0);
	put(1, EV_ITLB_RD_MISS, 0);
	put(2, EV_CYCLES, 0);
	CHECK_EQ(get_info(fixture_page(0), 0, 3, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries()[0].output, 0);
	CHECK_EQ(entries()[1].output, 1);
	CHECK_EQ(entries()[2].output, 1);   /* mcycle needs no map */
}

/*
 * A table as long as S-mode likes: the firmware must serve this hart's IPIs
 * (remote fences other harts wait for) every PMU_SERVE_STRIDE entries of
 * each pass, and not at all for a short one (lib/ext/pmu/pmu_hw.h).
 */
TEST(event_info_serves_ipis_through_a_long_table)
{
	const unsigned int n = 3 * FIXTURE_PAGE / sizeof(struct entry);   /* 768: three chunks */

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	for (unsigned int i = 0; i < n; i++)
		put(i, i & 1 ? EV_CYCLES : EV_DTLB_RD_MISS, 0);
	sim.ipi_serves = 0;
	CHECK_EQ(get_info(fixture_page(0), 0, PMU_SERVE_STRIDE, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.ipi_serves, 0);
	CHECK_EQ(get_info(fixture_page(0), 0, PMU_SERVE_STRIDE + 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.ipi_serves, 2);                 /* once in each pass */
	sim.ipi_serves = 0;
	CHECK_EQ(get_info(fixture_page(0), 0, n, 0).error, SBI_SUCCESS);
	CHECK_EQ(sim.ipi_serves, 2 * ((n - 1) / PMU_SERVE_STRIDE));
	for (unsigned int i = 0; i < n; i++)
		CHECK_EQ(entries()[i].output, 1);
	/* A reserved bit near the end: the first pass served its way there, then fails. */
	put(n - 10, 1u << 20 | EV_CYCLES, 0);
	sim.ipi_serves = 0;
	CHECK_EQ(get_info(fixture_page(0), 0, n, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sim.ipi_serves, (n - 1) / PMU_SERVE_STRIDE);
}

int main(void)
{
	RUN(event_info_parameter_errors);
	RUN(event_info_address_errors);
	RUN(event_info_reserved_bits_fail_before_any_write);
	RUN(event_info_outputs_qemu);
	RUN(event_info_writes_only_output_words);
	RUN(event_info_ignores_whether_counters_are_free);
	RUN(event_info_depends_on_the_hart);
	RUN(event_info_serves_ipis_through_a_long_table);
	return TEST_EXIT_CODE;
}
