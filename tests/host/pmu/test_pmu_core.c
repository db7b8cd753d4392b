/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU core on a simulated hart: probing (pmu_hart_init), num_counters (FID 0),
 * counter_get_info (FID 1, Table 7) and counter_config_matching (FID 2,
 * Tables 8 and 9).
 */
#include <limits.h>
#include "test.h"
#include "pmu_fixture.h"
#include "host_console.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

#define HPM_QEMU   0x7fff8u   /* mhpmcounter3..18 */
#define INFO(csr, width) ((unsigned long)(csr) | (unsigned long)((width) - 1) << 12)

static struct sbiret config(unsigned long base, unsigned long mask, unsigned long flags,
			    unsigned long event_idx, uint64_t data)
{
	return pmu_counter_config_matching(&ph, base, mask, flags, event_idx, data);
}

/* ---- pmu_hart_init ---- */

TEST(init_qemu_finds_16_programmable_counters)
{
	uint32_t mcounteren = fixture_init(&sim_qemu_virt, false, false);

	CHECK_EQ(mcounteren, 0x7ffff);
	CHECK_EQ(ph.hw_present, 0x7ffff);
	CHECK_EQ(ph.num_hw, 19);
	CHECK_EQ(ph.hpm_width, 63);
	CHECK(ph.has_mcountinhibit);
	CHECK(!ph.has_sscofpmf);
	CHECK(!ph.has_smcntrpmf);
	CHECK_EQ(ph.started, 0);
	CHECK_EQ(ph.snapshot_enabled, 0);
	for (unsigned int i = 0; i < PMU_HW_COUNTER_MAX; i++)
		CHECK_EQ(ph.hw_event[i], 0);
	for (unsigned int k = 0; k < PMU_FW_COUNTERS; k++) {
		CHECK_EQ(ph.fw[k].configured, 0);
		CHECK_EQ(ph.fw[k].value_or_base, 0);
	}
	for (unsigned int e = 0; e < SBI_PMU_FW_EVENT_COUNT; e++)
		CHECK_EQ(ph.fw_event_count[e], 0);
	CHECK_EQ(sim.bad_accesses, 0);
	CHECK_EQ(host_console_lines(), 0);
}

