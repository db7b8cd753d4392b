/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a redirected trap goes (lib/trap/trap_redirect_plan.c): S/HS-mode with
 * hstatus.SPV/SPVP/GVA and htval/htinst as the H extension defines them, or
 * VS-mode when hedeleg delegates the cause of a trap taken with V=1.
 */
#include "test.h"
#include "riscv_csr.h"
#include "trap_redirect.h"

TEST_MAIN_GLOBALS

#define STVEC  0x80201000UL
#define VSTVEC 0x80301000UL
#define EPC    0x80204444UL

static struct trap_origin o;
static struct trap_redirect r;

static unsigned long mpp(unsigned long mode)
{
	return mode << MSTATUS_MPP_SHIFT;
}

static void test_setup(void)
{
	memset(&o, 0, sizeof(o));
	memset(&r, 0xa5, sizeof(r));
	o.mepc = EPC;
	o.stvec = STVEC | 1;          /* vectored: exceptions still enter at the base */
	o.vstvec = VSTVEC | 1;
}

TEST(smode_trap_without_h)
{
	o.mstatus = mpp(PRV_S) | MSTATUS_SIE | MSTATUS_MXR;
	o.cause = CAUSE_ILLEGAL_INSTRUCTION;
	o.tval = 0x12345073;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.mepc, STVEC);
	CHECK_EQ(r.xcause, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK_EQ(r.xtval, 0x12345073);
	CHECK_EQ(r.xepc, EPC);
	/* SPP = S, SPIE = old SIE, SIE = 0, MPP = S; other bits (MXR) kept */
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_MXR);
}

TEST(umode_trap_interrupts_off)
{
	o.mstatus = mpp(PRV_U) | MSTATUS_SPP | MSTATUS_SPIE;
	o.cause = CAUSE_LOAD_ACCESS;
	o.tval = 0x2000000;
	trap_redirect_plan(&o, &r);
	CHECK_EQ(r.mstatus, mpp(PRV_S));          /* SPP = U, SPIE = SIE = 0 */
	CHECK_EQ(r.xtval, 0x2000000);
}

TEST(hs_trap_with_h_clears_spv_gva_htval)
{
	o.has_h = true;
	o.hstatus = HSTATUS_SPV | HSTATUS_GVA | HSTATUS_SPVP;
	o.hedeleg = ~0UL;                          /* irrelevant when V=0 */
	o.mstatus = mpp(PRV_S);
	o.cause = CAUSE_LOAD_ACCESS;
	o.tval = 0x1000;
	o.tval2 = 0x777;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.hstatus, HSTATUS_SPVP);         /* SPV = 0, GVA = 0, SPVP untouched with V=0 */
	CHECK_EQ(r.htval, 0);
	CHECK_EQ(r.mepc, STVEC);
}

TEST(vs_trap_to_hs_sets_spv_spvp_gva)
{
	o.has_h = true;
	o.mstatus = mpp(PRV_S) | MSTATUS_MPV | MSTATUS_SIE;
	o.cause = CAUSE_LOAD_ACCESS;
	o.tval = 0x80000010;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.hstatus, HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA);
	CHECK_EQ(r.mstatus & MSTATUS_MPV, 0);      /* the handler runs with V=0 */
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPP | MSTATUS_SPIE);
	CHECK_EQ(r.xtval, 0x80000010);
	CHECK_EQ(r.htval, 0);
	CHECK_EQ(r.mepc, STVEC);
}

TEST(vu_illegal_insn_to_hs_no_gva)
{
	o.has_h = true;
	o.hstatus = HSTATUS_SPVP | HSTATUS_GVA;
	o.mstatus = mpp(PRV_U) | MSTATUS_MPV;
	o.cause = CAUSE_ILLEGAL_INSTRUCTION;
	o.tval = 0xc0102573;
	trap_redirect_plan(&o, &r);
	CHECK_EQ(r.hstatus, HSTATUS_SPV);          /* SPVP = U, GVA = 0: tval is not an address */
	CHECK_EQ(r.mstatus, mpp(PRV_S));           /* SPP = VU's nominal U */
}

TEST(guest_page_fault_gets_htval)
{
	o.has_h = true;
	o.mstatus = mpp(PRV_S) | MSTATUS_MPV;
	o.cause = CAUSE_LOAD_GUEST_PAGE_FAULT;
	o.tval = 0x4001;
	o.tval2 = 0x80123000UL >> 2;
	o.tinst = 0x3000;
	o.hedeleg = ~0UL;                          /* guest-page faults are never VS's */
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.htval, 0x80123000UL >> 2);
	CHECK_EQ(r.htinst, 0x3000);
	CHECK_EQ(r.hstatus, HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA);
}

