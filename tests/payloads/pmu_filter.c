/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Privilege-mode filtering, measured (QEMU 11.1, `-icount shift=0 -smp 1`:
 * counters count guest instructions exactly). Sscofpmf on the programmable
 * counters (mhpmevent's inhibit bits), Smcntrpmf on cycle/instret
 * (mcyclecfg/minstretcfg), each for cycles and instructions:
 *
 * - M-mode is never counted: S-mode counts around an SBI call that does
 *   much M-mode work (a DBCN console write of 1 byte, then of 200: the time
 *   CSR shows the firmware ran thousands of instructions more), and the
 *   count is the same, to the instruction - with no filter flag at all
 *   (SET_MINH absent: the firmware sets MINH anyway) and with SET_MINH.
 * - Each inhibit flag is honoured, exactly: for each mode X of S, U, VS,
 *   VU, a loop of n iterations (2n instructions) runs in X. Counting only X
 *   (every other SET_xINH given), the count grows by exactly 2 per added
 *   iteration; with X's own SET_xINH it does not grow at all.
 * Everything the mode switches cost is the same for every n, so the
 * differences are exact.
 */
#include "lower_mode.h"
#include "pmu_util.h"

#define F_VUINH SBI_PMU_CFG_FLAG_SET_VUINH
#define F_VSINH SBI_PMU_CFG_FLAG_SET_VSINH
#define F_UINH  SBI_PMU_CFG_FLAG_SET_UINH
#define F_SINH  SBI_PMU_CFG_FLAG_SET_SINH
#define F_MINH  SBI_PMU_CFG_FLAG_SET_MINH
#define F_ALL_INH (F_VUINH | F_VSINH | F_UINH | F_SINH | F_MINH)

enum mode { MODE_S, MODE_U, MODE_VS, MODE_VU, MODE_COUNT };
static const char *const mode_names[MODE_COUNT] = { "S", "U", "VS", "VU" };
static const unsigned long mode_inh[MODE_COUNT] = { F_SINH, F_UINH, F_VSINH, F_VUINH };

static unsigned long console_long[32];   /* what the M-mode work prints */

/* n iterations of a two-instruction loop; the mode it runs in is the caller's. */
static unsigned long filter_loop(unsigned long n)
{
	__asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(n) : : "memory");
	return n;
}

static void run_in(enum mode m, unsigned long n)
{
	static const enum lower_mode lower[MODE_COUNT] = { 0, LOWER_MODE_U, LOWER_MODE_VS, LOWER_MODE_VU };

	if (m == MODE_S)
		filter_loop(n);
	else
		lower_mode_call(lower[m], filter_loop, n);
}

/*
 * One measurement on counter set `mask` (a single counter: programmable
 * ones, or cycle/instret alone): configure event with flags, start at 0,
 * run, stop, read. -1 when the firmware refused.
 */
struct counting {
	unsigned long mask;
	unsigned long event;
	const char *name;
};

static long measure(const struct counting *c, unsigned long flags, void (*work)(unsigned long), unsigned long arg)
{
	struct sbiret r = sbi_pmu_counter_config_matching(0, c->mask, SBI_PMU_CFG_FLAG_CLEAR_VALUE | flags,
							  c->event, 0);
	unsigned long idx, value;

	if (!CHECK_EQ(r.error, SBI_SUCCESS))
		return -1;
	idx = r.value;
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	work(arg);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, 0).error, SBI_SUCCESS);
	value = read_hw_counter(idx);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	return (long)value;
}

static void dbcn_write(unsigned long len)
{
	CHECK_EQ(sbi_debug_console_write(len, (unsigned long)console_long, 0).value, len);
}

