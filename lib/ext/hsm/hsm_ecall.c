/* SPDX-License-Identifier: BSD-2-Clause */
/* HSM extension (EID "HSM"). */
#include "sbi_ecall.h"
#include "hsm/hsm.h"
#include "sbi_spec.h"

struct sbiret sbi_ecall_hsm(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			    unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a3, (void)a4, (void)a5;
	/* What S-mode polls while a hart starts or stops (docs/bench.md, "Compilers"). */
	if (sbi_fid_is(fid, SBI_HSM_HART_GET_STATUS))
		return sbi_hsm_hart_get_status(a0);
	switch (fid) {
	case SBI_HSM_HART_START:
		return sbi_hsm_hart_start(a0, a1, a2);
	case SBI_HSM_HART_STOP:
		return sbi_hsm_hart_stop(current_hart());
	case SBI_HSM_HART_SUSPEND:
		/* suspend_type is a uint32_t: on RV64 its upper 32 bits are ignored. */
		return sbi_hsm_hart_suspend(current_hart(), (uint32_t)a0, a1, a2);
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}

SBI_EXTENSION(SBI_EXT_HSM, sbi_ecall_hsm, "hsm", NULL);
