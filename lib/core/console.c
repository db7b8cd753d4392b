/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware console (include/console.h): one console device (the
 * UART driver the DT names), shared by all harts under a lock so boot-log
 * lines from many harts never interleave. The lock knows its holder: the
 * fatal trap report (lib/core/trap_report.c) prints even when its own hart
 * trapped while holding it.
 *
 * No output waits without bound, whatever the UART (docs/reliability.md,
 * "A stalled console"): a device only *tries* to put a byte (try_putc), and
 * the waiting is done here, for every driver alike. A byte that finds no
 * room is tried again for CONSOLE_TX_TIMEOUT_MS on the machine's time
 * source; if there is still none, the console is stalled: the rest of that
 * call is dropped, and until a byte finds room again every later call tries
 * its first byte once and drops the rest, never waiting. So a call holds the
 * console lock for at most one timeout of waiting on a stalled UART, and
 * an S-mode write at most two on a slow one (CONSOLE_TX_TIMEOUT_MS of
 * waiting for room, then it returns what it wrote).
 */
#include <stdbool.h>
#include "riscv_csr.h"
#include "console.h"
#include "lock.h"
#include "timer_device.h"

/* DBCN and legacy writes run the wait hook this often (bytes). */
#define CONSOLE_SERVE_STRIDE 16
/*
 * How long a byte may wait for room before the console counts as stalled,
 * in time this hart spent waiting: many bytes' time at 115200 baud, a few
 * at 9600; a transmitter with no room for this long is not draining (a
 * serial line whose far end stopped reading). A stretch longer than
 * 1/CONSOLE_TX_GAP_DIVISOR of it between two tries, where the hart did not
 * run (an emulator's thread descheduled on a loaded host, while the thread
 * that drains the emulated UART did not run either), does not count: a
 * real hart has none, and an emulated UART drained by another host thread
 * stays full for far longer stretches of wall time than of such waiting
 * (measured: docs/reliability.md, "A stalled console"). Wall time of
 * CONSOLE_TX_WALL_FACTOR timeouts ends a wait in any case.
 */
#define CONSOLE_TX_TIMEOUT_MS  20
#define CONSOLE_TX_GAP_DIVISOR 32
#define CONSOLE_TX_WALL_FACTOR 50
/*
 * The bound before boot knows a time source (the boot log's first lines):
 * tries of the device's status register, each an MMIO read.
 */
#define CONSOLE_TX_UNTIMED_TRIES 1000000UL
/*
 * The first wait for room on a device, untimed (the banner's ninth byte):
 * QEMU's SiFive UART (9.2 and later) is drained by QEMU's main loop, which
 * after the loader's SD-card reads can sleep through it for up to a second,
 * longer than CONSOLE_TX_UNTIMED_TRIES reads on a fast host (docs/boot.md,
 * "The SiFive UART's first drain"). A UART that never drains costs this one
 * long wait, then stalls as before. Not for the fatal report.
 */
#define CONSOLE_TX_FIRST_DRAIN_TRIES (32 * CONSOLE_TX_UNTIMED_TRIES)
/*
 * How long the report waits for another hart's hold on the console (loads
 * of the lock word): a holder lets go within a line's bytes and one
 * timeout, unless it trapped itself. Then the report prints anyway:
 * garbled beats silent.
 */
#define CONSOLE_REPORT_WAIT_POLLS 20000000UL

static void (*console_wait_hook)(void);
static owned_lock_t console_lock;
static uint64_t console_bytes;

/*
 * The output state, in one place: the byte loop below keeps one pointer to
 * it, and its wait's variables live here, not on the stack (its frame is the
 * deepest of every printf). Written with the console lock held, or by the
 * hart that reports a fatal trap.
 */
