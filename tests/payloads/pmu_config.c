/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, counter_config_matching (FID 2, Tables 8 and 9) on QEMU
 * virt: which events exist (general, cache, raw, firmware, platform), which
 * counters can take them, lowest-first allocation that skips busy counters,
 * every flag (SKIP_MATCH, CLEAR_VALUE, AUTO_START, the filter hints) and
 * every error.
 */
#include "pmu_util.h"

static struct sbiret config(unsigned long base, unsigned long mask, unsigned long flags,
			    unsigned long event_idx, uint64_t event_data)
{
	return sbi_pmu_counter_config_matching(base, mask, flags, event_idx, event_data);
}

/* Expects config_matching over every counter to pick counter `expected`, then unmaps it. */
/*
 * With Sscofpmf the firmware gives cycles/instructions a programmable counter
 * first (mcycle/minstret raise no overflow interrupt, and Linux samples), and
 * the fixed counter last; without it, the fixed counter first.
 */
static bool has_sscofpmf;

/* The counter the n-th (0-based) instructions event gets when all start free. */
static unsigned long nth_instructions_counter(unsigned long n)
{
	if (has_sscofpmf)
		return n <= QEMU_HPM_LAST - QEMU_HPM_FIRST ? QEMU_HPM_FIRST + n : COUNTER_INSTRET;
	return n == 0 ? COUNTER_INSTRET : QEMU_HPM_FIRST + n - 1;
}

static void expect_counter(unsigned long event_idx, uint64_t event_data, unsigned long expected,
			   int line)
{
	struct sbiret ret = config(0, QEMU_ALL_COUNTERS, 0, event_idx, event_data);

	if (ret.error != SBI_SUCCESS || ret.value != expected) {
		check_true(false, __FILE__, line, "config_matching picked the expected counter");
		printf("  event 0x%lx data 0x%lx: { %ld, %lu }, expected { 0, %lu }\n", event_idx,
		       (unsigned long)event_data, ret.error, ret.value, expected);
		return;
	}
	/* Configured, never started: the stop fails but RESET still unmaps it. */
	CHECK_EQ(sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_RESET).error,
		 SBI_ERR_ALREADY_STOPPED);
}

static void expect_unsupported(unsigned long event_idx, uint64_t event_data, int line)
{
	struct sbiret ret = config(0, QEMU_ALL_COUNTERS, 0, event_idx, event_data);

	if (ret.error != SBI_ERR_NOT_SUPPORTED) {
		check_true(false, __FILE__, line, "config_matching answered NOT_SUPPORTED");
		printf("  event 0x%lx data 0x%lx: { %ld, %lu }, expected { %d }\n", event_idx,
		       (unsigned long)event_data, ret.error, ret.value, SBI_ERR_NOT_SUPPORTED);
		if (ret.error == SBI_SUCCESS)
			sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_RESET);
	}
}

#define EXPECT_COUNTER(ev, data, idx) expect_counter(ev, data, idx, __LINE__)
#define EXPECT_UNSUPPORTED(ev, data)  expect_unsupported(ev, data, __LINE__)

static bool is_qemu_cache_event(unsigned long ev)
{
	return ev == EV_DTLB_READ_MISS || ev == EV_DTLB_WRITE_MISS || ev == EV_ITLB_READ_MISS;
}

