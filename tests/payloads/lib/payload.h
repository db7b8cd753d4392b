/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a test payload includes: SBI wrappers, console output, checks, the
 * trap hook and the test life cycle.
 *
 * A payload defines payload_main(hartid, dtb), calls test_start("<name>")
 * first, makes its CHECKs and returns (or calls test_pass()/test_fail()).
 * Output protocol, read by tests/run-qemu.sh:
 *   PAYLOAD-START <name>
 *   CHECK FAILED <file>:<line>: <expr> ...       (one per failed check)
 *   PAYLOAD-PASS <name> (<n> checks)  or  PAYLOAD-FAIL <name>
 * and then an SRST shutdown: reason NONE on pass, SYSTEM_FAILURE on fail.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "csr.h"
#include "payload_string.h"
#include "sbi.h"

/* Defined by each payload; runs on the boot hart. */
void payload_main(unsigned long hartid, unsigned long dtb);
/*
 * Where a hart entering _start after the boot hart goes (one started with
 * HSM hart_start). Weak: the default counts it in payload_unexpected_harts,
 * which fails the test, and parks it.
 */
void payload_secondary_main(unsigned long hartid, unsigned long opaque);
extern volatile unsigned int payload_unexpected_harts;

/* The hartid of the calling hart (entry.S keeps it in tp). */
static inline unsigned long current_hartid(void)
{
	unsigned long id;
	__asm__ volatile("mv %0, tp" : "=r"(id));
	return id;
}

/* Console: DBCN when the firmware has it, legacy putchar otherwise. */
void console_write(const char *buf, unsigned long len);
void console_puts(const char *s);
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);

/* Test life cycle. test_pass() with a failed check recorded becomes test_fail(). */
void test_start(const char *name);
void test_pass(void) __attribute__((noreturn));
void test_fail(void) __attribute__((noreturn));
void test_finish(void) __attribute__((noreturn));	/* pass or fail on the record */
unsigned long test_checks_failed(void);

/* Checks: record, print on failure, go on; the value is true when it held. */
bool check_true(bool ok, const char *file, int line, const char *expr);
bool check_equal(unsigned long got, unsigned long expected, const char *file, int line,
		 const char *got_expr, const char *expected_expr);

#define CHECK(cond) check_true(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ(a, b) \
	check_equal((unsigned long)(a), (unsigned long)(b), __FILE__, __LINE__, #a, #b)

/*
 * Traps. A test may install a handler; it returns true when it dealt with
 * the trap (the payload then resumes at frame->sepc). Any trap not handled
 * is reported (scause, sepc, stval) and fails the test.
 */
struct trap_frame {
	unsigned long regs[32];		/* x0..x31; regs[2] = sp at the trap */
	unsigned long sepc;
	unsigned long sstatus;
	unsigned long scause;
	unsigned long stval;
};

extern bool (*payload_trap_handler)(struct trap_frame *frame);

#endif