TEST(init_stops_and_clears_programmable_counters_but_not_cycle_instret)
{
	sim_hart_reset(&sim_qemu_sscofpmf);
	fixture_init(&sim_qemu_sscofpmf, true, false);
	/* state left by a previous boot stage */
	sim.mcountinhibit = 0x5;
	sim.counter[3] = 1234;
	sim.mhpmevent[3] = MHPMEVENT_OF | MHPMEVENT_SINH | 0x10019;
	sim.mhpmevent[18] = 7;
	sim.lcofip = true;
	pmu_hart_init(&ph, true, false);

	CHECK_EQ(sim.mcountinhibit, HPM_QEMU);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(sim.mhpmevent[3], 0);
	CHECK_EQ(sim.mhpmevent[18], 0);
	CHECK(!sim.lcofip);
	sim_hart_tick(10);
	CHECK_EQ(sim.counter[0], 10);
	CHECK_EQ(sim.counter[2], 10);
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(sim.counter[n], 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(init_u74_two_counters_of_40_bits)
{
	uint32_t mcounteren = fixture_init(&sim_u74, false, false);

	/* mhpmcounter5..31 exist but are hardwired to zero: not counters */
	CHECK_EQ(mcounteren, 0x1f);
	CHECK_EQ(ph.num_hw, 5);
	CHECK_EQ(ph.hpm_width, 39);
	CHECK_EQ(pmu_num_counters(&ph), 5 + PMU_FW_COUNTERS);
	CHECK_EQ(sim.mcountinhibit & 0x1f, 0x18);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(init_without_mcountinhibit_free_running_counters)
{
	struct sim_hart_config cfg = sim_qemu_virt;
	uint32_t mcounteren;

	cfg.has_mcountinhibit = false;
	mcounteren = fixture_init(&cfg, false, false);
	/* every counter found and readable, hpm counters selecting no event */
	CHECK_EQ(mcounteren, 0x7ffff);
	CHECK_EQ(ph.num_hw, 19);
	CHECK(!ph.has_mcountinhibit);
	CHECK_EQ(ph.programmable, 0x7fffd);          /* all but time */
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(sim.mhpmevent[n], 0);
	CHECK_EQ(pmu_num_counters(&ph), 19 + PMU_FW_COUNTERS);
	CHECK_EQ(pmu_counter_get_info(&ph, 0).value, 0xC00 | 63UL << 12);
	/* configurable now: cycles on mcycle, SKIP_MATCH too */
	CHECK_EQ(pmu_counter_config_matching(&ph, 0, 0x7, 0, SBI_PMU_HW_CPU_CYCLES, 0).value, 0);
	CHECK_EQ(pmu_counter_stop(&ph, 0, 0x1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(pmu_counter_config_matching(&ph, 0, 0x1, SBI_PMU_CFG_FLAG_SKIP_MATCH,
					     SBI_PMU_HW_CPU_CYCLES, 0).value, 0);
	CHECK_EQ(host_console_lines(), 0);
	CHECK_EQ(sim.bad_accesses, 0);
	/* firmware counters follow the hardware ones */
	CHECK_EQ(pmu_counter_get_info(&ph, 19).value, SBI_PMU_COUNTER_INFO_TYPE_FW | 63UL << 12);
	CHECK_EQ(config(19, 1, 0, EV_FW(4), 0).value, 19);
}

/* FU540-like: no mcountinhibit, no programmable counter: cycle and instret still configurable. */
TEST(init_without_mcountinhibit_or_hpm_counters)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.has_mcountinhibit = false;
	cfg.hpm_present = 0;
	CHECK_EQ(fixture_init(&cfg, false, false), 0x7);
	CHECK_EQ(ph.num_hw, 3);
	CHECK_EQ(ph.programmable, 0x5);
	CHECK_EQ(config(0, 0x7, 0, EV_INSTRUCTIONS, 0).value, 2);
	CHECK_EQ(config(0, 0x7, 0, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(0, 0x7, 0, EV_DTLB_RD_MISS, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(init_gap_is_a_hole_in_the_numbering)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.hpm_present = (1u << 3) | (1u << 4) | (1u << 6);
	CHECK_EQ(fixture_init(&cfg, false, false), 0x5f);
	CHECK_EQ(ph.num_hw, 7);
	CHECK_EQ(ph.programmable, 0x5d);
	CHECK_EQ(pmu_counter_get_info(&ph, 4).value, INFO(0xC04, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 5).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(pmu_counter_get_info(&ph, 6).value, INFO(0xC06, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 7).value, SBI_PMU_COUNTER_INFO_TYPE_FW | 63UL << 12);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(init_no_programmable_counters)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.hpm_present = 0;
	CHECK_EQ(fixture_init(&cfg, false, false), 0x7);
	CHECK_EQ(ph.num_hw, 3);
	CHECK_EQ(pmu_counter_get_info(&ph, 2).value, INFO(0xC02, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 3).value, SBI_PMU_COUNTER_INFO_TYPE_FW | 63UL << 12);
}

TEST(init_sscofpmf_needs_isa_string_and_csr)
{
	struct sim_hart_config smcntr = sim_qemu_sscofpmf;

	fixture_init(&sim_qemu_sscofpmf, true, false);
	CHECK(ph.has_sscofpmf);
	fixture_init(&sim_qemu_sscofpmf, false, false);
	CHECK(!ph.has_sscofpmf);
	fixture_init(&sim_qemu_virt, true, true);   /* DT claims it, the hart has neither CSR */
	CHECK(!ph.has_sscofpmf);
	CHECK(!ph.has_smcntrpmf);
	CHECK_EQ(sim.bad_accesses, 0);

	smcntr.has_smcntrpmf = true;
	sim_hart_reset(&smcntr);
	sim.counter_cfg[0] = MHPMEVENT_SINH;
	sim.counter_cfg[2] = MHPMEVENT_UINH;
	pmu_hart_init(&ph, true, true);
	CHECK(ph.has_smcntrpmf);
	/* filters cleared, but M-mode never counted */
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH);
	CHECK_EQ(sim.counter_cfg[2], MHPMEVENT_MINH);
	fixture_init(&smcntr, true, false);
	CHECK(!ph.has_smcntrpmf);
}

TEST(init_narrow_counters)
{
	struct sim_hart_config cfg = sim_qemu_virt;

	cfg.hpm_width = 48;
	fixture_init(&cfg, false, false);
	CHECK_EQ(ph.hpm_width, 47);
	CHECK_EQ(pmu_counter_get_info(&ph, 3).value, INFO(0xC03, 48));
	CHECK_EQ(pmu_counter_get_info(&ph, 0).value, INFO(0xC00, 64));
}

/* ---- num_counters, counter_get_info (Table 7) ---- */

TEST(num_counters_is_hardware_plus_firmware)
{
	fixture_init(&sim_qemu_virt, false, false);
	CHECK_EQ(pmu_num_counters(&ph), 19 + PMU_FW_COUNTERS);
}

TEST(get_info_hardware_and_firmware)
{
	struct sbiret r;

	fixture_init(&sim_qemu_virt, false, false);
	r = pmu_counter_get_info(&ph, 0);
	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK_EQ(r.value, INFO(0xC00, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 2).value, INFO(0xC02, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 3).value, INFO(0xC03, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 18).value, INFO(0xC12, 64));
	r = pmu_counter_get_info(&ph, 19);
	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK_EQ(r.value, SBI_PMU_COUNTER_INFO_TYPE_FW | 63UL << 12);
	r = pmu_counter_get_info(&ph, 19 + PMU_FW_COUNTERS - 1);
	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK_EQ(r.value, SBI_PMU_COUNTER_INFO_TYPE_FW | 63UL << 12);
}

/* Counter 1 is the time CSR: a hole in the numbering, as Linux reads holes. */
TEST(get_info_time_is_not_a_counter)
{
	const struct sim_hart_config *harts[] = { &sim_qemu_virt, &sim_qemu_sscofpmf, &sim_u74 };
	struct sim_hart_config no_inhibit = sim_qemu_virt;
	struct sbiret r;

	no_inhibit.has_mcountinhibit = false;
	for (unsigned int i = 0; i < 4; i++) {
		fixture_init(i < 3 ? harts[i] : &no_inhibit, i == 1, false);
		r = pmu_counter_get_info(&ph, 1);
		CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(r.value, 0);
		/* its neighbours are counters */
		CHECK_EQ(pmu_counter_get_info(&ph, 0).error, SBI_SUCCESS);
		CHECK_EQ(pmu_counter_get_info(&ph, 2).error, SBI_SUCCESS);
	}
	/* How Linux counts: every index below num_counters that get_info accepts. */
	fixture_init(&sim_qemu_virt, false, false);
	unsigned int hw = 0, fw = 0;
	for (unsigned long idx = 0; idx < pmu_num_counters(&ph); idx++) {
		r = pmu_counter_get_info(&ph, idx);
		if (r.error)
			continue;
		if (r.value & SBI_PMU_COUNTER_INFO_TYPE_FW)
			fw++;
		else
			hw++;
	}
	CHECK_EQ(hw, 18);   /* cycle, instret, hpmcounter3..18 */
	CHECK_EQ(fw, PMU_FW_COUNTERS);
	/* A mask naming it stays acceptable to config_matching (Linux 6.1 passes
	 * every index below num_counters): it is simply never chosen. */
	fixture_qemu_map();
	CHECK_EQ(config(0, 0x2, 0, EV_CYCLES, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(0, 0x3, 0, EV_CYCLES, 0).value, 0);
}

TEST(get_info_invalid_counter)
{
	fixture_init(&sim_qemu_virt, false, false);
	CHECK_EQ(pmu_counter_get_info(&ph, 19 + PMU_FW_COUNTERS).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(pmu_counter_get_info(&ph, 19 + PMU_FW_COUNTERS).value, 0);
	CHECK_EQ(pmu_counter_get_info(&ph, 64).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(pmu_counter_get_info(&ph, ULONG_MAX).error, SBI_ERR_INVALID_PARAM);
}

/* ---- config_matching: parameters (Table 9) ---- */

/* Calls that must fail leave the PMU and the hart exactly as they were. */
#define CHECK_CONFIG_FAILS(err, base, mask, flags, ev, data) do { \
	struct pmu_hart _before = ph; struct sim_hart _sim = sim; \
	struct sbiret _r = config(base, mask, flags, ev, data); \
	CHECK_EQ(_r.error, err); \
	CHECK_EQ(_r.value, 0); \
	CHECK(memcmp(&_before, &ph, sizeof ph) == 0); \
	CHECK(memcmp(&_sim, &sim, sizeof sim) == 0); \
} while (0)

TEST(config_reserved_flags)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 1, 1UL << 8, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 1, 1UL << 63, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 1, ~0UL, EV_CYCLES, 0);
	/* reserved flags win over an unsupported event */
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 1, 1UL << 8, 0, 0);
}

TEST(config_invalid_counter_sets)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	const unsigned long n = 19 + PMU_FW_COUNTERS;

	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, n, 1, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 1UL << n, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, ~0UL, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 1UL << 63, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 1, 1UL << 63, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, ULONG_MAX, 1, 0, EV_CYCLES, 0);
	/* base + 1 wraps to 0, a valid counter: still invalid */
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, ULONG_MAX, 3, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, ULONG_MAX - 1, 0x7, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, ULONG_MAX - 62, 1UL << 63, 0, EV_CYCLES, 0);
	/* one valid and one invalid counter */
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, n - 1, 3, 0, EV_FW(1), 0);
	/* with SKIP_MATCH too */
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, n - 1, 3, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(1), 0);
	/* the largest valid sets */
	CHECK_EQ(config(0, (1UL << n) - 1, 0, EV_FW(1), 0).value, 19);
	CHECK_EQ(config(n - 1, 1, 0, EV_FW(1), 0).value, n - 1);
}

TEST(config_empty_set)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, ULONG_MAX, 0, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_INVALID_PARAM, 0, 0, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0);
}

