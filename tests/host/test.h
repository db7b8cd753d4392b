/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Minimal host unit-test harness. Each TEST() is a function; RUN(name) runs it
 * and prints "PASS: <file>: <name>" or "FAIL: <file>: <name>: <what>" (the
 * format scripts/run-tests.sh counts). A test stops at its first failed CHECK.
 */
#ifndef ABACUS_TEST_H
#define ABACUS_TEST_H

#include <stdio.h>
#include <string.h>
#include <stdint.h>

extern int test_failed_flag;
extern char test_failure_text[512];
extern int tests_passed, tests_failed;

#define TEST(name) static void name(void)

#define CHECK(cond) do { if (!(cond)) { \
	snprintf(test_failure_text, sizeof test_failure_text, "%s:%d: %s", __FILE__, __LINE__, #cond); \
	test_failed_flag = 1; return; } } while (0)

#define CHECK_EQ(a, b) do { long long _a = (long long)(a), _b = (long long)(b); if (_a != _b) { \
	snprintf(test_failure_text, sizeof test_failure_text, "%s:%d: %s == %s (%lld != %lld, 0x%llx != 0x%llx)", \
		 __FILE__, __LINE__, #a, #b, _a, _b, (unsigned long long)_a, (unsigned long long)_b); \
	test_failed_flag = 1; return; } } while (0)

#define RUN(name) do { test_failed_flag = 0; test_failure_text[0] = 0; test_setup(); name(); \
	if (test_failed_flag) { tests_failed++; printf("FAIL: %s: %s: %s\n", __FILE__, #name, test_failure_text); } \
	else { tests_passed++; printf("PASS: %s: %s\n", __FILE__, #name); } } while (0)

/* Defines the counters; put once in each test program, before main. */
#define TEST_MAIN_GLOBALS int test_failed_flag, tests_passed, tests_failed; char test_failure_text[512];
#define TEST_EXIT_CODE (tests_failed ? 1 : 0)

#endif
