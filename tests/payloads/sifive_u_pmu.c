/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU on QEMU sifive_u with the generic image (its FU540 quirk gives the
 * U74 event map, as for the HiFive Unmatched). QEMU's U54s have cycle, time and instret, no
 * mcountinhibit and no Sscofpmf; QEMU 7.2's have no programmable counter,
 * QEMU 11.1's have 16 (mhpmcounter3..18). Its DT has no riscv,pmu node, so
 * the firmware uses its built-in U74 event map, whose rows all name
 * mhpmcounter3/4. Only the counters present may be offered: the hardware
 * counters the hart has (0, 2 and any mhpmcounters) and Abacus's 24 firmware
 * counters after them. Every event of the U74 map is unsupported without
 * mhpmcounter3/4, and matched on them where they exist. Without
 * mcountinhibit, mcycle and minstret run free, yet cycles and instructions
 * are configurable on them, and what Linux reads stays right: the start
 * value, the value at the stop in a snapshot, and a resume from the value at
 * the stop. Prints SIFIVE-U-HPM=<number of mhpmcounters>, which the case
 * file checks per QEMU. Run with -smp 5 (tests/qemu-tests.txt).
 */
#include "pmu_util.h"

#define SIFIVE_U_FIXED_HW     3        /* cycle, (time), instret */
#define U74_MAP_COUNTERS      ((1UL << 3) | (1UL << 4))
#define TIMER_CALLS           5

/* Every event the U74 default map has a row for (platform/generic/quirks/u74_pmu.c). */
static const unsigned long u74_map_events[] = {
	EV_HW(SBI_PMU_HW_CACHE_REFERENCES),
	EV_HW(SBI_PMU_HW_CACHE_MISSES),
	EV_HW(SBI_PMU_HW_BRANCH_INSTRUCTIONS),
	EV_HW(SBI_PMU_HW_BRANCH_MISSES),
	EV_CACHE(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_READ, 1),
	EV_CACHE(SBI_PMU_HW_CACHE_L1I, SBI_PMU_HW_CACHE_OP_READ, 1),
	EV_DTLB_READ_MISS,
	EV_ITLB_READ_MISS,
};
#define U74_MAP_EVENTS (sizeof(u74_map_events) / sizeof(u74_map_events[0]))

/* Raw U74 selectors (class in bits 7:0, event mask above) that the map's raw rows match. */
static const uint64_t u74_raw_selectors[] = {
	0x4000,   /* class 0: conditional branch retired */
	0x1801,   /* class 1: I-cache busy | D-cache busy */
	0x2002,   /* class 2: UTLB miss */
};
#define U74_RAW_SELECTORS (sizeof(u74_raw_selectors) / sizeof(u74_raw_selectors[0]))

DEFINE_PMU_PAGE(event_info);

static unsigned long num_counters, num_hw;   /* num_hw: hardware counters, 0 .. num_hw - 1 */

static unsigned long all_counters(void)
{
	return num_counters >= 64 ? ~0UL : (1UL << num_counters) - 1;
}

/* Stops and unmaps every counter (pmu_util.h's pmu_reset_all() is for QEMU virt's 43). */
static void reset_all_counters(void)
{
	struct sbiret ret = sbi_pmu_counter_stop(0, all_counters(), SBI_PMU_STOP_FLAG_RESET);

	/* INVALID_PARAM when some have no event (time: always), ALREADY_STOPPED
	 * when some were not running: RESET still stopped and unmapped the others. */
	if (ret.error != SBI_ERR_ALREADY_STOPPED && ret.error != SBI_ERR_INVALID_PARAM)
		CHECK_EQ(ret.error, SBI_SUCCESS);
}

static bool check_count(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_PMU);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 1);
	ret = sbi_pmu_num_counters();
	CHECK_EQ(ret.error, SBI_SUCCESS);
	num_counters = ret.value;
	/* No mhpmcounters, or mhpmcounter3..N: 3 or more hardware counters. */
	if (!CHECK(num_counters >= SIFIVE_U_FIXED_HW + ABACUS_NUM_FW && num_counters <= 32 + ABACUS_NUM_FW)) {
		printf("  num_counters = %lu: the checks of the counter layout are skipped\n", num_counters);
		return false;
	}
	num_hw = num_counters - ABACUS_NUM_FW;
	printf("SIFIVE-U-HPM=%lu\n", num_hw - SIFIVE_U_FIXED_HW);
	return true;
}

