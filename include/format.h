/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * printf-style formatting, freestanding (lib/common/format.c): into a
 * buffer, or one character at a time into an output the caller gives (the
 * console passes its own: formatting knows no device).
 */
#ifndef ABACUS_FORMAT_H
#define ABACUS_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

int format_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int format_snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Formats through put, one character at a time; returns the count. */
int format_vprint(void (*put)(char c), const char *fmt, va_list ap);
/*
 * A string from input (a DT's node name or model) made fit for one log
 * line: at most len bytes of s, up to its first NUL (s NULL: none), each
 * byte that is not printable ASCII (a newline, a control character, a byte
 * of a multi-byte character) as '?', into buf, NUL-terminated and cut at
 * size - 1 characters. Nothing printed through it can start a line of its
 * own in the boot log. Returns buf.
 */
char *format_printable(char *buf, size_t size, const char *s, size_t len);

#endif