TEST(config_unsupported_events)
{
	const unsigned long all = (1UL << (19 + PMU_FW_COUNTERS)) - 1;
	static const unsigned long bad[] = {
		0,                          /* SBI_PMU_HW_NO_EVENT */
		11, 0xffff,                 /* past Table 2 */
		1UL << 20 | EV_CYCLES,      /* reserved event_idx bits */
		1UL << 63 | EV_CYCLES,
		0x40001, 0xe0001,           /* types 4..14 */
		0x10000 | 7 << 3,           /* cache_id 7 */
		0x10000 | 3 << 1,           /* op_id 3 */
		EV_RAW | 1, EV_RAW_V2 | 0x100,   /* raw code must be 0 */
		EV_FW(22), EV_FW(255), EV_FW(256), EV_FW(65534),
		EV_FW(SBI_PMU_FW_PLATFORM),  /* no platform hook */
		0x10002,                    /* L1D write access: QEMU's map has no row */
		3,                          /* cache references: no row */
		EV_RAW,                     /* no raw rows */
	};

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	for (unsigned int i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, all, 0, bad[i], 0);
	pmu_platform = &fixture_platform;
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, all, 0, EV_FW(SBI_PMU_FW_PLATFORM), 0x78);
}

TEST(config_valid_event_encodings)
{
	const unsigned long fw = ((1UL << PMU_FW_COUNTERS) - 1) << 19;

	fixture_init(&sim_qemu_virt, false, false);
	/* every cache event of Tables 3-5 and general event of Table 2 decodes: map them to counter 3 */
	pmu_event_map.ranges[0] = (struct pmu_event_range){ 1, 0x1ffff, 1u << 3 };
	pmu_event_map.range_count = 1;
	pmu_event_map_index(&pmu_event_map);
	for (unsigned long code = 1; code <= 10; code++) {
		CHECK_EQ(config(3, 1, 0, code, 0).value, 3);
		CHECK_EQ(pmu_counter_stop(&ph, 3, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	}
	for (unsigned long cache = 0; cache <= 6; cache++)
		for (unsigned long op = 0; op <= 2; op++)
			for (unsigned long result = 0; result <= 1; result++) {
				unsigned long ev = 0x10000 | cache << 3 | op << 1 | result;
				CHECK_EQ(config(3, 1, 0, ev, 0).value, 3);
				CHECK_EQ(ph.hw_event[3], ev);
				pmu_counter_stop(&ph, 3, 1, SBI_PMU_STOP_FLAG_RESET);
			}
	/* event_data is ignored for general, cache and standard firmware events */
	CHECK_EQ(config(3, 1, 0, 0x10000, ~0ULL).value, 3);
	for (unsigned long code = 0; code < SBI_PMU_FW_EVENT_COUNT; code++) {
		struct sbiret r = config(19, fw >> 19, 0, EV_FW(code), 0x1234);
		CHECK_EQ(r.error, SBI_SUCCESS);
		CHECK_EQ(r.value, 19 + code);
		CHECK_EQ(ph.fw[code].code, code);
		CHECK_EQ(ph.fw[code].configured, 1);
	}
	CHECK_EQ(sim.bad_accesses, 0);
}

/* ---- config_matching: choosing a counter ---- */

TEST(config_cycles_and_instructions_take_fixed_counters_first)
{
	const unsigned long hw = (1UL << 19) - 1;

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(0, hw, 0, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(0, hw, 0, EV_INSTRUCTIONS, 0).value, 2);
	CHECK_EQ(config(0, hw, 0, EV_CYCLES, 0).value, 3);
	CHECK_EQ(config(0, hw, 0, EV_INSTRUCTIONS, 0).value, 4);
	CHECK_EQ(ph.hw_event[0], EV_CYCLES);
	CHECK_EQ(ph.hw_event[2], EV_INSTRUCTIONS);
	CHECK_EQ(ph.hw_event[3], EV_CYCLES);
	CHECK_EQ(sim.mhpmevent[3], EV_CYCLES);   /* zero-extended event_idx: no selector row */
	CHECK_EQ(sim.mhpmevent[4], EV_INSTRUCTIONS);
	/* counters 0 and 2 are mapped now */
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 1, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0x5, 0, EV_INSTRUCTIONS, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(config_fills_all_counters_then_not_supported)
{
	const unsigned long hw = (1UL << 19) - 1;

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	for (unsigned int n = 3; n <= 18; n++)
		CHECK_EQ(config(0, hw, 0, EV_DTLB_RD_MISS, 0).value, n);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, hw, 0, EV_ITLB_RD_MISS, 0);
	/* cycles still have counter 0 */
	CHECK_EQ(config(0, hw, 0, EV_CYCLES, 0).value, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, hw, 0, EV_CYCLES, 0);
}

TEST(config_without_map_only_fixed_counters)
{
	const unsigned long hw = (1UL << 19) - 1;

	fixture_init(&sim_qemu_virt, false, false);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, hw & ~1UL, 0, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, hw, 0, EV_DTLB_RD_MISS, 0);
	CHECK_EQ(config(0, hw, 0, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(0, hw, 0, EV_INSTRUCTIONS, 0).value, 2);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, hw, 0, EV_CYCLES, 0);
}

TEST(config_fixed_counters_count_only_their_event)
{
	fixture_init(&sim_qemu_virt, false, false);
	/* a map that (wrongly) offers mcycle, time and minstret for branch instructions */
	pmu_event_map.ranges[0] = (struct pmu_event_range){ 5, 5, 0x7 | 1u << 3 };
	pmu_event_map.ranges[1] = (struct pmu_event_range){ EV_CYCLES, EV_CYCLES, 0x4 };
	pmu_event_map.range_count = 2;
	pmu_event_map_index(&pmu_event_map);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0x7, 0, 5, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 1, 0x3, 0, EV_CYCLES, 0);   /* 1..2 */
	CHECK_EQ(config(0, 0xf, 0, 5, 0).value, 3);
}

