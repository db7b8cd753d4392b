/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, counter_start / counter_stop (FIDs 3 and 4, Tables 10-13)
 * without the snapshot memory (pmu_snapshot.c has that): every flag and
 * error, sets mixing running and stopped counters, RESET, and what a
 * counter's value does across start and stop, for firmware and hardware
 * counters.
 */
#include "pmu_util.h"

static const struct { unsigned long base, mask; } invalid_sets[] = {
	{ QEMU_NUM_COUNTERS, 1 },
	{ QEMU_NUM_COUNTERS - 1, 3 },
	{ 0, 1UL << QEMU_NUM_COUNTERS },
	{ 0, ~0UL },
	{ 0, 1UL << 63 },
	{ FW_FIRST, 1UL << 63 },
	{ 64, 1 },
	{ ~0UL, 1 },
	{ ~0UL - 62, 1UL << 63 },
};
#define NUM_INVALID_SETS (sizeof(invalid_sets) / sizeof(invalid_sets[0]))

static unsigned long config_fw(unsigned long code, unsigned long flags)
{
	struct sbiret ret = sbi_pmu_counter_config_matching(FW_FIRST, FW_MASK >> FW_FIRST, flags,
							    EV_FW(code), 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return ret.value;
}

static unsigned long config_hpm(unsigned long event_idx, unsigned long flags)
{
	struct sbiret ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST,
							    QEMU_HPM_MASK >> QEMU_HPM_FIRST,
							    flags, event_idx, 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return ret.value;
}

static void set_timers(int n)
{
	for (int i = 0; i < n; i++)
		sbi_set_timer(~0UL);
}

static unsigned long fw_value(unsigned long idx)
{
	struct sbiret ret = sbi_pmu_counter_fw_read(idx);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return ret.value;
}

static bool is_running_fw(unsigned long idx)
{
	unsigned long v = fw_value(idx);

	set_timers(1);
	return fw_value(idx) != v;
}

static void check_start_errors(void)
{
	unsigned long f, g;

	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	f = config_fw(SBI_PMU_FW_SET_TIMER, SBI_PMU_CFG_FLAG_CLEAR_VALUE);
	g = config_fw(SBI_PMU_FW_SET_TIMER, SBI_PMU_CFG_FLAG_CLEAR_VALUE);
	CHECK_EQ(f, FW_FIRST);
	CHECK_EQ(g, FW_FIRST + 1);

	/* Table 10: bits 2.. reserved. Nothing starts. */
	static const unsigned long bad_flags[] = { 1UL << 2, 1UL << 31, 1UL << 63, ~0UL, 5 };
	for (unsigned int i = 0; i < sizeof(bad_flags) / sizeof(bad_flags[0]); i++)
		CHECK_EQ(sbi_pmu_counter_start(f, 1, bad_flags[i], 0).error, SBI_ERR_INVALID_PARAM);
	/* Table 10 note: SET_INIT_VALUE and INIT_SNAPSHOT are mutually exclusive. */
	CHECK_EQ(sbi_pmu_counter_start(f, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE |
				       SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_INVALID_PARAM);
	/* Table 11: INIT_SNAPSHOT without shared memory. */
	CHECK_EQ(sbi_pmu_counter_start(f, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_NO_SHMEM);
	/* Table 11: a set with an invalid counter. */
	for (unsigned int i = 0; i < NUM_INVALID_SETS; i++) {
		struct sbiret ret = sbi_pmu_counter_start(invalid_sets[i].base, invalid_sets[i].mask, 0, 0);

		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  start base 0x%lx mask 0x%lx: %ld\n", invalid_sets[i].base,
			       invalid_sets[i].mask, ret.error);
	}
	/* A counter with no event (time included) cannot be started. */
	CHECK_EQ(sbi_pmu_counter_start(FW_FIRST + 5, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_counter_start(QEMU_HPM_FIRST + 7, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_counter_start(COUNTER_TIME, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	/* None of these started anything. */
	CHECK(!is_running_fw(f));
	CHECK_EQ(fw_value(f), 0);
	/* f and f+5: f+5 is an invalid counter, f starts (the same rule as stop's). */
	CHECK_EQ(sbi_pmu_counter_start(f, 0x21, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK(is_running_fw(f));
	CHECK_EQ(sbi_pmu_counter_stop(f, 0x21, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK(!is_running_fw(f));
	/* Back to 0 and stopped, for what follows. */
	CHECK_EQ(sbi_pmu_counter_start(f, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, 0).error, SBI_SUCCESS);

	/* An empty set: nothing to do. */
	CHECK_EQ(sbi_pmu_counter_start(0, 0, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(FW_FIRST, 0, SBI_PMU_START_FLAG_SET_INIT_VALUE, 5).error, SBI_SUCCESS);

	/* Already started: the error, and the other counters of the set still start. */
	CHECK_EQ(sbi_pmu_counter_start(f, 1, 0, 0).error, SBI_SUCCESS);
	CHECK(is_running_fw(f));
	CHECK_EQ(sbi_pmu_counter_start(f, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_pmu_counter_start(f, 3, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK(is_running_fw(g));
	CHECK_EQ(sbi_pmu_counter_stop(f, 3, 0).error, SBI_SUCCESS);
	pmu_reset_all();
}

static void check_stop_errors(void)
{
	unsigned long f, g, h;

	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	f = config_fw(SBI_PMU_FW_SET_TIMER, SBI_PMU_CFG_FLAG_AUTO_START);
	g = config_fw(SBI_PMU_FW_SET_TIMER, SBI_PMU_CFG_FLAG_AUTO_START);

	/* Table 12: bits 2.. reserved; Table 13. The counter keeps running. */
	static const unsigned long bad_flags[] = { 1UL << 2, 1UL << 31, 1UL << 63, ~0UL, 5 };
	for (unsigned int i = 0; i < sizeof(bad_flags) / sizeof(bad_flags[0]); i++)
		CHECK_EQ(sbi_pmu_counter_stop(f, 1, bad_flags[i]).error, SBI_ERR_INVALID_PARAM);
	CHECK(is_running_fw(f));
	/* TAKE_SNAPSHOT without shared memory: NO_SHMEM, nothing stopped or reset. */
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT | SBI_PMU_STOP_FLAG_RESET).error,
		 SBI_ERR_NO_SHMEM);
	CHECK(is_running_fw(f));
	for (unsigned int i = 0; i < NUM_INVALID_SETS; i++) {
		struct sbiret ret = sbi_pmu_counter_stop(invalid_sets[i].base, invalid_sets[i].mask, 0);

		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  stop base 0x%lx mask 0x%lx: %ld\n", invalid_sets[i].base,
			       invalid_sets[i].mask, ret.error);
	}
	CHECK_EQ(sbi_pmu_counter_stop(~0UL, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_INVALID_PARAM);
	CHECK(is_running_fw(f));

	/* An empty set. */
	CHECK_EQ(sbi_pmu_counter_stop(0, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(FW_FIRST, 0, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK(is_running_fw(f));

	/* Never configured, or time: no event, an invalid counter, as for start. */
	CHECK_EQ(sbi_pmu_counter_stop(FW_FIRST + 9, 1, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_counter_stop(QEMU_HPM_FIRST + 9, 1, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_counter_stop(COUNTER_TIME, 1, 0).error, SBI_ERR_INVALID_PARAM);

	/* Already stopped: the error, and the other counters of the set still stop. */
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, 0).error, SBI_SUCCESS);
	CHECK(!is_running_fw(f));
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK(is_running_fw(g));
	CHECK_EQ(sbi_pmu_counter_stop(f, 3, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK(!is_running_fw(g));
	/* Stopped without RESET: still mapped, so it starts again. */
	CHECK_EQ(sbi_pmu_counter_start(f, 3, 0, 0).error, SBI_SUCCESS);

	/* RESET of a running counter: stopped and unmapped. */
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK(!is_running_fw(f));
	CHECK_EQ(sbi_pmu_counter_start(f, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	/* RESET of a stopped counter (Linux stops, then stops with RESET): unmapped too. */
	CHECK_EQ(sbi_pmu_counter_stop(g, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(g, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sbi_pmu_counter_start(g, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	/* Both free again, lowest first. */
	CHECK_EQ(config_fw(SBI_PMU_FW_IPI_SENT, 0), f);
	CHECK_EQ(config_fw(SBI_PMU_FW_IPI_SENT, 0), g);

	/* Hardware: same rules. */
	h = config_hpm(EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sbi_pmu_counter_start(h, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(h, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(h, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(config_hpm(EV_DTLB_READ_MISS, 0), h);
	pmu_reset_all();
}

static void check_fw_counter_values(void)
{
	unsigned long f;

	pmu_reset_all();
	f = config_fw(SBI_PMU_FW_SET_TIMER, 0);
	/* SET_INIT_VALUE: counts on from the given value. */
	CHECK_EQ(sbi_pmu_counter_start(f, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1000).error, SBI_SUCCESS);
	CHECK_EQ(fw_value(f), 1000);
	set_timers(2);
	CHECK_EQ(fw_value(f), 1002);
	/* Stopped: frozen. */
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, 0).error, SBI_SUCCESS);
	set_timers(3);
	CHECK_EQ(fw_value(f), 1002);
	/* Started without a value: on from where it stopped (Table 10 note). */
	CHECK_EQ(sbi_pmu_counter_start(f, 1, 0, 12345).error, SBI_SUCCESS);
	CHECK_EQ(fw_value(f), 1002);
	set_timers(1);
	CHECK_EQ(fw_value(f), 1003);
	/* 64-bit wrap-around. */
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(f, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, ~0UL).error, SBI_SUCCESS);
	CHECK_EQ(fw_value(f), ~0UL);
	CHECK_EQ(sbi_pmu_counter_fw_read_hi(f).value, 0);
	set_timers(2);
	CHECK_EQ(fw_value(f), 1);
	/* RESET keeps the value; a new configuration without CLEAR_VALUE starts from it. */
	CHECK_EQ(sbi_pmu_counter_stop(f, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(fw_value(f), 1);
	pmu_reset_all();
}

/*
 * Hardware counter values. Without -icount QEMU's counters tick with the
 * host clock, so each value is bounded by what can be counted in the `time`
 * the operation took (max_counts_between, pmu_util.h), and waits are on
 * `time`; pmu_hw_count.c checks exact counts under -icount.
 */
#define INIT_VALUE (1UL << 40)
/* How long a stopped counter is watched: 5 * 10^7 counts if it still ran. */
#define STOPPED_WATCH_US 50000UL

static void check_hw_counter_values(void)
{
	unsigned long h, v0, v1, frozen;
	uint64_t t0, t1;

	pmu_reset_all();
	h = config_hpm(EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(h, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, INIT_VALUE).error,
		 SBI_SUCCESS);
	v0 = read_hw_counter(h);
	t1 = rdtime();
	if (!CHECK(v0 >= INIT_VALUE && v0 - INIT_VALUE <= max_counts_between(t0, t1)))
		printf("  counter %lu started at 0x%lx reads 0x%lx\n", h, INIT_VALUE, v0);
	delay_us(COUNTING_WAIT_US);
	/*
	 * Stopped: it holds its value however long it waits. t0 is read before
	 * v1: the host may deschedule the hart between the two reads, and the
	 * counter counts that time too, so the bound must cover it.
	 */
	t0 = rdtime();
	v1 = read_hw_counter(h);
	CHECK(v1 >= v0 + COUNTED_MIN);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1, 0).error, SBI_SUCCESS);
	frozen = read_hw_counter(h);
	t1 = rdtime();
	if (!CHECK(frozen >= v1 && frozen - v1 <= max_counts_between(t0, t1)))
		printf("  read 0x%lx running, 0x%lx stopped\n", v1, frozen);
	delay_us(STOPPED_WATCH_US);
	if (!CHECK_EQ(read_hw_counter(h), frozen))
		printf("  stopped hardware counter %lu moved from 0x%lx to 0x%lx\n", h, frozen,
		       read_hw_counter(h));

	/* Started without a value: it goes on from there, not from what it missed. */
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(h, 1, 0, 0).error, SBI_SUCCESS);
	v0 = read_hw_counter(h);
	t1 = rdtime();
	if (!CHECK(v0 >= frozen && v0 - frozen <= max_counts_between(t0, t1)))
		printf("  restarted at 0x%lx after stopping at 0x%lx\n", v0, frozen);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1, 0).error, SBI_SUCCESS);

	/* The same on instret, taken with SKIP_MATCH as Linux does. */
	pmu_reset_all();
	CHECK_EQ(sbi_pmu_counter_config_matching(0, 1UL << COUNTER_INSTRET, SBI_PMU_CFG_FLAG_SKIP_MATCH,
						 EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0).value, COUNTER_INSTRET);
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(COUNTER_INSTRET, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, INIT_VALUE).error,
		 SBI_SUCCESS);
	v0 = rdinstret();
	t1 = rdtime();
	if (!CHECK(v0 >= INIT_VALUE && v0 - INIT_VALUE <= max_counts_between(t0, t1)))
		printf("  instret started at 0x%lx reads 0x%lx\n", INIT_VALUE, v0);
	CHECK_EQ(sbi_pmu_counter_stop(COUNTER_INSTRET, 1, 0).error, SBI_SUCCESS);
	frozen = rdinstret();
	delay_us(STOPPED_WATCH_US);
	CHECK_EQ(rdinstret(), frozen);
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(COUNTER_INSTRET, 1, 0, 0).error, SBI_SUCCESS);
	v0 = rdinstret();
	t1 = rdtime();
	if (!CHECK(v0 >= frozen && v0 - frozen <= max_counts_between(t0, t1)))
		printf("  instret restarted at 0x%lx after stopping at 0x%lx\n", v0, frozen);
	pmu_reset_all();
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("pmu_start_stop");
	trap_catch_install(NULL);
	pmu_probe_sscofpmf();
	check_start_errors();
	check_stop_errors();
	check_fw_counter_values();
	check_hw_counter_values();
}
