/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console for host tests (host_console.c): console_putc/console_puts/console_printf
 * write into a capture buffer that a test inspects and clears. Nothing goes
 * to stdout unless the environment variable HOST_CONSOLE_ECHO is set.
 */
#ifndef ABACUS_HOST_CONSOLE_H
#define ABACUS_HOST_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

#define HOST_CONSOLE_SIZE 16384

/* Everything written since the last clear, NUL-terminated (truncated at HOST_CONSOLE_SIZE - 1). */
const char *host_console_text(void);
void host_console_clear(void);
/* True when the captured text contains s. */
bool host_console_contains(const char *s);
/* Number of lines written since the last clear. */
size_t host_console_lines(void);

#endif
