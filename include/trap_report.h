/* SPDX-License-Identifier: BSD-2-Clause */
/* The fatal trap report (lib/core/trap_report.c). */
#ifndef ABACUS_TRAP_REPORT_H
#define ABACUS_TRAP_REPORT_H

#include "trap.h"

/* Prints why, cause, epc, tval and the frame's registers (frame may be NULL), then stops this hart. */
void sbi_trap_panic(struct trap_frame *frame, const char *why) __attribute__((noreturn));
/* A trap before the hart has its own stack and trap vector (firmware/entry.S): one line. */
void boot_trap_panic(unsigned long mcause, unsigned long mepc, unsigned long mtval);

#endif
