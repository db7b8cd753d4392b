/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The FWFT core (lib/ext/fwft/fwft_core.c) against a recorder of the CSR bits it
 * sets: every error of the chapter's set/get tables, the LOCK flag, the
 * values each feature takes, and the reset to defaults.
 */
#include "test.h"
#include "fwft/fwft_hw.h"
#include "hart.h"
#include "fwft/fwft.h"

TEST_MAIN_GLOBALS

static unsigned long hw_value[SBI_FWFT_FEATURE_COUNT];
static unsigned int hw_writes;
static struct fwft_hart fh;

void fwft_hw_apply(unsigned int feature, unsigned long value)
{
	hw_value[feature] = value;
	hw_writes++;
}

#define ALL_FEATURES ((1U << SBI_FWFT_FEATURE_COUNT) - 1)

static void test_setup(void)
{
	memset(hw_value, 0xff, sizeof(hw_value));
	hw_writes = 0;
	/* Everything but SHADOW_STACK; PMLEN 7 only. */
	fwft_hart_init(&fh, ALL_FEATURES & ~(1U << SBI_FWFT_SHADOW_STACK), 1U << 7);
}

TEST(reset_applies_defaults_to_supported_features)
{
	for (unsigned int f = 0; f < SBI_FWFT_FEATURE_COUNT; f++) {
		struct sbiret r = sbi_fwft_get(&fh, f);
		if (f == SBI_FWFT_SHADOW_STACK) {
			CHECK_EQ(r.error, SBI_ERR_NOT_SUPPORTED);
			CHECK_EQ(r.value, 0);
			CHECK_EQ(hw_value[f], ~0UL);         /* never touched */
		} else {
			CHECK_EQ(r.error, SBI_SUCCESS);
			CHECK_EQ(r.value, 0);
			CHECK_EQ(hw_value[f], 0);
		}
	}
}

TEST(reserved_and_platform_features_are_denied)
{
	static const uint32_t ids[] = { 6, 0x3fffffff, 0x40000000, 0x7fffffff, 0x80000000, 0xbfffffff,
					0xc0000000, 0xffffffff };

	for (unsigned int i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		struct sbiret r = sbi_fwft_get(&fh, ids[i]);
		CHECK_EQ(r.error, SBI_ERR_DENIED);
		CHECK_EQ(r.value, 0);
		CHECK_EQ(sbi_fwft_set(&fh, ids[i], 1, 0).error, SBI_ERR_DENIED);
		CHECK_EQ(sbi_fwft_set(&fh, ids[i], 0, 3).error, SBI_ERR_DENIED);   /* the feature is checked first */
	}
}

TEST(unsupported_feature_is_not_supported)
{
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_SHADOW_STACK, 1, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_SHADOW_STACK, 7, 5).error, SBI_ERR_NOT_SUPPORTED);
}

TEST(boolean_values_and_flags)
{
	unsigned int writes = hw_writes;

	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 2, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 0xffffffff, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 1UL << 32, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 2).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 1UL << 32).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(hw_writes, writes);                 /* failures change nothing */
	CHECK_EQ(sbi_fwft_get(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG).value, 0);
	for (unsigned int f = 0; f < SBI_FWFT_POINTER_MASKING_PMLEN; f++) {
		if (f == SBI_FWFT_SHADOW_STACK)
			continue;
		CHECK_EQ(sbi_fwft_set(&fh, f, 1, 0).error, SBI_SUCCESS);
		CHECK_EQ(hw_value[f], 1);
		CHECK_EQ(sbi_fwft_get(&fh, f).value, 1);
		CHECK_EQ(sbi_fwft_set(&fh, f, 1, 0).error, SBI_SUCCESS);     /* the same value again */
		CHECK_EQ(sbi_fwft_set(&fh, f, 0, 0).error, SBI_SUCCESS);
		CHECK_EQ(hw_value[f], 0);
	}
}

