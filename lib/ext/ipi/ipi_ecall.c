/* SPDX-License-Identifier: BSD-2-Clause */
/* IPI extension (EID "sPI"). */
#include "sbi_ecall.h"
#include "hart_mask.h"
#include "ipi.h"
#include "ipi/smode_ipi.h"
#include "sbi_spec.h"

static void send_smode_ipi(struct hart_state *target, void *arg)
{
	ipi_send_smode(arg, target);
}

struct sbiret sbi_ecall_ipi(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			    unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != SBI_IPI_SEND_IPI)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	return sbiret_err(sbi_hartmask_for_each(a0, a1, send_smode_ipi, current_hart()));
}

SBI_EXTENSION(SBI_EXT_IPI, sbi_ecall_ipi, "ipi", NULL);
