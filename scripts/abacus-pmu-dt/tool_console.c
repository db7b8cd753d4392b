/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "console.h"
#include "tool_console.h"

static char **lines;
static size_t line_count, line_capacity;
static char *current;            /* the line being written */
static size_t current_len, current_capacity;
static bool muted;

static void *checked_realloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		fprintf(stderr, "abacus-pmu-dt: out of memory\n");
		exit(2);
	}
	return p;
}

static void end_line(void)
{
	if (line_count == line_capacity) {
		line_capacity = line_capacity ? 2 * line_capacity : 16;
		lines = checked_realloc(lines, line_capacity * sizeof(*lines));
	}
	lines[line_count++] = current ? current : strdup("");
	current = NULL;
	current_len = current_capacity = 0;
}

void console_putc(char c)
{
	if (muted)
		return;
	if (c == '\n') {
		end_line();
		return;
	}
	if (current_len + 2 > current_capacity) {
		current_capacity = current_capacity ? 2 * current_capacity : 128;
		current = checked_realloc(current, current_capacity);
	}
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

/* The QEMU virt quirk's console-bytes event reads it: nothing here is written to a console. */
uint64_t console_bytes_written(void)
{
	return 0;
}

void tool_console_mute(bool mute)
{
	muted = mute;
}

size_t tool_console_line_count(void)
{
	return line_count + (current_len > 0);
}

const char *tool_console_line(size_t i)
{
	return i < line_count ? lines[i] : current;
}

void tool_console_reset(void)
{
	for (size_t i = 0; i < line_count; i++)
		free(lines[i]);
	free(lines);
	free(current);
	lines = NULL;
	current = NULL;
	line_count = line_capacity = current_len = current_capacity = 0;
}
