/* SPDX-License-Identifier: BSD-2-Clause */
/* The M-mode enables chosen for the extensions a hart's DT advertises (lib/core/hart_enables.c). */
#include "test.h"
#include "hart.h"
#include "riscv_csr.h"
#include "hart_enables.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

TEST(nothing_claimed_nothing_enabled)
{
	struct hart_enables e = hart_extension_enables(HART_HAS_S | HART_HAS_MENVCFG, 0);

	CHECK_EQ(e.menvcfg, 0);
	CHECK_EQ(e.mseccfg_set, 0);
	CHECK_EQ(e.mstateen0, 0);
}

TEST(svpbmt_sets_pbmte)
{
	struct hart_enables e = hart_extension_enables(HART_HAS_MENVCFG, HART_HAS_SVPBMT);

	CHECK_EQ(e.menvcfg, MENVCFG_PBMTE);
}

TEST(zkr_sets_sseed_only)
{
	struct hart_enables e = hart_extension_enables(0, HART_HAS_ZKR);

	CHECK_EQ(e.mseccfg_set, MSECCFG_SSEED);      /* never USEED (bit 8) */
}

TEST(svadu_alone_sets_adue_not_with_svade)
{
	CHECK_EQ(hart_extension_enables(0, HART_HAS_SVADU).menvcfg, MENVCFG_ADUE);
	CHECK_EQ(hart_extension_enables(0, HART_HAS_SVADU | HART_HAS_SVADE).menvcfg, 0);
	CHECK_EQ(hart_extension_enables(0, HART_HAS_SVADE).menvcfg, 0);
}

TEST(confirmed_sstc_and_cbo)
{
	/* Sstc and Zicbo* count once probing confirmed them (features), not on the DT's word alone. */
	CHECK_EQ(hart_extension_enables(0, HART_HAS_SSTC | HART_HAS_ZICBOZ).menvcfg, 0);
	CHECK_EQ(hart_extension_enables(HART_HAS_SSTC | HART_HAS_ZICBOM | HART_HAS_ZICBOZ, 0).menvcfg,
		 MENVCFG_STCE | (1UL << 4) | MENVCFG_CBCFE | MENVCFG_CBZE);
}

TEST(smstateen_opens_every_standard_state_but_custom)
{
	struct hart_enables e = hart_extension_enables(0, HART_HAS_SMSTATEEN);

	CHECK(e.mstateen0 & MSTATEEN0_SE0);
	CHECK(e.mstateen0 & MSTATEEN0_ENVCFG);
	CHECK(e.mstateen0 & MSTATEEN0_AIA);
	CHECK(e.mstateen0 & MSTATEEN0_IMSIC);
	CHECK(e.mstateen0 & MSTATEEN0_CSRIND);
	CHECK(e.mstateen0 & MSTATEEN0_CONTEXT);
	CHECK(e.mstateen0 & MSTATEEN0_P1P13);
	CHECK(e.mstateen0 & MSTATEEN0_CTR);
	CHECK(e.mstateen0 & MSTATEEN0_SRMCFG);
	CHECK(e.mstateen0 & MSTATEEN0_JVT);
	CHECK(e.mstateen0 & MSTATEEN0_FCSR);
	/* custom state (C) may be M-mode's own: never handed down */
	CHECK_EQ(e.mstateen0 & MSTATEEN0_C, 0);
	/* only the defined bits: 0-2, 54-60, 62-63 */
	CHECK_EQ(e.mstateen0 & ~(0x7UL | (0x7fUL << 54) | (3UL << 62)), 0);
	CHECK_EQ(e.mstateen123, MSTATEEN_SE);
	CHECK_EQ(hart_extension_enables(0, 0).mstateen123, 0);
}

TEST(smcdeleg_sets_cde)
{
	CHECK_EQ(hart_extension_enables(0, HART_HAS_SMCDELEG).menvcfg, MENVCFG_CDE);
	CHECK_EQ(hart_extension_enables(0, HART_HAS_SSCCFG | HART_HAS_SSCSRIND).menvcfg, 0);
}

int main(void)
{
	RUN(nothing_claimed_nothing_enabled);
	RUN(svpbmt_sets_pbmte);
	RUN(zkr_sets_sseed_only);
	RUN(svadu_alone_sets_adue_not_with_svade);
	RUN(confirmed_sstc_and_cbo);
	RUN(smstateen_opens_every_standard_state_but_custom);
	RUN(smcdeleg_sets_cde);
	return TEST_EXIT_CODE;
}
