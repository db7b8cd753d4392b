/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console device (lib/core/sbi_console.c): the UART the DT's
 * /chosen/stdout-path names (else its first UART) sets it
 * (console_set_device) as soon as boot has checked the DT, and everything
 * prints through it. Before that, and without a usable UART, there is none.
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
/*
 * For the fatal trap report only (lib/core/trap_report.c), which parks its
 * hart after it: begin takes the console lock, or finds it held by this
 * very hart (a trap inside the console), or gives up waiting for another
 * hart after a bound; printf prints without the lock; end lets go of it.
 * console_set_device(NULL) drops a console whose own accesses fault.
 */
void console_report_begin(void);
int console_report_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void console_report_end(void);
/* Bytes the firmware has written to the console (a platform PMU event). */
uint64_t sbi_console_bytes_written(void);

#endif
