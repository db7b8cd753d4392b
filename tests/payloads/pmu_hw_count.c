/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, exact hardware counts. Run under `-icount shift=0 -smp 1`
 * (tests/qemu-tests.txt): QEMU then counts guest instructions exactly, and
 * cycles equal instructions. The measured code is inline assembly whose
 * instructions are counted by hand:
 *
 *   csrr a, <counter>        the counter's value before this instruction
 *   1: addi n, n, -1         \  n times
 *      bnez n, 1b            /
 *   csrr b, <counter>
 *
 * gives b - a = 2n + 1 (the first csrr retires before the second reads).
 * The same numbers must come out of instret, of an hpmcounter configured for
 * SBI_PMU_HW_INSTRUCTIONS, and of mcycle/an hpmcounter configured for
 * SBI_PMU_HW_CPU_CYCLES. A counter started and stopped around a loop counts
 * the loop plus a constant number of firmware and glue instructions: the
 * constant must be the same for every loop length.
 */
#include "pmu_util.h"

DEFINE_PMU_PAGE(snapshot_page);

/* 2n + 1 instructions between two reads of CSR `csr` (a number). */
#define MEASURE_LOOP(csr, n) ({						\
	unsigned long __a, __b, __iters = (n);				\
	__asm__ volatile("csrr %0, " #csr "\n\t"			\
			 "1: addi %2, %2, -1\n\t"			\
			 "bnez %2, 1b\n\t"				\
			 "csrr %1, " #csr					\
			 : "=&r"(__a), "=&r"(__b), "+r"(__iters) : : "memory");	\
	__b - __a;							\
})

static const unsigned long loop_lengths[] = { 1, 10, 1000, 100000 };
#define NUM_LENGTHS (sizeof(loop_lengths) / sizeof(loop_lengths[0]))

/* Measures with CSR 0xc00 + idx (idx a literal, for the csrr immediate). */
#define CHECK_LOOP_COUNTS(idx, what)						\
	for (unsigned int __i = 0; __i < NUM_LENGTHS; __i++) {			\
		unsigned long __n = loop_lengths[__i];				\
		unsigned long __d = MEASURE_LOOP(0xc00 + idx, __n);		\
		if (!CHECK_EQ(__d, 2 * __n + 1))				\
			printf("  %s: a loop of %lu counted %lu\n", what, __n, __d);	\
	}

static void check_free_running(void)
{
	unsigned long a, b;

	pmu_reset_all();
	/* Two reads in a row: one instruction apart. */
	__asm__ volatile("rdinstret %0\n\trdinstret %1" : "=&r"(a), "=r"(b));
	CHECK_EQ(b - a, 1);
	__asm__ volatile("rdcycle %0\n\trdcycle %1" : "=&r"(a), "=r"(b));
	CHECK_EQ(b - a, 1);
	CHECK_LOOP_COUNTS(2, "instret");
	CHECK_LOOP_COUNTS(0, "cycle");
}

static void config_at(unsigned long idx, unsigned long flags, unsigned long event_idx)
{
	struct sbiret ret = sbi_pmu_counter_config_matching(idx, 1, flags, event_idx, 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, idx);
}

static void start_at_zero(unsigned long idx)
{
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
}

static void check_configured_counters(void)
{
	/*
	 * QEMU 7.2 counts an event in one programmable counter only (its event
	 * map keeps the first counter programmed for it): one at a time.
	 */
	pmu_reset_all();
	config_at(18, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS));
	start_at_zero(18);
	CHECK_LOOP_COUNTS(18, "hpmcounter18 (instructions)");

	pmu_reset_all();
	config_at(3, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS));
	config_at(4, 0, EV_HW(SBI_PMU_HW_CPU_CYCLES));
	CHECK_EQ(sbi_pmu_counter_config_matching(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH,
						 EV_HW(SBI_PMU_HW_CPU_CYCLES), 0).value, COUNTER_CYCLE);
	CHECK_EQ(sbi_pmu_counter_config_matching(0, 4, SBI_PMU_CFG_FLAG_SKIP_MATCH,
						 EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0).value, COUNTER_INSTRET);
	start_at_zero(3);
	start_at_zero(4);
	start_at_zero(COUNTER_CYCLE);
	start_at_zero(COUNTER_INSTRET);
	CHECK_LOOP_COUNTS(3, "hpmcounter3 (instructions)");
	CHECK_LOOP_COUNTS(4, "hpmcounter4 (cycles)");
	CHECK_LOOP_COUNTS(0, "cycle (configured)");
	CHECK_LOOP_COUNTS(2, "instret (configured)");
	pmu_reset_all();
}