TEST(config_lowest_free_counter_of_the_set)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	/* base 5: bits 0..3 are counters 5..8 */
	CHECK_EQ(config(5, 0xa, 0, EV_DTLB_RD_MISS, 0).value, 6);
	CHECK_EQ(config(5, 0xa, 0, EV_DTLB_RD_MISS, 0).value, 8);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 5, 0xa, 0, EV_DTLB_RD_MISS, 0);
	CHECK_EQ(config(5, 0xf, 0, EV_DTLB_WR_MISS, 0).value, 5);
	CHECK_EQ(ph.hw_event[5], EV_DTLB_WR_MISS);
	CHECK_EQ(ph.hw_event[6], EV_DTLB_RD_MISS);
}

TEST(config_skips_started_counters)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(3, 0x3, SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_RD_MISS, 0).value, 3);
	/* stopped without RESET: still mapped, not free */
	CHECK_EQ(pmu_counter_stop(&ph, 3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(config(3, 0x3, 0, EV_DTLB_RD_MISS, 0).value, 4);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 3, 0x3, 0, EV_DTLB_RD_MISS, 0);
	CHECK_EQ(pmu_counter_stop(&ph, 3, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(config(3, 0x3, 0, EV_DTLB_RD_MISS, 0).value, 3);
}

TEST(config_counters_missing_on_this_hart)
{
	fixture_init(&sim_u74, false, false);
	fixture_qemu_map();   /* offers counters up to 18; this hart has 3 and 4 */
	CHECK_EQ(config(0, 0x1f, 0, EV_ITLB_RD_MISS, 0).value, 3);
	CHECK_EQ(config(0, 0x1f, 0, EV_ITLB_RD_MISS, 0).value, 4);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0x1f, 0, EV_ITLB_RD_MISS, 0);
	/* counter 5 is a firmware counter here */
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 5, 1, 0, EV_ITLB_RD_MISS, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* T-Head C906 (Allwinner D1): mhpmcounter3-9 and 13-17; 10-12 do not exist. */
TEST(init_c906_gap_offers_counters_13_to_17)
{
	struct sim_hart_config cfg = sim_qemu_virt;
	unsigned long got[12];

	cfg.hpm_present = 0x3e3f8;
	CHECK_EQ(fixture_init(&cfg, false, false), 0x3e3ff);
	fixture_qemu_map();   /* offers every event on counters 3..18 */
	CHECK_EQ(ph.num_hw, 18);
	CHECK_EQ(pmu_num_counters(&ph), 18 + PMU_FW_COUNTERS);
	for (unsigned long i = 10; i <= 12; i++)
		CHECK_EQ(pmu_counter_get_info(&ph, i).error, SBI_ERR_INVALID_PARAM);
	for (unsigned long i = 13; i <= 17; i++)
		CHECK_EQ(pmu_counter_get_info(&ph, i).value, INFO(0xC00 + i, 64));
	CHECK_EQ(pmu_counter_get_info(&ph, 18).value, SBI_PMU_COUNTER_INFO_TYPE_FW | 63UL << 12);
	/* Asked for 10-12 only: none of them exists. */
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 10, 0x7, 0, EV_DTLB_RD_MISS, 0);
	/* From 10 up: 13 is the first counter there. */
	CHECK_EQ(config(10, 0xff, 0, EV_DTLB_RD_MISS, 0).value, 13);
	/* Every one of the 12 counters is handed out once, never 10-12, then none is left. */
	got[0] = 13;
	for (unsigned int k = 1; k < 12; k++) {
		struct sbiret r = config(3, 0x7fff, 0, EV_DTLB_RD_MISS, 0);
		CHECK_EQ(r.error, SBI_SUCCESS);
		CHECK(r.value < 10 || r.value > 12);
		got[k] = r.value;
	}
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 3, 0x7fff, 0, EV_DTLB_RD_MISS, 0);
	for (unsigned int a = 0; a < 12; a++)
		for (unsigned int b = a + 1; b < 12; b++)
			CHECK(got[a] != got[b]);
	/* Counter 17 counts S-mode events; the holes cannot be started. */
	CHECK_EQ(pmu_counter_start(&ph, 17, 1, 0, 0).error, SBI_SUCCESS);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(5);
	sim.priv = SIM_PRIV_M;
	CHECK_EQ(sim.counter[17], 5);
	CHECK(pmu_counter_start(&ph, 10, 1, 0, 0).error != SBI_SUCCESS);
	CHECK(pmu_counter_stop(&ph, 11, 1, 0).error != SBI_SUCCESS);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(config_uses_selector_rows)
{
	fixture_init(&sim_u74, false, false);
	/* rows from the HiFive Unmatched DT (tests/fixtures/hifive-unmatched.dts) */
	pmu_event_map.ranges[0] = (struct pmu_event_range){ 3, 6, 0x18 };
	pmu_event_map.ranges[1] = (struct pmu_event_range){ EV_DTLB_RD_MISS, EV_DTLB_RD_MISS, 0x18 };
	pmu_event_map.range_count = 2;
	pmu_event_map_index(&pmu_event_map);
	pmu_event_map.selectors[0] = (struct pmu_event_selector){ 4, 0x0302 };
	pmu_event_map.selectors[1] = (struct pmu_event_selector){ EV_DTLB_RD_MISS, 0x1002 };
	pmu_event_map.selector_count = 2;
	pmu_event_map_index(&pmu_event_map);
	CHECK_EQ(config(0, 0x1f, 0, 4, 0).value, 3);
	CHECK_EQ(sim.mhpmevent[3], 0x0302);
	CHECK_EQ(config(0, 0x1f, 0, EV_DTLB_RD_MISS, 0).value, 4);
	CHECK_EQ(sim.mhpmevent[4], 0x1002);
	pmu_counter_stop(&ph, 3, 1, SBI_PMU_STOP_FLAG_RESET);
	CHECK_EQ(sim.mhpmevent[3], 0);
	/* no row: the zero-extended event_idx */
	CHECK_EQ(config(0, 0x1f, 0, 5, 0).value, 3);
	CHECK_EQ(sim.mhpmevent[3], 5);
}

TEST(config_raw_events)
{
	fixture_init(&sim_qemu_virt, false, false);
	pmu_event_map.raw[0] = (struct pmu_raw_range){ 0x123, ~0ULL, 0x1f };   /* 0..2 ignored */
	pmu_event_map.raw[1] = (struct pmu_raw_range){ 0x00ab000000000456ULL, ~0ULL, 1u << 6 };
	pmu_event_map.raw[2] = (struct pmu_raw_range){ 0x1000, 0xff00, 1u << 7 };   /* 0x10xx */
	pmu_event_map.raw_count = 3;
	pmu_event_map_index(&pmu_event_map);

	CHECK_EQ(config(0, 0xff, 0, EV_RAW, 0x123).value, 3);
	CHECK_EQ(sim.mhpmevent[3], 0x123);
	CHECK_EQ(ph.hw_event[3], (1ULL << 63) | 0x123);             /* a raw word: its data */
	/* type 2 keeps 48 bits of event_data */
	CHECK_EQ(config(0, 0xff, 0, EV_RAW, 0xffff000000000123ULL).value, 4);
	CHECK_EQ(sim.mhpmevent[4], 0x123);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0xff, 0, EV_RAW, 0x123);   /* 3, 4 taken; 0..2 fixed */
	/* type 3 keeps 56 bits */
	CHECK_EQ(config(0, 0xff, 0, EV_RAW_V2, 0xff00000000000456ULL | 0xab000000000000ULL).value, 6);
	CHECK_EQ(sim.mhpmevent[6], 0x00ab000000000456ULL);
	CHECK_EQ(ph.hw_event[6], (3ULL << 62) | 0x00ab000000000456ULL);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0xff, 0, EV_RAW, 0x00ab000000000456ULL);
	/* a masked row */
	CHECK_EQ(config(0, 0xff, 0, EV_RAW, 0x10ee).value, 7);
	CHECK_EQ(sim.mhpmevent[7], 0x10ee);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0xff, 0, EV_RAW, 0x20ee);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(config_firmware_events_use_firmware_counters)
{
	const unsigned long hw = (1UL << 19) - 1;

	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, hw, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 19, 0xff, 0, EV_CYCLES, 0);
	CHECK_EQ(config(0, ~0UL >> (64 - 19 - PMU_FW_COUNTERS), 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0).value, 19);
	CHECK_EQ(config(18, 0x7, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0).value, 20);
	CHECK_EQ(ph.fw[0].code, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(ph.fw[1].code, SBI_PMU_FW_IPI_SENT);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 19, 0x3, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0);
}

