/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Who may read a counter CSR (include/counter_access.h). Privileged spec:
 * - mcounteren: bit clear -> reading the counter in S-mode or U-mode raises
 *   illegal-instruction; bit set -> allowed in the next mode down (S-mode, or
 *   U-mode on a hart without S-mode);
 * - scounteren: bit clear -> reading it in U-mode raises illegal-instruction;
 * - hcounteren (H extension): with the mcounteren bit set, a clear bit makes
 *   a read with V=1 raise virtual-instruction; in VU-mode the counter needs
 *   the bit in both hcounteren and scounteren, else virtual-instruction.
 */
#include "riscv_csr.h"
#include "counter_access.h"

#define INSN_OPCODE_SYSTEM 0x73
#define FUNCT3_CSRRS  2
#define FUNCT3_CSRRC  3
#define FUNCT3_CSRRSI 6
#define FUNCT3_CSRRCI 7

enum counter_access counter_access_check(unsigned int n, unsigned int mode, bool virt,
					 const struct counter_enables *en)
{
	uint32_t bit = 1u << (n & 31);

	if (n > 31)
		return COUNTER_ACCESS_ILLEGAL;
	if (!(en->mcounteren & bit))
		return COUNTER_ACCESS_ILLEGAL;
	if (virt) {
		if (!(en->hcounteren & bit))
			return COUNTER_ACCESS_VIRTUAL;
		if (mode == PRV_U && !(en->scounteren & bit))
			return COUNTER_ACCESS_VIRTUAL;
		return COUNTER_ACCESS_ALLOWED;
	}
	if (mode == PRV_U && en->has_s && !(en->scounteren & bit))
		return COUNTER_ACCESS_ILLEGAL;
	return COUNTER_ACCESS_ALLOWED;
}

bool csr_read_insn_decode(uint32_t insn, unsigned int *csr, unsigned int *rd)
{
	unsigned int funct3 = (insn >> 12) & 7, rs1 = (insn >> 15) & 31;

	if ((insn & 0x7f) != INSN_OPCODE_SYSTEM)
		return false;
	if (funct3 != FUNCT3_CSRRS && funct3 != FUNCT3_CSRRC && funct3 != FUNCT3_CSRRSI && funct3 != FUNCT3_CSRRCI)
		return false;
	if (rs1 != 0)            /* x0 / uimm 0: no write */
		return false;
	*csr = insn >> 20;
	*rd = (insn >> 7) & 31;
	return true;
}
