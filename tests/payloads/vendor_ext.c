/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An extension is one folder: the made-up vendor extension of
 * tests/ext/vendor_demo/ (EID 0x09000000, one function, ADD: a0 + a1),
 * built in with `make EXTRA_EXT_DIRS=tests/ext/vendor_demo` and nothing
 * else edited, answers through the same dispatch as every extension; the
 * image built without it does not know the EID. Bootargs "vendor_demo=1"
 * (QEMU -append) say the image under test has it; "vendor_demo.vendor=0"
 * that this machine's mvendorid is not the extension's (QEMU sifive_u:
 * SiFive's), where it is there but not offered.
 */
#include "payload.h"

#define VENDOR_DEMO_EID 0x09000000UL
#define VENDOR_DEMO_ADD 0UL

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool built_in = dt_bootarg("vendor_demo", 0);
	bool offered = built_in && dt_bootarg("vendor_demo.vendor", 1);
	struct sbiret ret;

	(void)hartid, (void)dtb;
	test_start("vendor_ext");
	printf("vendor demo extension: %s\n", offered ? "offered" : built_in ? "built in, not offered" : "absent");

	ret = sbi_probe_extension(VENDOR_DEMO_EID);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, offered ? 1 : 0);

	/* ADD: a0 + a1, as the extension defines it; the other argument registers are ignored. */
	ret = sbi_ecall(VENDOR_DEMO_EID, VENDOR_DEMO_ADD, 40, 2, 7, 7, 7, 7);
	CHECK_EQ(ret.error, offered ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(ret.value, offered ? 42 : 0);
	ret = sbi_ecall(VENDOR_DEMO_EID, VENDOR_DEMO_ADD, -1UL, 3, 0, 0, 0, 0);
	CHECK_EQ(ret.error, offered ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(ret.value, offered ? 2 : 0);
	/* Its only FID is 0. */
	ret = sbi_ecall(VENDOR_DEMO_EID, 1, 40, 2, 0, 0, 0, 0);
	CHECK_EQ(ret.error, SBI_ERR_NOT_SUPPORTED);
	/* Its neighbours in the vendor space are nobody's. */
	CHECK_EQ(sbi_ecall(VENDOR_DEMO_EID + 1, VENDOR_DEMO_ADD, 40, 2, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_probe_extension(VENDOR_DEMO_EID + 1).value, 0);
	/* Every other extension is where it was. */
	CHECK_EQ(sbi_probe_extension(SBI_EXT_BASE).value, 1);
	CHECK_EQ(sbi_probe_extension(SBI_EXT_PMU).value, 1);
	CHECK_EQ(sbi_probe_extension(SBI_EXT_HSM).value, 1);
	CHECK_EQ(sbi_get_spec_version().error, SBI_SUCCESS);
	test_pass();
}
