/* SPDX-License-Identifier: BSD-2-Clause */
/* Timer extension (EID "TIME"). */
#include "sbi_ecall.h"
#include "sbi_spec.h"
#include "sbi_timer.h"

SBI_ECALL_HANDLER(sbi_ecall_time)
{
	(void)a1, (void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != SBI_TIME_SET_TIMER)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	sbi_timer_set(a0);
	return sbiret_ok(0);
}