TEST(hedeleg_sends_vs_trap_to_vs)
{
	o.has_h = true;
	o.hedeleg = 1UL << CAUSE_ILLEGAL_INSTRUCTION;
	o.hstatus = 0x2000;                        /* unrelated bits stay */
	o.mstatus = mpp(PRV_S) | MSTATUS_MPV | MSTATUS_SIE | MSTATUS_SPP;
	o.vsstatus = MSTATUS_SIE | MSTATUS_MXR;
	o.cause = CAUSE_ILLEGAL_INSTRUCTION;
	o.tval = 0xdead;
	trap_redirect_plan(&o, &r);
	CHECK(r.to_vs);
	CHECK_EQ(r.mepc, VSTVEC);
	CHECK_EQ(r.xcause, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK_EQ(r.xtval, 0xdead);
	CHECK_EQ(r.xepc, EPC);
	CHECK_EQ(r.vsstatus, MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_MXR);
	/* Stays in VS-mode; HS-mode's own sstatus bits (SIE, SPP) are not touched. */
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_MPV | MSTATUS_SIE | MSTATUS_SPP);
}

TEST(hedeleg_from_vu_enters_vs)
{
	o.has_h = true;
	o.hedeleg = 1UL << CAUSE_LOAD_ACCESS;
	o.mstatus = mpp(PRV_U) | MSTATUS_MPV;
	o.vsstatus = MSTATUS_SPP;
	o.cause = CAUSE_LOAD_ACCESS;
	trap_redirect_plan(&o, &r);
	CHECK(r.to_vs);
	CHECK_EQ(r.vsstatus, 0);                  /* SPP = U */
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_MPV);
}

TEST(hedeleg_ignored_without_v)
{
	o.has_h = true;
	o.hedeleg = ~0UL;
	o.mstatus = mpp(PRV_U);
	o.cause = CAUSE_ILLEGAL_INSTRUCTION;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.mepc, STVEC);
}

TEST(hedeleg_never_delegates_virtual_instruction)
{
	o.has_h = true;
	o.hedeleg = ~0UL;
	o.mstatus = mpp(PRV_S) | MSTATUS_MPV;
	o.cause = CAUSE_VIRTUAL_INSTRUCTION;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.hstatus, HSTATUS_SPV | HSTATUS_SPVP);
	CHECK(!trap_cause_vs_delegable(CAUSE_SUPERVISOR_ECALL));
	CHECK(!trap_cause_vs_delegable(CAUSE_STORE_GUEST_PAGE_FAULT));
	CHECK(trap_cause_vs_delegable(CAUSE_STORE_ACCESS));
}

TEST(mpv_ignored_without_h)
{
	/* A hart without H has no MPV: a stray bit must not send anything to VS. */
	o.mstatus = mpp(PRV_S) | MSTATUS_MPV;
	o.hedeleg = ~0UL;
	o.cause = CAUSE_ILLEGAL_INSTRUCTION;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.mepc, STVEC);
}

/* ---- Zicfilp: the landing-pad state at the trap goes to the handler's xPELP ---- */

TEST(landing_pad_state_moves_to_spelp)
{
	o.mstatus = mpp(PRV_U) | MSTATUS_MPELP;
	o.cause = CAUSE_LOAD_ACCESS;
	trap_redirect_plan(&o, &r);
	/* SPELP = the ELP at the trap; MPELP = 0: the handler starts with none expected */
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPELP);
	o.mstatus = mpp(PRV_S) | MSTATUS_SPELP;        /* S-mode's own SPELP from before: replaced */
	trap_redirect_plan(&o, &r);
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPP);
}

TEST(landing_pad_state_to_vs_goes_to_vsstatus)
{
	o.has_h = true;
	o.hedeleg = 1UL << CAUSE_LOAD_ACCESS;
	o.mstatus = mpp(PRV_U) | MSTATUS_MPV | MSTATUS_MPELP | MSTATUS_SPELP;
	o.cause = CAUSE_LOAD_ACCESS;
	trap_redirect_plan(&o, &r);
	CHECK(r.to_vs);
	CHECK_EQ(r.vsstatus, MSTATUS_SPELP);
	/* HS-mode's SPELP untouched, MPELP cleared: VS-mode's handler expects no landing pad */
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_MPV | MSTATUS_SPELP);
}