TEST(config_platform_firmware_event)
{
	fixture_init(&sim_qemu_virt, false, false);
	pmu_platform = &fixture_platform;
	CHECK_EQ(config(19, 0x3, 0, EV_FW(SBI_PMU_FW_PLATFORM), FIXTURE_PLATFORM_DATA).value, 19);
	CHECK_EQ(ph.fw[0].code, SBI_PMU_FW_PLATFORM);
	CHECK_EQ(ph.fw[0].platform_event, FIXTURE_PLATFORM_EVENT);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 19, 0x3, 0, EV_FW(SBI_PMU_FW_PLATFORM), 0);
}

/* ---- SKIP_MATCH ---- */

TEST(config_skip_match_takes_first_counter_unconditionally)
{
	fixture_init(&sim_qemu_virt, false, false);   /* no map at all */
	/* Linux: cycles on counter 0, instret on counter 2 */
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(2, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0).value, 2);
	/* no map check: a cache event on counter 5, the first of 5..7 */
	CHECK_EQ(config(5, 0x7, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_DTLB_RD_MISS, 0).value, 5);
	CHECK_EQ(sim.mhpmevent[5], EV_DTLB_RD_MISS);
	/* no free check: counter 5 again */
	CHECK_EQ(config(4, 0x6, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_ITLB_RD_MISS, 0).value, 5);
	CHECK_EQ(sim.mhpmevent[5], EV_ITLB_RD_MISS);
	CHECK_EQ(ph.hw_event[5], EV_ITLB_RD_MISS);
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0).value, 0);
	/* firmware counter */
	CHECK_EQ(config(20, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(3), 0).value, 20);
	CHECK_EQ(ph.fw[1].code, 3);
}

