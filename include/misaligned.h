/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Emulation of misaligned integer loads and stores from S/U-mode, for harts
 * that trap them. Pure logic: memory is reached through the ops below (in
 * the firmware, byte accesses with S-mode's translation; in host tests, a
 * buffer), so it is unit-tested on the host.
 */
#ifndef ABACUS_MISALIGNED_H
#define ABACUS_MISALIGNED_H

#include <stdbool.h>
#include <stdint.h>
#include "trap.h"

struct misaligned_access {
	unsigned int len;        /* 2, 4 or 8 bytes */
	unsigned int insn_len;   /* 2 (compressed) or 4 */
	unsigned int reg;        /* rd of a load, rs2 of a store */
	bool is_store;
	bool is_signed;
};

/* Decodes an integer load/store (RV64I and RVC forms); false for anything else. */
bool misaligned_decode(uint32_t insn, struct misaligned_access *acc);

struct smode_memory_ops {
	/* Each returns false on a fault and sets *cause (a load/store/fetch fault code). */
	bool (*fetch_insn)(unsigned long va, uint32_t *insn, unsigned long *cause);
	bool (*read_u8)(unsigned long va, uint8_t *value, unsigned long *cause);
	bool (*write_u8)(unsigned long va, uint8_t value, unsigned long *cause);
};

enum misaligned_result {
	MISALIGNED_EMULATED,     /* done: register/memory updated, mepc advanced */
	MISALIGNED_NOT_HANDLED,  /* not an integer load/store: hand the trap to S-mode */
	MISALIGNED_FAULT,        /* an access faulted: fault_cause and fault_addr are for S-mode */
};

/* addr = the trap's mtval (the misaligned address), is_store from mcause. */
enum misaligned_result misaligned_emulate(struct trap_frame *frame, unsigned long addr, bool is_store,
					  const struct smode_memory_ops *ops, unsigned long *fault_cause,
					  unsigned long *fault_addr);

#endif
