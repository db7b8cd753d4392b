/* SPDX-License-Identifier: BSD-2-Clause */
/* RFENCE extension (EID "RFNC"): a0 hart_mask, a1 hart_mask_base, a2 start, a3 size, a4 asid/vmid. */
#include "sbi_ecall.h"
#include "sbi_ipi.h"

SBI_ECALL_HANDLER(sbi_ecall_rfence)
{
	(void)a5;
	return sbi_rfence(a0, a1, fid, a2, a3, a4);
}
