/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console lock and the fatal trap report's way to the console
 * (lib/core/console.c) on the host: the console device is a capture
 * buffer whose putc can "trap" at a chosen character, running what the
 * report does (console_report_begin/printf/end) right there, on the hart
 * that holds the lock, or as another hart while one holds it. Nothing may
 * wait for ever (docs/reliability.md, "Early faults"): a test that
 * deadlocked would hang the suite, so each one also checks that the lock is
 * free afterwards by printing again.
 */
#include <stdbool.h>
#include <string.h>
#include "riscv_csr.h"
#include "console.h"
#include "test.h"

TEST_MAIN_GLOBALS

static unsigned long hartid;
static char out[512];
static unsigned int out_len;
static char trap_at;                      /* putc of this character "traps" (0: never) */
static unsigned long trap_as_hart;        /* the hart the report runs on */
static unsigned int reports;

static void report(void)
{
	unsigned long me = hartid;

	trap_at = 0;                          /* one trap */
	hartid = trap_as_hart;
	console_report_begin();
	console_report_printf("[report %lu]", hartid);
	console_report_end();
	reports++;
	hartid = me;
}

static bool capture_putc(char c)
{
	if (c == trap_at)
		report();
	if (out_len < sizeof(out) - 1)
		out[out_len++] = c;
	return true;
}

static int capture_getc(void)
{
	return -1;
}

static const struct console_device capture = { "capture", capture_putc, capture_getc };

static void test_setup(void)
{
	memset(out, 0, sizeof(out));
	out_len = 0;
	trap_at = 0;
	reports = 0;
	hartid = 0;
	console_set_device(&capture);
}

/* The lock is free: another hart prints at once. */
static bool lock_is_free(void)
{
	unsigned long me = hartid;
	unsigned int before = out_len;

	hartid = 7;
	console_printf("z");
	hartid = me;
	return out_len == before + 1 && out[before] == 'z';
}

TEST(printf_prints_and_lets_go)
{
	console_printf("a%db\n", 1);
	CHECK(strcmp(out, "a1b\r\n") == 0);
	CHECK(lock_is_free());
}

/* A UART access that traps while this hart holds the lock: the report goes on with it. */
TEST(trap_inside_the_console_on_its_own_hart)
{
	trap_at = 'X';
	trap_as_hart = 0;
	console_printf("abXcd");
	CHECK_EQ(reports, 1);
	CHECK(strcmp(out, "ab[report 0]Xcd") == 0);
	CHECK(lock_is_free());
}

/* Another hart holds the lock and never lets go in time: the report prints anyway, after a bounded wait. */
TEST(report_while_another_hart_holds_the_lock)
{
	hartid = 3;
	trap_at = 'Y';
	trap_as_hart = 1;
	console_printf("pY");
	CHECK_EQ(reports, 1);
	CHECK(strcmp(out, "p[report 1]Y") == 0);
	/* The report did not let go of hart 3's hold: hart 3 did, when it finished. */
	CHECK(lock_is_free());
}

/* DBCN writes take the same lock. */
TEST(trap_inside_a_dbcn_write)
{
	trap_at = 'q';
	trap_as_hart = 0;
	console_write("opqr", 4);
	CHECK_EQ(reports, 1);
	CHECK(strcmp(out, "op[report 0]qr") == 0);
	CHECK(lock_is_free());
}

/* With no console device everything is dropped, nothing waits. */
TEST(no_console_drops_everything)
{
	console_set_device(NULL);
	console_printf("lost");
	console_report_begin();
	console_report_printf("lost too");
	console_report_end();
	CHECK_EQ(out_len, 0);
	console_set_device(&capture);
	CHECK(lock_is_free());
}

/* ---- The CSR layer's stand-ins: only mhartid is read ---- */
unsigned long host_csr_read(unsigned int csr)
{
	return csr == CSR_MHARTID ? hartid : 0;
}
void host_csr_write(unsigned int csr, unsigned long value) { (void)csr, (void)value; }
unsigned long host_csr_set(unsigned int csr, unsigned long bits) { (void)csr, (void)bits; return 0; }
unsigned long host_csr_clear(unsigned int csr, unsigned long bits) { (void)csr, (void)bits; return 0; }

int main(void)
{
	RUN(printf_prints_and_lets_go);
	RUN(trap_inside_the_console_on_its_own_hart);
	RUN(report_while_another_hart_holds_the_lock);
	RUN(trap_inside_a_dbcn_write);
	RUN(no_console_drops_everything);
	return TEST_EXIT_CODE;
}
