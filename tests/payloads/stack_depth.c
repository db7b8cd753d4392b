/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How deep S-mode can drive each hart's M-mode stack (docs/reliability.md,
 * "Stack depth"). The test-hook image (make TEST_HOOKS=1) fills every hart's
 * M-mode stack with a pattern at boot and reports, through hook
 * ABACUS_TEST_STACK_DEPTH, how many bytes of it were ever written; a stack
 * overflow would write the neighbouring hart's block (its hart_state).
 *
 * Every hart runs the deep paths S-mode can reach, at once:
 *   legacy calls (console, timer, IPI and remote fences through hart-mask
 *   pointers, and masks that fault: misaligned, in the firmware region,
 *   unmapped, redirected to S-mode at the ecall); DBTR install/update/read
 *   with as many triggers as a call may name; SSE events of different
 *   priorities nested in each other's handlers (a local event's handler
 *   injects a higher-priority one, and with Sscofpmf lets a counter overflow
 *   into the PMU overflow event), write_attrs of every attribute, injection
 *   into another hart; misaligned emulation through the hook, also faulting;
 *   illegal-instruction emulation and redirection (counters from S and U,
 *   M-mode CSRs); PMU calls (event_get_info of 512 entries, snapshot, firmware
 *   counters); remote fences of big ranges from every hart at once; HSM
 *   retentive and non-retentive suspend while other harts fence; the boot
 *   hart also VS/VU-mode traps (with H) and the global SSE event.
 *
 * Round 1 reads every hart's mark at the end (and the deepest of all):
 *   STACK-DEPTH hart N: X of Y bytes
 * Round 2 runs the same paths with each hart's mark restarted before each
 * path (ABACUS_TEST_STACK_DEPTH_RESET) and prints, per path, the deepest
 * mark over the harts:
 *   STACK-DEPTH path NAME: X of Y bytes
 * A mark that leaves less than STACK_MARGIN (128 bytes, lib/stack_marks.h)
 * of the stack fails the test.
 */
#include "lower_mode.h"
#include "pmu_util.h"
#include "sse.h"
#include "stack_marks.h"

extern char _start[];

#define MAX_HARTS     8
#define UNMAPPED_VA   0xc0000000UL   /* gigapage 3: not in vm.c's table */
#define UNASSIGNED    0x10200000UL   /* QEMU virt: no device decodes it (load access fault) */
#define BIG_RANGE     (64 * 4096UL)  /* the most pages flushed one by one (RFENCE_MAX_PAGES) */
#define FENCES        30             /* remote fences per hart in the storm */
#define INFO_ENTRIES  512            /* event_get_info entries: IPIs are served every 256 */
#define CSR_HEDELEG   0x602
#define CSR_HCOUNTEREN 0x606
#define CSR_SCOUNTEREN 0x106
#define CAUSE_MISALIGNED_LOAD 4
#define CAUSE_VIRTUAL_INSTRUCTION 22
#define LOCAL_SW      SBI_SSE_EVENT_LOCAL_SOFTWARE
#define GLOBAL_SW     SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define PMU_OVF       SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define NEAR_WRAP     (0UL - 2000UL)
#define T2_STORE_S    ((2UL << 60) | (1UL << 1) | (1UL << 4) | (3UL << 16))   /* mcontrol: 32-bit stores in S */
#define CHAIN         (1UL << 11)

struct event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

struct hctx {
	uint8_t snapshot[PMU_PAGE_SIZE] __attribute__((aligned(PMU_PAGE_SIZE)));
	unsigned long dbtr_shmem[8 * 4] __attribute__((aligned(64)));
	uint8_t sse_stack[3][SSE_STACK_SIZE] __attribute__((aligned(16)));
	struct sse_handler_arg sse_arg[3];
	volatile uint32_t watched;      /* what triggers watch: never written */
	uint8_t misaligned[16] __attribute__((aligned(8)));   /* + 1: misaligned for a word */
	unsigned long hartid, index;
	bool boot;
	volatile unsigned long local_runs, global_runs, pmu_runs;
	unsigned long pmu_counter;
	volatile unsigned long done;
	unsigned long path_mark[16];    /* round 2: each path's mark (paths[], then PATH_NONRET) */
};

