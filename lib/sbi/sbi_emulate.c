/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Emulation for traps from S/U-mode.
 *
 * Illegal instruction: `rdtime` (csrrs rd, time, x0) on harts whose time CSR
 * is not implemented in hardware (the SiFive U74 of the HiFive Unmatched
 * traps it) is answered from the ACLINT mtime. Anything else goes to S-mode.
 *
 * Misaligned loads and stores are not emulated: the trap is counted
 * (SBI_PMU_FW_MISALIGNED_*) and handed to S-mode, whose kernel handles it
 * (Linux has its own misaligned-access handler). QEMU performs misaligned
 * accesses in hardware, so there they never trap.
 */
#include "drivers.h"
#include "riscv_csr.h"
#include "sbi_emulate.h"

#define INSN_OPCODE_SYSTEM 0x73
#define CSR_NUM_TIME 0xC01

static unsigned long insn_field(unsigned long insn, int lo, int bits)
{
	return (insn >> lo) & ((1UL << bits) - 1);
}

bool sbi_emulate_illegal_insn(struct trap_frame *frame, unsigned long tval)
{
	unsigned long insn = tval;   /* mtval holds the faulting instruction (QEMU, U74) */
	unsigned long rd;

	if ((insn & 0x7f) != INSN_OPCODE_SYSTEM || insn_field(insn, 12, 3) != 2 || insn_field(insn, 15, 5) != 0 ||
	    insn_field(insn, 20, 12) != CSR_NUM_TIME || !aclint_mtimer_present())
		return false;
	rd = insn_field(insn, 7, 5);
	if (rd)
		frame->regs[rd] = aclint_time();
	frame->mepc += 4;
	return true;
}

bool sbi_emulate_misaligned_load(struct trap_frame *frame, unsigned long tval)
{
	(void)frame, (void)tval;
	return false;
}

bool sbi_emulate_misaligned_store(struct trap_frame *frame, unsigned long tval)
{
	(void)frame, (void)tval;
	return false;
}
