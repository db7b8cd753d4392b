/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Legacy System Shutdown (EID 0x08): "Puts all the harts to shutdown state
 * from supervisor point of view. This SBI call doesn't return irrespective
 * whether it succeeds or fails."
 *
 * The pass line is printed before the call, since nothing runs after a
 * successful one; the runner then requires QEMU to exit by itself with
 * status 0 (a shutdown, not a failure) within the timeout. If the call
 * returns, PAYLOAD-FAIL follows, which the runner reads first. On more than
 * one hart, another hart is started and left spinning in S-mode: the
 * shutdown must not wait for it.
 */
#include "payload.h"

static volatile unsigned long spinner_running;

static void spin_job(void *arg)
{
	(void)arg;
	__atomic_store_n(&spinner_running, 1, __ATOMIC_RELEASE);
	for (;;)
		;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[PAYLOAD_MAX_HARTS];
	int n = dt_hartids(ids, PAYLOAD_MAX_HARTS);

	(void)dtb;
	test_start("legacy_shutdown");
	CHECK(sbi_probe_extension(SBI_EXT_LEGACY_SHUTDOWN).value != 0);
	for (int i = 0; i < n; i++) {
		if (ids[i] == hartid)
			continue;
		CHECK_EQ(hart_run(ids[i], spin_job, NULL).error, SBI_SUCCESS);
		CHECK(wait_flag(&spinner_running, 1, PAYLOAD_WAIT_US));
		break;
	}

	test_print_pass();
	sbi_legacy_shutdown();
	printf("PAYLOAD-FAIL legacy_shutdown (the legacy shutdown call returned)\n");
	for (;;)
		__asm__ volatile("wfi");
}