TEST(config_skip_match_refusals)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 1, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 0, 0x6, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 19, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(1), 0);
	CHECK_CONFIG_FAILS(SBI_ERR_NOT_SUPPORTED, 3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, 0, 0);
}

TEST(config_skip_match_on_running_counter_stops_it)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_RD_MISS, 0).value, 3);
	sim_hart_tick(5);
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_DTLB_WR_MISS, 0).value, 3);
	CHECK_EQ(ph.started, 0);
	CHECK_EQ(sim.mcountinhibit & 0x8, 0x8);
	sim_hart_tick(5);
	CHECK_EQ(sim.counter[3], 5);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, 0, 0).error, SBI_SUCCESS);

	/* a running firmware counter keeps its value */
	CHECK_EQ(config(19, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(4), 0).value, 19);
	pmu_fw_event_count(&ph, 4);
	pmu_fw_event_count(&ph, 4);
	CHECK_EQ(config(19, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(5), 0).value, 19);
	pmu_fw_event_count(&ph, 4);
	pmu_fw_event_count(&ph, 5);
	CHECK_EQ(pmu_counter_fw_read(&ph, 19).value, 2);
	CHECK_EQ(ph.started, 1UL << 3);
}

/* ---- CLEAR_VALUE, AUTO_START, filters ---- */

TEST(config_clear_value)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	sim.counter[3] = 1000;
	sim.counter[4] = 2000;
	CHECK_EQ(config(3, 1, 0, EV_DTLB_RD_MISS, 0).value, 3);
	CHECK_EQ(sim.counter[3], 1000);
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS, 0).value, 4);
	CHECK_EQ(sim.counter[4], 0);
	/* counter 0 */
	sim_hart_tick(7);
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_CYCLES, 0).value, 0);
	CHECK_EQ(sim.counter[0], 0);
	/* firmware: the value survives reconfiguration unless cleared */
	ph.fw[2].value_or_base = 77;
	CHECK_EQ(config(21, 1, 0, EV_FW(1), 0).value, 21);
	CHECK_EQ(pmu_counter_fw_read(&ph, 21).value, 77);
	pmu_counter_stop(&ph, 21, 1, SBI_PMU_STOP_FLAG_RESET);
	CHECK_EQ(config(21, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_FW(1), 0).value, 21);
	CHECK_EQ(pmu_counter_fw_read(&ph, 21).value, 0);
}

