/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The demo payload of `make run` (scripts/run-demo.sh): what an S-mode
 * client sees of the firmware. It prints the SBI version and
 * implementation, the extensions it finds, the PMU's counters, counts its
 * own instructions around a small loop with a PMU counter read straight
 * from its CSR (as Linux does), reads a firmware event counter, and powers
 * the machine off. It is also a test case (hello-*): its few checks are
 * facts every run must show.
 */
#include "payload.h"

#define LOOP_ITERATIONS 1000
#define SET_TIMER_CALLS 3

struct extension {
	unsigned long eid;
	const char *name;
};

static const struct extension extensions[] = {
	{ SBI_EXT_BASE, "Base" },
	{ SBI_EXT_TIME, "Timer (TIME)" },
	{ SBI_EXT_IPI, "IPI (sPI)" },
	{ SBI_EXT_RFENCE, "RFENCE (RFNC)" },
	{ SBI_EXT_HSM, "Hart state management (HSM)" },
	{ SBI_EXT_SRST, "System reset (SRST)" },
	{ SBI_EXT_PMU, "Performance monitoring (PMU)" },
	{ SBI_EXT_DBCN, "Debug console (DBCN)" },
	{ 0x53555350, "System suspend (SUSP)" },
	{ 0x43505043, "CPPC" },
	{ 0x4E41434C, "Nested acceleration (NACL)" },
	{ 0x535441, "Steal-time accounting (STA)" },
	{ 0x535345, "Supervisor software events (SSE)" },
	{ 0x46574654, "Firmware features (FWFT)" },
	{ 0x44425452, "Debug triggers (DBTR)" },
	{ 0x4D505859, "Message proxy (MPXY)" },
};

static void print_versions(void)
{
	struct sbiret spec = sbi_get_spec_version();
	struct sbiret id = sbi_get_impl_id();
	struct sbiret version = sbi_get_impl_version();

	CHECK_EQ(spec.error, SBI_SUCCESS);
	printf("SBI specification %lu.%lu\n", (spec.value >> 24) & 0x7f, spec.value & 0xffffff);
	printf("implementation id 0x%lx%s, version 0x%lx\n", id.value,
	       id.value == SBI_IMPL_ID_ABACUS ? " (Abacus)" : "", version.value);
}

static void print_extensions(void)
{
	unsigned int legacy = 0;

	printf("extensions:\n");
	for (unsigned int i = 0; i < ARRAY_SIZE(extensions); i++) {
		struct sbiret ret = sbi_probe_extension(extensions[i].eid);

		if (ret.error == SBI_SUCCESS && ret.value)
			printf("  0x%08lx %s\n", extensions[i].eid, extensions[i].name);
	}
	for (unsigned long eid = SBI_EXT_LEGACY_SET_TIMER; eid <= SBI_EXT_LEGACY_SHUTDOWN; eid++)
		if (sbi_probe_extension(eid).value)
			legacy++;
	printf("  legacy (0x00-0x08): %u of 9 present\n", legacy);
}

#define MAX_COUNTERS 64
#define INFO_WIDTH(info) ((((info) >> 12) & 0x3f) + 1)
#define INFO_IS_FW(info) (((info) & SBI_PMU_COUNTER_INFO_TYPE_FW) != 0)

/* counter_get_info failed for it (OpenSBI 1.1 does so for time, counter 1). */
#define INFO_UNAVAILABLE (~0UL)

/* Counter j continues the run of counter j - 1: same kind and width, next CSR. */
static bool continues_run(unsigned long prev, unsigned long info)
{
	if (prev == INFO_UNAVAILABLE || info == INFO_UNAVAILABLE)
		return false;
	if (INFO_IS_FW(prev) != INFO_IS_FW(info))
		return false;
	/* counter_get_info: a firmware counter's csr and width "should be ignored". */
	return INFO_IS_FW(info) || (INFO_WIDTH(prev) == INFO_WIDTH(info) &&
				    pmu_counter_csr(info) == pmu_counter_csr(prev) + 1);
}

