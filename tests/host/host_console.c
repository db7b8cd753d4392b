/* SPDX-License-Identifier: BSD-2-Clause */
/* Console capture for host tests; see host_console.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "console.h"
#include "host_console.h"

static char captured[HOST_CONSOLE_SIZE];
static size_t captured_len;

void console_putc(char c)
{
	static int echo = -1;

	if (echo < 0)
		echo = getenv("HOST_CONSOLE_ECHO") != NULL;
	if (echo)
		fputc(c, stdout);
	if (captured_len + 1 < sizeof captured) {
		captured[captured_len++] = c;
		captured[captured_len] = '\0';
	}
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

int console_printf(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	console_puts(buf);
	return n;
}

const char *host_console_text(void)
{
	return captured;
}

void host_console_clear(void)
{
	captured_len = 0;
	captured[0] = '\0';
}

bool host_console_contains(const char *s)
{
	return strstr(captured, s) != NULL;
}

size_t host_console_lines(void)
{
	size_t lines = 0;

	for (size_t i = 0; i < captured_len; i++)
		lines += captured[i] == '\n';
	return lines;
}
