/* SPDX-License-Identifier: BSD-2-Clause */
/* System Reset extension (EID "SRST"). */
#include <stdint.h>
#include "console.h"
#include "reset_device.h"
#include "sbi_ecall.h"
#include "sbi_spec.h"

#define SRST_VENDOR_FIRST 0xF0000000UL

bool sbi_srst_available(void)
{
	return reset_supported(SBI_SRST_TYPE_SHUTDOWN) || reset_supported(SBI_SRST_TYPE_COLD_REBOOT);
}

struct sbiret sbi_ecall_srst(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5, unsigned long fid)
{
	/* reset_type and reset_reason are uint32_t: on RV64 the upper bits are ignored. */
	uint32_t type = (uint32_t)a0, reason = (uint32_t)a1;

	(void)a2, (void)a3, (void)a4, (void)a5;
	/* No reset device (tt-atlantis): the extension is not offered (probe 0), and an
	 * unsupported extension's every call is NOT_SUPPORTED (Binary Encoding chapter). */
	if (!sbi_srst_available())
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	if (fid != SBI_SRST_SYSTEM_RESET)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	/* Reserved values, and vendor-specific ones Abacus does not implement,
	 * are INVALID_PARAM (SRST chapter, system_reset errors). */
	if (type > SBI_SRST_TYPE_WARM_REBOOT || reason > SBI_SRST_REASON_SYSTEM_FAILURE)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!reset_supported(type))
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	console_printf("\nabacus: system reset: %s%s\n",
		   type == SBI_SRST_TYPE_SHUTDOWN ? "shutdown" : type == SBI_SRST_TYPE_COLD_REBOOT ?
		   "cold reboot" : "warm reboot", reason == SBI_SRST_REASON_SYSTEM_FAILURE ? " (system failure)" : "");
	reset_system(type, reason);
	return sbiret_err(SBI_ERR_FAILED);
}

SBI_EXTENSION(SBI_EXT_SRST, sbi_ecall_srst, "srst", sbi_srst_available);