/* mhpmcounter3 and 4, which the U74 map names, exist on this hart. */
static bool has_u74_map_counters(void)
{
	return num_hw > 4;
}

/* Counter layout: cycle, (time), instret, any mhpmcounters (64 bits), then the firmware counters. */
static void check_get_info(void)
{
	struct sbiret ret;

	/* 1 is the time CSR, not a counter: the hole Linux skips. */
	ret = sbi_pmu_counter_get_info(1);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	for (unsigned long idx = 0; idx < num_hw; idx += idx ? 1 : 2) {   /* 0, 2, 3, ... */
		ret = sbi_pmu_counter_get_info(idx);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK_EQ(ret.value, (0xc00 + idx) | (63UL << 12)))
			printf("  counter_get_info(%lu) = { %ld, 0x%lx }\n", idx, ret.error, ret.value);
	}
	for (unsigned long idx = num_hw; idx < num_counters; idx++) {
		ret = sbi_pmu_counter_get_info(idx);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK(ret.value & SBI_PMU_COUNTER_INFO_TYPE_FW))
			printf("  counter_get_info(%lu) = { %ld, 0x%lx }\n", idx, ret.error, ret.value);
	}
	ret = sbi_pmu_counter_get_info(num_counters);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
}

/*
 * QEMU's FU540 harts have no mcountinhibit: cycle and instret cannot be
 * stopped, only written. They still take their events (docs/pmu.md), and
 * the firmware keeps the values a perf driver reads consistent.
 */
DEFINE_PMU_PAGE(snapshot);
#define SNAPSHOT_VALUE(slot) (((volatile uint64_t *)snapshot)[1 + (slot)])

