/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console on the host (lib/core/console.c's interface): the device a
 * UART driver sets is recorded, not written to, and every line the
 * firmware prints is kept for the report, marked when no console was set
 * as it began (on the board nobody would see it).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "console.h"
#include "dryrun.h"

struct boot_log boot_log;
static const struct console_device *device;
static char *current;
static size_t current_len, current_cap;
static bool current_unseen;
static uint64_t bytes;

static void *checked_realloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		fprintf(stderr, "abacus-dryrun: out of memory\n");
		exit(DRYRUN_EXIT_UNUSABLE);
	}
	return p;
}

static void end_line(void)
{
	if (boot_log.count == boot_log.cap) {
		boot_log.cap = boot_log.cap ? 2 * boot_log.cap : 64;
		boot_log.lines = checked_realloc(boot_log.lines, boot_log.cap * sizeof(*boot_log.lines));
	}
	boot_log.lines[boot_log.count].text = current ? current : strdup("");
	boot_log.lines[boot_log.count].unseen = current_unseen;
	boot_log.count++;
	current = NULL;
	current_len = current_cap = 0;
}

void console_putc(char c)
{
	bytes++;
	if (c == '\n') {
		end_line();
		return;
	}
	if (current_len + 2 > current_cap) {
		current_cap = current_cap ? 2 * current_cap : 128;
		current = checked_realloc(current, current_cap);
	}
	if (!current_len)
		current_unseen = !device;
	current[current_len++] = c;
	current[current_len] = '\0';
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

int console_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = format_vprint(console_putc, fmt, ap);
	va_end(ap);
	return n;
}

void boot_log_flush(void)
{
	if (current_len)
		end_line();
}

void console_set_device(const struct console_device *dev)
{
	device = dev;
	watch_console_set(dev);
}

const struct console_device *console_get_device(void)
{
	return device;
}

int console_getc(void)
{
	return -1;
}

unsigned long console_write(const char *buf, unsigned long len)
{
	for (unsigned long i = 0; i < len; i++)
		console_putc(buf[i]);
	return len;
}

void console_set_wait_hook(void (*hook)(void))
{
	(void)hook;   /* one hart runs at a time: nobody waits for the console */
}

void console_report_begin(void)
{
}

int console_report_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = format_vprint(console_putc, fmt, ap);
	va_end(ap);
	return n;
}

void console_report_end(void)
{
}

uint64_t console_bytes_written(void)
{
	return bytes;
}
