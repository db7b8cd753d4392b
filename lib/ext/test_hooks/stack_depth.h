/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stack high-water marks, test-hook image only (make TEST_HOOKS=1,
 * lib/ext/test_hooks/stack_depth.c): at cold boot, before any hart runs on
 * its block (the lifecycle's prepare), each hart's M-mode stack is filled
 * with a pattern; the deepest
 * word no longer holding it is as far as the stack was ever written. A
 * production image has none of this (docs/reliability.md, "Stack depth").
 */
#ifndef ABACUS_STACK_DEPTH_H
#define ABACUS_STACK_DEPTH_H

#include "hart.h"

/* Bytes of a hart's M-mode stack: its block below struct hart_state. */
#define HART_STACK_SIZE (HART_BLOCK_SIZE - sizeof(struct hart_state))

/* Bytes of hs's stack written since it was painted: from its top down to the deepest write. */
unsigned long stack_depth_used(const struct hart_state *hs);
/* Paints the calling hart's stack again below the caller's frame (per-path marks). */
void stack_depth_repaint_below_caller(void);

#endif