/* ---- Ssdbltrp ---- */

TEST(double_trap_enabled_sets_sdt)
{
	o.mstatus = mpp(PRV_U) | MSTATUS_SIE;
	o.cause = CAUSE_STORE_ACCESS;
	o.s_dte = true;
	trap_redirect_plan(&o, &r);
	CHECK(!r.double_trap);
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPIE | MSTATUS_SDT);
	o.s_dte = false;                                   /* SDT is not S-mode's then */
	trap_redirect_plan(&o, &r);
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPIE);
}

TEST(sdt_set_is_a_double_trap)
{
	o.mstatus = mpp(PRV_S) | MSTATUS_SDT;
	o.cause = CAUSE_LOAD_ACCESS;
	o.s_dte = true;
	trap_redirect_plan(&o, &r);
	CHECK(r.double_trap);
	/* without DTE the bit means nothing (read-only 0 on hardware): redirected */
	o.s_dte = false;
	trap_redirect_plan(&o, &r);
	CHECK(!r.double_trap);
	CHECK_EQ(r.mepc, STVEC);
}

TEST(vs_double_trap_goes_to_hs_as_cause_16)
{
	o.has_h = true;
	o.hedeleg = 1UL << CAUSE_LOAD_ACCESS;
	o.mstatus = mpp(PRV_S) | MSTATUS_MPV | MSTATUS_MPELP;
	o.vsstatus = MSTATUS_SDT;
	o.cause = CAUSE_LOAD_ACCESS;
	o.tval = 0x1234;
	o.s_dte = o.vs_dte = true;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK(!r.double_trap);
	CHECK_EQ(r.xcause, CAUSE_DOUBLE_TRAP);
	CHECK_EQ(r.htval, CAUSE_LOAD_ACCESS);              /* the cause VS-mode would have seen */
	CHECK_EQ(r.xtval, 0x1234);
	CHECK_EQ(r.hstatus, HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA);
	CHECK_EQ(r.mstatus, mpp(PRV_S) | MSTATUS_SPP | MSTATUS_SPELP | MSTATUS_SDT);
	CHECK_EQ(r.vsstatus, MSTATUS_SDT);                 /* VS-mode's state untouched */
	/* without henvcfg.DTE, VS-mode takes it */
	o.vs_dte = false;
	trap_redirect_plan(&o, &r);
	CHECK(r.to_vs);
	/* and when HS-mode's own SDT is set too, it is HS-mode's double trap */
	o.vs_dte = true;
	o.mstatus |= MSTATUS_SDT;
	trap_redirect_plan(&o, &r);
	CHECK(r.double_trap);
}

TEST(hardware_double_trap_from_vs_to_hs)
{
	/* mcause 16 from V=1, mtval2 = the cause: never VS-mode's, htval = mtval2 */
	o.has_h = true;
	o.hedeleg = ~0UL;
	o.mstatus = mpp(PRV_U) | MSTATUS_MPV;
	o.cause = CAUSE_DOUBLE_TRAP;
	o.tval2 = CAUSE_ILLEGAL_INSTRUCTION;
	trap_redirect_plan(&o, &r);
	CHECK(!r.to_vs);
	CHECK_EQ(r.xcause, CAUSE_DOUBLE_TRAP);
	CHECK_EQ(r.htval, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK(!trap_cause_vs_delegable(CAUSE_DOUBLE_TRAP));
}

int main(void)
{
	RUN(smode_trap_without_h);
	RUN(umode_trap_interrupts_off);
	RUN(hs_trap_with_h_clears_spv_gva_htval);
	RUN(vs_trap_to_hs_sets_spv_spvp_gva);
	RUN(vu_illegal_insn_to_hs_no_gva);
	RUN(guest_page_fault_gets_htval);
	RUN(hedeleg_sends_vs_trap_to_vs);
	RUN(hedeleg_from_vu_enters_vs);
	RUN(hedeleg_ignored_without_v);
	RUN(hedeleg_never_delegates_virtual_instruction);
	RUN(mpv_ignored_without_h);
	RUN(landing_pad_state_moves_to_spelp);
	RUN(landing_pad_state_to_vs_goes_to_vsstatus);
	RUN(double_trap_enabled_sets_sdt);
	RUN(sdt_set_is_a_double_trap);
	RUN(vs_double_trap_goes_to_hs_as_cause_16);
	RUN(hardware_double_trap_from_vs_to_hs);
	return TEST_EXIT_CODE;
}
