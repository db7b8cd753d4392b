/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fatal trap report (lib/core/trap_report.c): what a trap the firmware
 * cannot go on from prints before its hart parks, and the record a
 * debugger reads when nothing could be printed (docs/reliability.md,
 * "Early faults").
 */
#ifndef ABACUS_TRAP_REPORT_H
#define ABACUS_TRAP_REPORT_H

/*
 * The report's own stack, shared by the harts one at a time (the report
 * lock): printing goes deep (scripts/stack-check.py bounds it against this
 * size), and a trap in M-mode may come deep
 * in a path, or before the hart has a stack at all (firmware/entry.S).
 */
#define TRAP_REPORT_STACK_SIZE 1024

/* abacus_fatal_trap.magic once the record is complete: "FATALTRP" in memory. */
#define FATAL_TRAP_MAGIC 0x5052544c41544146ULL

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "lock.h"
#include "trap.h"

/*
 * The first fatal trap or halt of this boot, on any hart, kept where a
 * debugger finds it by its symbol, abacus_fatal_trap (in the BSS: cleared
 * at each cold boot). Written before anything is printed, so it is there
 * also when there is no console or printing failed.
 */
struct fatal_trap_record {
	uint64_t magic;          /* FATAL_TRAP_MAGIC once the fields below are written */
	uint64_t hartid;
	uint64_t mcause;         /* 0 for a halt that is not a trap (boot_fail: see why) */
	uint64_t mepc;
	uint64_t mtval;
	const char *why;         /* what the firmware said, NUL-terminated */
	uint64_t count;          /* fatal traps and halts on all harts this boot */
	uint64_t nested;         /* traps taken inside a report: the console was dropped */
};
extern struct fatal_trap_record abacus_fatal_trap;

/* Taken by a hart before it uses the report's stack (also by firmware/entry.S). */
extern owned_lock_t trap_report_lock;
extern uint8_t trap_report_stack[TRAP_REPORT_STACK_SIZE];

/* Records a halt (no trap) in abacus_fatal_trap: boot giving up (firmware/boot.c). */
void fatal_record_halt(const char *why);

/* Prints why, cause, epc, tval and the frame's registers (frame may be NULL), then stops this hart. */
void trap_panic(struct trap_frame *frame, const char *why) __attribute__((noreturn));

/*
 * A trap before the hart has its own trap vector (firmware/entry.S's
 * boot_trap_vector, which took trap_report_lock and is on the report's
 * stack): one line, then the hart parks. _nested: the same hart trapped
 * inside its own report.
 */
void boot_trap_report(unsigned long mcause, unsigned long mepc, unsigned long mtval) __attribute__((noreturn));
void boot_trap_nested(unsigned long mcause, unsigned long mepc, unsigned long mtval) __attribute__((noreturn));
#endif

#endif