static struct hctx ctx[MAX_HARTS];
static struct event_info info[INFO_ENTRIES] __attribute__((aligned(PMU_PAGE_SIZE)));
static int nharts;
static unsigned long stack_size, all_harts_mask;
static uint64_t fw_base, fw_size;
static bool has_h, has_sscofpmf, measure;
static volatile unsigned long barrier_count, barrier_round;

/* ---- Helpers ---- */

static struct hctx *self(void)
{
	for (int i = 0; i < nharts; i++)
		if (ctx[i].hartid == current_hartid())
			return &ctx[i];
	return &ctx[0];
}

/* Every hart meets here; false (and a failed check) when one never came. */
static bool barrier(void)
{
	unsigned long round = __atomic_load_n(&barrier_round, __ATOMIC_ACQUIRE);

	if (__atomic_add_fetch(&barrier_count, 1, __ATOMIC_ACQ_REL) == (unsigned long)nharts) {
		__atomic_store_n(&barrier_count, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&barrier_round, round + 1, __ATOMIC_RELEASE);
		return true;
	}
	return CHECK(wait_flag(&barrier_round, round + 1, PAYLOAD_WAIT_US));
}

static bool wait_count(volatile unsigned long *count, unsigned long n)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (__atomic_load_n(count, __ATOMIC_ACQUIRE) < n && !time_passed(deadline))
		;
	return *count >= n;
}

/* legacy_call3(eid, a0, a1, a2): the ecall sits at legacy_ecall, so a fault redirected there is recognised. */
long legacy_call3(unsigned long eid, unsigned long a0, unsigned long a1, unsigned long a2);
extern char legacy_ecall[];
__asm__(".pushsection .text\n.balign 4\n.globl legacy_call3\nlegacy_call3:\n"
	"	mv a7, a0\n	mv a0, a1\n	mv a1, a2\n	mv a2, a3\n	li a6, 0\n"
	".globl legacy_ecall\nlegacy_ecall:\n	ecall\n	ret\n.popsection");

/* Instructions the misaligned hook emulates; never executed here. */
extern const uint32_t insn_lw_a0_a1[], insn_sw_a0_a1[];
__asm__(".pushsection .text\n.balign 4\n"
	"insn_lw_a0_a1: .4byte 0x0005a503\n"     /* lw a0, 0(a1) */
	"insn_sw_a0_a1: .4byte 0x00a5a023\n"     /* sw a0, 0(a1) */
	".popsection");

static volatile unsigned long traps_handled[MAX_HARTS];

/*
 * Faults this test provokes on purpose, each on a 4-byte instruction:
 * a legacy hart mask the firmware could not read (redirected to the
 * ecall: skipped, a0 = 0x5a5a), counter and M-mode CSR reads the
 * firmware hands back, loads from nothing.
 */
static bool expected_trap(struct trap_frame *frame)
{
	if (frame->scause & SCAUSE_INTERRUPT)
		return false;
	switch (frame->scause) {
	case CAUSE_MISALIGNED_LOAD:
	case CAUSE_LOAD_ACCESS:
	case 13:   /* load page fault */
		if (frame->sepc == (unsigned long)legacy_ecall)
			frame->regs[10] = 0x5a5a;
		break;
	case CAUSE_ILLEGAL_INSTRUCTION:
	case CAUSE_VIRTUAL_INSTRUCTION:
		break;
	default:
		return false;
	}
	frame->sepc += 4;
	traps_handled[self()->index]++;
	return true;
}

/* ---- The paths ---- */

