/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console device (lib/core/console.c): the UART the DT's
 * /chosen/stdout-path names (else its first UART) sets it
 * (console_set_device) as soon as boot has checked the DT, and everything
 * prints through it. Before that, and without a usable UART, there is none.
 */
#ifndef ABACUS_CONSOLE_H
#define ABACUS_CONSOLE_H

#include <stdbool.h>
#include <stdint.h>
#include "format.h"

/* Console output (the firmware's UART; in host tests, a capture buffer). */
void console_putc(char c);
void console_puts(const char *s);
int console_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * A driver never waits: try_putc puts c in the transmitter when it has room
 * and returns true, else writes nothing and returns false. How long to try
 * again, and what a UART that never drains costs, is the console's rule,
 * the same for every driver (lib/core/console.c).
 */
struct console_device {
	const char *name;
	bool (*try_putc)(char c);
	int (*getc)(void);          /* -1 when no character is waiting */
};

void console_set_device(const struct console_device *dev);
const struct console_device *console_get_device(void);
/*
 * SBI calls only (DBCN, legacy console). A write runs under the console
 * lock, running the wait hook while it waits and writes, and returns how
 * many of the len bytes it wrote, a prefix: fewer when the UART stalled (a
 * byte found no room for the console's timeout: the rest is dropped, and
 * later writes try once and drop until it drains) or when this write
 * already waited its share for room on a slow UART. console_getc() returns a
 * byte waiting, or -1, and waits for nothing (no lock either).
 */
unsigned long console_write(const char *buf, unsigned long len);
int console_getc(void);
/*
 * What a hart does while it waits for the console lock or writes a long
 * buffer for S-mode: boot installs the IPI layer's ipi_serve_pending(),
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
uint64_t console_bytes_written(void);

#endif
