/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU snapshot memory withheld from S-mode, the default (docs/pmu.md,
 * "Snapshot memory only when asked for"): neither the build (make
 * PMU_SNAPSHOT=y) nor the DT (/chosen/abacus,pmu-snapshot) asked for it.
 * Then, on every hart: snapshot_set_shmem answers SBI_ERR_NOT_SUPPORTED
 * whatever its arguments (Table 17: "not available in the SBI
 * implementation"), the snapshot flags of counter_start/stop answer
 * SBI_ERR_NO_SHMEM and write nothing, and counters work as before.
 */
#include "pmu_util.h"

#define SOON_US 2000000UL

/* One page per hart checked (page-sized rows of a page-aligned array). */
static uint64_t pages[8][PMU_PAGE_SIZE / 8] __attribute__((aligned(PMU_PAGE_SIZE)));

static volatile unsigned long harts_checked;

static void check_this_hart(void *arg)
{
	uint64_t *page = arg;
	unsigned long page_pa = (unsigned long)page;
	struct sbiret ret;
	long idx;

	memset(page, 0xa5, PMU_PAGE_SIZE);
	/* Any arguments: the function is not there. */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page_pa, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(-1UL, -1UL, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page_pa, 0, 1).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page_pa + 8, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(QEMU_RAM_BASE, 0, 0).error, SBI_ERR_NOT_SUPPORTED);

	/* Counters work; their snapshot flags have no memory. */
	ret = sbi_pmu_counter_config_matching(FW_FIRST, FW_MASK >> FW_FIRST, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
					      EV_FW(SBI_PMU_FW_SET_TIMER), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	idx = (long)ret.value;
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 10).error, SBI_SUCCESS);
	sbi_set_timer(UINT64_MAX);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_pmu_counter_fw_read(idx).value, 11);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	for (unsigned int i = 0; i < PMU_PAGE_SIZE / 8; i++)
		if (!CHECK_EQ(page[i], 0xa5a5a5a5a5a5a5a5UL))
			break;
	__atomic_fetch_add(&harts_checked, 1, __ATOMIC_RELEASE);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[PAYLOAD_MAX_HARTS];
	int n, used = 0;

	(void)dtb;
	test_start("pmu_snapshot_withheld");
	trap_catch_install(NULL);
	pmu_probe_sscofpmf();

	n = dt_hartids(ids, PAYLOAD_MAX_HARTS);
	CHECK(n >= 1);
	for (int i = 0; i < n && used < (int)ARRAY_SIZE(pages); i++) {
		unsigned long before = harts_checked;

		if (ids[i] == hartid) {
			check_this_hart(pages[used++]);
			continue;
		}
		CHECK_EQ(hart_run(ids[i], check_this_hart, pages[used++]).error, SBI_SUCCESS);
		CHECK(wait_flag(&harts_checked, before + 1, SOON_US));
		CHECK(hart_wait_state(ids[i], SBI_HSM_STATE_STOPPED, SOON_US));
	}
	printf("PMU-SNAPSHOT-WITHHELD-HARTS=%lu\n", harts_checked);
}
