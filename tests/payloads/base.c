/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Base extension (SBI spec, chapter "Base Extension") and the calling
 * convention of chapter "Binary Encoding": unknown EIDs and FIDs give
 * SBI_ERR_NOT_SUPPORTED, and every register but a0/a1 survives an ecall.
 */
#include "payload.h"

/*
 * Abacus implements SBI 3.0. Override to compare with another firmware,
 * e.g. -DEXPECTED_SBI_SPEC_VERSION=0x01000000 for OpenSBI 1.1.
 */
#ifndef EXPECTED_SBI_SPEC_VERSION
#define EXPECTED_SBI_SPEC_VERSION 0x03000000UL
#endif

#define UNKNOWN_EID      0x12345678UL
#define STRAY_HART_WAIT_US 200000UL
#define UNKNOWN_BASE_FID 99UL

static void check_spec_version(void)
{
	struct sbiret ret = sbi_get_spec_version();

	CHECK_EQ(ret.error, SBI_SUCCESS);
	/* bit 31 must be 0, [30:24] major, [23:0] minor */
	CHECK_EQ(ret.value, EXPECTED_SBI_SPEC_VERSION);
}

static void check_ids(void)
{
	struct sbiret ret;

	ret = sbi_get_impl_id();
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK(ret.value != 0);		/* 0 is BBL's; an SBI 3.0 firmware is not BBL */
	printf("impl_id 0x%lx\n", ret.value);

	ret = sbi_get_impl_version();
	CHECK_EQ(ret.error, SBI_SUCCESS);
	printf("impl_version 0x%lx\n", ret.value);

	CHECK_EQ(sbi_get_mvendorid().error, SBI_SUCCESS);
	CHECK_EQ(sbi_get_marchid().error, SBI_SUCCESS);
	CHECK_EQ(sbi_get_mimpid().error, SBI_SUCCESS);
}

static void check_probe(void)
{
	static const unsigned long present[] = {
		SBI_EXT_BASE, SBI_EXT_DBCN, SBI_EXT_SRST,
		SBI_EXT_LEGACY_CONSOLE_PUTCHAR, SBI_EXT_LEGACY_CONSOLE_GETCHAR,
	};
	/* srst.present=0 (QEMU -append): no reset device (tt-atlantis), so no SRST. */
	bool srst = dt_bootarg("srst.present", 1);
	struct sbiret ret;

	for (unsigned int i = 0; i < sizeof(present) / sizeof(present[0]); i++) {
		ret = sbi_probe_extension(present[i]);
		if (present[i] == SBI_EXT_SRST && !srst) {
			CHECK_EQ(ret.error, SBI_SUCCESS);
			CHECK_EQ(ret.value, 0);
			continue;
		}
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK(ret.value != 0))
			printf("  probe_extension(0x%lx) = { %ld, 0x%lx }\n", present[i],
			       ret.error, ret.value);
	}

	ret = sbi_probe_extension(UNKNOWN_EID);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
}