static struct {
	/* Set at boot, read-only after (tests/fuzz/stress-canary.py checks it stays so: first field). */
	const struct console_device *dev;
	/*
	 * Where this call of the firmware's own output goes: dev, or NULL once
	 * a byte of it was dropped (the rest is dropped too) or with no device.
	 */
	const struct console_device *out;
	/* A byte found no room within the timeout; cleared by the next byte that does. */
	bool stalled;
	/*
	 * Set while a hart reports a fatal trap: the report touches no device
	 * but the UART (the trap may be the time source's own fault), so its
	 * waits count tries.
	 */
	bool reporting;
	/* A byte has waited for room on dev (the first untimed wait is CONSOLE_TX_FIRST_DRAIN_TRIES). */
	bool first_wait_done;
	/* The byte's wait: its timeout and start, the last try, the waiting time so far. */
	uint64_t limit, start, last, waited;
} console;
_Static_assert(__builtin_offsetof(__typeof__(console), dev) == 0, "stress-canary.py reads it at offset 0");

/* The lock's owner value for the calling hart. */
static inline unsigned long console_me(void)
{
	return csr_read(CSR_MHARTID) + 1;
}

void console_set_wait_hook(void (*hook)(void))
{
	console_wait_hook = hook;
}

static void console_wait(void)
{
	if (console_wait_hook)
		console_wait_hook();
}

void console_set_device(const struct console_device *dev)
{
	console.dev = console.out = dev;
	console.first_wait_done = false;
}

const struct console_device *console_get_device(void)
{
	return console.dev;
}

/* A new call of the firmware's own output begins (the lock held, or the report's hart). */
static void console_call_begin(void)
{
	console.out = console.dev;
}

/* Ticks of the time source in ms milliseconds; 0 when there is none (then tries count). */
static uint64_t console_ticks(uint32_t ms)
{
	uint64_t hz = timer_hz();

	return timer_present() && hz && !console.reporting ? hz * ms / 1000 : 0;
}

/* Another try found no room: true once the byte has waited its timeout. */
static bool console_waited_out(void)
{
	uint64_t now = timer_now(), step = now - console.last;

	if (step <= console.limit / CONSOLE_TX_GAP_DIVISOR)
		console.waited += step;
	console.last = now;
	return console.waited >= console.limit || now - console.start >= console.limit * CONSOLE_TX_WALL_FACTOR;
}

/*
 * c found no room: try again until the timeout (IPIs wait: at most one
 * timeout, as before a byte's wait was bounded). False when it never did:
 * the console is stalled. Past the deadline it tries once more, so a hart
 * that did not run for a while does not call a UART stalled that drained
 * meanwhile.
 */
static bool __attribute__((noinline)) console_wait_for_room(char c)
{
	if (console.stalled)
		goto dropped;
	console.limit = console_ticks(CONSOLE_TX_TIMEOUT_MS);
	if (!console.limit) {
		unsigned long tries = console.first_wait_done || console.reporting ? CONSOLE_TX_UNTIMED_TRIES :
					  CONSOLE_TX_FIRST_DRAIN_TRIES;

		console.first_wait_done = true;
		for (; tries; tries--)
			if (console.dev->try_putc(c))
				return true;
		goto stalled;
	}
	console.first_wait_done = true;
	console.start = console.last = timer_now();
	console.waited = 0;
	do {
		if (console.dev->try_putc(c))
			return true;
	} while (!console_waited_out());
	if (console.dev->try_putc(c))
		return true;
stalled:
	console.stalled = true;
dropped:
	console.out = NULL;
	return false;
}

/* One byte of the firmware's own output (the lock held, or the report's hart): true when it went. */
static inline __attribute__((always_inline)) bool console_put(char c)
{
	const struct console_device *dev = console.out;

	if (!dev)
		return false;
	if (dev->try_putc(c)) {
		console.stalled = false;
		return true;
	}
	return console_wait_for_room(c);
}

