/* SPDX-License-Identifier: BSD-2-Clause */
/* Console device selection (the UART driver found in the DT) and input. */
#ifndef ABACUS_SBI_CONSOLE_H
#define ABACUS_SBI_CONSOLE_H

#include <stdint.h>
#include "console.h"

struct console_device {
	const char *name;
	void (*putc)(char c);
	int (*getc)(void);          /* -1 when no character is waiting */
};

void console_set_device(const struct console_device *dev);
const struct console_device *console_get_device(void);
int sbi_getc(void);
/* Writes len bytes under the console lock (DBCN, legacy putchar: SBI calls
 * only), serving this hart's IPIs while it waits and writes. */
void sbi_console_write(const char *buf, unsigned long len);
/* Bytes the firmware has written to the console (a platform PMU event). */
uint64_t sbi_console_bytes_written(void);

#endif