TEST(config_without_auto_start_leaves_counter_stopped)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(0, 0x1f, 0, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(0, 0x1f, 0, EV_CYCLES, 0).value, 3);
	/* mcycle ran freely before; configured, it waits for counter_start */
	CHECK_EQ(sim.mcountinhibit & 0x9, 0x9);
	CHECK_EQ(ph.started, 0);
	sim_hart_tick(10);
	CHECK_EQ(sim.counter[0], 0);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(sim.counter[2], 10);
}

TEST(config_auto_start)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	sim.counter[3] = 500;
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_RD_MISS, 0).value, 3);
	CHECK_EQ(ph.started, 1UL << 3);
	CHECK_EQ(sim.mcountinhibit & 0x8, 0);
	sim_hart_tick(10);
	CHECK_EQ(sim.counter[3], 510);   /* AUTO_START does not touch the value */
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS, 0).value, 4);
	sim_hart_tick(3);
	CHECK_EQ(sim.counter[4], 3);
	CHECK_EQ(config(19, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(6), 0).value, 19);
	pmu_fw_event_count(&ph, 6);
	CHECK_EQ(pmu_counter_fw_read(&ph, 19).value, 1);
	CHECK_EQ(pmu_counter_start(&ph, 19, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
}

TEST(config_filter_bits_with_sscofpmf)
{
	fixture_init(&sim_qemu_sscofpmf, true, false);
	fixture_qemu_map();
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_UINH, EV_DTLB_RD_MISS, 0).value, 3);
	CHECK_EQ(sim.mhpmevent[3], MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH | EV_DTLB_RD_MISS);
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_FILTER_MASK, EV_DTLB_RD_MISS, 0).value, 4);
	CHECK_EQ(sim.mhpmevent[4], MHPMEVENT_FILTER_MASK | EV_DTLB_RD_MISS);
	CHECK_EQ(config(5, 1, SBI_PMU_CFG_FLAG_SET_VUINH, EV_DTLB_RD_MISS, 0).value, 5);
	CHECK_EQ(sim.mhpmevent[5], MHPMEVENT_MINH | MHPMEVENT_VUINH | EV_DTLB_RD_MISS);
	CHECK_EQ(config(6, 1, SBI_PMU_CFG_FLAG_SET_VSINH, EV_DTLB_RD_MISS, 0).value, 6);
	CHECK_EQ(sim.mhpmevent[6], MHPMEVENT_MINH | MHPMEVENT_VSINH | EV_DTLB_RD_MISS);
	CHECK_EQ(config(7, 1, SBI_PMU_CFG_FLAG_SET_MINH, EV_DTLB_RD_MISS, 0).value, 7);
	CHECK_EQ(sim.mhpmevent[7], MHPMEVENT_MINH | EV_DTLB_RD_MISS);
	/* a selector from the map cannot smuggle in OF or filter bits */
	pmu_event_map.selectors[0] = (struct pmu_event_selector){ EV_ITLB_RD_MISS, 0xfc00000000000042ULL };
	pmu_event_map.selector_count = 1;
	pmu_event_map_index(&pmu_event_map);
	CHECK_EQ(config(8, 1, SBI_PMU_CFG_FLAG_SET_UINH, EV_ITLB_RD_MISS, 0).value, 8);
	CHECK_EQ(sim.mhpmevent[8], MHPMEVENT_MINH | MHPMEVENT_UINH | 0x42);
	/* counter 0 without Smcntrpmf: nothing to write */
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_CYCLES, 0).value, 0);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(config_filter_bits_ignored_without_sscofpmf)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_FILTER_MASK, EV_DTLB_RD_MISS, 0).value, 3);
	CHECK_EQ(sim.mhpmevent[3], EV_DTLB_RD_MISS);
	/* the U74's selectors use high bits freely: they go to mhpmevent untouched */
	pmu_event_map.selectors[0] = (struct pmu_event_selector){ EV_ITLB_RD_MISS, 0xfc00000000000042ULL };
	pmu_event_map.selector_count = 1;
	pmu_event_map_index(&pmu_event_map);
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_ITLB_RD_MISS, 0).value, 4);
	CHECK_EQ(sim.mhpmevent[4], 0xfc00000000000042ULL);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(config_smcntrpmf_filters_fixed_counters)
{
	struct sim_hart_config cfg = sim_qemu_sscofpmf;

	cfg.has_smcntrpmf = true;
	fixture_init(&cfg, true, true);
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SET_MINH, EV_CYCLES, 0).value, 0);
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH);
	CHECK_EQ(config(2, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_VSINH, EV_INSTRUCTIONS, 0).value, 2);
	CHECK_EQ(sim.counter_cfg[2], MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_VSINH);
	CHECK_EQ(sim.bad_accesses, 0);
}

/* SINH stops counting while the hart runs in S-mode. */
TEST(filter_sinh_counts_only_outside_s_mode)
{
	struct sim_hart_config cfg = sim_qemu_sscofpmf;

	cfg.has_smcntrpmf = true;
	fixture_init(&cfg, true, true);
	fixture_qemu_map();
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_AUTO_START |
			SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS, 0).value, 3);
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_AUTO_START |
			SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(4, 1, SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_AUTO_START |
			SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS, 0).value, 4);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(100);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(sim.counter[0], 0);
	CHECK_EQ(sim.counter[4], 100);
	sim.priv = SIM_PRIV_U;
	sim_hart_tick(30);
	CHECK_EQ(sim.counter[3], 30);
	CHECK_EQ(sim.counter[0], 30);
	CHECK_EQ(sim.counter[4], 100);
	/* M-mode is never counted, whatever the flags asked for */
	sim.priv = SIM_PRIV_M;
	sim_hart_tick(1);
	CHECK_EQ(sim.counter[3], 30);
	CHECK_EQ(sim.counter[0], 30);
	CHECK_EQ(sim.counter[4], 100);
}

