/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console's rule for a UART that stops draining (lib/core/console.c,
 * docs/reliability.md "A stalled console"), the same for every driver: the
 * console device is a simulated UART whose try_putc takes a byte only while
 * it has room, and the machine's time source (lib/core/timer.c) a fake
 * clock that advances a step at each look. Checked: a byte that finds no
 * room is tried for the timeout, measured on the clock (this hart's waiting
 * time: gaps where it did not run do not count), then the rest of the call
 * is dropped and the call says how many bytes went (a prefix); later calls
 * try once and never wait until a byte finds room again; an S-mode write on
 * a slow UART returns early, not stalled, while the firmware's own lines go
 * out whole; before a time source, and in the fatal report, a count of
 * tries bounds the wait, the device's first such wait 32 times longer
 * (QEMU's SiFive UART, whose first drain after the loader can take a
 * second: the banner arrives whole); reads never wait.
 */
#include <stdbool.h>
#include <string.h>
#include "riscv_csr.h"
#include "console.h"
#include "test.h"
#include "timer_device.h"

TEST_MAIN_GLOBALS

#define TIMEBASE_HZ   1000000                  /* 1 tick = 1 us */
#define TIMEOUT_TICKS 20000                    /* the console's 20 ms */
#define UNTIMED_TRIES 1000000UL                /* its bound before a time source */
#define FIRST_DRAIN_TRIES (32 * UNTIMED_TRIES)  /* the device's first untimed wait */
/* The banner's run that lost bytes: over 4 million reads before QEMU's first drain. */
#define SLOW_FIRST_DRAIN_TRIES 4200000UL

/* ---- The fake clock: each look advances it by `step` ticks ---- */
static uint64_t now_ticks, step, looks;

static uint64_t fake_now(void)
{
	looks++;
	now_ticks += step;
	return now_ticks;
}

static const struct timer_device fake_timer = { .now = fake_now };

/* ---- The simulated UART ---- */
static char out[8192];
static unsigned int out_len;
static unsigned long tries;
static long room;                  /* bytes it takes before it is full; < 0: no limit */
static uint64_t drain_every;       /* ticks per byte of new room (0: none comes by itself) */
static uint64_t drained_until;
static unsigned long full_tries_to_drain;   /* full: this many more tries, then 8 bytes of room (0: never) */
static unsigned long later_drain_tries;     /* and then full_tries_to_drain again for every later fill */
static char rx[16];
static unsigned int rx_len, rx_pos;

static bool uart_try_putc(char c)
{
	tries++;
	if (drain_every && now_ticks - drained_until >= drain_every) {
		room += (long)((now_ticks - drained_until) / drain_every);
		drained_until = now_ticks;
	}
	if (room == 0 && full_tries_to_drain && --full_tries_to_drain == 0) {
		room = 8;
		full_tries_to_drain = later_drain_tries;
	}
	if (room == 0)
		return false;
	if (room > 0)
		room--;
	if (out_len < sizeof(out) - 1)
		out[out_len++] = c;
	return true;
}

static int uart_getc(void)
{
	return rx_pos < rx_len ? rx[rx_pos++] : -1;
}

static const struct console_device uart = { "sim", uart_try_putc, uart_getc };

static unsigned long hartid;

static void test_setup(void)
{
	console_set_device(&uart);
	timer_device_set(&fake_timer);
	timer_set_hz(TIMEBASE_HZ);
	step = 10;
	room = -1;
	drain_every = 0;
	full_tries_to_drain = later_drain_tries = 0;
	rx_len = rx_pos = 0;
	hartid = 0;
	/* A byte that goes ends any stall of an earlier test. */
	console_write("", 0);
	(void)console_write("#", 1);
	memset(out, 0, sizeof(out));
	out_len = 0;
	tries = looks = 0;
}

static char buf[4096];

/* A write that meets a full UART: the bytes that fit, then one timeout of trying, then it returns. */
TEST(stalled_write_returns_its_prefix_after_the_timeout)
{
	uint64_t t0;

	memset(buf, 'a', sizeof(buf));
	buf[0] = 'x', buf[4] = 'y';
	room = 5;
	t0 = now_ticks;
	CHECK_EQ(console_write(buf, sizeof(buf)), 5);
	CHECK(memcmp(out, "xaaay", 5) == 0);
	CHECK_EQ(out_len, 5);
	/* Waited the timeout on the clock, not a count of tries, and a last try after it. */
	CHECK(now_ticks - t0 >= TIMEOUT_TICKS);
	CHECK(now_ticks - t0 <= TIMEOUT_TICKS + 2 * step);
	CHECK_EQ(tries, 5 + 1 + TIMEOUT_TICKS / step + 1);
}

