/* SPDX-License-Identifier: BSD-2-Clause */
/* SRST warm reboot: see srst_reboot.h for what passing means. */
#include "srst_reboot.h"

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid;
	(void)dtb;
	srst_reboot_test("srst_reboot_warm", SBI_SRST_TYPE_WARM_REBOOT, 0x3A4B007E3A4B007EUL);
}
