/* SPDX-License-Identifier: BSD-2-Clause */
/* What fuzz_dt.c shares with its device recipes (fuzz_dt_devices.c). */
#ifndef FUZZ_DT_H
#define FUZZ_DT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An input starting with this byte is a device recipe (a DTB starts with 0xd0). */
#define FUZZ_DT_DEVICE_RECIPE 0xde

/* Prints the violated invariant and the firmware's log, then aborts (a libFuzzer crash). */
void fuzz_dt_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
#define FUZZ_EXPECT(cond, ...) do { if (!(cond)) fuzz_dt_fail(__VA_ARGS__); } while (0)
/* Lines of the firmware's log ending in `tail` so far; the log buffer is full. */
size_t fuzz_dt_log_lines(const char *tail);
bool fuzz_dt_log_full(void);
/* The firmware's log of this input so far (FUZZ_DT_LOG=1 in the environment prints a recipe's). */
const char *fuzz_dt_log(void);
/* A device recipe: drivers probe DT nodes whose regs lie in a host window, then use what they accept. */
void fuzz_dt_device_recipe(const uint8_t *data, size_t size);

#endif