TEST(pointer_masking_lengths)
{
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_POINTER_MASKING_PMLEN, 1, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_POINTER_MASKING_PMLEN, 8, 0).error, SBI_ERR_INVALID_PARAM);
	/* A length Smnpm defines but this hart lacks: the value is invalid (set's table). */
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_POINTER_MASKING_PMLEN, 16, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_POINTER_MASKING_PMLEN, 7, 0).error, SBI_SUCCESS);
	CHECK_EQ(hw_value[SBI_FWFT_POINTER_MASKING_PMLEN], 7);
	CHECK_EQ(sbi_fwft_get(&fh, SBI_FWFT_POINTER_MASKING_PMLEN).value, 7);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_POINTER_MASKING_PMLEN, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(hw_value[SBI_FWFT_POINTER_MASKING_PMLEN], 0);
}

TEST(lock_denies_every_later_set_until_reset)
{
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_PTE_AD_HW_UPDATING, 1, SBI_FWFT_SET_FLAG_LOCK).error, SBI_SUCCESS);
	CHECK_EQ(hw_value[SBI_FWFT_PTE_AD_HW_UPDATING], 1);
	for (unsigned long v = 0; v <= 2; v++) {
		CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_PTE_AD_HW_UPDATING, v, 0).error, SBI_ERR_DENIED_LOCKED);
		CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_PTE_AD_HW_UPDATING, v, SBI_FWFT_SET_FLAG_LOCK).error,
			 SBI_ERR_DENIED_LOCKED);
	}
	/* Reserved flag bits are checked before the lock. */
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_PTE_AD_HW_UPDATING, 1, 2).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_get(&fh, SBI_FWFT_PTE_AD_HW_UPDATING).value, 1);
	/* Other features are not locked. */
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_DOUBLE_TRAP, 1, 0).error, SBI_SUCCESS);
	/* Hart reset: defaults, unlocked. */
	fwft_hart_reset(&fh);
	CHECK_EQ(sbi_fwft_get(&fh, SBI_FWFT_PTE_AD_HW_UPDATING).value, 0);
	CHECK_EQ(hw_value[SBI_FWFT_PTE_AD_HW_UPDATING], 0);
	CHECK_EQ(hw_value[SBI_FWFT_DOUBLE_TRAP], 0);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_PTE_AD_HW_UPDATING, 1, 0).error, SBI_SUCCESS);
}

TEST(lock_with_the_current_value)
{
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 0, SBI_FWFT_SET_FLAG_LOCK).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_set(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error, SBI_ERR_DENIED_LOCKED);
	CHECK_EQ(sbi_fwft_get(&fh, SBI_FWFT_MISALIGNED_EXC_DELEG).error, SBI_SUCCESS);
}

/* The binding: Svadu alone means ADUE on from boot, no FWFT switch; Svade + Svadu, the switch. */
TEST(pte_ad_needs_svade_and_svadu_in_the_dt)
{
	uint32_t needs = fwft_feature_isa_needs(SBI_FWFT_PTE_AD_HW_UPDATING);

	CHECK_EQ(needs, HART_HAS_SVADU | HART_HAS_SVADE);
	CHECK((HART_HAS_SVADU & needs) != needs);
	CHECK_EQ(fwft_feature_isa_needs(SBI_FWFT_MISALIGNED_EXC_DELEG), 0);
	CHECK_EQ(fwft_feature_isa_needs(SBI_FWFT_LANDING_PAD), HART_HAS_ZICFILP);
	CHECK_EQ(fwft_feature_isa_needs(SBI_FWFT_POINTER_MASKING_PMLEN), HART_HAS_SMNPM);
	CHECK_EQ(fwft_feature_isa_needs(SBI_FWFT_FEATURE_COUNT), 0);
}

int main(void)
{
	RUN(reset_applies_defaults_to_supported_features);
	RUN(reserved_and_platform_features_are_denied);
	RUN(unsupported_feature_is_not_supported);
	RUN(boolean_values_and_flags);
	RUN(pointer_masking_lengths);
	RUN(lock_denies_every_later_set_until_reset);
	RUN(lock_with_the_current_value);
	RUN(pte_ad_needs_svade_and_svadu_in_the_dt);
	return TEST_EXIT_CODE;
}
