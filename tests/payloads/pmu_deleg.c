/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter delegation (Smcdeleg/Ssccfg through Sscsrind; QEMU 11.1,
 * `-icount shift=0 -smp 1` for the exact counts).
 *
 * With `-append deleg=0` (-cpu max): delegation is withheld, because on
 * QEMU 11.1 a write of cyclecfg/instretcfg through sireg2 clears the real
 * MINH (the firmware finds it at boot and says so): scountinhibit and the
 * sireg views trap, the SBI PMU counts as ever.
 *
 * Otherwise (-cpu max,smcntrpmf=false: no cyclecfg view to lose MINH) the
 * firmware sets menvcfg.CDE, so every counter it lets S-mode read (mcounteren: cycle,
 * instret, hpmcounter3..18) is delegated: S-mode reads and writes its value
 * (sireg), its event selector or cycle/instret configuration (sireg2) at
 * siselect 0x40 + i, and its inhibit bit in scountinhibit - with no SBI call.
 * Checked, as the Smcdeleg chapter says:
 * - siselect 0x41 (time), a counter the hart lacks (0x53: hpmcounter19),
 *   sireg3/sireg6, sireg4/sireg5 (RV64): illegal instructions; scountinhibit
 *   bits of time and of absent counters read 0.
 * - MINH (bit 62) reads 0 through sireg2 and a write of 1 is not seen; the
 *   real mhpmevent/mcyclecfg/minstretcfg bit is the firmware's, and stays
 *   set: a counter S-mode programs wholly by itself counts the same around
 *   a DBCN write of 1 byte and of 200 (the firmware's work is never
 *   counted), while counting S-mode's own instructions exactly.
 * - Sharing with the SBI PMU (docs/pmu.md, "Counter delegation"): a counter
 *   configured by config_matching shows its selector and filter bits in
 *   sireg2 (MINH hidden); a value S-mode writes through sireg is where a
 *   counter_start without SET_INIT_VALUE resumes; counter_stop's inhibit
 *   shows in scountinhibit; a RESET leaves no event selected.
 */
#include "pmu_util.h"

#define CSR_SISELECT      0x150
#define CSR_SIREG         0x151
#define CSR_SIREG2        0x152
#define CSR_SCOUNTINHIBIT 0x120
#define SISELECT_COUNTER(i) (0x40UL + (i))
#define EVT_INSTRUCTIONS  2UL        /* QEMU's selector for SBI_PMU_HW_INSTRUCTIONS */
#define EVT_MINH          (1UL << 62)
#define EVT_SINH          (1UL << 61)
#define HPM_DELEG         3          /* the counter this test programs by itself */

static unsigned long console_long[32];

/* csr access that may trap (illegal): true when it did not. */
#define CSR_TRY_READ(csr) ({ unsigned long __v = 0; trap_catch_begin(); \
	__asm__ volatile(".option push\n.option norvc\ncsrr %0, " #csr "\n.option pop" : "+r"(__v) : : "memory"); \
	trap_catch_end() == 0; })

static unsigned long sireg_read(unsigned long sel)
{
	csr_write(CSR_SISELECT, sel);
	return csr_read(CSR_SIREG);
}

static unsigned long sireg2_read(unsigned long sel)
{
	csr_write(CSR_SISELECT, sel);
	return csr_read(CSR_SIREG2);
}

static void dbcn_write(unsigned long len)
{
	CHECK_EQ(sbi_debug_console_write(len, (unsigned long)console_long, 0).value, len);
}

static void check_access_rules(void)
{
	unsigned long inh;

	CHECK(CSR_TRY_READ(0x120));                        /* scountinhibit: CDE is set */
	csr_write(CSR_SISELECT, SISELECT_COUNTER(HPM_DELEG));
	CHECK(CSR_TRY_READ(0x151));
	CHECK(CSR_TRY_READ(0x152));
	CHECK(!CSR_TRY_READ(0x153));                       /* sireg3 */
	CHECK(!CSR_TRY_READ(0x157));                       /* sireg6 */
	CHECK(!CSR_TRY_READ(0x155));                       /* sireg4: RV64 */
	CHECK(!CSR_TRY_READ(0x156));                       /* sireg5 */
	csr_write(CSR_SISELECT, SISELECT_COUNTER(COUNTER_TIME));
	CHECK(!CSR_TRY_READ(0x151));                       /* time is not a counter to manage */
	CHECK_EQ(trap_catch.last_cause, SCAUSE_ILLEGAL_INSN);
	csr_write(CSR_SISELECT, SISELECT_COUNTER(QEMU_HPM_LAST + 1));
	CHECK(!CSR_TRY_READ(0x151));                       /* no hpmcounter19 on QEMU */
	csr_write(CSR_SISELECT, SISELECT_COUNTER(COUNTER_CYCLE));
	CHECK(CSR_TRY_READ(0x151));
	csr_write(CSR_SISELECT, SISELECT_COUNTER(COUNTER_INSTRET));
	CHECK(CSR_TRY_READ(0x151));
	/* scountinhibit: time and absent counters read 0 */
	csr_write(CSR_SCOUNTINHIBIT, ~0UL);
	inh = csr_read(CSR_SCOUNTINHIBIT);
	CHECK_EQ(inh & ~(QEMU_HPM_MASK | 5UL), 0);
	CHECK_EQ(inh & QEMU_HPM_MASK, QEMU_HPM_MASK);
	csr_clear(CSR_SCOUNTINHIBIT, 5UL);                 /* cycle and instret count again */
	printf("PMU-DELEG access rules checked (scountinhibit 0x%lx)\n", inh);
}

