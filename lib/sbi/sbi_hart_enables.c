/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which M-mode enable bits S-mode's extensions need (include/sbi_hart_enables.h):
 * - menvcfg: STCE (Sstc), CBIE = 01 and CBCFE (Zicbom: an invalidate executes
 *   as a flush, never discarding data S-mode does not own), CBZE (Zicboz),
 *   PBMTE (Svpbmt: hardware that honours it faults PBMT mappings without it),
 *   ADUE (Svadu when the DT has no Svade: the riscv,isa-extensions binding
 *   says hardware A/D updating is then what S-mode gets);
 * - mseccfg.SSEED (Zkr: S-mode may read `seed`; USEED stays 0, since S-mode
 *   has no way to take it back from U-mode);
 * - mstateen0 (Smstateen): every state S-mode's extensions use, or senvcfg,
 *   the AIA CSRs, scontext... trap. Bits the hart lacks read back 0.
 */
#include "hart.h"
#include "riscv_csr.h"
#include "sbi_hart_enables.h"

#define MENVCFG_CBIE_FLUSH (1UL << 4)

struct hart_enables hart_extension_enables(uint32_t features, uint32_t isa_features)
{
	struct hart_enables e = { 0, 0, 0 };

	if (features & HART_HAS_SSTC)
		e.menvcfg |= MENVCFG_STCE;
	if (features & HART_HAS_ZICBOM)
		e.menvcfg |= MENVCFG_CBIE_FLUSH | MENVCFG_CBCFE;
	if (features & HART_HAS_ZICBOZ)
		e.menvcfg |= MENVCFG_CBZE;
	if (isa_features & HART_HAS_SVPBMT)
		e.menvcfg |= MENVCFG_PBMTE;
	if ((isa_features & HART_HAS_SVADU) && !(isa_features & HART_HAS_SVADE))
		e.menvcfg |= MENVCFG_ADUE;
	if (isa_features & HART_HAS_ZKR)
		e.mseccfg_set = MSECCFG_SSEED;
	if (isa_features & HART_HAS_SMSTATEEN)
		e.mstateen0 = MSTATEEN0_SE0 | MSTATEEN0_ENVCFG | MSTATEEN0_CSRIND | MSTATEEN0_AIA |
			      MSTATEEN0_IMSIC | MSTATEEN0_CONTEXT | MSTATEEN0_JVT | MSTATEEN0_FCSR | MSTATEEN0_C;
	return e;
}
