/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_CONSOLE_H
#define ABACUS_CONSOLE_H

#include "sbi_format.h"

/* Console output (lib/core/sbi_console.c: the firmware's UART; in host tests, a capture buffer). */
void sbi_putc(char c);
void sbi_puts(const char *s);
int sbi_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
