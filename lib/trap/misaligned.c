/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Misaligned integer loads and stores, done a byte at a time. Floating-point
 * forms are left to S-mode: the firmware is built without F/D and never
 * touches FP registers. Encodings: unprivileged spec, RV64I and "C" chapters.
 */
#include "misaligned.h"

#define OPCODE_LOAD  0x03
#define OPCODE_STORE 0x23

static uint32_t bits(uint32_t x, int lo, int n)
{
	return (x >> lo) & ((1u << n) - 1);
}

bool misaligned_decode(uint32_t insn, struct misaligned_access *acc)
{
	*acc = (struct misaligned_access){ 0 };
	if ((insn & 3) == 3) {
		uint32_t funct3 = bits(insn, 12, 3);

		acc->insn_len = 4;
		switch (insn & 0x7f) {
		case OPCODE_LOAD:      /* lb lh lw ld lbu lhu lwu */
			if (funct3 == 7)
				return false;
			acc->len = 1u << (funct3 & 3);
			acc->is_signed = !(funct3 & 4);
			acc->reg = bits(insn, 7, 5);
			return !(acc->len == 8 && !acc->is_signed);
		case OPCODE_STORE:     /* sb sh sw sd */
			if (funct3 > 3)
				return false;
			acc->len = 1u << funct3;
			acc->is_store = true;
			acc->reg = bits(insn, 20, 5);
			return true;
		default:
			return false;
		}
	}
	/* Compressed: quadrant (bits 1:0) and funct3 (bits 15:13). */
	acc->insn_len = 2;
	switch ((bits(insn, 13, 3) << 2) | (insn & 3)) {
	case (2 << 2) | 0:   /* c.lw  rd' */
		acc->len = 4, acc->is_signed = true, acc->reg = 8 + bits(insn, 2, 3);
		return true;
	case (3 << 2) | 0:   /* c.ld  rd' */
		acc->len = 8, acc->is_signed = true, acc->reg = 8 + bits(insn, 2, 3);
		return true;
	case (6 << 2) | 0:   /* c.sw  rs2' */
		acc->len = 4, acc->is_store = true, acc->reg = 8 + bits(insn, 2, 3);
		return true;
	case (7 << 2) | 0:   /* c.sd  rs2' */
		acc->len = 8, acc->is_store = true, acc->reg = 8 + bits(insn, 2, 3);
		return true;
	case (2 << 2) | 2:   /* c.lwsp rd (rd != 0) */
		acc->len = 4, acc->is_signed = true, acc->reg = bits(insn, 7, 5);
		return acc->reg != 0;
	case (3 << 2) | 2:   /* c.ldsp rd (rd != 0) */
		acc->len = 8, acc->is_signed = true, acc->reg = bits(insn, 7, 5);
		return acc->reg != 0;
	case (6 << 2) | 2:   /* c.swsp rs2 */
		acc->len = 4, acc->is_store = true, acc->reg = bits(insn, 2, 5);
		return true;
	case (7 << 2) | 2:   /* c.sdsp rs2 */
		acc->len = 8, acc->is_store = true, acc->reg = bits(insn, 2, 5);
		return true;
	default:
		return false;
	}
}

enum misaligned_result misaligned_emulate(struct trap_frame *frame, unsigned long addr, bool is_store,
					  const struct smode_memory_ops *ops, unsigned long *fault_cause,
					  unsigned long *fault_addr)
{
	struct misaligned_access acc;
	uint32_t insn;
	uint64_t value = 0;

	if (!ops->fetch_insn(frame->mepc, &insn, fault_cause)) {
		*fault_addr = frame->mepc;
		return MISALIGNED_FAULT;
	}
	if (!misaligned_decode(insn, &acc) || acc.is_store != is_store)
		return MISALIGNED_NOT_HANDLED;

	if (is_store) {
		value = acc.reg ? frame->regs[acc.reg] : 0;   /* the frame has no x0 */
		for (unsigned int i = 0; i < acc.len; i++) {
			if (!ops->write_u8(addr + i, (uint8_t)(value >> (8 * i)), fault_cause)) {
				*fault_addr = addr + i;
				return MISALIGNED_FAULT;
			}
		}
	} else {
		for (unsigned int i = 0; i < acc.len; i++) {
			uint8_t byte;
			if (!ops->read_u8(addr + i, &byte, fault_cause)) {
				*fault_addr = addr + i;
				return MISALIGNED_FAULT;
			}
			value |= (uint64_t)byte << (8 * i);
		}
		if (acc.is_signed && acc.len < 8) {
			unsigned int shift = 64 - 8 * acc.len;
			value = (uint64_t)((int64_t)(value << shift) >> shift);
		}
		if (acc.reg)
			frame->regs[acc.reg] = value;
	}
	frame->mepc += acc.insn_len;
	return MISALIGNED_EMULATED;
}
