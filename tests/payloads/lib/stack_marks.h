/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The test-hook image's M-mode stack high-water marks (stack_marks.c; the
 * firmware side is lib/ext/test_hooks/stack_depth.c, docs/reliability.md "Stack
 * depth"): how many bytes of a hart's M-mode stack were ever written.
 */
#ifndef PAYLOAD_STACK_MARKS_H
#define PAYLOAD_STACK_MARKS_H

#include <stdbool.h>

/*
 * What a mark must leave free of the stack: one more call level at GCC's
 * worst spill (ra and s0-s11, 104 bytes, 16-byte aligned: 112) plus an
 * assembly helper's 16 bytes. scripts/stack-check.py keeps the same margin
 * below its static bound.
 */
#define STACK_MARGIN 128

/* The firmware has the test hooks (make TEST_HOOKS=1). */
bool stack_marks_available(void);
/* Bytes of hartid's M-mode stack ever written; hartid -1UL: the deepest of every hart. */
unsigned long stack_mark(unsigned long hartid);
/* Bytes of each hart's M-mode stack. */
unsigned long stack_mark_stack_size(void);
/* The calling hart's mark restarts from this call's own depth. */
void stack_mark_restart(void);
/* Prints "STACK-DEPTH <what>: X of Y bytes"; a failed check when X leaves less than STACK_MARGIN. */
void stack_mark_report(const char *what, unsigned long used);

#endif