static void check_event_types(void)
{
	pmu_reset_all();

	/* General events (Table 2): QEMU's DT maps cycles and instructions only. */
	EXPECT_COUNTER(EV_HW(SBI_PMU_HW_CPU_CYCLES), 0, has_sscofpmf ? QEMU_HPM_FIRST : COUNTER_CYCLE);
	EXPECT_COUNTER(EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0, nth_instructions_counter(0));
	EXPECT_UNSUPPORTED(EV_HW(SBI_PMU_HW_NO_EVENT), 0);
	for (unsigned long code = SBI_PMU_HW_CACHE_REFERENCES; code <= SBI_PMU_HW_REF_CPU_CYCLES; code++)
		EXPECT_UNSUPPORTED(EV_HW(code), 0);
	EXPECT_UNSUPPORTED(EV_HW(11), 0);
	EXPECT_UNSUPPORTED(EV_HW(0xffff), 0);

	/* Cache events (Tables 3-5): the three TLB misses QEMU counts, on hpmcounter3 first. */
	for (unsigned long id = 0; id <= SBI_PMU_HW_CACHE_NODE; id++)
		for (unsigned long op = 0; op <= 3; op++)
			for (unsigned long result = 0; result <= 1; result++) {
				unsigned long ev = EV_CACHE(id, op, result);

				if (is_qemu_cache_event(ev))
					EXPECT_COUNTER(ev, 0, QEMU_HPM_FIRST);
				else
					EXPECT_UNSUPPORTED(ev, 0);
			}
	EXPECT_UNSUPPORTED(EV_CACHE(7, 0, 0), 0);

	/* Raw events (types 2 and 3): QEMU's DT has no riscv,raw-event-to-mhpmcounters. */
	EXPECT_UNSUPPORTED(EV_RAW, 0);
	EXPECT_UNSUPPORTED(EV_RAW, 0x2);
	EXPECT_UNSUPPORTED(EV_RAW, 0xffffffffffffUL);
	EXPECT_UNSUPPORTED(EV_RAW_V2, 0x2);
	EXPECT_UNSUPPORTED(EV_RAW_V2, 0xffffffffffffffUL);

	/* Firmware events (Table 6): all 22 standard ones, on the first firmware counter. */
	for (unsigned long code = 0; code < SBI_PMU_FW_EVENT_COUNT; code++)
		EXPECT_COUNTER(EV_FW(code), 0, FW_FIRST);
	EXPECT_UNSUPPORTED(EV_FW(22), 0);
	EXPECT_UNSUPPORTED(EV_FW(255), 0);
	EXPECT_UNSUPPORTED(EV_FW(256), 0);
	EXPECT_UNSUPPORTED(EV_FW(0xfffe), 0);
	/* SBI_PMU_FW_PLATFORM: event_data selects the platform event; QEMU virt has 1 only. */
	EXPECT_COUNTER(EV_FW(SBI_PMU_FW_PLATFORM), QEMU_FW_PLATFORM_CONSOLE_BYTES, FW_FIRST);
	EXPECT_UNSUPPORTED(EV_FW(SBI_PMU_FW_PLATFORM), 0);
	EXPECT_UNSUPPORTED(EV_FW(SBI_PMU_FW_PLATFORM), 2);
	EXPECT_UNSUPPORTED(EV_FW(SBI_PMU_FW_PLATFORM), ~0UL);

	/* Types without events (4..14) and bits above event_idx's 20. */
	for (unsigned long type = 4; type <= 14; type++)
		EXPECT_UNSUPPORTED((type << 16) | 1, 0);
	EXPECT_UNSUPPORTED((1UL << 20) | SBI_PMU_HW_INSTRUCTIONS, 0);
	EXPECT_UNSUPPORTED((1UL << 63) | EV_FW(SBI_PMU_FW_SET_TIMER), 0);
}