static void path_legacy(struct hctx *c)
{
	static const unsigned long mask_eids[] = {
		SBI_EXT_LEGACY_SEND_IPI, SBI_EXT_LEGACY_REMOTE_FENCE_I, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA,
		SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID,
	};
	unsigned long mask[2] = { all_harts_mask, 0 };
	unsigned long misaligned = (unsigned long)mask + 1;

	(void)c;
	CHECK_EQ(legacy_call3(SBI_EXT_LEGACY_CONSOLE_PUTCHAR, '.', 0, 0), 0);
	legacy_call3(SBI_EXT_LEGACY_CONSOLE_GETCHAR, 0, 0, 0);
	CHECK_EQ(legacy_call3(SBI_EXT_LEGACY_SET_TIMER, ~0UL, 0, 0), 0);
	legacy_call3(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, 0);
	for (unsigned int i = 0; i < ARRAY_SIZE(mask_eids); i++) {
		unsigned long before = traps_handled[c->index];
		CHECK_EQ(legacy_call3(mask_eids[i], (unsigned long)mask, 0, BIG_RANGE), 0);
		/* Faulting masks: redirected to S-mode at the ecall, which the handler skips. */
		CHECK_EQ(legacy_call3(mask_eids[i], misaligned, 0, BIG_RANGE), 0x5a5a);
		CHECK_EQ(legacy_call3(mask_eids[i], fw_base, 0, BIG_RANGE), 0x5a5a);
		vm_enable();
		CHECK_EQ(legacy_call3(mask_eids[i], UNMAPPED_VA, 0, BIG_RANGE), 0x5a5a);
		vm_disable();
		CHECK_EQ(traps_handled[c->index], before + 3);
	}
	csr_clear(sip, SIP_SSIP);
}

static void path_dbtr(struct hctx *c)
{
	unsigned long n = sbi_debug_num_triggers(0).value, *w = c->dbtr_shmem;

	if (n < 2 || n > 8)
		return;
	CHECK_EQ(sbi_debug_set_shmem((unsigned long)w, 0, 0).error, SBI_SUCCESS);
	/* As many as a call may name: trig_count < trig_max (the chapter's ranges). */
	for (unsigned long i = 0; i < n - 1; i++) {
		w[4 * i] = ~0UL;
		w[4 * i + 1] = T2_STORE_S;
		w[4 * i + 2] = (unsigned long)&c->watched;
		w[4 * i + 3] = 0;
	}
	CHECK_EQ(sbi_debug_install_triggers(n - 1).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_read_triggers(0, n - 1).error, SBI_SUCCESS);
	for (unsigned long i = 0; i < n - 1; i++)
		w[4 * i] = i;
	CHECK_EQ(sbi_debug_update_triggers(n - 1).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_disable_triggers(0, (1UL << (n - 1)) - 1).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_enable_triggers(0, (1UL << (n - 1)) - 1).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_uninstall_triggers(0, (1UL << (n - 1)) - 1).error, SBI_SUCCESS);
	/* Refused after the copy and the checks: a chain that ends the array, too many. */
	w[4 * (n - 2) + 1] = T2_STORE_S | CHAIN;
	CHECK_EQ(sbi_debug_install_triggers(n - 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_install_triggers(n).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
}

static void pmu_overflow_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	struct hctx *c = arg->data;
	long err = sbi_pmu_counter_stop(c->pmu_counter, 1, 0).error;

	(void)regs, (void)hartid;
	CHECK(err == SBI_SUCCESS || err == SBI_ERR_ALREADY_STOPPED);
	__atomic_fetch_add(&c->pmu_runs, 1, __ATOMIC_RELEASE);
}

static void global_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	struct hctx *c = arg->data;

	(void)regs, (void)hartid;
	__atomic_fetch_add(&c->global_runs, 1, __ATOMIC_RELEASE);
}

/*
 * The local software event's handler (priority 20): a higher-priority event
 * preempts it here - the global event (priority 5, boot hart) at once from
 * the inject call, the PMU overflow (priority 10, Sscofpmf) from the LCOFI
 * trap - and its INTERRUPTED_* attributes are rewritten as read.
 */
static void local_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	struct hctx *c = arg->data;
	unsigned long attrs[4];

	(void)regs;
	if (c->boot) {
		unsigned long before = c->global_runs;
		CHECK_EQ(sbi_sse_inject(GLOBAL_SW, hartid).error, SBI_SUCCESS);
		CHECK_EQ(c->global_runs, before + 1);
	}
	if (has_sscofpmf) {
		unsigned long before = c->pmu_runs;
		CHECK_EQ(sbi_pmu_counter_start(c->pmu_counter, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, NEAR_WRAP).error,
			 SBI_SUCCESS);
		CHECK(wait_count(&c->pmu_runs, before + 1));
	}
	CHECK_EQ(sbi_sse_read_attrs(LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long)attrs, 0).error,
		 SBI_SUCCESS);
	CHECK_EQ(sbi_sse_write_attrs(LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long)attrs, 0).error,
		 SBI_SUCCESS);
	__atomic_fetch_add(&c->local_runs, 1, __ATOMIC_RELEASE);
}