static void check_unknown_calls(void)
{
	CHECK_EQ(sbi_ecall(UNKNOWN_EID, 0, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_ecall(UNKNOWN_EID, 5, 1, 2, 3, 4, 5, 6).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_ecall(SBI_EXT_BASE, UNKNOWN_BASE_FID, 0, 0, 0, 0, 0, 0).error,
		 SBI_ERR_NOT_SUPPORTED);
}

/*
 * ecall_with_known_registers(eid, fid, arg0, regs): loads REG_PATTERN(n)
 * into every register xn except zero, sp, a0 (= arg0), a6 (= fid) and
 * a7 (= eid), makes the ecall and stores every register as it came back
 * into regs[n]; regs[0] receives sp as it was before the ecall.
 * Frame: 0..119 the callee-saved registers it clobbers, 120 regs, 128.. the
 * register dump (slot n at 128 + 8n).
 */
#define REG_PATTERN(n) (0x5AB0000000000000 + (n) * 0x0000010101010101)
#define STR(x)  #x
#define XSTR(x) STR(x)
#define LOAD_PATTERN(reg, n) "	li " #reg ", " XSTR(REG_PATTERN(n)) "\n"

void ecall_with_known_registers(unsigned long eid, unsigned long fid, unsigned long arg0,
				unsigned long regs[32]);

__asm__(
	"	.pushsection .text\n"
	"	.balign 4\n"
	"	.globl ecall_with_known_registers\n"
	"ecall_with_known_registers:\n"
	"	addi	sp, sp, -384\n"
	"	sd	ra, 0(sp)\n"
	"	sd	gp, 8(sp)\n"
	"	sd	tp, 16(sp)\n"
	"	sd	s0, 24(sp)\n"
	"	sd	s1, 32(sp)\n"
	"	sd	s2, 40(sp)\n"
	"	sd	s3, 48(sp)\n"
	"	sd	s4, 56(sp)\n"
	"	sd	s5, 64(sp)\n"
	"	sd	s6, 72(sp)\n"
	"	sd	s7, 80(sp)\n"
	"	sd	s8, 88(sp)\n"
	"	sd	s9, 96(sp)\n"
	"	sd	s10, 104(sp)\n"
	"	sd	s11, 112(sp)\n"
	"	sd	a3, 120(sp)\n"
	"	sd	sp, 0(a3)\n"
	"	mv	a7, a0\n"
	"	mv	a6, a1\n"
	"	mv	a0, a2\n"
	LOAD_PATTERN(ra, 1)
	LOAD_PATTERN(gp, 3)
	LOAD_PATTERN(tp, 4)
	LOAD_PATTERN(t0, 5)
	LOAD_PATTERN(t1, 6)
	LOAD_PATTERN(t2, 7)
	LOAD_PATTERN(s0, 8)
	LOAD_PATTERN(s1, 9)
	LOAD_PATTERN(a1, 11)
	LOAD_PATTERN(a2, 12)
	LOAD_PATTERN(a3, 13)
	LOAD_PATTERN(a4, 14)
	LOAD_PATTERN(a5, 15)
	LOAD_PATTERN(s2, 18)
	LOAD_PATTERN(s3, 19)
	LOAD_PATTERN(s4, 20)
	LOAD_PATTERN(s5, 21)
	LOAD_PATTERN(s6, 22)
	LOAD_PATTERN(s7, 23)
	LOAD_PATTERN(s8, 24)
	LOAD_PATTERN(s9, 25)
	LOAD_PATTERN(s10, 26)
	LOAD_PATTERN(s11, 27)
	LOAD_PATTERN(t3, 28)
	LOAD_PATTERN(t4, 29)
	LOAD_PATTERN(t5, 30)
	LOAD_PATTERN(t6, 31)
	"	ecall\n"
	"	sd	x1, 128 + 1 * 8(sp)\n"
	"	sd	x2, 128 + 2 * 8(sp)\n"
	"	sd	x3, 128 + 3 * 8(sp)\n"
	"	sd	x4, 128 + 4 * 8(sp)\n"
	"	sd	x5, 128 + 5 * 8(sp)\n"
	"	sd	x6, 128 + 6 * 8(sp)\n"
	"	sd	x7, 128 + 7 * 8(sp)\n"
	"	sd	x8, 128 + 8 * 8(sp)\n"
	"	sd	x9, 128 + 9 * 8(sp)\n"
	"	sd	x10, 128 + 10 * 8(sp)\n"
	"	sd	x11, 128 + 11 * 8(sp)\n"
	"	sd	x12, 128 + 12 * 8(sp)\n"
	"	sd	x13, 128 + 13 * 8(sp)\n"
	"	sd	x14, 128 + 14 * 8(sp)\n"
	"	sd	x15, 128 + 15 * 8(sp)\n"
	"	sd	x16, 128 + 16 * 8(sp)\n"
	"	sd	x17, 128 + 17 * 8(sp)\n"
	"	sd	x18, 128 + 18 * 8(sp)\n"
	"	sd	x19, 128 + 19 * 8(sp)\n"
	"	sd	x20, 128 + 20 * 8(sp)\n"
	"	sd	x21, 128 + 21 * 8(sp)\n"
	"	sd	x22, 128 + 22 * 8(sp)\n"
	"	sd	x23, 128 + 23 * 8(sp)\n"
	"	sd	x24, 128 + 24 * 8(sp)\n"
	"	sd	x25, 128 + 25 * 8(sp)\n"
	"	sd	x26, 128 + 26 * 8(sp)\n"
	"	sd	x27, 128 + 27 * 8(sp)\n"
	"	sd	x28, 128 + 28 * 8(sp)\n"
	"	sd	x29, 128 + 29 * 8(sp)\n"
	"	sd	x30, 128 + 30 * 8(sp)\n"
	"	sd	x31, 128 + 31 * 8(sp)\n"
	/* copy dump slots 1..31 to regs[1..31] (regs[0] already holds the old sp) */
	"	ld	t0, 120(sp)\n"
	"	addi	t1, sp, 128 + 8\n"
	"	addi	t2, t0, 8\n"
	"	addi	t3, t0, 32 * 8\n"
	"1:	ld	t4, 0(t1)\n"
	"	sd	t4, 0(t2)\n"
	"	addi	t1, t1, 8\n"
	"	addi	t2, t2, 8\n"
	"	bltu	t2, t3, 1b\n"
	"	ld	ra, 0(sp)\n"
	"	ld	gp, 8(sp)\n"
	"	ld	tp, 16(sp)\n"
	"	ld	s0, 24(sp)\n"
	"	ld	s1, 32(sp)\n"
	"	ld	s2, 40(sp)\n"
	"	ld	s3, 48(sp)\n"
	"	ld	s4, 56(sp)\n"
	"	ld	s5, 64(sp)\n"
	"	ld	s6, 72(sp)\n"
	"	ld	s7, 80(sp)\n"
	"	ld	s8, 88(sp)\n"
	"	ld	s9, 96(sp)\n"
	"	ld	s10, 104(sp)\n"
	"	ld	s11, 112(sp)\n"
	"	addi	sp, sp, 384\n"
	"	ret\n"
	"	.popsection\n");

static const char *const reg_names[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1",
	"a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static void check_registers_preserved(const char *what, unsigned long eid, unsigned long fid,
				      unsigned long arg0, long expected_error)
{
	unsigned long regs[32];

	ecall_with_known_registers(eid, fid, arg0, regs);
	if (!CHECK_EQ(regs[10], expected_error))
		printf("  (%s)\n", what);
	if (!CHECK_EQ(regs[2], regs[0]))
		printf("  (%s: sp changed)\n", what);
	if (!CHECK_EQ(regs[16], fid) || !CHECK_EQ(regs[17], eid))
		printf("  (%s: a6/a7 changed)\n", what);
	for (unsigned int n = 1; n < 32; n++) {
		if (n == 2 || n == 10 || n == 11 || n == 16 || n == 17)
			continue;
		if (!CHECK_EQ(regs[n], REG_PATTERN(n)))
			printf("  (%s: %s changed)\n", what, reg_names[n]);
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	test_start("base");
	printf("boot hart %lu, dtb 0x%lx\n", hartid, dtb);
	CHECK_EQ(current_hartid(), hartid);

	check_spec_version();
	check_ids();
	check_probe();
	check_unknown_calls();

	check_registers_preserved("get_spec_version", SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION,
				  0, SBI_SUCCESS);
	check_registers_preserved("probe_extension(DBCN)", SBI_EXT_BASE, SBI_BASE_PROBE_EXT,
				  SBI_EXT_DBCN, SBI_SUCCESS);
	check_registers_preserved("unknown EID", UNKNOWN_EID, 0, 0, SBI_ERR_NOT_SUPPORTED);
	check_registers_preserved("unknown base FID", SBI_EXT_BASE, UNKNOWN_BASE_FID, 0,
				  SBI_ERR_NOT_SUPPORTED);
	/* Without SRST (srst.present=0) every call of it is NOT_SUPPORTED. */
	check_registers_preserved("srst invalid type", SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET, 3,
				  dt_bootarg("srst.present", 1) ? SBI_ERR_INVALID_PARAM : SBI_ERR_NOT_SUPPORTED);

	/*
	 * The other harts stay parked in the firmware: give a stray one time
	 * to reach _start (test_pass() checks payload_unexpected_harts).
	 */
	delay_us(STRAY_HART_WAIT_US);

	test_pass();
}