/*
 * An S-mode write's byte found no room: a timeout's wait, unless this call
 * has already waited that long since its first wait (*call_wait_start, 0
 * before it): then it returns what it wrote, so that no call holds the
 * console lock for more than two timeouts on a slow UART. The last wait's
 * last try (console.last) stands for now: bytes went since at CPU speed.
 */
static bool __attribute__((noinline)) console_write_wait(char c, uint64_t *call_wait_start)
{
	bool went;

	if (*call_wait_start && console.limit && console.last - *call_wait_start >= console.limit)
		return false;
	went = console_wait_for_room(c);
	if (!*call_wait_start && console.limit)
		*call_wait_start = console.start | 1;
	return went;
}

/* The firmware's own output: "\n" becomes "\r\n". */
static void console_putc_raw(char c)
{
	if (c == '\n' && !console_put('\r'))
		return;
	if (console_put(c))
		console_bytes++;
}

void console_putc(char c)
{
	console_call_begin();
	console_putc_raw(c);
}

void console_puts(const char *s)
{
	owned_lock(&console_lock, console_me());
	console_call_begin();
	while (*s)
		console_putc_raw(*s++);
	owned_unlock(&console_lock);
}

/*
 * For SBI calls only (on the calling hart's stack). Both the writer and
 * the harts waiting for the lock run the wait hook (the firmware's serves
 * their IPIs), so a remote fence to either is never held up.
 */
unsigned long console_write(const char *buf, unsigned long len)
{
	unsigned long me = console_me();
	uint64_t call_wait_start = 0;      /* when this call first waited for room (0: not yet) */
	const struct console_device *dev;
	const char *p = buf, *end = buf + len;

	while (!owned_trylock(&console_lock, me))
		console_wait();
	dev = console.dev;
	if (!dev) {
		p = end;
	} else if (console.stalled && p < end) {
		/* Stalled: one try, no wait; a byte that goes ends the stall. */
		if (!dev->try_putc(*p))
			end = p;
		else
			console.stalled = false, p++;
	}
	/* Not stalled here: only a wait below can make it so, and then the call ends. */
	while (p < end) {
		/* Bytes go out as given: a payload's "\n" is not ours to expand. */
		if (!dev->try_putc(*p) && !console_write_wait(*p, &call_wait_start))
			break;
		if ((unsigned long)(++p - buf) % CONSOLE_SERVE_STRIDE == 0)
			console_wait();
	}
	console_bytes += p - buf;
	owned_unlock(&console_lock);
	return p - buf;
}

/*
 * A read touches only the receive side, which no writer uses, and waits for
 * nothing: not even for the console lock (the chapter's read is
 * non-blocking).
 */
int console_getc(void)
{
	const struct console_device *dev = console.dev;

	return dev && dev->getc ? dev->getc() : -1;
}

uint64_t console_bytes_written(void)
{
	return console_bytes;
}

int console_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	owned_lock(&console_lock, console_me());
	console_call_begin();
	n = format_vprint(console_putc_raw, fmt, ap);
	owned_unlock(&console_lock);
	va_end(ap);
	return n;
}

/* ---- The fatal trap report's way to the console (one hart at a time) ---- */

void console_report_begin(void)
{
	unsigned long me = console_me();

	/* The whole report is one call: on a stalled console it is dropped after one try. */
	console.reporting = true;
	console_call_begin();
	/* Held by this very hart: it trapped inside the console. Go on with it. */
	if (owned_lock_held_by(&console_lock, me))
		return;
	for (unsigned long polls = 0; polls < CONSOLE_REPORT_WAIT_POLLS; polls++)
		if (owned_trylock(&console_lock, me))
			return;
}

int console_report_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = format_vprint(console_putc_raw, fmt, ap);
	va_end(ap);
	return n;
}

void console_report_end(void)
{
	/* This hart parks next: whatever it held, the others may print again. */
	console.reporting = false;
	if (owned_lock_held_by(&console_lock, console_me()))
		owned_unlock(&console_lock);
}
