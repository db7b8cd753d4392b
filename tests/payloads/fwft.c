/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT extension (Firmware Features chapter): reserved and platform-specific
 * features are DENIED, features the hart lacks (on QEMU 7.2: landing pad,
 * shadow stack, double trap, PTE A/D updating, pointer masking) are
 * NOT_SUPPORTED, values and flags are checked, the LOCK flag holds a value
 * until the hart is reset (HSM stop), and each hart has its own values.
 * MISALIGNED_EXC_DELEG does what it says: with it, a misaligned access goes
 * straight to S-mode and the firmware's MISALIGNED_LOAD counter does not see
 * it; without it the firmware sees (and counts) it and hands it on. QEMU 7.2
 * raises misaligned exceptions only for atomics: lr.w here (cause 4).
 */
#include "pmu_util.h"

#define HI32 (1UL << 32)
#define SOON_US 2000000UL
#define CAUSE_MISALIGNED_LOAD_PAYLOAD 4

static uint32_t data[4] __attribute__((aligned(16)));
static unsigned long hart_ids[8];

/* An lr.w at a misaligned address: true when S-mode took the misaligned-load trap. */
static bool misaligned_lr_traps_to_smode(void)
{
	unsigned long count;

	trap_catch_begin();
	__asm__ volatile(".option push\n.option norvc\nlr.w t0, (%0)\n.option pop"
			 : : "r"((char *)data + 2) : "t0", "memory");
	count = trap_catch_end();
	return count == 1 && trap_catch.last_cause == CAUSE_MISALIGNED_LOAD_PAYLOAD &&
	       trap_catch.last_tval == (unsigned long)data + 2;
}

static void check_ids(void)
{
	static const unsigned long denied[] = { 6, 0x3fffffff, 0x40000000, 0x7fffffff, 0x80000000, 0xbfffffff,
						0xc0000000, 0xffffffff };
	static const unsigned long absent[] = { SBI_FWFT_LANDING_PAD, SBI_FWFT_SHADOW_STACK, SBI_FWFT_DOUBLE_TRAP,
						SBI_FWFT_PTE_AD_HW_UPDATING, SBI_FWFT_POINTER_MASKING_PMLEN };

	CHECK_EQ(sbi_probe_extension(SBI_EXT_FWFT).value, 1);
	CHECK_EQ(sbi_ecall(SBI_EXT_FWFT, 2, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	for (unsigned int i = 0; i < ARRAY_SIZE(denied); i++) {
		struct sbiret r = sbi_fwft_get(denied[i]);
		CHECK_EQ(r.error, SBI_ERR_DENIED);
		CHECK_EQ(r.value, 0);
		CHECK_EQ(sbi_fwft_set(denied[i], 1, 0).error, SBI_ERR_DENIED);
		CHECK_EQ(sbi_fwft_set(denied[i], 0, SBI_FWFT_SET_FLAG_LOCK).error, SBI_ERR_DENIED);
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(absent); i++) {
		struct sbiret r = sbi_fwft_get(absent[i]);
		CHECK_EQ(r.error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(r.value, 0);
		CHECK_EQ(sbi_fwft_set(absent[i], 1, 0).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sbi_fwft_set(absent[i], 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	}
}

static void check_misaligned_values(void)
{
	struct sbiret r = sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG);

	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK_EQ(r.value, 0);                    /* Abacus's reset value: the firmware handles them */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 2, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0xffffffff, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, HI32, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, HI32 | 1, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 2).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, HI32).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value, 0);      /* failures changed nothing */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value, 1);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 0).error, SBI_SUCCESS);   /* the same value */
	/* feature is a uint32_t: bits 63:32 are ignored. */
	CHECK_EQ(sbi_fwft_set(HI32 | SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_get(HI32 | SBI_FWFT_MISALIGNED_EXC_DELEG).value, 0);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value, 0);
}

/* The delegation itself, seen through the firmware's MISALIGNED_LOAD counter. */
static void check_misaligned_delegation(void)
{
	long ctr = pmu_fw_counter_start(SBI_PMU_FW_MISALIGNED_LOAD);
	unsigned long before;

	if (!CHECK(ctr >= 0))
		return;
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error, SBI_SUCCESS);
	before = pmu_fw_counter_read(ctr);
	CHECK(misaligned_lr_traps_to_smode());
	CHECK_EQ(pmu_fw_counter_read(ctr), before + 1);        /* through the firmware */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 0).error, SBI_SUCCESS);
	before = pmu_fw_counter_read(ctr);
	CHECK(misaligned_lr_traps_to_smode());
	CHECK(misaligned_lr_traps_to_smode());
	CHECK_EQ(pmu_fw_counter_read(ctr), before);            /* straight to S-mode */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error, SBI_SUCCESS);
	CHECK(misaligned_lr_traps_to_smode());
	CHECK_EQ(pmu_fw_counter_read(ctr), before + 1);
	CHECK_EQ(sbi_pmu_counter_stop(ctr, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
}

static volatile unsigned long other_value, other_locked_error, other_after_restart, other_set_error, other_done;

static void other_hart_sets_and_locks(void *arg)
{
	(void)arg;
	other_value = sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value;
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, SBI_FWFT_SET_FLAG_LOCK).error, SBI_SUCCESS);
	other_locked_error = sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error;
	__atomic_store_n(&other_done, 1, __ATOMIC_RELEASE);
}

static void other_hart_after_restart(void *arg)
{
	(void)arg;
	other_after_restart = sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value;
	other_set_error = sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 0).error;
	__atomic_store_n(&other_done, 2, __ATOMIC_RELEASE);
}

/* Features are per hart, and back to their defaults (unlocked) after a stop. */
static void check_per_hart_and_reset(unsigned long me)
{
	unsigned long other = 0;
	int n = dt_hartids(hart_ids, ARRAY_SIZE(hart_ids));

	for (int i = 0; i < n && i < (int)ARRAY_SIZE(hart_ids); i++)
		if (hart_ids[i] != me)
			other = hart_ids[i];
	if (n < 2 || other == me)
		return;
	printf("FWFT-OTHER-HART %lu\n", other);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(hart_run(other, other_hart_sets_and_locks, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&other_done, 1, SOON_US));
	CHECK(hart_wait_state(other, SBI_HSM_STATE_STOPPED, SOON_US));
	CHECK_EQ(other_value, 0);
	CHECK_EQ(other_locked_error, SBI_ERR_DENIED_LOCKED);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value, 0);   /* this hart: untouched */
	CHECK_EQ(hart_run(other, other_hart_after_restart, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&other_done, 2, SOON_US));
	CHECK(hart_wait_state(other, SBI_HSM_STATE_STOPPED, SOON_US));
	CHECK_EQ(other_after_restart, 0);
	CHECK_EQ(other_set_error, SBI_SUCCESS);
}

static void check_lock(void)
{
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, SBI_FWFT_SET_FLAG_LOCK).error, SBI_SUCCESS);
	for (unsigned long v = 0; v <= 1; v++) {
		CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, v, 0).error, SBI_ERR_DENIED_LOCKED);
		CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, v, SBI_FWFT_SET_FLAG_LOCK).error,
			 SBI_ERR_DENIED_LOCKED);
	}
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 2, 0).error, SBI_ERR_DENIED_LOCKED);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG).value, 1);
	CHECK(misaligned_lr_traps_to_smode());      /* still delegated */
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("fwft");
	trap_catch_install(NULL);
	check_ids();
	check_misaligned_values();
	check_misaligned_delegation();
	check_per_hart_and_reset(hartid);
	check_lock();
}