/*
 * start(SET_INIT_VALUE 0); spin(n); stop(TAKE_SNAPSHOT): the snapshot holds
 * 2n + overhead, where overhead is the firmware's and the glue's instructions
 * between the counter write in start and the inhibit in stop.
 */
static unsigned long count_around_spin(unsigned long idx, unsigned long n)
{
	volatile uint64_t *page = snapshot_page;

	page[1] = 0;
	CHECK_EQ(sbi_pmu_counter_start(idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	spin(n);
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	return page[1];
}

/* Instructions from the write in start to the inhibit in stop, spin excluded. */
#define MAX_START_STOP_OVERHEAD 400

static void check_start_stop_overhead(void)
{
	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)snapshot_page, 0, 0).error, SBI_SUCCESS);
	config_at(5, 0, EV_HW(SBI_PMU_HW_INSTRUCTIONS));
	config_at(COUNTER_INSTRET, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_HW(SBI_PMU_HW_INSTRUCTIONS));

	const unsigned long counters[] = { 5, COUNTER_INSTRET };
	for (unsigned int c = 0; c < 2; c++) {
		unsigned long idx = counters[c];
		unsigned long overhead = count_around_spin(idx, 1) - 2;

		printf("counter %lu: start..stop overhead %lu instructions\n", idx, overhead);
		CHECK(overhead > 0 && overhead <= MAX_START_STOP_OVERHEAD);
		for (unsigned int i = 0; i < NUM_LENGTHS; i++) {
			unsigned long n = loop_lengths[i];
			unsigned long got = count_around_spin(idx, n);

			if (!CHECK_EQ(got, 2 * n + overhead))
				printf("  counter %lu around a loop of %lu: %lu\n", idx, n, got);
		}
	}
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	pmu_reset_all();
}

/*
 * Table 8 filter flags 3..7 are hints. Without Sscofpmf the hardware has no
 * filter bits, so the counter must count as if none were given (a firmware
 * that put them into mhpmevent anyway would make QEMU count nothing). With
 * Sscofpmf, S-mode code is still counted under MINH/UINH/VSINH/VUINH, and
 * under SINH it is either not counted (filter honoured) or counted in full
 * (QEMU 7.2 does not implement the filters).
 */
static void check_filter_flags(bool sscofpmf)
{
	static const unsigned long flags_counting_smode[] = {
		SBI_PMU_CFG_FLAG_SET_MINH, SBI_PMU_CFG_FLAG_SET_UINH, SBI_PMU_CFG_FLAG_SET_VSINH,
		SBI_PMU_CFG_FLAG_SET_VUINH,
		SBI_PMU_CFG_FLAG_SET_MINH | SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_SET_VSINH |
			SBI_PMU_CFG_FLAG_SET_VUINH,
	};
	unsigned long n = 1000, d;

	for (unsigned int i = 0; i < sizeof(flags_counting_smode) / sizeof(flags_counting_smode[0]); i++) {
		pmu_reset_all();
		config_at(6, flags_counting_smode[i], EV_HW(SBI_PMU_HW_INSTRUCTIONS));
		start_at_zero(6);
		d = MEASURE_LOOP(0xc06, n);
		if (!CHECK_EQ(d, 2 * n + 1))
			printf("  flags 0x%lx: S-mode loop of %lu counted %lu\n", flags_counting_smode[i], n, d);
	}

	pmu_reset_all();
	config_at(6, SBI_PMU_CFG_FLAG_SET_SINH, EV_HW(SBI_PMU_HW_INSTRUCTIONS));
	start_at_zero(6);
	d = MEASURE_LOOP(0xc06, n);
	if (!sscofpmf) {
		CHECK_EQ(d, 2 * n + 1);
	} else {
		CHECK(d == 0 || d == 2 * n + 1);
		printf("PMU-SINH-%s: S-mode loop of %lu counted %lu\n", d ? "ignored" : "honoured", n, d);
	}
	pmu_reset_all();
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool sscofpmf;

	(void)hartid, (void)dtb;
	test_start("pmu_hw_count");
	trap_catch_install(NULL);
	sscofpmf = pmu_probe_sscofpmf();
	pmu_reset_all();
	if (!CHECK(pmu_probe_icount())) {
		printf("  this test needs QEMU's -icount shift=0\n");
		return;
	}
	check_free_running();
	check_configured_counters();
	check_start_stop_overhead();
	check_filter_flags(sscofpmf);
}
