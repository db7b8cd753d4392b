/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * `make bench` (scripts/bench.sh): retired instructions per SBI call, read
 * with rdinstret around a single ecall under `qemu -icount shift=0 -smp 1`
 * (QEMU then counts every instruction, M-mode included, exactly). Each call
 * is measured RUNS times and the minimum is kept; the cost of the rdinstret
 * pair itself is subtracted. Set-up a call needs (configuring the counter a
 * start acts on, ...) happens outside the measured window.
 *
 * Prints one line per call, read by scripts/bench.sh:
 *   BENCH <name> <instructions>      or      BENCH <name> n/a <error>
 * n/a: the firmware does not implement the call (OpenSBI 1.1 lacks FIDs 6-8
 * and SSE). Under Abacus every call must succeed.
 *
 * SSE rows measure a local software event (0xffff0000) delivered to
 * bench_sse_deliver/bench_sse_complete below, handlers of three or four
 * instructions that run on the interrupted stack and touch only t0, t1, a6
 * and a7 (the measuring asm clobbers t0/t1; complete restores a6/a7):
 *   sse_inject(masked)    the inject ecall alone, the event left pending
 *   sse_hart_unmask+delivery   unmask ecall to the handler's first instruction
 *   sse_inject+delivery        inject ecall to the handler's first instruction
 *   sse_complete               complete ecall to the interrupted instruction
 * and the same with the global software event (0xffff8000), its
 * PREFERRED_HART this hart (the only one under -smp 1):
 *   sse_inject(global)+delivery, sse_hart_unmask(global)+delivery
 * plus sse_hart_mask (the global event enabled, nothing pending) and
 * sse_write_attrs(preferred_hart) (the event registered).
 * Then remote fences and send_ipi to this hart (by mask, and to all harts:
 * base -1), the paths every IPI and fence takes through the hart mask,
 * and hart_get_status.
 * Every ecall the trace of scripts/bench.sh --trace follows is one right
 * after a rdinstret, so each run has exactly one such ecall.
 */
#include "pmu_util.h"

#define RUNS 10
#define UNKNOWN_EID 0x12345678UL
/*
 * The hardware event of the config/start/stop rows: one only programmable
 * counters count (OpenSBI 1.1 maps instructions to minstret whatever the
 * mask, and stopping it there would stop rdinstret, the benchmark's clock).
 */
#define HW_EVENT EV_DTLB_READ_MISS

DEFINE_PMU_PAGE(shmem_page);
static struct { uint32_t event_idx, output; uint64_t event_data; } event_info_entry
	__attribute__((aligned(16)));

static bool is_abacus;
static unsigned long pair_cost;   /* rdinstret; rdinstret (rdcycle; rdcycle costs the same) */
static unsigned long last_value;  /* a1 of the last measured call */
static unsigned long linux_cmask; /* every counter counter_get_info describes, as Linux's cmask */
static unsigned long fw_base, fw_mask;

struct measured {
	unsigned long instructions;
	long error;
};

/* rdinstret, ecall, rdinstret: the instructions between the two reads. */
static struct measured measure_ecall(unsigned long eid, unsigned long fid, unsigned long arg0,
				     unsigned long arg1, unsigned long arg2, unsigned long arg3,
				     unsigned long arg4)
{
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = arg1;
	register unsigned long a2 __asm__("a2") = arg2;
	register unsigned long a3 __asm__("a3") = arg3;
	register unsigned long a4 __asm__("a4") = arg4;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = eid;
	unsigned long before, after;

	__asm__ volatile("rdinstret %[before]\n\t"
			 "ecall\n\t"
			 "rdinstret %[after]"
			 : [before] "=&r"(before), [after] "=&r"(after), "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a3), "r"(a4), "r"(a6), "r"(a7)
			 : "memory");
	last_value = a1;
	return (struct measured){ after - before - pair_cost, (long)a0 };
}

/*
 * The same with rdcycle as the clock, for calls that stop minstret (config
 * of SBI_PMU_HW_INSTRUCTIONS lands there): under -icount shift=0 cycle
 * counts instructions as instret does.
 */
