/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console device (lib/core/sbi_console.c): the UART driver the DT names
 * sets it (console_set_device), and everything prints through it.
 */
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
 * only), running the wait hook while it waits and writes. */
void sbi_console_write(const char *buf, unsigned long len);
/*
 * What a hart does while it waits for the console lock or writes a long
 * buffer for S-mode: boot installs the IPI layer's sbi_ipi_serve_pending(),
 * so a remote fence to a hart that waits here is never held up.
 */
void console_set_wait_hook(void (*hook)(void));
/* Bytes the firmware has written to the console (a platform PMU event). */
uint64_t sbi_console_bytes_written(void);

#endif