static void check_mmode_never_counted(const struct counting *c)
{
	static const unsigned long flag_sets[] = { 0, F_MINH };
	unsigned long t0, t1, t2;

	/* The M-mode work: 199 more bytes printed, seen on the time CSR. */
	t0 = rdtime();
	dbcn_write(1);
	t1 = rdtime();
	dbcn_write(200);
	t2 = rdtime();
	for (unsigned int i = 0; i < ARRAY_SIZE(flag_sets); i++) {
		long small = measure(c, flag_sets[i], dbcn_write, 1);
		long big = measure(c, flag_sets[i], dbcn_write, 200);

		if (!CHECK_EQ(big, small))
			printf("%s: M-mode counted: %ld around a 1-byte write, %ld around a 200-byte one\n",
			       c->name, small, big);
		printf("PMU-FILTER %s flags 0x%lx: %ld around a 1-byte DBCN write, %ld around a 200-byte one "
		       "(time: %lu and %lu ticks)\n", c->name, flag_sets[i], small, big, t1 - t0, t2 - t1);
	}
	CHECK(t2 - t1 > 10 * (t1 - t0 + 1) / 2);   /* the long call did much more M-mode work */
}

static enum mode current_mode;
static void work_in_mode(unsigned long n)
{
	run_in(current_mode, n);
}

static void check_inhibit_flags(const struct counting *c, bool has_h)
{
	const unsigned long n1 = 100, n2 = 1100;

	for (enum mode m = MODE_S; m < MODE_COUNT; m++) {
		long only1, only2, inh1, inh2;

		if ((m == MODE_VS || m == MODE_VU) && !has_h)
			continue;
		current_mode = m;
		/* Only mode m counts (every other mode inhibited, M too). */
		only1 = measure(c, F_ALL_INH & ~mode_inh[m], work_in_mode, n1);
		only2 = measure(c, F_ALL_INH & ~mode_inh[m], work_in_mode, n2);
		/* Mode m inhibited, the others count. */
		inh1 = measure(c, mode_inh[m], work_in_mode, n1);
		inh2 = measure(c, mode_inh[m], work_in_mode, n2);
		if (!CHECK_EQ(only2 - only1, 2 * (long)(n2 - n1)) | !CHECK_EQ(inh2, inh1))
			printf("%s in %s-mode: only %s: %ld, %ld; %s inhibited: %ld, %ld\n", c->name,
			       mode_names[m], mode_names[m], only1, only2, mode_names[m], inh1, inh2);
		printf("PMU-FILTER %s %s-mode: counted alone %ld -> %ld (+%ld for %lu more instructions), "
		       "inhibited %ld -> %ld\n", c->name, mode_names[m], only1, only2, only2 - only1,
		       2 * (n2 - n1), inh1, inh2);
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool has_h = dt_isa_has_letter('h');
	struct counting programmable[] = {
		{ QEMU_HPM_MASK, EV_HW(SBI_PMU_HW_INSTRUCTIONS), "hpm instructions" },
		{ QEMU_HPM_MASK, EV_HW(SBI_PMU_HW_CPU_CYCLES), "hpm cycles" },
	};
	struct counting fixed[] = {
		{ 1UL << COUNTER_INSTRET, EV_HW(SBI_PMU_HW_INSTRUCTIONS), "instret" },
		{ 1UL << COUNTER_CYCLE, EV_HW(SBI_PMU_HW_CPU_CYCLES), "cycle" },
	};

	(void)hartid, (void)dtb;
	test_start("pmu_filter");
	/* dots, and a newline ending the 200-byte write */
	for (unsigned int i = 0; i < ARRAY_SIZE(console_long); i++)
		console_long[i] = 0x2e2e2e2e2e2e2e2eUL;
	((char *)console_long)[199] = '\n';
	if (!CHECK(pmu_probe_icount()))
		test_fail();
	printf("PMU-FILTER sscofpmf %s, smcntrpmf %s\n", dt_isa_has("sscofpmf") ? "yes" : "no",
	       dt_isa_has("smcntrpmf") ? "yes" : "no");
	if (dt_isa_has("sscofpmf")) {
		for (unsigned int i = 0; i < ARRAY_SIZE(programmable); i++) {
			check_mmode_never_counted(&programmable[i]);
			check_inhibit_flags(&programmable[i], has_h);
		}
	}
	if (dt_isa_has("smcntrpmf")) {
		for (unsigned int i = 0; i < ARRAY_SIZE(fixed); i++) {
			check_mmode_never_counted(&fixed[i]);
			check_inhibit_flags(&fixed[i], has_h);
		}
	}
}