static struct measured measure_ecall_by_cycle(unsigned long eid, unsigned long fid, unsigned long arg0,
					      unsigned long arg1, unsigned long arg2, unsigned long arg3,
					      unsigned long arg4)
{
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = arg1;
	register unsigned long a2 __asm__("a2") = arg2;
	register unsigned long a3 __asm__("a3") = arg3;
	register unsigned long a4 __asm__("a4") = arg4;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = eid;
	unsigned long before, after;

	__asm__ volatile("rdcycle %[before]\n\t"
			 "ecall\n\t"
			 "rdcycle %[after]"
			 : [before] "=&r"(before), [after] "=&r"(after), "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a3), "r"(a4), "r"(a6), "r"(a7)
			 : "memory");
	last_value = a1;
	return (struct measured){ after - before - pair_cost, (long)a0 };
}

static unsigned long measure_pair(void)
{
	unsigned long before, after;

	__asm__ volatile("rdinstret %0\n\trdinstret %1" : "=&r"(before), "=r"(after));
	return after - before;
}

/* A counter configured for the benchmark, and what to undo afterwards. */
static unsigned long counter;

static unsigned long config(bool hw, bool start)
{
	unsigned long flags = SBI_PMU_CFG_FLAG_CLEAR_VALUE;
	struct sbiret ret = hw ? sbi_pmu_counter_config_matching(QEMU_HPM_FIRST,
								 QEMU_HPM_MASK >> QEMU_HPM_FIRST, flags,
								 HW_EVENT, 0)
			       : sbi_pmu_counter_config_matching(fw_base, fw_mask, flags,
								 EV_FW(SBI_PMU_FW_SET_TIMER), 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	counter = ret.value;
	/* Not AUTO_START: OpenSBI 1.1 leaves a hardware counter stopped with it. */
	if (start)
		CHECK_EQ(sbi_pmu_counter_start(counter, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
					       hw ? 1UL << 40 : 0).error, SBI_SUCCESS);
	return ret.value;
}

static void unmap_counter(void)
{
	sbi_pmu_counter_stop(counter, 1, SBI_PMU_STOP_FLAG_RESET);
}

/*
 * SSE handlers (entered with a6 = hartid, a7 = ENTRY_ARG, every other
 * register as interrupted). bench_sse_deliver leaves in t0 the instret of
 * its first instruction; bench_sse_complete reads instret into t1 right
 * before its complete ecall. Both complete at once.
 */
__asm__(".pushsection .text\n"
	".balign 4\n"
	"bench_sse_deliver:\n"
	"	rdinstret t0\n"
	"	li a6, 6\n"              /* SBI_SSE_COMPLETE */
	"	li a7, 0x535345\n"
	"	ecall\n"
	"	unimp\n"
	".balign 4\n"
	"bench_sse_complete:\n"
	"	li a6, 6\n"
	"	li a7, 0x535345\n"
	"	rdinstret t1\n"
	"	ecall\n"
	"	unimp\n"
	".popsection");
extern char bench_sse_deliver[], bench_sse_complete[];

/* The event of the row being run: local software, or global software. */
static unsigned long sse_event = SBI_SSE_EVENT_LOCAL_SOFTWARE;
#define SSE_EVENT sse_event

struct sse_measured {
	unsigned long before, after;   /* around the measured ecall (0: not read) */
	unsigned long handler_t0;      /* bench_sse_deliver's first instruction */
	unsigned long handler_t1;      /* right before bench_sse_complete's ecall */
	long error;
};

/*
 * One SSE ecall with t0/t1 zeroed before and returned after (the handler's
 * readings). timed_before: a rdinstret right before the ecall (and so a
 * measured ecall for the trace); the rdinstret right after is always there:
 * it is the instruction complete resumes.
 */
static struct sse_measured sse_ecall(unsigned long fid, unsigned long arg0, unsigned long arg1,
				     bool timed_before)
{
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = arg1;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = SBI_EXT_SSE;
	register unsigned long t0 __asm__("t0") = 0;
	register unsigned long t1 __asm__("t1") = 0;
	unsigned long before = 0, after;

	if (timed_before)
		__asm__ volatile("rdinstret %[before]\n\t"
				 "ecall\n\t"
				 "rdinstret %[after]"
				 : [before] "=&r"(before), [after] "=&r"(after), "+r"(a0), "+r"(a1),
				   "+r"(t0), "+r"(t1)
				 : "r"(a6), "r"(a7)
				 : "memory");
	else
		__asm__ volatile("ecall\n\t"
				 "rdinstret %[after]"
				 : [after] "=&r"(after), "+r"(a0), "+r"(a1), "+r"(t0), "+r"(t1)
				 : "r"(a6), "r"(a7)
				 : "memory");
	return (struct sse_measured){ before, after, t0, t1, (long)a0 };
}

/* Registers and enables SSE_EVENT with entry; the SBI error. */
static long sse_setup(char *entry)
{
	long error = sbi_sse_register(SSE_EVENT, (unsigned long)entry, 0).error;

	if (error == SBI_SUCCESS) {
		error = sbi_sse_enable(SSE_EVENT).error;
		if (error != SBI_SUCCESS)
			sbi_sse_unregister(SSE_EVENT);
	}
	return error;
}

static void sse_teardown(void)
{
	CHECK_EQ(sbi_sse_disable(SSE_EVENT).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(SSE_EVENT).error, SBI_SUCCESS);
}

/* The instructions between two rdinstret readings (0: a reading is missing). */
static unsigned long between(unsigned long first, unsigned long second)
{
	if (!first || !second)
		return ~0UL;
	return second - first - pair_cost;
}

enum bench_id {
	B_UNKNOWN_EID, B_SPEC_VERSION, B_NUM_COUNTERS, B_GET_INFO, B_CONFIG_CYCLES, B_CONFIG_INSTRUCTIONS,
	B_CONFIG_HW, B_CONFIG_FW,
	B_START_HW, B_STOP_HW, B_START_FW, B_STOP_FW, B_FW_READ, B_FW_READ_HI, B_SET_SHMEM,
	B_EVENT_GET_INFO, B_SSE_INJECT_MASKED, B_SSE_UNMASK_DELIVER, B_SSE_INJECT_DELIVER,
	B_SSE_COMPLETE, B_SSE_GLOBAL_INJECT_DELIVER, B_SSE_GLOBAL_UNMASK_DELIVER, B_SSE_HART_MASK,
	B_SSE_WRITE_PREFERRED_HART, B_FENCE_I_SELF, B_SFENCE_VMA_ALL, B_SFENCE_VMA_ASID_PAGE, B_SEND_IPI_SELF,
	B_HART_GET_STATUS, B_COUNT
};

static const char *const bench_names[B_COUNT] = {
	[B_UNKNOWN_EID] = "unknown_eid",
	[B_SPEC_VERSION] = "base_get_spec_version",
	[B_NUM_COUNTERS] = "pmu_num_counters",
	[B_GET_INFO] = "pmu_counter_get_info",
	[B_CONFIG_CYCLES] = "pmu_counter_config_matching(cycles)",
	[B_CONFIG_INSTRUCTIONS] = "pmu_counter_config_matching(instructions)",
	[B_CONFIG_HW] = "pmu_counter_config_matching(hw)",
	[B_CONFIG_FW] = "pmu_counter_config_matching(fw)",
	[B_START_HW] = "pmu_counter_start(hw)",
	[B_STOP_HW] = "pmu_counter_stop(hw)",
	[B_START_FW] = "pmu_counter_start(fw)",
	[B_STOP_FW] = "pmu_counter_stop(fw)",
	[B_FW_READ] = "pmu_counter_fw_read",
	[B_FW_READ_HI] = "pmu_counter_fw_read_hi",
	[B_SET_SHMEM] = "pmu_snapshot_set_shmem",
	[B_EVENT_GET_INFO] = "pmu_event_get_info(1)",
	[B_SSE_INJECT_MASKED] = "sse_inject(masked)",
	[B_SSE_UNMASK_DELIVER] = "sse_hart_unmask+delivery",
	[B_SSE_INJECT_DELIVER] = "sse_inject+delivery",
	[B_SSE_COMPLETE] = "sse_complete",
	[B_SSE_GLOBAL_INJECT_DELIVER] = "sse_inject(global)+delivery",
	[B_SSE_GLOBAL_UNMASK_DELIVER] = "sse_hart_unmask(global)+delivery",
	[B_SSE_HART_MASK] = "sse_hart_mask",
	[B_SSE_WRITE_PREFERRED_HART] = "sse_write_attrs(preferred_hart)",
	[B_FENCE_I_SELF] = "remote_fence_i(self)",
	[B_SFENCE_VMA_ALL] = "remote_sfence_vma(all)",
	[B_SFENCE_VMA_ASID_PAGE] = "remote_sfence_vma_asid(self,page)",
	[B_SEND_IPI_SELF] = "send_ipi(self)",
	[B_HART_GET_STATUS] = "hart_get_status(self)",
};

/* One run of an SSE row: set-up, the measured path, clean-up. */
static struct measured run_sse(enum bench_id id)
{
	struct sse_measured m;
	unsigned long instructions = ~0UL;
	static unsigned long preferred_hart;
	long error;

	sse_event = id >= B_SSE_GLOBAL_INJECT_DELIVER ? SBI_SSE_EVENT_GLOBAL_SOFTWARE : SBI_SSE_EVENT_LOCAL_SOFTWARE;
	if (id == B_SSE_WRITE_PREFERRED_HART) {
		/* REGISTERED (PREFERRED_HART is written only then), this hart's ID. */
		error = sbi_sse_register(SSE_EVENT, (unsigned long)bench_sse_deliver, 0).error;
		if (error != SBI_SUCCESS)
			return (struct measured){ 0, error };
		preferred_hart = current_hartid();
		/* One rdinstret-timed ecall with a0..a4 (sse_ecall has a0 and a1 only). */
		{
			unsigned long before, after;
			register unsigned long a0 __asm__("a0") = SSE_EVENT;
			register unsigned long a1 __asm__("a1") = SBI_SSE_ATTR_PREFERRED_HART;
			register unsigned long a2 __asm__("a2") = 1;
			register unsigned long a3 __asm__("a3") = (unsigned long)&preferred_hart;
			register unsigned long a4 __asm__("a4") = 0;
			register unsigned long a6 __asm__("a6") = SBI_SSE_WRITE_ATTRS;
			register unsigned long a7 __asm__("a7") = SBI_EXT_SSE;
			__asm__ volatile("rdinstret %[before]\n\t"
					 "ecall\n\t"
					 "rdinstret %[after]"
					 : [before] "=&r"(before), [after] "=&r"(after), "+r"(a0), "+r"(a1)
					 : "r"(a2), "r"(a3), "r"(a4), "r"(a6), "r"(a7)
					 : "memory");
			instructions = between(before, after);
			m.error = (long)a0;
		}
		CHECK_EQ(sbi_sse_unregister(SSE_EVENT).error, SBI_SUCCESS);
		return (struct measured){ instructions, m.error };
	}
	error = sse_setup(id == B_SSE_COMPLETE ? bench_sse_complete : bench_sse_deliver);
	if (error != SBI_SUCCESS)
		return (struct measured){ 0, error };
	switch (id) {
	case B_SSE_INJECT_MASKED:
		CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
		m = sse_ecall(SBI_SSE_INJECT, SSE_EVENT, 0, true);
		instructions = between(m.before, m.after);
		/* Nothing delivered while masked; the pending event runs on unmask. */
		CHECK_EQ(m.handler_t0, 0);
		CHECK(sse_ecall(SBI_SSE_HART_UNMASK, 0, 0, false).handler_t0 != 0);
		break;
	case B_SSE_UNMASK_DELIVER:
		CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
		CHECK_EQ(sse_ecall(SBI_SSE_INJECT, SSE_EVENT, 0, false).error, SBI_SUCCESS);
		m = sse_ecall(SBI_SSE_HART_UNMASK, 0, 0, true);
		instructions = between(m.before, m.handler_t0);
		break;
	case B_SSE_INJECT_DELIVER:
	case B_SSE_GLOBAL_INJECT_DELIVER:
		m = sse_ecall(SBI_SSE_INJECT, SSE_EVENT, 0, true);
		instructions = between(m.before, m.handler_t0);
		break;
	case B_SSE_GLOBAL_UNMASK_DELIVER:
		CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
		CHECK_EQ(sse_ecall(SBI_SSE_INJECT, SSE_EVENT, 0, false).error, SBI_SUCCESS);
		m = sse_ecall(SBI_SSE_HART_UNMASK, 0, 0, true);
		instructions = between(m.before, m.handler_t0);
		break;
	case B_SSE_HART_MASK:
		m = sse_ecall(SBI_SSE_HART_MASK, 0, 0, true);
		instructions = between(m.before, m.after);
		CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
		break;
	case B_SSE_COMPLETE:
		m = sse_ecall(SBI_SSE_INJECT, SSE_EVENT, 0, false);
		instructions = between(m.handler_t1, m.after);
		break;
	default:
		m.error = SBI_ERR_FAILED;
		break;
	}
	sse_teardown();
	return (struct measured){ instructions, m.error };
}

/* One run of a benchmark: set-up, the measured ecall, clean-up. */
static struct measured run_once(enum bench_id id)
{
	const unsigned long pmu = SBI_EXT_PMU;
	struct measured m;

	switch (id) {
	case B_UNKNOWN_EID:
		return measure_ecall(UNKNOWN_EID, 0, 0, 0, 0, 0, 0);
	case B_SPEC_VERSION:
		return measure_ecall(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0, 0, 0, 0);
	case B_NUM_COUNTERS:
		return measure_ecall(pmu, SBI_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0);
	case B_GET_INFO:
		return measure_ecall(pmu, SBI_PMU_COUNTER_GET_INFO, QEMU_HPM_FIRST, 0, 0, 0, 0);
	/*
	 * What `perf stat -e cycles` / `-e instructions` make Linux call: base 0,
	 * every counter in the mask, no flags. The counter is unmapped again
	 * outside the window; the other fixed counter is the clock.
	 */
	case B_CONFIG_CYCLES:
		m = measure_ecall(pmu, SBI_PMU_COUNTER_CONFIG_MATCHING, 0, linux_cmask, 0,
				  EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
		sbi_pmu_counter_stop(last_value, 1, SBI_PMU_STOP_FLAG_RESET);
		return m;
	case B_CONFIG_INSTRUCTIONS:
		m = measure_ecall_by_cycle(pmu, SBI_PMU_COUNTER_CONFIG_MATCHING, 0, linux_cmask, 0,
					   EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
		sbi_pmu_counter_stop(last_value, 1, SBI_PMU_STOP_FLAG_RESET);
		return m;
	case B_CONFIG_HW:
		m = measure_ecall(pmu, SBI_PMU_COUNTER_CONFIG_MATCHING, QEMU_HPM_FIRST,
				  QEMU_HPM_MASK >> QEMU_HPM_FIRST, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
				  HW_EVENT, 0);
		sbi_pmu_counter_stop(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, SBI_PMU_STOP_FLAG_RESET);
		return m;
	case B_CONFIG_FW:
		m = measure_ecall(pmu, SBI_PMU_COUNTER_CONFIG_MATCHING, fw_base, fw_mask,
				  SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
		sbi_pmu_counter_stop(fw_base, fw_mask, SBI_PMU_STOP_FLAG_RESET);
		return m;
	case B_START_HW:
	case B_START_FW:
		config(id == B_START_HW, false);
		m = measure_ecall(pmu, SBI_PMU_COUNTER_START, counter, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
				  id == B_START_HW ? 1UL << 40 : 0, 0);
		unmap_counter();
		return m;
	case B_STOP_HW:
	case B_STOP_FW:
		config(id == B_STOP_HW, true);
		m = measure_ecall(pmu, SBI_PMU_COUNTER_STOP, counter, 1, 0, 0, 0);
		unmap_counter();
		return m;
	case B_FW_READ:
	case B_FW_READ_HI:
		config(false, true);
		m = measure_ecall(pmu, id == B_FW_READ ? SBI_PMU_COUNTER_FW_READ : SBI_PMU_COUNTER_FW_READ_HI,
				  counter, 0, 0, 0, 0);
		unmap_counter();
		return m;
	case B_SET_SHMEM:
		m = measure_ecall(pmu, SBI_PMU_SNAPSHOT_SET_SHMEM, (unsigned long)shmem_page, 0, 0, 0, 0);
		sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
		return m;
	case B_EVENT_GET_INFO:
		event_info_entry.event_idx = EV_HW(SBI_PMU_HW_INSTRUCTIONS);
		return measure_ecall(pmu, SBI_PMU_EVENT_GET_INFO, (unsigned long)&event_info_entry, 0, 1, 0, 0);
	case B_SSE_INJECT_MASKED:
	case B_SSE_UNMASK_DELIVER:
	case B_SSE_INJECT_DELIVER:
	case B_SSE_COMPLETE:
	case B_SSE_GLOBAL_INJECT_DELIVER:
	case B_SSE_GLOBAL_UNMASK_DELIVER:
	case B_SSE_HART_MASK:
	case B_SSE_WRITE_PREFERRED_HART:
		return run_sse(id);
	/*
	 * Remote fences and IPIs on the one hart there is (-smp 1): the mask
	 * walk and the fence, with no other hart to wait for. send_ipi(self)
	 * includes the machine software interrupt taken on the way back to
	 * S-mode, which sets SSIP (S-mode interrupts are off: cleared here).
	 */
	case B_FENCE_I_SELF:
		return measure_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_FENCE_I, 1UL << current_hartid(), 0, 0, 0, 0);
	case B_SFENCE_VMA_ALL:
		return measure_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_SFENCE_VMA, 0, -1UL, 0, 0, 0);
	case B_SFENCE_VMA_ASID_PAGE:
		return measure_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_SFENCE_VMA_ASID, 1UL << current_hartid(), 0,
				     0x80000000UL, 4096, 1);
	case B_SEND_IPI_SELF:
		m = measure_ecall(SBI_EXT_IPI, SBI_IPI_SEND_IPI, 1UL << current_hartid(), 0, 0, 0, 0);
		csr_clear(sip, SIP_SSIP);
		return m;
	case B_HART_GET_STATUS:
		return measure_ecall(SBI_EXT_HSM, SBI_HSM_HART_GET_STATUS, current_hartid(), 0, 0, 0, 0);
	default:
		return (struct measured){ 0, SBI_ERR_FAILED };
	}
}

/* An unknown EID answers NOT_SUPPORTED: that is its success. */
static long expected_error(enum bench_id id)
{
	return id == B_UNKNOWN_EID ? SBI_ERR_NOT_SUPPORTED : SBI_SUCCESS;
}

static void bench(enum bench_id id)
{
	unsigned long best = ~0UL;
	long error = SBI_SUCCESS;

	for (int run = 0; run < RUNS; run++) {
		struct measured m = run_once(id);

		if (m.error != expected_error(id)) {
			error = m.error;
			break;
		}
		/* A stopped instret would read 0 instructions (as -1 here). */
		if (!CHECK(m.instructions < (1UL << 32)))
			break;
		if (m.instructions < best)
			best = m.instructions;
	}
	if (error != SBI_SUCCESS) {
		printf("BENCH %s n/a %ld\n", bench_names[id], error);
		/* Abacus implements everything measured here. */
		if (is_abacus)
			CHECK_EQ(error, SBI_SUCCESS);
		return;
	}
	printf("BENCH %s %lu\n", bench_names[id], best);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("bench");
	is_abacus = sbi_get_impl_id().value == SBI_IMPL_ID_ABACUS;
	printf("firmware: impl_id 0x%lx, impl_version 0x%lx\n", sbi_get_impl_id().value,
	       sbi_get_impl_version().value);
	/*
	 * Every counter but cycle, time and instret unmapped (OpenSBI 1.1 would
	 * leave instret, the benchmark's clock, stopped after a RESET).
	 */
	sbi_pmu_counter_stop(QEMU_HPM_FIRST, ((1UL << sbi_pmu_num_counters().value) - 1) >> QEMU_HPM_FIRST,
			     SBI_PMU_STOP_FLAG_RESET);
	if (!CHECK(pmu_probe_icount()))
		printf("the benchmark needs QEMU's -icount shift=0: numbers below are host ticks\n");
	if (!CHECK(pmu_fw_counter_range(&fw_base, &fw_mask)))
		return;

	pair_cost = ~0UL;
	for (int run = 0; run < RUNS; run++) {
		unsigned long c = measure_pair();

		pair_cost = c < pair_cost ? c : pair_cost;
	}
	/* The reference: one direct counter read from S-mode. */
	printf("BENCH rdinstret %lu\n", pair_cost);
	/* SSE: software events start masked on every hart (FID 8). */
	if (sbi_probe_extension(SBI_EXT_SSE).value)
		CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	for (unsigned long i = 0; i < sbi_pmu_num_counters().value && i < 64; i++)
		if (sbi_pmu_counter_get_info(i).error == SBI_SUCCESS)
			linux_cmask |= 1UL << i;
	for (int id = 0; id < B_COUNT; id++) {
		bench((enum bench_id)id);
		/* OpenSBI 1.1 leaves mcycle/minstret stopped after a RESET: give the
		 * other rows their clocks back (running, mapped to themselves). */
		if (id == B_CONFIG_CYCLES || id == B_CONFIG_INSTRUCTIONS) {
			unsigned long fixed = id == B_CONFIG_CYCLES ? 0 : 2;
			/* (OpenSBI 1.1's SKIP_MATCH wants the counter configured already: match it.) */
			CHECK_EQ(sbi_pmu_counter_config_matching(fixed, 1, 0, EV_HW(fixed ? SBI_PMU_HW_INSTRUCTIONS :
									   SBI_PMU_HW_CPU_CYCLES), 0).value, fixed);
			CHECK_EQ(sbi_pmu_counter_start(fixed, 1, 0, 0).error, SBI_SUCCESS);
		}
	}
}