static void path_sse(struct hctx *c)
{
	unsigned long attrs[SBI_SSE_ATTR_COUNT] = { 0 }, before = c->local_runs;

	CHECK_EQ(sse_register_handler(LOCAL_SW, &c->sse_arg[0], local_handler, c, c->sse_stack[0]).error, 0);
	/* Every attribute at once: read all, write all (STATUS is read-only: DENIED after the copy). */
	CHECK_EQ(sbi_sse_read_attrs(LOCAL_SW, 0, SBI_SSE_ATTR_COUNT, (unsigned long)attrs, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_write_attrs(LOCAL_SW, 0, SBI_SSE_ATTR_COUNT, (unsigned long)attrs, 0).error, SBI_ERR_DENIED);
	CHECK_EQ(sse_attr_set(LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 20), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(LOCAL_SW).error, SBI_SUCCESS);
	if (c->boot) {
		CHECK_EQ(sse_register_handler(GLOBAL_SW, &c->sse_arg[1], global_handler, c, c->sse_stack[1]).error, 0);
		CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 5), SBI_SUCCESS);
		CHECK_EQ(sse_attr_set(GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, c->hartid), SBI_SUCCESS);
		CHECK_EQ(sbi_sse_enable(GLOBAL_SW).error, SBI_SUCCESS);
	}
	if (has_sscofpmf) {
		struct sbiret ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
								    EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		c->pmu_counter = ret.value;
		CHECK_EQ(sse_register_handler(PMU_OVF, &c->sse_arg[2], pmu_overflow_handler, c, c->sse_stack[2]).error,
			 0);
		CHECK_EQ(sse_attr_set(PMU_OVF, SBI_SSE_ATTR_PRIORITY, 10), SBI_SUCCESS);
		CHECK_EQ(sbi_sse_enable(PMU_OVF).error, SBI_SUCCESS);
	}
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, c->hartid).error, SBI_SUCCESS);
	CHECK_EQ(c->local_runs, before + 1);

	/* From another hart: each injects into the next (an SSE IPI); read before the barrier, after which it may come. */
	before = c->local_runs;
	barrier();
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, ctx[(c->index + 1) % nharts].hartid).error, SBI_SUCCESS);
	CHECK(wait_count(&c->local_runs, before + 1));
	barrier();

	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_disable(LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(LOCAL_SW).error, SBI_SUCCESS);
	if (c->boot) {
		CHECK_EQ(sbi_sse_disable(GLOBAL_SW).error, SBI_SUCCESS);
		CHECK_EQ(sbi_sse_unregister(GLOBAL_SW).error, SBI_SUCCESS);
	}
	if (has_sscofpmf) {
		CHECK_EQ(sbi_sse_disable(PMU_OVF).error, SBI_SUCCESS);
		CHECK_EQ(sbi_sse_unregister(PMU_OVF).error, SBI_SUCCESS);
		CHECK_EQ(sbi_pmu_counter_stop(c->pmu_counter, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	}
}

static void path_misaligned(struct hctx *c)
{
	unsigned long addr = (unsigned long)c->misaligned + 1;
	struct sbiret ret;

	ret = sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_EMULATE_MISALIGNED, (unsigned long)insn_sw_a0_a1, addr,
			1, 0x12345678, 0, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	ret = sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_EMULATE_MISALIGNED, (unsigned long)insn_lw_a0_a1, addr,
			0, 0, 0, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0x12345678);
	/* Faults: handed to S-mode (the hook reports the cause it wrote to scause). */
	ret = sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_EMULATE_MISALIGNED, (unsigned long)insn_sw_a0_a1,
			fw_base + 1, 1, 0, 0, 0);
	CHECK_EQ(ret.error, SBI_ERR_FAILED);
	ret = sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_EMULATE_MISALIGNED, (unsigned long)insn_lw_a0_a1,
			fw_base + 1, 0, 0, 0, 0);
	CHECK_EQ(ret.error, SBI_ERR_FAILED);
}

