/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU sifive_u (FU540; the HiFive Unmatched's FU740 has the same layout):
 * hart 0 is an E51 without S-mode, harts 1..4 are U54s. The firmware keeps
 * hart 0 in M-mode: S-mode must never see it as a hart it can use, not in
 * the DT, not through HSM, not as an IPI or fence target; every U54 can be
 * started and stopped.
 * Run with -smp 5 (tests/qemu-tests.txt).
 */
#include <libfdt.h>
#include "payload.h"

#define MONITOR_HART 0UL
#define FIRST_U54    1UL
#define LAST_U54     4UL
#define NO_SUCH_HART 5UL
#define HART_START_TIMEOUT_US PAYLOAD_WAIT_US

extern char _start[];

static volatile unsigned long job_ran_on[LAST_U54 + 1];

static void report_hartid(void *arg)
{
	unsigned long slot = (unsigned long)arg;

	__atomic_store_n(&job_ran_on[slot], current_hartid() + 1, __ATOMIC_RELEASE);
}

/* The DT S-mode got: hart 0's cpu node disabled, the U54s enabled. */
static void check_dt(void)
{
	const void *fdt = dt_fdt();
	unsigned long ids[8];
	int count = dt_hartids(ids, 8);
	int cpu0 = fdt_path_offset(fdt, "/cpus/cpu@0");

	if (!CHECK_EQ(count, 4))
		return;
	for (int i = 0; i < count; i++)
		CHECK_EQ(ids[i], FIRST_U54 + i);
	if (CHECK(cpu0 >= 0)) {
		const char *status = fdt_getprop(fdt, cpu0, "status", NULL);
		CHECK(status && strcmp(status, "disabled") == 0);
	}
}

static void check_hsm_refuses_hart0(void)
{
	struct sbiret ret;

	/* HSM chapter: a hartid S-mode cannot use is INVALID_PARAM, for every function. */
	ret = sbi_hart_get_status(MONITOR_HART);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_hart_start(MONITOR_HART, (unsigned long)_start, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	/* The hartid is checked before the address. */
	ret = sbi_hart_start(MONITOR_HART, 0x1000, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);

	ret = sbi_hart_get_status(NO_SUCH_HART);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_hart_start(NO_SUCH_HART, (unsigned long)_start, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
}

static void check_ipi_and_fence_refuse_hart0(void)
{
	struct sbiret ret;

	/* IPI and RFENCE chapters: a hart_mask naming an unavailable hart is INVALID_PARAM. */
	ret = sbi_send_ipi(1UL << MONITOR_HART, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_send_ipi(0x1f, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_remote_fence_i(1UL << MONITOR_HART, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_remote_sfence_vma(0x1f, 0, 0, 4096);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);

	/* The U54s alone, and "every hart" (base -1), are fine. */
	ret = sbi_remote_fence_i(0x1e, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	ret = sbi_remote_fence_i(0, -1UL);
	CHECK_EQ(ret.error, SBI_SUCCESS);
}

/* Every U54 but the boot hart is STOPPED, can be started in S-mode, and stops again. */
static void check_u54s_start(unsigned long self)
{
	struct sbiret ret;

	ret = sbi_hart_get_status(self);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, SBI_HSM_STATE_STARTED);

	for (unsigned long h = FIRST_U54; h <= LAST_U54; h++) {
		if (h == self)
			continue;
		ret = sbi_hart_get_status(h);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK_EQ(ret.value, SBI_HSM_STATE_STOPPED))
			printf("  hart %lu: get_status = { %ld, %lu }\n", h, ret.error, ret.value);
		ret = hart_run(h, report_hartid, (void *)h);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS))
			continue;
		if (!CHECK(wait_flag(&job_ran_on[h], h + 1, HART_START_TIMEOUT_US)))
			printf("  hart %lu did not run its job\n", h);
		if (!CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, HART_START_TIMEOUT_US)))
			printf("  hart %lu did not stop\n", h);
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("sifive_u_harts");
	printf("boot hart %lu\n", hartid);
	/* The next stage never runs on the monitor core. */
	CHECK(hartid >= FIRST_U54 && hartid <= LAST_U54);

	check_dt();
	check_hsm_refuses_hart0();
	check_ipi_and_fence_refuse_hart0();
	check_u54s_start(hartid);
}
