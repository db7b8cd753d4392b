/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * printf-style formatting, freestanding: %c %s %d %i %u %x %X %p %%, the
 * l/ll/z length modifiers, '0' and '-' flags and a field width. Into a
 * buffer (format_snprintf) or through an output the caller gives (the console's
 * console_printf); host tests use it too.
 */
#include <stdbool.h>
#include <stdint.h>
#include "format.h"

struct format_sink {
	void (*put)(char c);    /* the output, or NULL: into buf */
	char *buf;
	size_t size, len;
};

static void sink_put(struct format_sink *s, char c)
{
	if (s->put)
		s->put(c);
	else if (s->len + 1 < s->size)
		s->buf[s->len] = c;
	s->len++;
}

static void put_padded(struct format_sink *s, const char *str, size_t n, int width, bool left, char pad)
{
	int fill = width > (int)n ? width - (int)n : 0;

	if (!left)
		while (fill-- > 0)
			sink_put(s, pad);
	for (size_t i = 0; i < n; i++)
		sink_put(s, str[i]);
	if (left)
		while (fill-- > 0)
			sink_put(s, ' ');
}

static void put_number(struct format_sink *s, unsigned long long v, unsigned int base, bool upper,
		       bool negative, int width, bool left, char pad)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0;

	do {
		tmp[sizeof(tmp) - 1 - n++] = digits[v % base];
		v /= base;
	} while (v);
	if (negative) {
		if (pad == '0') {           /* sign goes before the zeros */
			sink_put(s, '-');
			width = width > 0 ? width - 1 : 0;
		} else {
			tmp[sizeof(tmp) - 1 - n++] = '-';
		}
	}
	put_padded(s, &tmp[sizeof(tmp) - n], n, width, left, pad);
}

static int format(struct format_sink *s, const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			sink_put(s, *fmt);
			continue;
		}
		bool left = false;
		char pad = ' ';
		int width = 0, lng = 0;

		fmt++;
		for (;; fmt++) {
			if (*fmt == '-')
				left = true;
			else if (*fmt == '0')
				pad = '0';
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l' || *fmt == 'z') {
			lng++;
			fmt++;
		}

		unsigned long long u;
		switch (*fmt) {
		case 'c': {
			char c = (char)va_arg(ap, int);
			put_padded(s, &c, 1, width, left, ' ');
			break;
		}
		case 's': {
			const char *str = va_arg(ap, const char *);
			if (!str)
				str = "(null)";
			size_t n = 0;
			while (str[n])
				n++;
			put_padded(s, str, n, width, left, ' ');
			break;
		}
		case 'd':
		case 'i': {
			long long v = lng ? va_arg(ap, long) : va_arg(ap, int);
			u = v < 0 ? -(unsigned long long)v : (unsigned long long)v;
			put_number(s, u, 10, false, v < 0, width, left, pad);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
			u = lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			put_number(s, u, *fmt == 'u' ? 10 : 16, *fmt == 'X', false, width, left, pad);
			break;
		case 'p':
			u = (uintptr_t)va_arg(ap, void *);
			sink_put(s, '0');
			sink_put(s, 'x');
			put_number(s, u, 16, false, false, width, left, pad);
			break;
		case '%':
			sink_put(s, '%');
			break;
		case '\0':
			fmt--;
			break;
		default:
			sink_put(s, '%');
			sink_put(s, *fmt);
			break;
		}
	}
	if (!s->put && s->size)
		s->buf[s->len < s->size ? s->len : s->size - 1] = '\0';
	return (int)s->len;
}

int format_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct format_sink s = { NULL, buf, size, 0 };

	return format(&s, fmt, ap);
}

int format_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = format_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int format_vprint(void (*put)(char c), const char *fmt, va_list ap)
{
	struct format_sink s = { put, NULL, 0, 0 };

	return format(&s, fmt, ap);
}

char *format_printable(char *buf, size_t size, const char *s, size_t len)
{
	size_t i = 0;

	if (!size)
		return buf;
	for (; s && i < len && s[i] && i + 1 < size; i++)
		buf[i] = s[i] >= ' ' && s[i] <= '~' ? s[i] : '?';
	buf[i] = '\0';
	return buf;
}