/* Programmed wholly through sireg/sireg2/scountinhibit: count around the work. */
static unsigned long count_by_hand(unsigned long idx, unsigned long len)
{
	unsigned long value;

	csr_set(CSR_SCOUNTINHIBIT, 1UL << idx);
	csr_write(CSR_SISELECT, SISELECT_COUNTER(idx));
	csr_write(CSR_SIREG, 0);
	csr_clear(CSR_SCOUNTINHIBIT, 1UL << idx);
	dbcn_write(len);
	csr_set(CSR_SCOUNTINHIBIT, 1UL << idx);
	value = csr_read(CSR_SIREG);
	return value;
}

static void check_minh(unsigned long idx, unsigned long cfg, const char *name)
{
	unsigned long small, big;

	csr_write(CSR_SISELECT, SISELECT_COUNTER(idx));
	csr_write(CSR_SIREG2, cfg | EVT_MINH);             /* S-mode asks to count M-mode too... */
	CHECK_EQ(csr_read(CSR_SIREG2) & EVT_MINH, 0);      /* ...MINH reads 0 through sireg2 */
	CHECK_EQ(csr_read(CSR_SIREG2) & ~EVT_MINH & ~(1UL << 63), cfg);
	small = count_by_hand(idx, 1);
	big = count_by_hand(idx, 32);
	if (!CHECK_EQ(big, small))
		printf("%s: a delegated counter counted M-mode: %lu around a 1-byte write, %lu around 32\n",
		       name, small, big);
	CHECK(small > 0);                                  /* S-mode's own instructions count */
	printf("PMU-DELEG %s programmed by S-mode: %lu around a 1-byte DBCN write, %lu around a 32-byte one\n",
	       name, small, big);
}

static void check_sbi_sharing(void)
{
	struct sbiret r;
	unsigned long idx, sel;

	r = sbi_pmu_counter_config_matching(0, QEMU_HPM_MASK, SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					     SBI_PMU_CFG_FLAG_SET_SINH, EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	if (!CHECK_EQ(r.error, SBI_SUCCESS))
		return;
	idx = r.value;
	sel = sireg2_read(SISELECT_COUNTER(idx));
	CHECK_EQ(sel, EVT_INSTRUCTIONS | EVT_SINH);        /* the selector and SINH; MINH hidden */
	CHECK(csr_read(CSR_SCOUNTINHIBIT) & (1UL << idx)); /* configured, not started */
	/* a value written through sireg: counter_start resumes from it */
	csr_write(CSR_SISELECT, SISELECT_COUNTER(idx));
	csr_write(CSR_SIREG, 1000000);
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(csr_read(CSR_SCOUNTINHIBIT) & (1UL << idx), 0);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, 0).error, SBI_SUCCESS);
	CHECK(csr_read(CSR_SCOUNTINHIBIT) & (1UL << idx));
	/* SINH: S-mode's instructions were not counted, and no other mode ran */
	CHECK_EQ(sireg_read(SISELECT_COUNTER(idx)), 1000000);
	CHECK_EQ(read_hw_counter(idx), 1000000);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sireg2_read(SISELECT_COUNTER(idx)), 0);   /* no event (MINH stays, hidden) */
	printf("PMU-DELEG shared with the SBI PMU: counter %lu\n", idx);
}

/* Delegation withheld: no counter state through sireg, no scountinhibit; the SBI PMU as ever. */
static void check_withheld(void)
{
	struct sbiret r;

	csr_write(CSR_SISELECT, SISELECT_COUNTER(HPM_DELEG));
	CHECK(!CSR_TRY_READ(0x151));
	CHECK_EQ(trap_catch.last_cause, SCAUSE_ILLEGAL_INSN);
	CHECK(!CSR_TRY_READ(0x152));
	r = sbi_pmu_counter_config_matching(0, QEMU_HPM_MASK, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
					     EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	if (!CHECK_EQ(r.error, SBI_SUCCESS))
		return;
	CHECK_EQ(sbi_pmu_counter_stop(r.value, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	CHECK(read_hw_counter(r.value) > 0);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool expected = dt_bootarg("deleg", 1), granted;

	(void)hartid, (void)dtb;
	test_start("pmu_deleg");
	trap_catch_install(NULL);
	for (unsigned int i = 0; i < ARRAY_SIZE(console_long); i++)
		console_long[i] = 0x2e2e2e2e2e2e2e2eUL;
	((char *)console_long)[31] = '\n';
	if (!CHECK(dt_isa_has("smcdeleg") && dt_isa_has("sscsrind"))) {
		printf("PMU-DELEG: the hart has no Smcdeleg/Sscsrind (QEMU 11.1 -cpu max has them)\n");
		return;
	}
	if (!CHECK(pmu_probe_icount()))
		return;
	granted = CSR_TRY_READ(0x120);                   /* scountinhibit: menvcfg.CDE */
	CHECK_EQ(granted, expected);
	printf("PMU-DELEG %s\n", granted ? "granted" : "withheld");
	if (!granted) {
		check_withheld();
		return;
	}
	check_access_rules();
	if (dt_isa_has("sscofpmf"))
		check_minh(HPM_DELEG, EVT_INSTRUCTIONS, "hpmcounter3");
	if (dt_isa_has("smcntrpmf")) {
		check_minh(COUNTER_INSTRET, 0, "instret");
		check_minh(COUNTER_CYCLE, 0, "cycle");
		/* back as boot left them: counting (never M-mode) */
		csr_clear(CSR_SCOUNTINHIBIT, 5UL);
	} else {
		/* no cyclecfg/instretcfg without Smcntrpmf: only the counters' values */
		csr_write(CSR_SISELECT, SISELECT_COUNTER(COUNTER_CYCLE));
		CHECK(!CSR_TRY_READ(0x152));
		CHECK(CSR_TRY_READ(0x151));
	}
	check_sbi_sharing();
}