static void check_fixed_counters(void)
{
	struct sbiret ret;
	unsigned long before, after, parked, running;
	uint64_t t_stop, t_running, t_resume, t_after;

	reset_all_counters();
	ret = sbi_pmu_counter_config_matching(0, all_counters(), 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
	ret = sbi_pmu_counter_config_matching(0, all_counters(),
					      SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_MINH,
					      EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 2);
	/* The U74 map's events have no counter here, or one of its two. */
	ret = sbi_pmu_counter_config_matching(0, all_counters(), 0, EV_DTLB_READ_MISS, 0);
	if (has_u74_map_counters()) {
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK((1UL << ret.value) & U74_MAP_COUNTERS);
		CHECK_EQ(sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	} else {
		CHECK_EQ(ret.error, SBI_ERR_NOT_SUPPORTED);
	}
	/* The first firmware counter cannot take a hardware event. */
	CHECK_EQ(sbi_pmu_counter_config_matching(num_hw, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH,
						 EV_HW(SBI_PMU_HW_CPU_CYCLES), 0).error, SBI_ERR_NOT_SUPPORTED);

	/* Start from a value: the CSR S-mode reads starts there. */
	CHECK_EQ(sbi_pmu_counter_start(0, 0x5, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1000).error, SBI_SUCCESS);
	before = csr_read(0xc00);
	CHECK(before >= 1000);
	CHECK(before < 1000 + time_us_to_ticks(10 * 1000 * 1000) * 1000);   /* not the boot-time count */

	/* Stop with a snapshot: it holds the value at the stop, within the reads around it. */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)snapshot, 0, 0).error, SBI_SUCCESS);
	before = csr_read(0xc00);
	t_stop = rdtime();
	CHECK_EQ(sbi_pmu_counter_stop(0, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	after = csr_read(0xc00);
	parked = SNAPSHOT_VALUE(0);
	CHECK(parked >= before && parked <= after);
	/* The hardware runs on (nothing can stop it); a later snapshot still says where it stopped. */
	delay_us(50 * 1000);
	CHECK_EQ(sbi_pmu_counter_stop(0, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(SNAPSHOT_VALUE(0), parked);
	/*
	 * Resume without a value: from where it stopped, not from where the
	 * hardware got to. Without -icount mcycle and time both follow the
	 * host's clock: the counter may gain after the resume at most what it
	 * gains in that much time (measured while stopped), whatever the host's
	 * load, where it would be ahead by the whole 50 ms had it not been set
	 * back.
	 */
	running = csr_read(0xc00);
	t_running = rdtime();
	CHECK(running > parked);
	t_resume = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(0, 1, 0, 0).error, SBI_SUCCESS);
	after = csr_read(0xc00);
	t_after = rdtime();
	CHECK(after >= parked);
	/* gained <= rate * window, with rate = (running - parked) / (t_running - t_stop), doubled, plus slack */
	if (!CHECK((after - parked) * (t_running - t_stop) <=
		   2 * (running - parked) * (t_after - t_resume + 1) + (running - parked) / 8))
		printf("  resumed counter gained %lu in %lu ticks of time; stopped, it gained %lu in %lu\n",
		       after - parked, (unsigned long)(t_after - t_resume), running - parked,
		       (unsigned long)(t_running - t_stop));

	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	reset_all_counters();
	/* rdinstret and rdcycle still run after all this. */
	before = csr_read(0xc02);
	after = csr_read(0xc02);
	CHECK(after > before);
}

/* Table 18/19: each entry's output word is 1 when some counter can count the event. */
static void check_event_get_info(void)
{
	unsigned long n = 0;
	struct sbiret ret;

	memset(event_info, 0, sizeof(event_info));
	event_info[2 * n++] = EV_HW(SBI_PMU_HW_CPU_CYCLES);
	event_info[2 * n++] = EV_HW(SBI_PMU_HW_INSTRUCTIONS);
	for (unsigned int i = 0; i < U74_MAP_EVENTS; i++)
		event_info[2 * n++] = u74_map_events[i];
	event_info[2 * n] = EV_RAW;
	event_info[2 * n++ + 1] = u74_raw_selectors[0];

	ret = sbi_pmu_event_get_info((unsigned long)event_info, 0, n, 0);
	if (!CHECK_EQ(ret.error, SBI_SUCCESS))
		return;
	/* cycles and instructions on the free-running mcycle/minstret; the U74
	 * map's events (the raw one too) only where its counters exist */
	for (unsigned long i = 0; i < n; i++) {
		unsigned long supported = event_info[2 * i] >> 32;
		if (!CHECK_EQ(supported, i < 2 || has_u74_map_counters() ? 1 : 0))
			printf("  event_get_info: event 0x%lx\n", (unsigned long)(event_info[2 * i] & 0xfffff));
	}
}

/* A U74 map event: on mhpmcounter3 or 4 where they exist (then unmapped
 * again), NOT_SUPPORTED where they do not. */
static bool u74_map_match_ok(struct sbiret ret)
{
	if (!has_u74_map_counters())
		return CHECK_EQ(ret.error, SBI_ERR_NOT_SUPPORTED);
	if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK((1UL << ret.value) & U74_MAP_COUNTERS))
		return false;
	return CHECK_EQ(sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
}

static void check_u74_map_events(void)
{
	struct sbiret ret;

	for (unsigned int i = 0; i < U74_MAP_EVENTS; i++) {
		ret = sbi_pmu_counter_config_matching(0, all_counters(), 0, u74_map_events[i], 0);
		if (!u74_map_match_ok(ret))
			printf("  config_matching(event 0x%lx) = { %ld, %lu }\n", u74_map_events[i],
			       ret.error, ret.value);
	}
	for (unsigned int i = 0; i < U74_RAW_SELECTORS; i++) {
		ret = sbi_pmu_counter_config_matching(0, all_counters(), 0, EV_RAW, u74_raw_selectors[i]);
		if (!u74_map_match_ok(ret))
			printf("  config_matching(raw 0x%lx) = { %ld, %lu }\n",
			       (unsigned long)u74_raw_selectors[i], ret.error, ret.value);
	}
}

/* Firmware counters work on the U54s: count this hart's set_timer calls. */
static void check_fw_counter(void)
{
	long idx = pmu_fw_counter_start(SBI_PMU_FW_SET_TIMER);

	if (!CHECK(idx >= 0))
		return;
	if (num_hw)
		CHECK_EQ(idx, num_hw);   /* the lowest free firmware counter */
	for (int i = 0; i < TIMER_CALLS; i++)
		CHECK_EQ(sbi_set_timer(~0ULL).error, SBI_SUCCESS);
	CHECK_EQ(pmu_fw_counter_read(idx), TIMER_CALLS);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("sifive_u_pmu");
	if (check_count()) {
		check_get_info();
		check_fixed_counters();
		check_event_get_info();
		check_u74_map_events();
	}
	check_fw_counter();
}
