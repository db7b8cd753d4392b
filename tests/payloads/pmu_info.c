/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, describing counters: num_counters (FID 0), counter_get_info
 * (FID 1, Table 7) for every index (1, the time CSR, is not a counter), the firmware-counter reads of a hardware
 * or invalid index (FIDs 5/6, Tables 14/15), unknown FIDs, and S-mode's
 * direct reads of every hardware counter the firmware reports (Linux reads
 * them through the CSR number from counter_get_info, so mcounteren must let
 * it).
 */
#include "pmu_util.h"

static void check_probe_and_count(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_PMU);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 1);

	ret = sbi_pmu_num_counters();
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, QEMU_NUM_COUNTERS);
}

static void check_get_info(void)
{
	struct sbiret ret;

	/*
	 * Index 1 is the time CSR, not a counter (no event can be put on it):
	 * INVALID_PARAM, the hole Linux skips. Linux counts 18 hardware
	 * counters here, as QEMU has (and KVM offers its guests as many).
	 */
	ret = sbi_pmu_counter_get_info(COUNTER_TIME);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(ret.value, 0);

	/* Hardware: CSR cycle + i, 64 bits wide (width field 63), type 0, reserved 0. */
	for (unsigned long idx = 0; idx < QEMU_NUM_HW; idx++) {
		if (idx == COUNTER_TIME)
			continue;
		ret = sbi_pmu_counter_get_info(idx);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) ||
		    !CHECK_EQ(ret.value, (0xc00 + idx) | (63UL << 12)))
			printf("  counter_get_info(%lu) = { %ld, 0x%lx }\n", idx, ret.error, ret.value);
	}
	/* Firmware: type bit; csr and width are to be ignored, reserved bits are 0. */
	for (unsigned long idx = FW_FIRST; idx < QEMU_NUM_COUNTERS; idx++) {
		ret = sbi_pmu_counter_get_info(idx);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) ||
		    !CHECK(ret.value & SBI_PMU_COUNTER_INFO_TYPE_FW) ||
		    !CHECK_EQ(ret.value & COUNTER_INFO_RESERVED, 0))
			printf("  counter_get_info(%lu) = { %ld, 0x%lx }\n", idx, ret.error, ret.value);
	}

	/* Table 7: an index past the last counter. */
	static const unsigned long invalid[] = {
		QEMU_NUM_COUNTERS, QEMU_NUM_COUNTERS + 1, 64, 1UL << 32, 1UL << 63, ~0UL,
	};
	for (unsigned int i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		ret = sbi_pmu_counter_get_info(invalid[i]);
		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  counter_get_info(0x%lx) = { %ld, 0x%lx }\n", invalid[i], ret.error,
			       ret.value);
	}
}

static void check_fw_read_rejects_hw_and_invalid(void)
{
	struct sbiret ret;

	/* Tables 14/15: a hardware counter or an invalid index is INVALID_PARAM. */
	for (unsigned long idx = 0; idx < QEMU_NUM_HW; idx++) {
		CHECK_EQ(sbi_pmu_counter_fw_read(idx).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_pmu_counter_fw_read_hi(idx).error, SBI_ERR_INVALID_PARAM);
	}
	static const unsigned long invalid[] = { QEMU_NUM_COUNTERS, 64, 1UL << 63, ~0UL };
	for (unsigned int i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		CHECK_EQ(sbi_pmu_counter_fw_read(invalid[i]).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_pmu_counter_fw_read_hi(invalid[i]).error, SBI_ERR_INVALID_PARAM);
	}
	/* Table 15: on RV64 the high half of any firmware counter is 0. */
	for (unsigned long idx = FW_FIRST; idx < QEMU_NUM_COUNTERS; idx++) {
		ret = sbi_pmu_counter_fw_read_hi(idx);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, 0);
	}
}

static void check_unknown_fids(void)
{
	static const unsigned long fids[] = { 9, 10, 0x100, ~0UL };

	for (unsigned int i = 0; i < sizeof(fids) / sizeof(fids[0]); i++)
		CHECK_EQ(sbi_ecall(SBI_EXT_PMU, fids[i], 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
}

/* Every hardware counter reported, time included, reads from S-mode without a trap. */
static void check_direct_reads(void)
{
	for (unsigned int idx = 0; idx < QEMU_NUM_HW; idx++) {
		trap_catch_begin();
		(void)read_hw_counter(idx);
		if (!CHECK_EQ(trap_catch_end(), 0))
			printf("  reading CSR 0x%x from S-mode trapped (scause %lu)\n", 0xc00 + idx,
			       trap_catch.last_cause);
	}
	/* The free-running ones move. */
	unsigned long c0 = rdcycle(), i0 = rdinstret(), t0 = rdtime();

	/* A wait on time (which must move for it to end): the others moved with it. */
	delay_us(COUNTING_WAIT_US);
	CHECK(rdcycle() != c0);
	CHECK(rdinstret() != i0);
	CHECK(rdtime() != t0);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("pmu_info");
	trap_catch_install(NULL);
	check_probe_and_count();
	check_get_info();
	check_fw_read_rejects_hw_and_invalid();
	check_unknown_fids();
	check_direct_reads();
	pmu_probe_sscofpmf();
}