static unsigned long read_hpmcounter31(unsigned long unused)
{
	register unsigned long a0 __asm__("a0") = ~0UL;
	(void)unused;
	__asm__ volatile(".option push\n.option norvc\ncsrr a0, 0xc1f\n.option pop" : "+r"(a0) : : "memory");
	return a0;
}

/* Illegal instructions the firmware emulates or hands on, from S-mode. */
static void path_illegal(struct hctx *c)
{
	unsigned long before = traps_handled[c->index];

	CHECK_EQ(read_hpmcounter31(0), ~0UL);   /* no such counter on QEMU: M-mode hands it back */
	read_mstatus(0);
	load_word(UNASSIGNED);                  /* a load access fault, redirected */
	CHECK_EQ(traps_handled[c->index], before + 3);
}

/* From U-mode, VS-mode and VU-mode (lower_mode.h: one hart at a time, the boot hart). */
static void path_lower_modes(struct hctx *c)
{
	unsigned long before = traps_handled[c->index];

	csr_write(CSR_SCOUNTEREN, 0x7 & ~(1UL << 1));
	CHECK_EQ(lower_mode_call(LOWER_MODE_U, read_time, 0), ~0UL);   /* emulation refuses: illegal in S */
	csr_write(CSR_SCOUNTEREN, 0x7);
	CHECK(lower_mode_call(LOWER_MODE_U, read_time, 0) != ~0UL);
	if (has_h) {
		unsigned long hedeleg = csr_read(CSR_HEDELEG);
		lower_mode_vs_last.count = 0;
		/* Not delegated to VS-mode: M-mode hands them to HS-mode. */
		csr_write(CSR_HEDELEG, hedeleg & ~((1UL << CAUSE_ILLEGAL_INSTRUCTION) | (1UL << CAUSE_LOAD_ACCESS)));
		lower_mode_call(LOWER_MODE_VS, read_mstatus, 0);
		lower_mode_call(LOWER_MODE_VU, read_mstatus, 0);
		lower_mode_call(LOWER_MODE_VS, load_word, UNASSIGNED);
		lower_mode_call(LOWER_MODE_VU, load_word, UNASSIGNED);
		/* Delegated: M-mode hands them to VS-mode. */
		csr_write(CSR_HEDELEG, hedeleg | (1UL << CAUSE_ILLEGAL_INSTRUCTION) | (1UL << CAUSE_LOAD_ACCESS));
		lower_mode_call(LOWER_MODE_VS, read_mstatus, 0);
		lower_mode_call(LOWER_MODE_VU, load_word, UNASSIGNED);
		csr_write(CSR_HEDELEG, hedeleg);
		/* VS-mode rdtime with hcounteren.TM clear: a virtual instruction. */
		csr_write(CSR_HCOUNTEREN, ~(1UL << 1));
		lower_mode_call(LOWER_MODE_VS, read_time, 0);
		csr_write(CSR_HCOUNTEREN, ~0UL);
		CHECK_EQ(traps_handled[c->index], before + 6);
		CHECK_EQ(lower_mode_vs_last.count, 2);
	} else {
		CHECK_EQ(traps_handled[c->index], before + 1);
	}
}

static void path_pmu(struct hctx *c)
{
	unsigned long n = sbi_pmu_num_counters().value;
	struct sbiret ret;
	long fw;

	for (unsigned long i = 0; i < n; i++)
		sbi_pmu_counter_get_info(i);
	for (unsigned int i = 0; i < INFO_ENTRIES; i++) {
		info[i].event_idx = i & 1 ? EV_FW(i % 22) : EV_DTLB_READ_MISS;
		info[i].event_data = 0;
	}
	CHECK_EQ(sbi_pmu_event_get_info((unsigned long)info, 0, INFO_ENTRIES, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)c->snapshot, 0, 0).error, SBI_SUCCESS);
	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST,
					      SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
					      EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT | SBI_PMU_STOP_FLAG_RESET).error,
		 SBI_SUCCESS);
	fw = pmu_fw_counter_start(SBI_PMU_FW_SET_TIMER);
	if (CHECK(fw >= 0)) {
		sbi_set_timer(~0UL);
		sbi_pmu_counter_fw_read(fw);
		sbi_pmu_counter_fw_read_hi(fw);
		CHECK_EQ(sbi_pmu_counter_stop(fw, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_SUCCESS);
	}
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
}

