/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU helpers: firmware event counters (SBI PMU chapter, event type 15) and
 * reading a hardware counter's CSR directly from S-mode, as Linux does with
 * the CSR number counter_get_info reports.
 */
#include "payload.h"

/* counter_get_info: [11:0] CSR number, [17:12] width - 1, bit XLEN-1 firmware. */
#define COUNTER_INFO_CSR(info) ((info) & 0xfff)

bool pmu_fw_counter_range(unsigned long *base, unsigned long *mask)
{
	struct sbiret num = sbi_pmu_num_counters();
	unsigned long first = 0, m = 0;

	if (num.error != SBI_SUCCESS)
		return false;
	for (unsigned long idx = 0; idx < num.value; idx++) {
		struct sbiret info = sbi_pmu_counter_get_info(idx);

		if (info.error != SBI_SUCCESS || !(info.value & SBI_PMU_COUNTER_INFO_TYPE_FW))
			continue;
		if (!m)
			first = idx;
		if (idx - first >= 64)
			break;
		m |= 1UL << (idx - first);
	}
	*base = first;
	*mask = m;
	return m != 0;
}

long pmu_fw_counter_start(unsigned long event_code)
{
	unsigned long base, mask;
	struct sbiret ret;

	if (!pmu_fw_counter_range(&base, &mask))
		return SBI_ERR_NOT_SUPPORTED;
	ret = sbi_pmu_counter_config_matching(base, mask, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
					      (SBI_PMU_EVENT_TYPE_FW << 16) | event_code, 0);
	if (ret.error != SBI_SUCCESS)
		return ret.error;
	/* A counter configured without AUTO_START is stopped: start it from 0. */
	if (sbi_pmu_counter_start(ret.value, 1, 0, 0).error != SBI_SUCCESS)
		return SBI_ERR_FAILED;
	return (long)ret.value;
}

unsigned long pmu_fw_counter_read(long counter_idx)
{
	struct sbiret ret;

	if (counter_idx < 0)
		return ~0UL;
	ret = sbi_pmu_counter_fw_read(counter_idx);
	return ret.error == SBI_SUCCESS ? ret.value : ~0UL;
}

#define COUNTER_CSR_CASE(n) \
	case 0xc00 + (n): __asm__ volatile("csrr %0, 0xc00 + " #n : "=r"(v)); break

unsigned long read_counter_csr(unsigned int csr)
{
	unsigned long v = 0;

	switch (csr) {
	COUNTER_CSR_CASE(0); COUNTER_CSR_CASE(1); COUNTER_CSR_CASE(2); COUNTER_CSR_CASE(3);
	COUNTER_CSR_CASE(4); COUNTER_CSR_CASE(5); COUNTER_CSR_CASE(6); COUNTER_CSR_CASE(7);
	COUNTER_CSR_CASE(8); COUNTER_CSR_CASE(9); COUNTER_CSR_CASE(10); COUNTER_CSR_CASE(11);
	COUNTER_CSR_CASE(12); COUNTER_CSR_CASE(13); COUNTER_CSR_CASE(14); COUNTER_CSR_CASE(15);
	COUNTER_CSR_CASE(16); COUNTER_CSR_CASE(17); COUNTER_CSR_CASE(18); COUNTER_CSR_CASE(19);
	COUNTER_CSR_CASE(20); COUNTER_CSR_CASE(21); COUNTER_CSR_CASE(22); COUNTER_CSR_CASE(23);
	COUNTER_CSR_CASE(24); COUNTER_CSR_CASE(25); COUNTER_CSR_CASE(26); COUNTER_CSR_CASE(27);
	COUNTER_CSR_CASE(28); COUNTER_CSR_CASE(29); COUNTER_CSR_CASE(30); COUNTER_CSR_CASE(31);
	default:
		printf("read_counter_csr: 0x%x is not a counter CSR\n", csr);
		CHECK(false);
		break;
	}
	return v;
}

unsigned int pmu_counter_csr(unsigned long info)
{
	return COUNTER_INFO_CSR(info);
}
