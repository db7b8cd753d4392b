/* SPDX-License-Identifier: BSD-2-Clause */
/* RFENCE extension (EID "RFNC"): a0 hart_mask, a1 hart_mask_base, a2 start, a3 size, a4 asid/vmid. */
#include "sbi_ecall.h"
#include "ipi.h"

struct sbiret sbi_ecall_rfence(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			       unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a5;
	return sbi_rfence(a0, a1, fid, a2, a3, a4);
}

SBI_EXTENSION(SBI_EXT_RFENCE, sbi_ecall_rfence, "rfence", NULL);