/* Console, IPIs, base, time, FWFT and SRST's argument checks: the short ones. */
static void path_misc(struct hctx *c)
{
	static const char line[] = ".";

	(void)c;
	CHECK_EQ(sbi_debug_console_write(sizeof(line) - 1, (unsigned long)line, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	for (unsigned long eid = 0x10; eid < 0x20; eid++)
		sbi_probe_extension(eid);
	CHECK_EQ(sbi_probe_extension(SBI_EXT_DBTR).error, SBI_SUCCESS);
	CHECK_EQ(sbi_probe_extension(SBI_EXT_SRST).value, 1);
	CHECK_EQ(sbi_set_timer(~0UL).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_system_reset(0x1234, 0).error, SBI_ERR_INVALID_PARAM);
	csr_clear(sip, SIP_SSIP);
}

/* Retentive suspend, woken by this hart's own timer. */
static void path_suspend(struct hctx *c)
{
	(void)c;
	csr_set(sie, SIE_STIE);
	CHECK_EQ(sbi_set_timer(rdtime() + time_us_to_ticks(1000)).error, SBI_SUCCESS);
	CHECK_EQ(sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_set_timer(~0UL).error, SBI_SUCCESS);
	csr_clear(sie, SIE_STIE);
}

/* Every hart fences every hart, big ranges and whole spaces, at once (the targets serve them mid-call). */
static void path_fence_storm(struct hctx *c)
{
	(void)c;
	barrier();
	for (int i = 0; i < FENCES; i++) {
		CHECK_EQ(sbi_remote_sfence_vma(0, -1UL, 0x80000000UL, BIG_RANGE).error, SBI_SUCCESS);
		CHECK_EQ(sbi_remote_sfence_vma_asid(0, -1UL, 0, 1UL << 32, 1).error, SBI_SUCCESS);
		CHECK_EQ(sbi_remote_fence_i(0, -1UL).error, SBI_SUCCESS);
		if (has_h) {
			CHECK_EQ(sbi_remote_hfence_gvma(0, -1UL, 0, BIG_RANGE).error, SBI_SUCCESS);
			CHECK_EQ(sbi_remote_hfence_vvma_asid(0, -1UL, 0, BIG_RANGE, 1).error, SBI_SUCCESS);
		}
	}
	barrier();
}

struct path {
	const char *name;
	void (*fn)(struct hctx *c);
	bool boot_only;
};

/* Paths with a barrier (sse, fence_storm) run on every hart. */
static const struct path paths[] = {
	{ "legacy", path_legacy, false },
	{ "dbtr", path_dbtr, false },
	{ "sse", path_sse, false },
	{ "misaligned", path_misaligned, false },
	{ "illegal", path_illegal, false },
	{ "lower_modes", path_lower_modes, true },
	{ "pmu", path_pmu, false },
	{ "misc", path_misc, false },
	{ "suspend", path_suspend, false },
	{ "fence_storm", path_fence_storm, false },
};
#define PATH_NONRET ARRAY_SIZE(paths)   /* the non-retentive suspend (secondary harts) */
_Static_assert(PATH_NONRET < ARRAY_SIZE(((struct hctx *)0)->path_mark), "a mark per path");

/* ---- Per hart ---- */

static void run_paths(struct hctx *c)
{
	for (unsigned int p = 0; p < ARRAY_SIZE(paths); p++) {
		if (paths[p].boot_only && !c->boot)
			continue;
		if (measure)
			stack_mark_restart();
		paths[p].fn(c);
		if (measure)
			c->path_mark[p] = stack_mark(c->hartid);
	}
}

/* After the non-retentive suspend: entered at _start, as a new hart_run job. */
static void resumed_job(void *arg)
{
	struct hctx *c = arg;

	CHECK_EQ(sbi_set_timer(~0UL).error, SBI_SUCCESS);
	if (measure)
		c->path_mark[PATH_NONRET] = stack_mark(c->hartid);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static void secondary_job(void *arg)
{
	struct hctx *c = arg;
	struct sbiret ret;

	run_paths(c);
	/* Last: a non-retentive suspend, woken by the timer, resuming as resumed_job. */
	if (measure)
		stack_mark_restart();
	csr_set(sie, SIE_STIE);
	CHECK_EQ(sbi_set_timer(rdtime() + time_us_to_ticks(1000)).error, SBI_SUCCESS);
	ret = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, (unsigned long)_start,
			       hart_job_prepare(c->hartid, resumed_job, c));
	CHECK_EQ(ret.error, SBI_SUCCESS);   /* only on failure */
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static void run_round(void)
{
	for (int i = 0; i < nharts; i++) {
		ctx[i].done = 0;
		ctx[i].local_runs = ctx[i].global_runs = ctx[i].pmu_runs = 0;
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (int i = 1; i < nharts; i++)
		CHECK_EQ(hart_run(ctx[i].hartid, secondary_job, &ctx[i]).error, SBI_SUCCESS);
	run_paths(&ctx[0]);
	for (int i = 1; i < nharts; i++) {
		if (!CHECK(wait_flag(&ctx[i].done, 1, PAYLOAD_WAIT_US)))
			printf("hart %lu did not finish\n", ctx[i].hartid);
		CHECK(hart_wait_state(ctx[i].hartid, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[MAX_HARTS];
	char what[48];
	int n;

	(void)dtb;
	test_start("stack_depth");
	if (!CHECK(stack_marks_available())) {
		printf("not the test-hook image (make TEST_HOOKS=1)\n");
		test_fail();
	}
	if (!CHECK(dt_firmware_region(&fw_base, &fw_size)))
		test_fail();
	has_h = dt_isa_has_letter('h');
	has_sscofpmf = dt_isa_has("sscofpmf");
	stack_size = stack_mark_stack_size();
	n = dt_hartids(ids, MAX_HARTS);
	if (!CHECK(n > 1))
		test_fail();
	ctx[nharts++].hartid = hartid;
	for (int i = 0; i < n && nharts < MAX_HARTS; i++)
		if (ids[i] != hartid)
			ctx[nharts++].hartid = ids[i];
	for (int i = 0; i < nharts; i++) {
		ctx[i].index = i;
		ctx[i].boot = i == 0;
		all_harts_mask |= 1UL << ctx[i].hartid;
	}
	payload_trap_handler = expected_trap;
	printf("STACK-DEPTH: %d harts, stack %lu bytes, margin %d; H %s, Sscofpmf %s\n", nharts, stack_size,
	       STACK_MARGIN, has_h ? "yes" : "no", has_sscofpmf ? "yes" : "no");
	/* What boot left (with this hook call's own depth). */
	for (int i = 0; i < nharts; i++) {
		snprintf(what, sizeof(what), "hart %lu after boot", ctx[i].hartid);
		stack_mark_report(what, stack_mark(ctx[i].hartid));
	}

	/* Round 1: every path on every hart at once; the marks since boot. */
	run_round();
	printf("\n");
	for (int i = 0; i < nharts; i++) {
		snprintf(what, sizeof(what), "hart %lu", ctx[i].hartid);
		stack_mark_report(what, stack_mark(ctx[i].hartid));
	}
	stack_mark_report("all harts", stack_mark(-1UL));

	/* Round 2: the same, each path's mark on its own (the deepest over the harts). */
	measure = true;
	run_round();
	printf("\n");
	for (unsigned int p = 0; p <= PATH_NONRET; p++) {
		unsigned long deepest = 0;
		for (int i = 0; i < nharts; i++)
			if (ctx[i].path_mark[p] > deepest)
				deepest = ctx[i].path_mark[p];
		snprintf(what, sizeof(what), "path %s", p < PATH_NONRET ? paths[p].name : "suspend_non_retentive");
		stack_mark_report(what, deepest);
	}
}