static void print_counter_run(const unsigned long *infos, unsigned long first, unsigned long last)
{
	char index[16], csr[24];

	if (first == last)
		snprintf(index, sizeof(index), "%lu", first);
	else
		snprintf(index, sizeof(index), "%lu-%lu", first, last);
	if (infos[first] == INFO_UNAVAILABLE) {
		printf("  %-8s %-14s %-6s unavailable\n", index, "-", "-");
		return;
	}
	if (INFO_IS_FW(infos[first])) {
		/* fw_read gives XLEN bits. */
		printf("  %-8s %-14s %-6s firmware\n", index, "-", "64");
		return;
	}
	if (first == last)
		snprintf(csr, sizeof(csr), "0x%03x", pmu_counter_csr(infos[first]));
	else
		snprintf(csr, sizeof(csr), "0x%03x-0x%03x", pmu_counter_csr(infos[first]),
			 pmu_counter_csr(infos[last]));
	printf("  %-8s %-14s %-6lu hardware\n", index, csr, INFO_WIDTH(infos[first]));
}

/* One row per run of counters of the same kind and width, with consecutive CSRs. */
static void print_counters(void)
{
	static unsigned long infos[MAX_COUNTERS];
	struct sbiret num = sbi_pmu_num_counters();
	unsigned long n, first = 0;

	if (num.error != SBI_SUCCESS) {
		printf("PMU: not available (error %ld)\n", num.error);
		return;
	}
	n = num.value < MAX_COUNTERS ? num.value : MAX_COUNTERS;
	printf("PMU: %lu counters\n", num.value);
	printf("  index    CSR            width  kind\n");
	for (unsigned long idx = 0; idx < n; idx++) {
		struct sbiret info = sbi_pmu_counter_get_info(idx);

		infos[idx] = info.error == SBI_SUCCESS ? info.value : INFO_UNAVAILABLE;
	}
	for (unsigned long idx = 1; idx <= n; idx++) {
		if (idx < n && continues_run(infos[idx - 1], infos[idx]))
			continue;
		print_counter_run(infos, first, idx - 1);
		first = idx;
	}
}

/* INSTRUCTIONS on a counter read straight from S-mode, around a small loop. */
static void count_loop_instructions(void)
{
	struct sbiret num = sbi_pmu_num_counters(), ret, info;
	unsigned long idx, mask, before, after;
	volatile unsigned long sink = 0;

	mask = num.value >= 64 ? ~0UL : (1UL << num.value) - 1;
	ret = sbi_pmu_counter_config_matching(0, mask,
					      SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					      SBI_PMU_CFG_FLAG_AUTO_START,
					      SBI_PMU_HW_INSTRUCTIONS, 0);
	if (!CHECK_EQ(ret.error, SBI_SUCCESS))
		return;
	idx = ret.value;
	info = sbi_pmu_counter_get_info(idx);
	CHECK_EQ(info.error, SBI_SUCCESS);
	CHECK(!(info.value & SBI_PMU_COUNTER_INFO_TYPE_FW));

	before = read_counter_csr(pmu_counter_csr(info.value));
	for (unsigned long i = 0; i < LOOP_ITERATIONS; i++)
		sink += i;
	after = read_counter_csr(pmu_counter_csr(info.value));
	CHECK_EQ(sbi_pmu_counter_stop(idx, 1, 0).error, SBI_SUCCESS);
	printf("instructions: counter %lu (CSR 0x%03x) counted %lu around a %d-iteration loop\n",
	       idx, pmu_counter_csr(info.value), after - before, LOOP_ITERATIONS);
	printf("  (guest instructions only under -icount shift=0; else QEMU counts host ticks)\n");
	CHECK(after > before);
}

static void count_set_timer_calls(void)
{
	long counter = pmu_fw_counter_start(SBI_PMU_FW_SET_TIMER);

	if (!CHECK(counter >= 0))
		return;
	for (int i = 0; i < SET_TIMER_CALLS; i++)
		sbi_set_timer(UINT64_MAX);
	printf("firmware event SET_TIMER: %lu after %d set_timer calls\n",
	       pmu_fw_counter_read(counter), SET_TIMER_CALLS);
	CHECK_EQ(pmu_fw_counter_read(counter), SET_TIMER_CALLS);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	test_start("hello");
	printf("Hello from S-mode on hart %lu (DT at 0x%lx)\n", hartid, dtb);
	print_versions();
	print_extensions();
	print_counters();
	count_loop_instructions();
	count_set_timer_calls();
	printf("powering off\n");
	test_pass();
}
