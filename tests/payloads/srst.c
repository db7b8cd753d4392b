/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System Reset extension, error cases. The SRST chapter's error table:
 * SBI_ERR_INVALID_PARAM when "at least one of reset_type or reset_reason
 * is reserved or is platform-specific and unimplemented"; NOT_SUPPORTED is
 * only for an implemented, non-reserved type the platform cannot do.
 * Abacus implements no vendor/platform-specific type or reason.
 *
 * A call that wrongly succeeds resets the machine before PAYLOAD-PASS is
 * printed, so the run fails. The test ends with the real shutdown
 * (test_pass), which must make QEMU exit 0.
 *
 * srst.reboot=0 (QEMU -append): the machine can power off but not reboot
 * (QEMU spike: HTIF has no reset request): both reboot types are then
 * NOT_SUPPORTED (an implemented type the platform cannot do).
 * srst.present=0: no reset device at all (tt-atlantis): the extension is
 * not offered (probe 0) and every call is NOT_SUPPORTED, as for any
 * extension the firmware does not implement (Base chapter); the runner
 * stops QEMU at the PASS line.
 */
#include "payload.h"

struct bad_reset {
	uint32_t type, reason;
};

static const struct bad_reset bad_resets[] = {
	/* reserved types 0x00000003..0xEFFFFFFF */
	{ 3, SBI_SRST_REASON_NONE },
	{ 0x12345678, SBI_SRST_REASON_NONE },
	{ 0xEFFFFFFF, SBI_SRST_REASON_NONE },
	/* vendor/platform-specific types 0xF0000000..0xFFFFFFFF, unimplemented */
	{ 0xF0000000, SBI_SRST_REASON_NONE },
	{ 0xFFFFFFFF, SBI_SRST_REASON_NONE },
	/* reserved reasons 0x00000002..0xDFFFFFFF, with a valid type */
	{ SBI_SRST_TYPE_SHUTDOWN, 2 },
	{ SBI_SRST_TYPE_SHUTDOWN, 0xDFFFFFFF },
	{ SBI_SRST_TYPE_COLD_REBOOT, 2 },
	{ SBI_SRST_TYPE_WARM_REBOOT, 2 },
	/* vendor/platform-specific reasons 0xF0000000..0xFFFFFFFF, unimplemented */
	{ SBI_SRST_TYPE_SHUTDOWN, 0xF0000000 },
	{ SBI_SRST_TYPE_SHUTDOWN, 0xFFFFFFFF },
	/* both bad */
	{ 3, 2 },
};

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid;
	(void)dtb;
	test_start("srst");

	if (!dt_bootarg("srst.present", 1)) {
		CHECK_EQ(sbi_probe_extension(SBI_EXT_SRST).value, 0);
		for (uint32_t type = 0; type <= SBI_SRST_TYPE_WARM_REBOOT; type++)
			for (uint32_t reason = 0; reason <= SBI_SRST_REASON_SYSTEM_FAILURE; reason++)
				CHECK_EQ(sbi_system_reset(type, reason).error, SBI_ERR_NOT_SUPPORTED);
		for (unsigned int i = 0; i < sizeof(bad_resets) / sizeof(bad_resets[0]); i++)
			CHECK_EQ(sbi_system_reset(bad_resets[i].type, bad_resets[i].reason).error, SBI_ERR_NOT_SUPPORTED);
		printf("SRST-ABSENT checked\n");
		test_print_pass();
		for (;;)
			__asm__ volatile("wfi");
	}

	CHECK(sbi_probe_extension(SBI_EXT_SRST).value != 0);

	for (unsigned int i = 0; i < sizeof(bad_resets) / sizeof(bad_resets[0]); i++) {
		const struct bad_reset *b = &bad_resets[i];
		struct sbiret ret = sbi_system_reset(b->type, b->reason);

		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  (system_reset(type 0x%x, reason 0x%x))\n", b->type, b->reason);
	}

	/* reset_type and reset_reason are uint32_t: upper bits on RV64 change nothing. */
	for (unsigned int i = 0; i < sizeof(bad_resets) / sizeof(bad_resets[0]); i++) {
		const struct bad_reset *b = &bad_resets[i];
		struct sbiret ret = sbi_ecall(SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET, 0xffffffff00000000UL | b->type,
					      0x8000000100000000UL | b->reason, 0, 0, 0, 0);

		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM))
			printf("  (system_reset(type 0xffffffff%08x, reason 0x80000001%08x))\n", b->type, b->reason);
	}

	CHECK_EQ(sbi_ecall(SBI_EXT_SRST, 1, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);

	if (!dt_bootarg("srst.reboot", 1)) {
		CHECK_EQ(sbi_system_reset(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sbi_system_reset(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_SYSTEM_FAILURE).error,
			 SBI_ERR_NOT_SUPPORTED);
		printf("SRST-NO-REBOOT checked\n");
	}

	/* The shutdown itself with upper bits set in both: it must power off
	 * (QEMU exits 0); had the firmware refused it, the test fails below. */
	if (test_print_pass()) {
		struct sbiret ret = sbi_ecall(SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET,
					      0xffffffff00000000UL | SBI_SRST_TYPE_SHUTDOWN,
					      0xffffffff00000000UL | SBI_SRST_REASON_NONE, 0, 0, 0, 0);
		/* A machine without a power-off device (sifive_u) says NOT_SUPPORTED, as
		 * for the plain call; the runner stops QEMU at the PASS line then. */
		if (ret.error != SBI_ERR_NOT_SUPPORTED) {
			printf("system_reset(SHUTDOWN | upper bits, NONE | upper bits) returned %ld\n", ret.error);
			test_fail();
		}
		for (;;)
			__asm__ volatile("wfi");
	}
}
