/* SPDX-License-Identifier: BSD-2-Clause */
/* Timer extension (EID "TIME"). */
#include "sbi_ecall.h"
#include "sbi_spec.h"
#include "time/smode_timer.h"

struct sbiret sbi_ecall_time(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a1, (void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != SBI_TIME_SET_TIMER)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	smode_timer_set(a0);
	return sbiret_ok(0);
}

SBI_EXTENSION(SBI_EXT_TIME, sbi_ecall_time, "time", NULL);
