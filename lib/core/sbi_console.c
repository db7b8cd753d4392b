/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware console (include/sbi_console.h): one console device (the
 * UART driver the DT names), shared by all harts under a lock so boot-log
 * lines from many harts never interleave. The lock knows its holder: the
 * fatal trap report (lib/core/trap_report.c) prints even when its own hart
 * trapped while holding it.
 */
#include <stdbool.h>
#include "riscv_csr.h"
#include "sbi_console.h"
#include "sbi_lock.h"

/* DBCN and legacy writes run the wait hook this often (bytes). */
#define CONSOLE_SERVE_STRIDE 16
/*
 * How long the report waits for another hart's hold on the console (loads
 * of the lock word): that hart may be in a long DBCN write, or have trapped
 * itself. Then the report prints anyway: garbled beats silent.
 */
#define CONSOLE_REPORT_WAIT_POLLS 20000000UL

static const struct console_device *console_dev;
static void (*console_wait_hook)(void);
static owned_lock_t console_lock;
static uint64_t console_bytes;

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
	console_dev = dev;
}

const struct console_device *console_get_device(void)
{
	return console_dev;
}

/* Called with the lock held (or before other harts run). */
static void console_putc_raw(char c)
{
	if (!console_dev)
		return;
	if (c == '\n')
		console_dev->putc('\r');
	console_dev->putc(c);
	console_bytes++;
}

void sbi_putc(char c)
{
	console_putc_raw(c);
}

void sbi_puts(const char *s)
{
	owned_lock(&console_lock, console_me());
	while (*s)
		console_putc_raw(*s++);
	owned_unlock(&console_lock);
}

/*
 * For SBI calls only (on the calling hart's stack). A UART takes ~87 us a
 * byte at 115200 baud, so a 4 KiB write holds the lock for a third of a
 * second and others wait for it: both the writer and the waiters run the
 * wait hook meanwhile (the firmware's serves their IPIs), so a remote
 * fence to either is never held up.
 */
void sbi_console_write(const char *buf, unsigned long len)
{
	unsigned long me = console_me();

	while (!owned_trylock(&console_lock, me))
		console_wait();
	for (unsigned long i = 0; i < len; i++) {
		/* Bytes go out as given: a payload's "\n" is not ours to expand. */
		if (console_dev)
			console_dev->putc(buf[i]);
		console_bytes++;
		if (i % CONSOLE_SERVE_STRIDE == CONSOLE_SERVE_STRIDE - 1)
			console_wait();
	}
	owned_unlock(&console_lock);
}

int sbi_getc(void)
{
	return console_dev && console_dev->getc ? console_dev->getc() : -1;
}

uint64_t sbi_console_bytes_written(void)
{
	return console_bytes;
}

int sbi_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	owned_lock(&console_lock, console_me());
	n = sbi_vformat(console_putc_raw, fmt, ap);
	owned_unlock(&console_lock);
	va_end(ap);
	return n;
}

/* ---- The fatal trap report's way to the console (one hart at a time) ---- */

void console_report_begin(void)
{
	unsigned long me = console_me();

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
	n = sbi_vformat(console_putc_raw, fmt, ap);
	va_end(ap);
	return n;
}

void console_report_end(void)
{
	/* This hart parks next: whatever it held, the others may print again. */
	if (owned_lock_held_by(&console_lock, console_me()))
		owned_unlock(&console_lock);
}
