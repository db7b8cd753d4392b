/* SPDX-License-Identifier: BSD-2-Clause */
/* Emulation of what a hart lacks, for traps from S/U-mode. */
#ifndef ABACUS_EMULATE_H
#define ABACUS_EMULATE_H

#include <stdbool.h>
#include "trap.h"

/* Each returns true when the instruction was emulated (mepc advanced). */
bool emulate_illegal_insn(struct trap_frame *frame, unsigned long tval);
bool emulate_misaligned_load(struct trap_frame *frame, unsigned long tval);
bool emulate_misaligned_store(struct trap_frame *frame, unsigned long tval);

#endif