/* Stalled: every later call tries one byte, never waits, and says it wrote nothing. */
TEST(stalled_console_does_not_wait_again)
{
	room = 0;
	CHECK_EQ(console_write(buf, 16), 0);
	tries = looks = 0;
	CHECK_EQ(console_write(buf, sizeof(buf)), 0);
	CHECK_EQ(tries, 1);
	CHECK_EQ(looks, 0);
	console_printf("a firmware line\n");
	CHECK_EQ(tries, 2);
	CHECK_EQ(console_write("z", 1), 0);
	CHECK_EQ(tries, 3);
	CHECK_EQ(looks, 0);
	CHECK_EQ(out_len, 0);
}

/* The UART drains: the next call's byte finds room, the stall is over, and a later full UART is waited for again. */
TEST(drained_console_flows_and_waits_again)
{
	room = 0;
	CHECK_EQ(console_write(buf, 16), 0);
	room = -1;
	memset(buf, 'b', sizeof(buf));
	CHECK_EQ(console_write(buf, 100), 100);
	CHECK_EQ(out_len, 100);
	room = 0;
	looks = 0;
	CHECK_EQ(console_write(buf, 10), 0);
	CHECK(looks >= TIMEOUT_TICKS / step);
}

/* The firmware's own line: "\n" as "\r\n", the rest of the line dropped once a byte times out. */
TEST(firmware_line_dropped_after_its_stalled_byte)
{
	room = 3;
	console_printf("ab\ncd\n");
	CHECK_EQ(out_len, 3);
	CHECK(memcmp(out, "ab\r", 3) == 0);
	tries = 0;
	console_printf("ef\n");
	CHECK_EQ(tries, 1);
}

/*
 * A slow UART (a byte of room every 1 ms): an S-mode write returns what it
 * wrote once it has waited a timeout's worth in this call, without calling
 * the UART stalled (the next write goes on at once); the firmware's own
 * line waits for every byte.
 */
TEST(slow_uart_smode_write_returns_early_not_stalled)
{
	unsigned long n;
	uint64_t t0 = now_ticks;

	room = 0;
	drain_every = 1000;
	drained_until = now_ticks;
	memset(buf, 'c', sizeof(buf));
	n = console_write(buf, sizeof(buf));
	CHECK(n > 0 && n < sizeof(buf));
	/* At most two timeouts: the first wait's start, then one more byte's wait. */
	CHECK(now_ticks - t0 <= 2 * TIMEOUT_TICKS + 2 * drain_every);
	CHECK(now_ticks - t0 >= TIMEOUT_TICKS);
	CHECK_EQ(out_len, n);
	/* Not stalled: the next write waits for room again and takes bytes. */
	CHECK(console_write(buf, sizeof(buf)) > 0);
	/* The firmware's line, 40 bytes: all of it. */
	out_len = 0;
	console_printf("%s\n", "0123456789012345678901234567890123456");
	CHECK_EQ(out_len, 39);
}

/*
 * A hart that does not run between two tries (an emulator's thread
 * descheduled: the clock jumps) does not count that time: a UART that
 * drains after 200 ms of such jumps is not stalled. One that never drains
 * is given up after the wall-clock cap (50 timeouts).
 */
TEST(time_the_hart_did_not_run_does_not_count)
{
	room = 0;
	step = 5000;                               /* 5 ms between looks: each a gap */
	drain_every = 200000;
	drained_until = now_ticks;
	CHECK_EQ(console_write("g", 1), 1);
	CHECK_EQ(out[0], 'g');
	/* Never drains: the wall-clock cap ends it. */
	room = 0;
	drain_every = 0;
	looks = 0;
	uint64_t t0 = now_ticks;
	CHECK_EQ(console_write("h", 1), 0);
	CHECK(now_ticks - t0 >= 50 * TIMEOUT_TICKS);
	CHECK(now_ticks - t0 <= 50 * TIMEOUT_TICKS + 2 * step);
}

