/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A small printf for payloads: %d %i %u %x %X %p %s %c %%, the l/ll/z
 * length modifiers, a field width with '0' (zero pad) or '-' (left align).
 * Output is gathered in a buffer and written in console_write() calls (the
 * console lock keeps one hart's printf whole), or into a string (snprintf).
 */
#include "payload.h"

struct printf_out {
	char buf[128];
	unsigned int len;
	int total;
	/* snprintf: the destination (NULL for the console) and what fits in it. */
	char *dst;
	size_t dst_room;
};

static void out_flush(struct printf_out *out)
{
	if (out->dst) {
		unsigned int n = out->len < out->dst_room ? out->len : (unsigned int)out->dst_room;

		memcpy(out->dst, out->buf, n);
		out->dst += n;
		out->dst_room -= n;
	} else if (out->len) {
		console_write(out->buf, out->len);
	}
	out->len = 0;
}

static void out_char(struct printf_out *out, char c)
{
	out->buf[out->len++] = c;
	out->total++;
	if (out->len == sizeof(out->buf))
		out_flush(out);
}

static void out_repeat(struct printf_out *out, char c, int count)
{
	while (count-- > 0)
		out_char(out, c);
}

struct field {
	int width;
	bool zero_pad;
	bool left_align;
};

static void out_string(struct printf_out *out, const char *s, const struct field *f)
{
	int len = (int)strlen(s);

	if (!f->left_align)
		out_repeat(out, ' ', f->width - len);
	while (*s)
		out_char(out, *s++);
	if (f->left_align)
		out_repeat(out, ' ', f->width - len);
}

static void out_number(struct printf_out *out, unsigned long value, bool negative,
		       unsigned int base, bool upper, const char *prefix,
		       const struct field *f)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int ndigits = 0, nprefix = 0, pad;

	do {
		tmp[ndigits++] = digits[value % base];
		value /= base;
	} while (value);
	if (negative)
		prefix = "-";
	while (prefix && prefix[nprefix])
		nprefix++;

	pad = f->width - ndigits - nprefix;
	if (!f->left_align && !f->zero_pad)
		out_repeat(out, ' ', pad);
	for (int i = 0; i < nprefix; i++)
		out_char(out, prefix[i]);
	if (!f->left_align && f->zero_pad)
		out_repeat(out, '0', pad);
	while (ndigits)
		out_char(out, tmp[--ndigits]);
	if (f->left_align)
		out_repeat(out, ' ', pad);
}

static void format(struct printf_out *out_ptr, const char *fmt, va_list ap)
{
	struct printf_out out = *out_ptr;

	for (; *fmt; fmt++) {
		struct field f = { 0, false, false };
		int longs = 0;

		if (*fmt != '%') {
			out_char(&out, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '0')
				f.zero_pad = true;
			else if (*fmt == '-')
				f.left_align = true;
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			f.width = f.width * 10 + (*fmt++ - '0');
		while (*fmt == 'l' || *fmt == 'z') {
			longs++;
			fmt++;
		}

		switch (*fmt) {
		case 'd':
		case 'i': {
			long v = longs ? va_arg(ap, long) : va_arg(ap, int);
			unsigned long magnitude = v < 0 ? -(unsigned long)v : (unsigned long)v;

			out_number(&out, magnitude, v < 0, 10, false, NULL, &f);
			break;
		}
		case 'u':
		case 'x':
		case 'X': {
			unsigned long v = longs ? va_arg(ap, unsigned long)
						: va_arg(ap, unsigned int);

			out_number(&out, v, false, *fmt == 'u' ? 10 : 16, *fmt == 'X', NULL, &f);
			break;
		}
		case 'p':
			out_number(&out, (unsigned long)va_arg(ap, void *), false, 16, false,
				   "0x", &f);
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);

			out_string(&out, s ? s : "(null)", &f);
			break;
		}
		case 'c':
			out_char(&out, (char)va_arg(ap, int));
			break;
		case '%':
			out_char(&out, '%');
			break;
		case '\0':
			fmt--;		/* a lone '%' at the end: stop at the NUL */
			break;
		default:		/* unknown conversion: show it as written */
			out_char(&out, '%');
			out_char(&out, *fmt);
			break;
		}
	}
	out_flush(&out);
	*out_ptr = out;
}

int vprintf(const char *fmt, va_list ap)
{
	struct printf_out out = { .len = 0, .total = 0, .dst = NULL, .dst_room = 0 };

	console_lock();
	format(&out, fmt, ap);
	console_unlock();
	return out.total;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct printf_out out = { .len = 0, .total = 0, .dst = buf };

	out.dst_room = size ? size - 1 : 0;

	format(&out, fmt, ap);
	if (size)
		*out.dst = '\0';
	return out.total;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}