/* No config_flags can make a counter count M-mode where the filter bits exist. */
TEST(mmode_never_counted)
{
	struct sim_hart_config cfg = sim_qemu_sscofpmf;

	cfg.has_smcntrpmf = true;
	fixture_init(&cfg, true, true);
	fixture_qemu_map();
	/* Free-running mcycle/minstret after boot: MINH already. */
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH);
	CHECK_EQ(sim.counter_cfg[2], MHPMEVENT_MINH);
	sim.priv = SIM_PRIV_M;
	sim.counter[0] = sim.counter[2] = 0;
	sim_hart_tick(50);
	CHECK_EQ(sim.counter[0], 0);
	CHECK_EQ(sim.counter[2], 0);
	/* No filter flags at all: every counter still skips M-mode. */
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS, 0).value, 3);
	CHECK_EQ(config(0, 1, SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_CYCLES, 0).value, 0);
	CHECK_EQ(config(2, 1, SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_INSTRUCTIONS, 0).value, 2);
	CHECK_EQ(sim.mhpmevent[3] & MHPMEVENT_MINH, MHPMEVENT_MINH);
	sim_hart_tick(40);
	CHECK_EQ(sim.counter[3], 0);
	CHECK_EQ(sim.counter[0], 0);
	CHECK_EQ(sim.counter[2], 0);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(7);
	CHECK_EQ(sim.counter[3], 7);
	CHECK_EQ(sim.counter[0], 7);
	CHECK_EQ(sim.counter[2], 7);
	/* Started again with a value (start keeps the filter), reset gives MINH back to the cfg. */
	CHECK_EQ(pmu_counter_stop(&ph, 3, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(pmu_counter_start(&ph, 3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 100).error, SBI_SUCCESS);
	CHECK_EQ(sim.mhpmevent[3] & MHPMEVENT_MINH, MHPMEVENT_MINH);
	CHECK_EQ(pmu_counter_stop(&ph, 0, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sim.counter_cfg[0], MHPMEVENT_MINH);
	sim.priv = SIM_PRIV_M;
	sim_hart_tick(9);
	CHECK_EQ(sim.counter[3], 100);
	CHECK_EQ(sim.counter[0], 7);
	CHECK_EQ(sim.bad_accesses, 0);
}

TEST(filter_flags_are_hints_without_sscofpmf)
{
	fixture_init(&sim_qemu_virt, false, false);
	fixture_qemu_map();
	CHECK_EQ(config(3, 1, SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_AUTO_START |
			SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_DTLB_RD_MISS, 0).value, 3);
	sim.priv = SIM_PRIV_S;
	sim_hart_tick(100);
	CHECK_EQ(sim.counter[3], 100);
}

int main(void)
{
	RUN(init_qemu_finds_16_programmable_counters);
	RUN(init_stops_and_clears_programmable_counters_but_not_cycle_instret);
	RUN(init_u74_two_counters_of_40_bits);
	RUN(init_without_mcountinhibit_free_running_counters);
	RUN(init_without_mcountinhibit_or_hpm_counters);
	RUN(init_gap_is_a_hole_in_the_numbering);
	RUN(init_c906_gap_offers_counters_13_to_17);
	RUN(init_no_programmable_counters);
	RUN(init_sscofpmf_needs_isa_string_and_csr);
	RUN(init_narrow_counters);
	RUN(num_counters_is_hardware_plus_firmware);
	RUN(get_info_hardware_and_firmware);
	RUN(get_info_time_is_not_a_counter);
	RUN(get_info_invalid_counter);
	RUN(config_reserved_flags);
	RUN(config_invalid_counter_sets);
	RUN(config_empty_set);
	RUN(config_unsupported_events);
	RUN(config_valid_event_encodings);
	RUN(config_cycles_and_instructions_take_fixed_counters_first);
	RUN(config_fills_all_counters_then_not_supported);
	RUN(config_without_map_only_fixed_counters);
	RUN(config_fixed_counters_count_only_their_event);
	RUN(config_lowest_free_counter_of_the_set);
	RUN(config_skips_started_counters);
	RUN(config_counters_missing_on_this_hart);
	RUN(config_uses_selector_rows);
	RUN(config_raw_events);
	RUN(config_firmware_events_use_firmware_counters);
	RUN(config_platform_firmware_event);
	RUN(config_skip_match_takes_first_counter_unconditionally);
	RUN(config_skip_match_refusals);
	RUN(config_skip_match_on_running_counter_stops_it);
	RUN(config_clear_value);
	RUN(config_without_auto_start_leaves_counter_stopped);
	RUN(config_auto_start);
	RUN(config_filter_bits_with_sscofpmf);
	RUN(config_filter_bits_ignored_without_sscofpmf);
	RUN(config_smcntrpmf_filters_fixed_counters);
	RUN(filter_sinh_counts_only_outside_s_mode);
	RUN(filter_flags_are_hints_without_sscofpmf);
	RUN(mmode_never_counted);
	return TEST_EXIT_CODE;
}
