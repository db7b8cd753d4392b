/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT extension (EID 0x46574654) glue. feature is a uint32_t in the
 * chapter: on RV64 its upper 32 bits are ignored.
 */
#include "hart_ext.h"
#include "sbi_ecall.h"

struct sbiret sbi_ecall_fwft(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5, unsigned long fid)
{
	struct fwft_hart *fh = &current_hart()->ext->fwft;

	(void)a3, (void)a4, (void)a5;
	switch (fid) {
	case SBI_FWFT_SET:
		return sbi_fwft_set(fh, (uint32_t)a0, a1, a2);
	case SBI_FWFT_GET:
		return sbi_fwft_get(fh, (uint32_t)a0);
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}

SBI_EXTENSION(SBI_EXT_FWFT, sbi_ecall_fwft, "fwft", NULL);
