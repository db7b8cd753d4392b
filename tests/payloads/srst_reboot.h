/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared body of srst_reboot_cold / srst_reboot_warm.
 *
 * Passing means the reboot really happened: the first boot leaves a marker
 * in .noinit (memory QEMU neither loads nor clears), prints
 * "SRST-REBOOT-REQUESTED <name>" and asks for the reboot, which must not
 * return. QEMU (run without -no-reboot for these cases, expect=reboot in
 * tests/qemu-tests.txt) resets the machine, the firmware boots the payload
 * again, the payload finds the marker and passes with a shutdown. A
 * firmware that shuts down instead of rebooting gives no PAYLOAD-PASS; one
 * whose call returns gives PAYLOAD-FAIL.
 */
#ifndef SRST_REBOOT_H
#define SRST_REBOOT_H

#include "payload.h"

static volatile unsigned long reboot_marker __attribute__((section(".noinit")));

static void srst_reboot_test(const char *name, uint32_t reset_type, unsigned long marker)
{
	struct sbiret ret;

	test_start(name);
	CHECK(sbi_probe_extension(SBI_EXT_SRST).value != 0);

	if (reboot_marker == marker) {
		reboot_marker = 0;
		printf("SRST-REBOOTED %s\n", name);
		test_pass();
	}

	reboot_marker = marker;
	__asm__ volatile("fence rw, rw" : : : "memory");
	printf("SRST-REBOOT-REQUESTED %s\n", name);
	ret = sbi_system_reset(reset_type, SBI_SRST_REASON_NONE);

	reboot_marker = 0;
	printf("system_reset(0x%x, NONE) returned { %ld, 0x%lx }\n", reset_type, ret.error,
	       ret.value);
	test_fail();
}

#endif
