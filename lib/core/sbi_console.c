/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware console (include/sbi_console.h): one console device (the
 * UART driver the DT names), shared by all harts under a spinlock so
 * boot-log lines from many harts never interleave.
 */
#include <stdbool.h>
#include "sbi_console.h"
#include "sbi_lock.h"

/* DBCN and legacy writes run the wait hook this often (bytes). */
#define CONSOLE_SERVE_STRIDE 16

static const struct console_device *console_dev;
static void (*console_wait_hook)(void);
static spinlock_t console_lock;
static uint64_t console_bytes;

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
	spin_lock(&console_lock);
	while (*s)
		console_putc_raw(*s++);
	spin_unlock(&console_lock);
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
	while (!spin_trylock(&console_lock))
		console_wait();
	for (unsigned long i = 0; i < len; i++) {
		/* Bytes go out as given: a payload's "\n" is not ours to expand. */
		if (console_dev)
			console_dev->putc(buf[i]);
		console_bytes++;
		if (i % CONSOLE_SERVE_STRIDE == CONSOLE_SERVE_STRIDE - 1)
			console_wait();
	}
	spin_unlock(&console_lock);
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
	spin_lock(&console_lock);
	n = sbi_vformat(console_putc_raw, fmt, ap);
	spin_unlock(&console_lock);
	va_end(ap);
	return n;
}
