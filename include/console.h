/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_CONSOLE_H
#define ABACUS_CONSOLE_H

#include <stdarg.h>
#include <stddef.h>

/* Console output (the firmware's UART; in host tests, a capture buffer). */
void sbi_putc(char c);
void sbi_puts(const char *s);
int sbi_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sbi_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int sbi_snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
