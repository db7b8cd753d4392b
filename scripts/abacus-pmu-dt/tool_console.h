/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's console, for the tool: the PMU core and the DT parser print
 * their boot-log lines through console_printf, which here formats with the
 * firmware's own formatter (lib/common/format.c), so the words are the
 * boot log's byte for byte, and keeps them as lines for the report.
 */
#ifndef ABACUS_PMU_DT_TOOL_CONSOLE_H
#define ABACUS_PMU_DT_TOOL_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

/* While muted, output is dropped (re-running the PMU core for each event). */
void tool_console_mute(bool mute);
/* The lines printed so far (without their '\n'); a partial last line is included. */
size_t tool_console_line_count(void);
const char *tool_console_line(size_t i);
/* Frees every line. */
void tool_console_reset(void);

#endif
