/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System Reset when the DT's reset node cannot be used: QEMU's own DT edited
 * (tests/qemu-tests.txt, dt=syscon-misaligned, dt=syscon-misaligned-both)
 * so that the syscon-poweroff register is at `offset = <2>` (and the
 * syscon-reboot one at <6>): not 4-byte aligned, for a register the
 * firmware writes 4 bytes wide. The firmware refuses the node at probe (its
 * boot-log line is checked by the runner); a shutdown then has no device.
 * The SRST chapter's error for a reset type that "is not reserved and is
 * implemented, but the platform does not support it due to one or more
 * missing dependencies" is SBI_ERR_NOT_SUPPORTED, and the call returns
 * (before, the shutdown ended in an M-mode misaligned-store trap on QEMU 7.2
 * and FAILED on QEMU 11.1).
 *
 * reboot=1: the reboot node is usable (SRST is offered and a reboot would
 * act: it is not called); otherwise no reset device is left and the
 * extension is not offered (probe_extension 0) and, as for any extension
 * not implemented (Binary Encoding chapter: SBI_ERR_NOT_SUPPORTED), every
 * call answers NOT_SUPPORTED, a reserved type or reason too.
 * The runner stops QEMU at the PASS line: nothing can power it off.
 */
#include "payload.h"

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool reboot = dt_bootarg("reboot", 0);
	struct sbiret ret;

	(void)hartid;
	(void)dtb;
	test_start("srst_refused");

	CHECK_EQ(sbi_probe_extension(SBI_EXT_SRST).value, reboot ? 1 : 0);
	for (uint32_t reason = SBI_SRST_REASON_NONE; reason <= SBI_SRST_REASON_SYSTEM_FAILURE; reason++) {
		ret = sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, reason);
		CHECK_EQ(ret.error, SBI_ERR_NOT_SUPPORTED);
	}
	if (!reboot) {
		CHECK_EQ(sbi_system_reset(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sbi_system_reset(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE).error, SBI_ERR_NOT_SUPPORTED);
	}
	/* Reserved values: INVALID_PARAM while SRST is offered; with no reset device the extension is absent. */
	CHECK_EQ(sbi_system_reset(3, SBI_SRST_REASON_NONE).error, reboot ? SBI_ERR_INVALID_PARAM : SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, 2).error, reboot ? SBI_ERR_INVALID_PARAM : SBI_ERR_NOT_SUPPORTED);
	/* The firmware goes on serving. */
	CHECK_EQ(sbi_get_spec_version().error, SBI_SUCCESS);
	printf("SRST-REFUSED checked (reboot %s)\n", reboot ? "usable" : "refused too");
	test_print_pass();
	for (;;)
		__asm__ volatile("wfi");
}