static void check_counter_sets(void)
{
	struct sbiret ret;

	pmu_reset_all();

	/* QEMU's DT lets every programmable counter count cycles too. */
	ret = config(QEMU_HPM_FIRST, 1, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, QEMU_HPM_FIRST);
	ret = config(QEMU_HPM_LAST, 1, 0, EV_DTLB_WRITE_MISS, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, QEMU_HPM_LAST);
	pmu_reset_all();

	/* A set without a counter able to count the event. */
	CHECK_EQ(config(COUNTER_CYCLE, 1, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(COUNTER_INSTRET, 1, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(0, 3, 0, EV_DTLB_READ_MISS, 0).error, SBI_ERR_NOT_SUPPORTED);
	/* time is a valid counter index, but nothing can be configured on it. */
	CHECK_EQ(config(COUNTER_TIME, 1, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(COUNTER_TIME, 1, 0, EV_HW(SBI_PMU_HW_REF_CPU_CYCLES), 0).error, SBI_ERR_NOT_SUPPORTED);
	/* Hardware events never go to firmware counters, nor the reverse. */
	CHECK_EQ(config(FW_FIRST, FW_MASK >> FW_FIRST, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0).error,
		 SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(0, (1UL << QEMU_NUM_HW) - 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0).error,
		 SBI_ERR_NOT_SUPPORTED);
	/* An empty set: no counter can monitor anything. */
	CHECK_EQ(config(0, 0, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(FW_FIRST, 0, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0).error, SBI_ERR_NOT_SUPPORTED);

	/* Table 9: a set with an invalid counter. */
	static const struct { unsigned long base, mask; } invalid[] = {
		{ QEMU_NUM_COUNTERS, 1 },
		{ QEMU_NUM_COUNTERS - 1, 3 },
		{ 0, 1UL << QEMU_NUM_COUNTERS },
		{ 0, ~0UL },
		{ 0, 1UL << 63 },
		{ FW_FIRST, 1UL << 63 },
		{ 64, 1 },
		{ ~0UL, 1 },
		{ ~0UL - 62, 1UL << 63 },
		{ 1UL << 63, 1 },
	};
	for (unsigned int i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		ret = config(invalid[i].base, invalid[i].mask, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  base 0x%lx mask 0x%lx: { %ld, %lu }\n", invalid[i].base,
			       invalid[i].mask, ret.error, ret.value);
		ret = config(invalid[i].base, invalid[i].mask, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
		CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	}

	/* Table 8: bits 8..XLEN-1 are reserved; nothing is configured then. */
	static const unsigned long bad_flags[] = {
		1UL << 8, 1UL << 9, 1UL << 31, 1UL << 32, 1UL << 63, ~0UL,
		SBI_PMU_CFG_FLAG_ALL + 1, SBI_PMU_CFG_FLAG_AUTO_START | (1UL << 8),
	};
	for (unsigned int i = 0; i < sizeof(bad_flags) / sizeof(bad_flags[0]); i++) {
		ret = config(0, QEMU_ALL_COUNTERS, bad_flags[i], EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  flags 0x%lx: { %ld, %lu }\n", bad_flags[i], ret.error, ret.value);
		ret = config(FW_FIRST, 1, bad_flags[i], EV_FW(SBI_PMU_FW_SET_TIMER), 0);
		CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	}
	/* So every counter and the first firmware counter are still free. */
	EXPECT_COUNTER(EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0, nth_instructions_counter(0));
	EXPECT_COUNTER(EV_FW(SBI_PMU_FW_SET_TIMER), 0, FW_FIRST);
}

static void check_allocation(void)
{
	struct sbiret ret;

	pmu_reset_all();

	/* Lowest first (fixed counter first or last, see above); a counter mapped (even stopped) is busy. */
	for (unsigned long n = 0; n <= QEMU_HPM_LAST - COUNTER_INSTRET; n++) {
		unsigned long expected = nth_instructions_counter(n);
		ret = config(0, QEMU_ALL_COUNTERS, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK_EQ(ret.value, expected))
			printf("  instructions #%lu: { %ld, %lu }\n", n, ret.error, ret.value);
	}
	CHECK_EQ(config(0, QEMU_ALL_COUNTERS, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0).error,
		 SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(config(0, QEMU_ALL_COUNTERS, 0, EV_DTLB_READ_MISS, 0).error, SBI_ERR_NOT_SUPPORTED);
	/* mcycle is still free. */
	ret = config(0, QEMU_ALL_COUNTERS, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, COUNTER_CYCLE);
	CHECK_EQ(config(0, QEMU_ALL_COUNTERS, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0).error,
		 SBI_ERR_NOT_SUPPORTED);

	/* Freeing counters 7 and 5 (RESET): they are taken again, 5 first. */
	CHECK_EQ(sbi_pmu_counter_stop(7, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sbi_pmu_counter_stop(5, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	ret = config(0, QEMU_ALL_COUNTERS, 0, EV_ITLB_READ_MISS, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 5);
	ret = config(0, QEMU_ALL_COUNTERS, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 7);

	/* Firmware counters: 24 of them, lowest first; a started one is busy too. */
	pmu_reset_all();
	for (unsigned long expected = FW_FIRST; expected < QEMU_NUM_COUNTERS; expected++) {
		/* Even ones (FW_FIRST + 0, 2, ...) started. */
		unsigned long flags = (expected - FW_FIRST) % 2 ? 0 : SBI_PMU_CFG_FLAG_AUTO_START;

		ret = config(0, QEMU_ALL_COUNTERS, flags, EV_FW(expected % SBI_PMU_FW_EVENT_COUNT), 0);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK_EQ(ret.value, expected))
			printf("  firmware counter #%lu: { %ld, %lu }\n", expected, ret.error, ret.value);
	}
	CHECK_EQ(config(0, QEMU_ALL_COUNTERS, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0).error,
		 SBI_ERR_NOT_SUPPORTED);
	/* The range given is honoured: the lowest free one in it. */
	CHECK_EQ(sbi_pmu_counter_stop(FW_FIRST + 10, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(FW_FIRST + 11, 1, SBI_PMU_STOP_FLAG_RESET).error,
		 SBI_ERR_ALREADY_STOPPED);
	ret = config(FW_FIRST + 11, 7, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, FW_FIRST + 11);
	ret = config(FW_FIRST, FW_MASK >> FW_FIRST, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, FW_FIRST + 10);
	pmu_reset_all();
}

static void check_skip_match(void)
{
	struct sbiret ret;

	pmu_reset_all();
	/* Linux: mask 1 for cycles, mask 4 (base 0) for instret. */
	ret = config(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, COUNTER_CYCLE);
	ret = config(0, 4, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, COUNTER_INSTRET);
	/* Unconditionally the first counter of the set, busy or not (Table 8 note). */
	ret = config(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, COUNTER_CYCLE);
	ret = config(0, 0x5, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, COUNTER_CYCLE);
	ret = config(QEMU_HPM_FIRST + 4, 0x6, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_DTLB_READ_MISS, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, QEMU_HPM_FIRST + 5);
	/* Firmware counters too, even a running one. */
	ret = config(FW_FIRST + 3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_AUTO_START,
		     EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, FW_FIRST + 3);
	ret = config(FW_FIRST + 3, 3, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
		     EV_FW(SBI_PMU_FW_IPI_SENT), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, FW_FIRST + 3);
	/* ...and then it counts the new event. */
	sbi_pmu_counter_start(FW_FIRST + 3, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_send_ipi(1, current_hartid()).error, SBI_SUCCESS);
	csr_clear(sip, SIP_SSIP);
	ret = sbi_pmu_counter_fw_read(FW_FIRST + 3);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 1);
	pmu_reset_all();
}

static void check_clear_value_and_auto_start(void)
{
	struct sbiret ret;
	unsigned long fw;

	pmu_reset_all();

	/* Firmware counter: count 3 timer settings. */
	ret = config(FW_FIRST, FW_MASK >> FW_FIRST, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
		     EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	fw = ret.value;
	CHECK_EQ(sbi_pmu_counter_fw_read(fw).value, 0);
	/* AUTO_START: it is running already. */
	CHECK_EQ(sbi_pmu_counter_start(fw, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	for (int i = 0; i < 3; i++)
		sbi_set_timer(~0UL);
	CHECK_EQ(sbi_pmu_counter_fw_read(fw).value, 3);
	CHECK_EQ(sbi_pmu_counter_stop(fw, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);

	/* Without CLEAR_VALUE the value stays; AUTO_START does not touch it (Table 8 note). */
	ret = config(fw, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, fw);
	CHECK_EQ(sbi_pmu_counter_fw_read(fw).value, 3);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_pmu_counter_fw_read(fw).value, 4);
	CHECK_EQ(sbi_pmu_counter_stop(fw, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	/* Without AUTO_START it is configured but stopped. */
	ret = config(fw, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(ret.value, fw);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_pmu_counter_fw_read(fw).value, 4);
	CHECK_EQ(sbi_pmu_counter_stop(fw, 1, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sbi_pmu_counter_stop(fw, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	/* CLEAR_VALUE zeroes it. */
	ret = config(fw, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(ret.value, fw);
	CHECK_EQ(sbi_pmu_counter_fw_read(fw).value, 0);

	/* Hardware counter: CLEAR_VALUE zeroes it, AUTO_START sets it counting. */
	ret = config(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
		     EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, QEMU_HPM_FIRST);
	CHECK_EQ(read_hw_counter(QEMU_HPM_FIRST), 0);
	CHECK_EQ(sbi_pmu_counter_stop(QEMU_HPM_FIRST, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);

	ret = config(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST,
		     SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, QEMU_HPM_FIRST);
	unsigned long v0 = read_hw_counter(QEMU_HPM_FIRST);
	delay_us(COUNTING_WAIT_US);
	unsigned long v1 = read_hw_counter(QEMU_HPM_FIRST);
	CHECK(v1 >= v0 + COUNTED_MIN);
	CHECK_EQ(sbi_pmu_counter_start(QEMU_HPM_FIRST, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_pmu_counter_stop(QEMU_HPM_FIRST, 1, 0).error, SBI_SUCCESS);
	/* Stopped: the value holds, and configuring it again without CLEAR_VALUE keeps it. */
	unsigned long frozen = read_hw_counter(QEMU_HPM_FIRST);
	CHECK(frozen >= v1);
	CHECK_EQ(read_hw_counter(QEMU_HPM_FIRST), frozen);
	CHECK_EQ(sbi_pmu_counter_stop(QEMU_HPM_FIRST, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	ret = config(QEMU_HPM_FIRST, 1, 0, EV_DTLB_READ_MISS, 0);
	CHECK_EQ(ret.value, QEMU_HPM_FIRST);
	CHECK_EQ(read_hw_counter(QEMU_HPM_FIRST), frozen);
	/* ...and CLEAR_VALUE on a counter that has counted before zeroes it. */
	CHECK_EQ(sbi_pmu_counter_stop(QEMU_HPM_FIRST, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	ret = config(QEMU_HPM_FIRST, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.value, QEMU_HPM_FIRST);
	CHECK_EQ(read_hw_counter(QEMU_HPM_FIRST), 0);
	pmu_reset_all();
}

/* Table 8: bits 3..7 are filter hints; accepted for every kind of counter. */
static void check_filter_flags_accepted(void)
{
	struct sbiret ret;

	pmu_reset_all();
	for (unsigned long bit = 3; bit <= 7; bit++) {
		ret = config(0, QEMU_ALL_COUNTERS, 1UL << bit, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, nth_instructions_counter(bit - 3));
		ret = config(FW_FIRST, FW_MASK >> FW_FIRST, 1UL << bit, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, FW_FIRST + (bit - 3));
	}
	ret = config(0, QEMU_ALL_COUNTERS, SBI_PMU_CFG_FLAG_ALL & ~SBI_PMU_CFG_FLAG_SKIP_MATCH,
		     EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, has_sscofpmf ? nth_instructions_counter(5) : COUNTER_CYCLE);
	pmu_reset_all();
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("pmu_config");
	trap_catch_install(NULL);
	has_sscofpmf = pmu_probe_sscofpmf();
	check_event_types();
	check_counter_sets();
	check_allocation();
	check_skip_match();
	check_clear_value_and_auto_start();
	check_filter_flags_accepted();
}
