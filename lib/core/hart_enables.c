/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which M-mode enable bits S-mode's extensions need (include/hart_enables.h):
 * - menvcfg: STCE (Sstc), CBIE = 01 and CBCFE (Zicbom: an invalidate executes
 *   as a flush, never discarding data S-mode does not own), CBZE (Zicboz),
 *   PBMTE (Svpbmt: hardware that honours it faults PBMT mappings without it),
 *   ADUE (Svadu when the DT has no Svade: the riscv,isa-extensions binding
 *   says hardware A/D updating is then what S-mode gets); CDE (Smcdeleg:
 *   counters in mcounteren are delegated to S-mode, docs/pmu.md);
 * - mseccfg.SSEED (Zkr: S-mode may read `seed`; USEED stays 0, since S-mode
 *   has no way to take it back from U-mode);
 * - mstateen0 (Smstateen): the state of every standard extension S-mode may
 *   have, or senvcfg, the AIA and IMSIC CSRs, siselect/sireg (Sscsrind,
 *   counter delegation), scontext, the CTR, srmcfg, hedelegh, jvt and (Zfinx)
 *   fcsr trap in S-mode, and HS-mode cannot give them to VS-mode. All of it is
 *   S-level state the firmware never uses nor swaps. Not C: custom state the
 *   firmware cannot know (it could be M-mode's own). Bits the hart lacks read
 *   back 0 (firmware/hart_init.c keeps what sticks). SE0 (bit 63) gives
 *   HS-mode hstateen0 and S-mode sstateen0, and mstateen1..3's SE their
 *   sstateen/hstateen1..3 (all-reserved today). The sstateen and hstateen
 *   CSRs themselves start at 0, as the Smstateen chapter asks
 *   (hart_reset_stateen()).
 */
#include "hart.h"
#include "riscv_csr.h"
#include "hart_enables.h"

#define MENVCFG_CBIE_FLUSH (1UL << 4)

struct hart_enables hart_extension_enables(uint32_t features, uint32_t isa_features)
{
	struct hart_enables e = { 0, 0, 0, 0 };

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
	if (isa_features & HART_HAS_SMCDELEG)
		e.menvcfg |= MENVCFG_CDE;
	if (isa_features & HART_HAS_ZKR)
		e.mseccfg_set = MSECCFG_SSEED;
	if (isa_features & HART_HAS_SMSTATEEN) {
		e.mstateen0 = MSTATEEN0_SE0 | MSTATEEN0_ENVCFG | MSTATEEN0_CSRIND | MSTATEEN0_AIA |
			      MSTATEEN0_IMSIC | MSTATEEN0_CONTEXT | MSTATEEN0_P1P13 | MSTATEEN0_SRMCFG |
			      MSTATEEN0_CTR | MSTATEEN0_JVT | MSTATEEN0_FCSR;
		e.mstateen123 = MSTATEEN_SE;
	}
	return e;
}
