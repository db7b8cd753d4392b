/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Expected traps, for probing: between trap_expect_begin() and
 * trap_expect_end() on one hart, an exception from M-mode is not fatal: the
 * trap handler skips the faulting instruction (mepc += 4) and records it.
 */
#ifndef ABACUS_TRAP_EXPECT_H
#define ABACUS_TRAP_EXPECT_H

#include <stdbool.h>

void trap_expect_begin(void);
bool trap_expect_end(void); /* true if a trap happened in between */

#endif
