/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware Features: the rules of the FWFT chapter (lib/ext/fwft/fwft.h).
 * Checks, in this order (tables "FWFT Firmware Features Set/Get Errors"):
 * a reserved or platform-specific feature (Abacus implements none) is
 * DENIED; a defined one the hart lacks is NOT_SUPPORTED; reserved flag
 * bits are INVALID_PARAM; a locked feature is DENIED_LOCKED whatever the
 * value; then the value itself. A failed set changes nothing.
 */
#include "fwft/fwft_hw.h"
#include "fwft/fwft.h"

/* Reset values (table "FWFT Feature Attribute Values"): all 0; for
 * MISALIGNED_EXC_DELEG, implementation-defined: 0, the firmware handles
 * misaligned traps (emulates or forwards them, and counts them). */
static const unsigned long fwft_default[SBI_FWFT_FEATURE_COUNT];

static long fwft_feature_check(const struct fwft_hart *fh, uint32_t feature)
{
	if (feature >= SBI_FWFT_FEATURE_COUNT)
		return SBI_ERR_DENIED;
	return ((fh->supported >> feature) & 1) ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
}

static long fwft_value_check(const struct fwft_hart *fh, uint32_t feature, unsigned long value)
{
	if (feature != SBI_FWFT_POINTER_MASKING_PMLEN)
		return value <= 1 ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM;
	/*
	 * PMLEN: 0 (off) or a length Smnpm defines that this hart has, 7
	 * (PMM=10) or 16 (PMM=11). A length it lacks is a bad `value`
	 * (INVALID_PARAM): the set table keeps NOT_SUPPORTED for the feature.
	 */
	if (value == 0)
		return SBI_SUCCESS;
	if (value != 7 && value != 16)
		return SBI_ERR_INVALID_PARAM;
	return ((fh->pmlen_supported >> value) & 1) ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM;
}

void fwft_hart_reset(struct fwft_hart *fh)
{
	fh->locked = 0;
	for (unsigned int f = 0; f < SBI_FWFT_FEATURE_COUNT; f++) {
		fh->value[f] = fwft_default[f];
		if ((fh->supported >> f) & 1)
			fwft_hw_apply(f, fh->value[f]);
	}
}

void fwft_hart_init(struct fwft_hart *fh, uint32_t supported, uint32_t pmlen_supported)
{
	fh->supported = supported;
	fh->pmlen_supported = pmlen_supported;
	fwft_hart_reset(fh);
}

struct sbiret sbi_fwft_set(struct fwft_hart *fh, uint32_t feature, unsigned long value, unsigned long flags)
{
	long err = fwft_feature_check(fh, feature);

	if (err)
		return sbiret_err(err);
	if (flags & ~SBI_FWFT_SET_FLAG_LOCK)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((fh->locked >> feature) & 1)
		return sbiret_err(SBI_ERR_DENIED_LOCKED);
	err = fwft_value_check(fh, feature, value);
	if (err)
		return sbiret_err(err);
	if (value != fh->value[feature]) {
		fwft_hw_apply(feature, value);
		fh->value[feature] = value;
	}
	if (flags & SBI_FWFT_SET_FLAG_LOCK)
		fh->locked |= 1U << feature;
	return sbiret_ok(0);
}

struct sbiret sbi_fwft_get(struct fwft_hart *fh, uint32_t feature)
{
	long err = fwft_feature_check(fh, feature);

	if (err)
		return sbiret_err(err);   /* sbiret.value is 0 on failure */
	return sbiret_ok(fh->value[feature]);
}
