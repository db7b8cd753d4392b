/* SPDX-License-Identifier: BSD-2-Clause */
/* IPI extension (EID "sPI"). */
#include "sbi_ecall.h"
#include "hart_mask.h"
#include "sbi_ipi.h"
#include "sbi_smode_ipi.h"
#include "sbi_spec.h"

static void send_smode_ipi(struct hart_state *target, void *arg)
{
	sbi_ipi_send_smode(arg, target);
}

SBI_ECALL_HANDLER(sbi_ecall_ipi)
{
	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != SBI_IPI_SEND_IPI)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	return sbiret_err(sbi_hartmask_for_each(a0, a1, send_smode_ipi, current_hart()));
}