/*
 * Without a timebase (before boot knows the time source) a count of tries
 * ends the wait: the device's first wait FIRST_DRAIN_TRIES, every later one
 * UNTIMED_TRIES.
 */
TEST(untimed_wait_ends)
{
	timer_set_hz(0);
	room = 0;
	CHECK_EQ(console_write("u", 1), 0);
	CHECK_EQ(looks, 0);
	CHECK_EQ(tries, 1 + FIRST_DRAIN_TRIES);
	tries = 0;
	CHECK_EQ(console_write("v", 1), 0);   /* stalled now: one try */
	CHECK_EQ(tries, 1);
	room = -1;
	CHECK_EQ(console_write("w", 1), 1);   /* the stall ends */
	room = 0;
	tries = 0;
	CHECK_EQ(console_write("x", 1), 0);
	CHECK_EQ(tries, 1 + UNTIMED_TRIES);
}

/* The banner, before a time source, on a UART whose first drain comes 4.2 million tries late: whole. */
TEST(banner_survives_a_slow_first_drain)
{
	const char *banner = "\r\nAbacus SBI firmware 1.0 (SBI 3.0)\r\n";

	timer_set_hz(0);
	room = 8;
	full_tries_to_drain = SLOW_FIRST_DRAIN_TRIES;
	later_drain_tries = 100;
	console_printf("\nAbacus SBI firmware %u.%u (SBI %u.%u)\n", 1, 0, 3, 0);
	CHECK_EQ(out_len, strlen(banner));
	CHECK(memcmp(out, banner, strlen(banner)) == 0);
	CHECK(tries > SLOW_FIRST_DRAIN_TRIES);
}

/*
 * The fatal report touches no device but the UART (the trap may be the
 * time source's own): its wait counts tries. On a stalled console, one try
 * for the whole report.
 */
TEST(report_waits_by_tries_and_once_when_stalled)
{
	room = 0;
	console_report_begin();
	console_report_printf("report line %d\n", 1);
	console_report_printf("report line %d\n", 2);
	console_report_end();
	CHECK_EQ(looks, 0);
	CHECK_EQ(tries, 1 + UNTIMED_TRIES);
	tries = 0;
	console_report_begin();
	console_report_printf("again\n");
	console_report_end();
	CHECK_EQ(tries, 1);
	CHECK_EQ(out_len, 0);
	/* After the report, the time source is used again. */
	room = -1;
	CHECK_EQ(console_write("w", 1), 1);
	room = 0;
	looks = 0;
	CHECK_EQ(console_write("w", 1), 0);
	CHECK(looks > 0);
}

/* Reads return what waits, or -1, on a stalled console too: no lock, no wait. */
TEST(read_returns_what_waits)
{
	room = 0;
	CHECK_EQ(console_write("r", 1), 0);   /* stalled */
	memcpy(rx, "hi", 2);
	rx_len = 2;
	looks = 0;
	CHECK_EQ(console_getc(), 'h');
	CHECK_EQ(console_getc(), 'i');
	CHECK_EQ(console_getc(), -1);
	CHECK_EQ(looks, 0);
}

/* Bytes counted are bytes that went (the platform PMU event); no console: every byte "goes". */
TEST(bytes_written_count_what_went)
{
	uint64_t before = console_bytes_written();

	room = 2;
	CHECK_EQ(console_write("abcd", 4), 2);
	CHECK_EQ(console_bytes_written() - before, 2);
	console_set_device(NULL);
	CHECK_EQ(console_write("abcd", 4), 4);
	CHECK_EQ(console_bytes_written() - before, 6);
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
	RUN(stalled_write_returns_its_prefix_after_the_timeout);
	RUN(stalled_console_does_not_wait_again);
	RUN(drained_console_flows_and_waits_again);
	RUN(firmware_line_dropped_after_its_stalled_byte);
	RUN(slow_uart_smode_write_returns_early_not_stalled);
	RUN(time_the_hart_did_not_run_does_not_count);
	RUN(untimed_wait_ends);
	RUN(banner_survives_a_slow_first_drain);
	RUN(report_waits_by_tries_and_once_when_stalled);
	RUN(read_returns_what_waits);
	RUN(bytes_written_count_what_went);
	return TEST_EXIT_CODE;
}
