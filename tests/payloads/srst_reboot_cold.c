/* SPDX-License-Identifier: BSD-2-Clause */
/* SRST cold reboot: see srst_reboot.h for what passing means. */
#include "srst_reboot.h"

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid;
	(void)dtb;
	srst_reboot_test("srst_reboot_cold", SBI_SRST_TYPE_COLD_REBOOT, 0xC01DB007C01DB007UL);
}
