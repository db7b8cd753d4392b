/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Checks and the test life cycle. The end of a test is an SRST shutdown:
 * reason NONE for a pass, SYSTEM_FAILURE for a failure, which the firmware
 * turns into QEMU's exit status. The runner also reads the PAYLOAD-* lines,
 * so a firmware that ignores the reason still cannot turn a failure into a
 * pass.
 */
#include "payload.h"

static const char *test_name = "unnamed";
/* Any hart may check: the counts are updated atomically. */
static unsigned long checks_run;
static unsigned long checks_failed;

void test_start(const char *name)
{
	test_name = name;
	printf("PAYLOAD-START %s\n", name);
}

unsigned long test_checks_failed(void)
{
	return checks_failed;
}

bool check_true(bool ok, const char *file, int line, const char *expr)
{
	__atomic_fetch_add(&checks_run, 1, __ATOMIC_RELAXED);
	if (!ok) {
		__atomic_fetch_add(&checks_failed, 1, __ATOMIC_RELAXED);
		printf("CHECK FAILED %s:%d: %s\n", file, line, expr);
	}
	return ok;
}

bool check_equal(unsigned long got, unsigned long expected, const char *file, int line,
		 const char *got_expr, const char *expected_expr)
{
	__atomic_fetch_add(&checks_run, 1, __ATOMIC_RELAXED);
	if (got == expected)
		return true;
	__atomic_fetch_add(&checks_failed, 1, __ATOMIC_RELAXED);
	printf("CHECK FAILED %s:%d: %s == %s (got 0x%lx = %ld, expected 0x%lx = %ld)\n",
	       file, line, got_expr, expected_expr, got, (long)got, expected, (long)expected);
	return false;
}

static void __attribute__((noreturn)) shutdown(uint32_t reason)
{
	struct sbiret ret = sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, reason);

	/* Still here: the runner's timeout ends the run as a failure. */
	printf("PAYLOAD-ERROR %s: SRST shutdown returned error %ld\n", test_name, ret.error);
	for (;;)
		__asm__ volatile("wfi");
}

void test_fail(void)
{
	printf("PAYLOAD-FAIL %s (%lu of %lu checks failed)\n", test_name, checks_failed,
	       checks_run);
	shutdown(SBI_SRST_REASON_SYSTEM_FAILURE);
}

bool test_print_pass(void)
{
	/* No hart enters the payload unless a test starts it (harts.c). */
	CHECK_EQ(payload_unexpected_harts, 0);
	if (checks_failed)
		test_fail();
	printf("PAYLOAD-PASS %s (%lu checks)\n", test_name, checks_run);
	return true;
}

void test_pass(void)
{
	test_print_pass();
	shutdown(SBI_SRST_REASON_NONE);
}

void test_finish(void)
{
	if (checks_failed)
		test_fail();
	test_pass();
}
