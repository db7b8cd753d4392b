/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Random SBI calls on every hart at once (docs/reliability.md).
 *
 * Every hart of the DT makes a long run of random calls: all extensions,
 * known and unknown EIDs and FIDs, random arguments, and addresses from a
 * pool of the interesting ones: inside the firmware region, across its
 * edges, MMIO, nothing, past the end of RAM, wrapping past 2^64, unaligned,
 * random. A range the firmware would accept (S-mode RAM) is moved into the
 * calling hart's own scratch pages, so shared memory and console buffers
 * never land on the payload itself. Each result is checked against the
 * error codes the spec allows for that function, and against the exact one
 * where the arguments leave no choice (reserved flags, invalid counters or
 * hartids, misaligned or foreign shared memory, unknown functions).
 *
 * Calls that would end the run are handled apart: SRST system_reset and the
 * legacy shutdown only with reserved types/reasons (INVALID_PARAM), HSM
 * hart_stop never, hart_suspend with reserved types or (non-retentive) a
 * bad resume address, and a retentive suspend only with the hart's own
 * timer armed to wake it. hart_start gets valid hartids: every hart runs,
 * so it must answer ALREADY_AVAILABLE (or the address error). Legacy calls
 * whose hart mask pointer faults have the fault redirected to S-mode at the
 * ecall (legacy chapter): the trap handler counts it and skips the ecall.
 *
 * SSE, FWFT and DBTR calls are random too, within what keeps the run alive:
 * an event handler S-mode registers is always this payload's (sse_entry, a
 * per-hart stack), so injections into any hart really run handlers, NMI-like,
 * in the middle of the random calls; a trigger that could fire only watches
 * a page the payload never touches (the firmware's own accesses to S-mode
 * memory must never fire one).
 *
 * At the end, on every hart: the firmware still answers as at the start
 * (base values, num_counters, counter_get_info of every counter), no
 * counter stayed mapped (after a RESET stop every firmware event gets a
 * counter of its own again), and the firmware region still faults on S-mode
 * loads and stores (PMP); its SSE events clean up and a fresh injection runs
 * its handler exactly once; every trigger uninstalls. The run ends with one line per hart and a
 * STRESS-SUMMARY line: calls made, results by error code, faults. On the
 * test-hook image (make TEST_HOOKS=1), whose EID 0x0A00ABAC the random calls
 * leave alone, it then prints how deep the run drove each hart's M-mode
 * stack (STACK-DEPTH lines, lib/stack_marks.h) and fails above the stack
 * minus its margin.
 *
 * /chosen/bootargs (QEMU -append; separated by spaces or commas) may hold
 * stress.calls=N (per hart), stress.seed=N, and stress.canary: then the
 * payload stops twice, before and after the random calls, printing
 * STRESS-CANARY-BEGIN/-END and waiting for a console byte, so
 * tests/fuzz/stress-canary.py can compare firmware memory between the two
 * points (S-mode cannot read it).
 */
#include <libfdt.h>
#include "payload.h"
#include "sse.h"
#include "stack_marks.h"

extern char _start[];

#define DEFAULT_CALLS    5000UL
#define MAX_HARTS        64
#define MAX_REPORTS      8          /* failure details printed per hart */
#define PAGE             4096UL
#define CANARY_WAIT_US   300000000UL
#define BARRIER_WAIT_US  600000000UL
#define LEGACY_EID_LAST  0x0fUL     /* EIDs 0x00-0x0F are the legacy range */

/* Results are counted by error code: index -code for 0..-14, and one for anything else. */
#define CODE_SLOTS 16

struct hart_ctx {
	uint8_t shmem[PAGE];            /* snapshot shared memory: page aligned */
	uint8_t scratch[PAGE];          /* event info tables, console buffers */
	uint8_t sse_stack[3][SSE_STACK_SIZE];   /* local software, PMU overflow, global events */
	uint8_t watched[PAGE];          /* what triggers watch: never touched */
	uint8_t dbtr_shmem[PAGE];       /* DBTR shared memory: only DBTR calls use it */
	unsigned long dbtr_shmem_at;    /* where it is set, or 0 */
	struct sse_handler_arg sse_arg[3];
	volatile unsigned long sse_runs;   /* handlers run on this hart */
	unsigned long trig_max;
	unsigned long hartid;
	uint64_t rng;
	unsigned long calls;
	unsigned long results[CODE_SLOTS];
	unsigned long faults;           /* legacy mask faults redirected to S-mode */
	unsigned long failures;
	unsigned long reports;
	unsigned long legacy_mask;      /* what a valid legacy mask pointer points to */
	unsigned long probe_cause;      /* set by the trap handler */
	volatile unsigned long done;
} __attribute__((aligned(4096)));

static struct hart_ctx ctx[MAX_HARTS];
static unsigned long hartids[MAX_HARTS];
static int nharts;
static unsigned long calls_per_hart = DEFAULT_CALLS, seed = 1;
static bool canary;
static uint64_t fw_base, fw_size, ram_base, ram_size;
static bool has_h, has_dbtr;
static bool has_test_hooks;   /* the test-hook image (EID 0x0A00ABAC): never called at random */

/* What every hart must still see at the end. */
static unsigned long base_values[7];
static unsigned long num_counters;
static unsigned long counter_info[64];
static bool cycles_configurable;   /* a hardware counter could count cycles at the start */

static volatile unsigned long barrier_count;

/* ---- Probes whose fault the trap handler skips: an ecall and a load/store ---- */

struct sbiret stress_ecall(unsigned long eid, unsigned long fid, unsigned long a0, unsigned long a1,
			   unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5);
unsigned long stress_load(unsigned long addr);
void stress_store(unsigned long addr);
extern char stress_ecall_insn[], stress_load_insn[], stress_store_insn[];
__asm__(
	"	.pushsection .text\n"
	"	.option push\n"
	"	.option norvc\n"
	"	.balign 4\n"
	"	.globl stress_ecall\n"
	"stress_ecall:\n"
	"	mv	t0, a0\n"
	"	mv	t1, a1\n"
	"	mv	a0, a2\n"
	"	mv	a1, a3\n"
	"	mv	a2, a4\n"
	"	mv	a3, a5\n"
	"	mv	a4, a6\n"
	"	mv	a5, a7\n"
	"	mv	a7, t0\n"
	"	mv	a6, t1\n"
	"	.globl stress_ecall_insn\n"
	"stress_ecall_insn:\n"
	"	ecall\n"
	"	ret\n"
	"	.globl stress_load\n"
	"stress_load:\n"
	"	.globl stress_load_insn\n"
	"stress_load_insn:\n"
	"	ld	a0, 0(a0)\n"
	"	ret\n"
	"	.globl stress_store\n"
	"stress_store:\n"
	"	.globl stress_store_insn\n"
	"stress_store_insn:\n"
	"	sd	zero, 0(a0)\n"
	"	ret\n"
	"	.option pop\n"
	"	.popsection\n");

#define FAULT_MARK 0xfa017UL   /* a0 after a skipped probe */

static struct hart_ctx *self(void)
{
	for (int i = 0; i < nharts; i++)
		if (hartids[i] == current_hartid())
			return &ctx[i];
	return &ctx[0];
}

static bool stress_trap(struct trap_frame *frame)
{
	unsigned long pc = frame->sepc, cause = frame->scause;
	struct hart_ctx *c = self();

	if (cause & SCAUSE_INTERRUPT)
		return false;
	if (pc != (unsigned long)stress_ecall_insn && pc != (unsigned long)stress_load_insn &&
	    pc != (unsigned long)stress_store_insn)
		return false;
	c->probe_cause = cause;
	frame->regs[10] = FAULT_MARK;
	frame->sepc = pc + 4;
	return true;
}

/* ---- Randomness ---- */

static uint64_t rnd(struct hart_ctx *c)
{
	uint64_t x = c->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	c->rng = x;
	return x * 0x2545f4914f6cdd1dULL;
}

static unsigned long rnd_below(struct hart_ctx *c, unsigned long n)
{
	return rnd(c) % n;
}

/* ---- Memory the firmware may accept, and the address pool ---- */

/* [addr, addr + size) is S-mode RAM (size 0: addr is): what the firmware must accept. */
static bool smode_ram(unsigned long addr, unsigned long hi, unsigned long size)
{
	unsigned long len = size ? size : 1;

	if (hi || addr + len < addr)
		return false;
	if (addr < ram_base || addr - ram_base >= ram_size || len > ram_size - (addr - ram_base))
		return false;
	return addr + len <= fw_base || addr >= fw_base + fw_size;
}

static unsigned long gen_addr(struct hart_ctx *c)
{
	static const unsigned long mmio[] = {
		0x100000, 0x101000, 0x2000000, 0x200bff8, 0xc000000, 0xc200004, 0x10000000, 0x10001000,
	};
	unsigned long r = rnd(c);

	switch (rnd_below(c, 14)) {
	case 0: return fw_base + r % fw_size;                      /* inside the firmware */
	case 1: return fw_base + (r % fw_size & ~(PAGE - 1));      /* a firmware page */
	case 2: return fw_base + fw_size - 8 * (1 + r % 64);       /* crossing its end */
	case 3: return fw_base - 8 * (1 + r % 64);                 /* crossing into it */
	case 4: return mmio[r % ARRAY_SIZE(mmio)] + (r >> 32) % 64 * 4;
	case 5: return r % 4096;                                   /* nothing there */
	case 6: return -(1 + r % 8192);                            /* wraps */
	case 7: return ram_base + ram_size - 8 * (1 + r % 64);     /* crossing the end of RAM */
	case 8: return ram_base + ram_size + r % (1UL << 20);      /* above RAM */
	case 9: return r;
	case 10: return r & 0xffffffffUL;
	case 11: return (unsigned long)c->shmem + (r % 64) * 16;   /* valid, aligned */
	case 12: return (unsigned long)c->scratch + r % 64;        /* valid, any alignment */
	default: return (unsigned long)c->shmem;                   /* valid, page aligned */
	}
}

static unsigned long gen_hi(struct hart_ctx *c)
{
	switch (rnd_below(c, 16)) {
	case 0: return -1UL;
	case 1: return rnd(c);
	default: return 0;
	}
}

/*
 * A range the firmware must accept is moved into the hart's scratch pages
 * (same offset in the page: alignment is kept); it must fit in `room`.
 */
static unsigned long confine(unsigned long addr, unsigned long hi, unsigned long size,
			     uint8_t *area, unsigned long room)
{
	if (!smode_ram(addr, hi, size))
		return addr;
	addr = (unsigned long)area + (addr & (PAGE - 1));
	if (addr + size > (unsigned long)area + room)
		addr = (unsigned long)area + ((room - size) & ~15UL);
	return addr;
}

/* ---- Results ---- */

static void record(struct hart_ctx *c, long error)
{
	c->calls++;
	if (error <= 0 && error > -CODE_SLOTS + 1)
		c->results[-error]++;
	else
		c->results[CODE_SLOTS - 1]++;
}

static void fail(struct hart_ctx *c, const char *what, long error, unsigned long a0, unsigned long a1,
		 unsigned long a2)
{
	c->failures++;
	CHECK(false);
	if (c->reports++ < MAX_REPORTS)
		printf("STRESS hart %lu call %lu: %s returned %ld (args 0x%lx 0x%lx 0x%lx)\n", c->hartid, c->calls,
		       what, error, a0, a1, a2);
}

static bool in_codes(long error, const long *codes, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (codes[i] == error)
			return true;
	return false;
}

#define ALLOWED(c, what, ret, a0, a1, a2, ...) do { \
	static const long codes_[] = { __VA_ARGS__ }; \
	if (!in_codes((ret).error, codes_, ARRAY_SIZE(codes_))) \
		fail(c, what, (ret).error, a0, a1, a2); } while (0)

#define EXACT(c, what, ret, expected, a0, a1, a2) do { \
	if ((ret).error != (expected)) \
		fail(c, what, (ret).error, a0, a1, a2); } while (0)

/* ---- Hart lists ---- */

static bool hartid_valid(unsigned long id)
{
	for (int i = 0; i < nharts; i++)
		if (hartids[i] == id)
			return true;
	return false;
}

/* (mask, base) names only harts of the DT ("Hart list parameter"). */
static bool hart_list_valid(unsigned long mask, unsigned long base)
{
	if (base == -1UL)
		return true;
	for (unsigned int b = 0; b < 64; b++)
		if ((mask >> b & 1) && (base + b < base || !hartid_valid(base + b)))
			return false;
	return true;
}

static void gen_hart_list(struct hart_ctx *c, unsigned long *mask, unsigned long *base)
{
	switch (rnd_below(c, 6)) {
	case 0: *base = -1UL; *mask = rnd(c); return;
	case 1: *base = 0; *mask = rnd(c) & ((1UL << nharts) - 1); return;
	case 2: *base = rnd_below(c, nharts + 2); *mask = rnd_below(c, 16); return;
	case 3: *base = -(1 + rnd_below(c, 64)); *mask = rnd(c); return;
	case 4: *base = rnd(c); *mask = rnd(c); return;
	default: *base = c->hartid; *mask = 1; return;
	}
}

/* ---- PMU ---- */

static bool counter_set_valid(unsigned long base, unsigned long mask)
{
	for (unsigned int b = 0; b < 64; b++)
		if ((mask >> b & 1) && (base + b < base || base + b >= num_counters))
			return false;
	return true;
}

static unsigned long gen_counter_base(struct hart_ctx *c)
{
	switch (rnd_below(c, 6)) {
	case 0: return rnd(c);
	case 1: return num_counters + rnd_below(c, 4);
	case 2: return num_counters - 24 + rnd_below(c, 24);    /* firmware counters */
	default: return rnd_below(c, num_counters);
	}
}

static unsigned long gen_counter_mask(struct hart_ctx *c)
{
	switch (rnd_below(c, 5)) {
	case 0: return rnd(c);
	case 1: return ~0UL;
	case 2: return 0;
	default: return 1UL << rnd_below(c, 8) | (rnd_below(c, 2) ? 2 : 0);
	}
}

static unsigned long gen_event_idx(struct hart_ctx *c)
{
	switch (rnd_below(c, 8)) {
	case 0: return rnd_below(c, 12);
	case 1: return 0x10000 | rnd_below(c, 64);
	case 2: return 0x20000 | (rnd_below(c, 4) ? 0 : rnd_below(c, 16));
	case 3: return 0xf0000 | rnd_below(c, 24);
	case 4: return 0xfffff;
	case 5: return rnd(c) & 0xfffff;
	case 6: return rnd(c);
	default: return 0xf0000 | rnd_below(c, 22);
	}
}

static unsigned long gen_flags(struct hart_ctx *c, unsigned long all)
{
	unsigned long r = rnd(c);

	return rnd_below(c, 8) ? r & all : r;
}

static void random_pmu(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 10), a0, a1, a2, a3, a4;
	struct sbiret ret;

	switch (fid) {
	case SBI_PMU_NUM_COUNTERS:
		ret = sbi_ecall(SBI_EXT_PMU, fid, rnd(c), 0, 0, 0, 0, 0);
		if (ret.error || ret.value != num_counters)
			fail(c, "pmu_num_counters", ret.error, ret.value, 0, 0);
		break;
	case SBI_PMU_COUNTER_GET_INFO:
		a0 = gen_counter_base(c);
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, 0, 0, 0, 0, 0);
		/* 1 is the time CSR, not a counter */
		EXACT(c, "pmu_counter_get_info", ret,
		      a0 < num_counters && a0 != 1 ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM, a0, 0, 0);
		if (!ret.error && ret.value != counter_info[a0])
			fail(c, "pmu_counter_get_info (value changed)", ret.error, a0, ret.value, 0);
		break;
	case SBI_PMU_COUNTER_CONFIG_MATCHING:
		a0 = gen_counter_base(c), a1 = gen_counter_mask(c), a2 = gen_flags(c, SBI_PMU_CFG_FLAG_ALL);
		a3 = gen_event_idx(c), a4 = rnd_below(c, 4) ? 0 : rnd(c);
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, a3, a4, 0);
		ALLOWED(c, "pmu_counter_config_matching", ret, a0, a1, a2,     /* Table 9 */
			SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED);
		if ((a2 & ~SBI_PMU_CFG_FLAG_ALL) || !counter_set_valid(a0, a1))
			EXACT(c, "pmu_counter_config_matching (invalid)", ret, SBI_ERR_INVALID_PARAM, a0, a1, a2);
		if (!ret.error && (ret.value < a0 || ret.value - a0 >= 64 || !(a1 >> (ret.value - a0) & 1)))
			fail(c, "pmu_counter_config_matching (counter outside the set)", ret.error, a0, a1, ret.value);
		break;
	case SBI_PMU_COUNTER_START:
		a0 = gen_counter_base(c), a1 = gen_counter_mask(c), a2 = gen_flags(c, SBI_PMU_START_FLAG_ALL);
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, rnd(c), 0, 0);
		ALLOWED(c, "pmu_counter_start", ret, a0, a1, a2,                /* Table 11 */
			SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STARTED, SBI_ERR_NO_SHMEM);
		if ((a2 & ~SBI_PMU_START_FLAG_ALL) || !counter_set_valid(a0, a1))
			ALLOWED(c, "pmu_counter_start (invalid)", ret, a0, a1, a2, SBI_ERR_INVALID_PARAM, SBI_ERR_NO_SHMEM);
		break;
	case SBI_PMU_COUNTER_STOP:
		a0 = gen_counter_base(c), a1 = gen_counter_mask(c), a2 = gen_flags(c, SBI_PMU_STOP_FLAG_ALL);
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, 0, 0, 0);
		ALLOWED(c, "pmu_counter_stop", ret, a0, a1, a2,                 /* Table 13 */
			SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STOPPED, SBI_ERR_NO_SHMEM);
		if ((a2 & ~SBI_PMU_STOP_FLAG_ALL) || !counter_set_valid(a0, a1))
			ALLOWED(c, "pmu_counter_stop (invalid)", ret, a0, a1, a2, SBI_ERR_INVALID_PARAM, SBI_ERR_NO_SHMEM);
		break;
	case SBI_PMU_COUNTER_FW_READ:
	case SBI_PMU_COUNTER_FW_READ_HI:
		a0 = gen_counter_base(c);
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, 0, 0, 0, 0, 0);
		/* Tables 14, 15: firmware counters are the last 24 (num_counters - 24 ..). */
		EXACT(c, "pmu_counter_fw_read", ret, a0 >= num_counters - 24 && a0 < num_counters ? SBI_SUCCESS :
		      SBI_ERR_INVALID_PARAM, a0, fid, 0);
		if (fid == SBI_PMU_COUNTER_FW_READ_HI && !ret.error && ret.value)
			fail(c, "pmu_counter_fw_read_hi (not 0 on RV64)", ret.error, a0, ret.value, 0);
		break;
	case SBI_PMU_SNAPSHOT_SET_SHMEM: {
		if (rnd_below(c, 4) == 0) {
			a0 = a1 = -1UL;
		} else {
			a1 = gen_hi(c);
			a0 = confine(gen_addr(c), a1, PAGE, c->shmem, PAGE);
		}
		a2 = rnd_below(c, 8) ? 0 : rnd(c);
		bool disable = a0 == -1UL && a1 == -1UL;
		bool bad_param = a2 || (!disable && a0 % PAGE);
		bool bad_address = !disable && !smode_ram(a0, a1, PAGE);
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, 0, 0, 0);
		ALLOWED(c, "pmu_snapshot_set_shmem", ret, a0, a1, a2,          /* Table 17 */
			SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
		if (bad_param || bad_address) {
			if (!((bad_param && ret.error == SBI_ERR_INVALID_PARAM) ||
			      (bad_address && ret.error == SBI_ERR_INVALID_ADDRESS)))
				fail(c, "pmu_snapshot_set_shmem (invalid)", ret.error, a0, a1, a2);
		} else {
			EXACT(c, "pmu_snapshot_set_shmem", ret, SBI_SUCCESS, a0, a1, a2);
		}
		break;
	}
	case SBI_PMU_EVENT_GET_INFO: {
		unsigned long n = rnd_below(c, 4) ? rnd_below(c, 32) : rnd(c);
		a1 = gen_hi(c);
		a0 = gen_addr(c);
		if (n <= PAGE / 16)
			a0 = confine(a0, a1, n * 16, c->scratch, PAGE);
		a3 = rnd_below(c, 8) ? 0 : rnd(c);
		bool bad_param = a3 || a0 % 16;
		bool bad_address = n && (n > PAGE / 16 || !smode_ram(a0, a1, n * 16));
		bool reserved = false;
		if (n && !bad_address)
			for (unsigned long i = 0; i < n; i++) {
				uint32_t idx = (uint32_t)gen_event_idx(c) & (rnd_below(c, 32) ? 0xfffff : ~0u);
				uint64_t data = rnd_below(c, 2) ? 0 : rnd(c);
				memcpy((void *)(a0 + 16 * i), &idx, 4);
				memcpy((void *)(a0 + 16 * i + 8), &data, 8);
				reserved |= idx >> 20 != 0;
			}
		ret = sbi_ecall(SBI_EXT_PMU, fid, a0, a1, n, a3, 0, 0);
		ALLOWED(c, "pmu_event_get_info", ret, a0, a1, n,               /* Table 19 */
			SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
		if (bad_param || bad_address || reserved) {
			if (!(((bad_param || reserved) && ret.error == SBI_ERR_INVALID_PARAM) ||
			      (bad_address && (ret.error == SBI_ERR_INVALID_ADDRESS || ret.error == SBI_ERR_INVALID_PARAM))))
				fail(c, "pmu_event_get_info (invalid)", ret.error, a0, a1, n);
		} else {
			EXACT(c, "pmu_event_get_info", ret, SBI_SUCCESS, a0, a1, n);
		}
		break;
	}
	default:
		a0 = SBI_PMU_EVENT_GET_INFO + 1 + rnd_below(c, 2) * rnd_below(c, 1000000);
		ret = sbi_ecall(SBI_EXT_PMU, a0, rnd(c), rnd(c), rnd(c), 0, 0, 0);
		EXACT(c, "pmu unknown FID", ret, SBI_ERR_NOT_SUPPORTED, a0, 0, 0);
		break;
	}
	record(c, ret.error);
}

/* ---- Other extensions ---- */

static const unsigned long known_eids[] = {
	SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_IPI, SBI_EXT_RFENCE, SBI_EXT_HSM, SBI_EXT_SRST, SBI_EXT_PMU,
	SBI_EXT_DBCN, SBI_EXT_SSE, SBI_EXT_FWFT,   /* DBTR: where some hart has triggers (has_dbtr) */
};

static void random_base(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 8), arg = 0;
	struct sbiret ret;

	if (fid == SBI_BASE_PROBE_EXT)
		arg = rnd_below(c, 2) ? known_eids[rnd_below(c, ARRAY_SIZE(known_eids))] : rnd(c);
	if (fid == 7)
		fid = 7 + rnd_below(c, 1000);
	ret = sbi_ecall(SBI_EXT_BASE, fid, arg, rnd(c), 0, 0, 0, 0);
	if (fid < 7 && fid != SBI_BASE_PROBE_EXT) {
		if (ret.error || ret.value != base_values[fid])
			fail(c, "base (value changed)", ret.error, fid, ret.value, base_values[fid]);
	} else if (fid == SBI_BASE_PROBE_EXT) {
		bool known = false;
		for (unsigned int i = 0; i < ARRAY_SIZE(known_eids); i++)
			known |= arg == known_eids[i];
		if (arg == SBI_EXT_DBTR)
			known = has_dbtr;
		if (arg == SBI_EXT_FIRMWARE_ABACUS)
			known = has_test_hooks;
		if (ret.error || (known && !ret.value) || (!known && arg > LEGACY_EID_LAST && ret.value))
			fail(c, "base probe_extension", ret.error, arg, ret.value, 0);
	} else {
		EXACT(c, "base unknown FID", ret, SBI_ERR_NOT_SUPPORTED, fid, 0, 0);
	}
	record(c, ret.error);
}

static void random_time(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 8) ? SBI_TIME_SET_TIMER : 1 + rnd_below(c, 100);
	struct sbiret ret = sbi_ecall(SBI_EXT_TIME, fid, rnd(c), 0, 0, 0, 0, 0);

	EXACT(c, "set_timer", ret, fid == SBI_TIME_SET_TIMER ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, fid, 0, 0);
	record(c, ret.error);
}

static void random_ipi(struct hart_ctx *c)
{
	unsigned long mask, base, fid = rnd_below(c, 16) ? SBI_IPI_SEND_IPI : 1 + rnd_below(c, 100);
	struct sbiret ret;

	gen_hart_list(c, &mask, &base);
	ret = sbi_ecall(SBI_EXT_IPI, fid, mask, base, 0, 0, 0, 0);
	if (fid != SBI_IPI_SEND_IPI)
		EXACT(c, "ipi unknown FID", ret, SBI_ERR_NOT_SUPPORTED, fid, 0, 0);
	else
		EXACT(c, "send_ipi", ret, hart_list_valid(mask, base) ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM, mask,
		      base, 0);
	record(c, ret.error);
}

static void random_rfence(struct hart_ctx *c)
{
	unsigned long mask, base, fid = rnd_below(c, 9), start, size;
	struct sbiret ret;

	if (fid == 8)
		fid = 7 + rnd_below(c, 100);
	gen_hart_list(c, &mask, &base);
	switch (rnd_below(c, 4)) {
	case 0: start = 0, size = 0; break;
	case 1: start = rnd(c), size = -1UL; break;
	case 2: start = rnd(c) & ~(PAGE - 1), size = rnd_below(c, 80) * PAGE; break;
	default: start = rnd(c), size = rnd(c); break;
	}
	ret = sbi_ecall(SBI_EXT_RFENCE, fid, mask, base, start, size, rnd(c), 0);
	/* RFENCE errors: INVALID_PARAM (hart list), INVALID_ADDRESS (range), NOT_SUPPORTED, FAILED. */
	ALLOWED(c, "remote fence", ret, fid, mask, base,
		SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
	if (fid > SBI_RFENCE_REMOTE_HFENCE_VVMA || (fid >= SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID && !has_h))
		EXACT(c, "remote fence (not implemented)", ret, SBI_ERR_NOT_SUPPORTED, fid, mask, base);
	else if (!hart_list_valid(mask, base))
		EXACT(c, "remote fence (hart list)", ret, SBI_ERR_INVALID_PARAM, fid, mask, base);
	record(c, ret.error);
}

/* hart_start (every hart runs), get_status, suspend calls that return. */
static void random_hsm(struct hart_ctx *c)
{
	unsigned long hartid = rnd_below(c, 4) ? hartids[rnd_below(c, nharts)] : rnd_below(c, 2) ? rnd(c) : (unsigned long)nharts;
	unsigned long addr = gen_addr(c);
	struct sbiret ret;

	switch (rnd_below(c, 6)) {
	case 0:
	case 1:
		/* A start address S-mode could use is the payload entry: a start that wrongly succeeds
		 * lands there and is counted as an unexpected hart. */
		if (smode_ram(addr, 0, 0))
			addr = (unsigned long)_start;
		ret = sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_START, hartid, addr, rnd(c), 0, 0, 0);
		if (!hartid_valid(hartid))
			EXACT(c, "hart_start (bad hartid)", ret, SBI_ERR_INVALID_PARAM, hartid, addr, 0);
		else if (!smode_ram(addr, 0, 0))
			ALLOWED(c, "hart_start (bad address)", ret, hartid, addr, 0, SBI_ERR_INVALID_ADDRESS,
				SBI_ERR_ALREADY_AVAILABLE);
		else
			EXACT(c, "hart_start (running hart)", ret, SBI_ERR_ALREADY_AVAILABLE, hartid, addr, 0);
		break;
	case 2:
	case 3:
		ret = sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_GET_STATUS, hartid, 0, 0, 0, 0, 0);
		EXACT(c, "hart_get_status", ret, hartid_valid(hartid) ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM, hartid,
		      0, 0);
		if (!ret.error && ret.value != SBI_HSM_STATE_STARTED && ret.value != SBI_HSM_STATE_SUSPENDED &&
		    ret.value != SBI_HSM_STATE_SUSPEND_PENDING && ret.value != SBI_HSM_STATE_RESUME_PENDING)
			fail(c, "hart_get_status (a running hart reported stopped)", ret.error, hartid, ret.value, 0);
		break;
	case 4: {
		/* Reserved and platform-specific suspend types, and non-retentive ones with a resume
		 * address S-mode cannot execute: all fail at once. */
		unsigned long type = rnd_below(c, 2) ? SBI_HSM_SUSPEND_NON_RET_DEFAULT : rnd(c);
		if (type == SBI_HSM_SUSPEND_RET_DEFAULT)
			type = 1;
		if (smode_ram(addr, 0, 0))
			addr = fw_base;
		ret = sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, type, addr, rnd(c), 0, 0, 0);
		EXACT(c, "hart_suspend (must fail)", ret, type == SBI_HSM_SUSPEND_NON_RET_DEFAULT ?
		      SBI_ERR_INVALID_ADDRESS : SBI_ERR_INVALID_PARAM, type, addr, 0);
		break;
	}
	default: {
		/* A retentive suspend, woken by the hart's own timer soon. */
		if (rnd_below(c, 8)) {
			ret = sbi_ecall(SBI_EXT_HSM, 4 + rnd_below(c, 1000), 0, 0, 0, 0, 0, 0);
			EXACT(c, "hsm unknown FID", ret, SBI_ERR_NOT_SUPPORTED, 0, 0, 0);
			break;
		}
		csr_set(sie, SIE_STIE);
		sbi_set_timer(rdtime() + time_us_to_ticks(50));
		ret = sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, SBI_HSM_SUSPEND_RET_DEFAULT, rnd(c), rnd(c), 0, 0, 0);
		csr_clear(sie, SIE_STIE);
		sbi_set_timer(UINT64_MAX);
		EXACT(c, "retentive hart_suspend", ret, SBI_SUCCESS, 0, 0, 0);
		break;
	}
	}
	record(c, ret.error);
}

static void random_srst(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 8) ? SBI_SRST_SYSTEM_RESET : 1 + rnd_below(c, 1000);
	unsigned long type = rnd_below(c, 3), reason = rnd_below(c, 2);
	struct sbiret ret;

	/* Never a valid (type, reason): the run would end. */
	if (rnd_below(c, 2))
		type = rnd_below(c, 2) ? 3 + rnd_below(c, 0xeffffffd) : 0xf0000000UL + rnd_below(c, 0x10000000);
	else
		reason = rnd_below(c, 2) ? 2 + rnd_below(c, 0xeffffffe) : 0xf0000000UL + rnd_below(c, 0x10000000);
	ret = sbi_ecall(SBI_EXT_SRST, fid, type, reason, 0, 0, 0, 0);
	EXACT(c, "system_reset (reserved type/reason)", ret,
	      fid == SBI_SRST_SYSTEM_RESET ? SBI_ERR_INVALID_PARAM : SBI_ERR_NOT_SUPPORTED, fid, type, reason);
	record(c, ret.error);
}

static void random_dbcn(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 4), n = rnd_below(c, 4) ? rnd_below(c, 64) : rnd(c);
	unsigned long hi = gen_hi(c), addr = gen_addr(c);
	struct sbiret ret;

	if (fid == 3)
		fid = 3 + rnd_below(c, 1000);
	if (fid == SBI_DBCN_CONSOLE_WRITE_BYTE && rnd_below(c, 64))
		fid = SBI_DBCN_CONSOLE_WRITE;   /* keep the log readable: few bytes get out */
	if (smode_ram(addr, hi, n)) {
		/* A valid buffer: the scratch page, and at most one '.' printed. */
		if (fid == SBI_DBCN_CONSOLE_WRITE)
			n = rnd_below(c, 64) ? 0 : 1;
		if (n > PAGE)
			n = PAGE;
		addr = (unsigned long)c->scratch + (addr & 7);
		memset(c->scratch, '.', 8);
	}
	bool valid = smode_ram(addr, hi, n);
	ret = sbi_ecall(SBI_EXT_DBCN, fid, fid == SBI_DBCN_CONSOLE_WRITE_BYTE ? '.' : n, addr, hi, 0, 0, 0);
	if (fid == SBI_DBCN_CONSOLE_WRITE || fid == SBI_DBCN_CONSOLE_READ) {
		ALLOWED(c, "console_write/read", ret, fid, n, addr,
			SBI_SUCCESS, SBI_ERR_INVALID_PARAM, SBI_ERR_DENIED, SBI_ERR_FAILED);
		EXACT(c, "console_write/read", ret, valid ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM, fid, n, addr);
		if (!ret.error && ret.value > n)
			fail(c, "console_write/read (more bytes than asked)", ret.error, fid, n, ret.value);
	} else if (fid == SBI_DBCN_CONSOLE_WRITE_BYTE) {
		EXACT(c, "console_write_byte", ret, SBI_SUCCESS, 0, 0, 0);
	} else {
		EXACT(c, "dbcn unknown FID", ret, SBI_ERR_NOT_SUPPORTED, fid, 0, 0);
	}
	record(c, ret.error);
}

/* Legacy calls through the faulting-safe ecall: a mask pointer may fault. */
static void random_legacy(struct hart_ctx *c)
{
	unsigned long eid = rnd_below(c, 16), a0 = 0, a1 = rnd(c), a2 = rnd(c), a3 = rnd(c);
	struct sbiret ret;
	long error;

	switch (eid) {
	case SBI_EXT_LEGACY_CONSOLE_PUTCHAR:
		if (rnd_below(c, 256))
			eid = SBI_EXT_LEGACY_CLEAR_IPI;   /* rarely a '.' */
		a0 = '.';
		break;
	case SBI_EXT_LEGACY_SHUTDOWN:
		eid = 9 + rnd_below(c, 7);           /* never: the run would end */
		break;
	case SBI_EXT_LEGACY_SEND_IPI:
	case SBI_EXT_LEGACY_REMOTE_FENCE_I:
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA:
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID:
		switch (rnd_below(c, 4)) {
		case 0: a0 = 0; break;                                         /* all harts */
		case 1: c->legacy_mask = rnd(c) & ((1UL << nharts) - 1); a0 = (unsigned long)&c->legacy_mask; break;
		case 2: c->legacy_mask = rnd(c); a0 = (unsigned long)&c->legacy_mask; break;
		default: a0 = gen_addr(c); break;
		}
		if (a0 && a0 != (unsigned long)&c->legacy_mask && smode_ram(a0, 0, 8))
			a0 = (unsigned long)&c->legacy_mask + (a0 & 7);
		if (eid == SBI_EXT_LEGACY_REMOTE_SFENCE_VMA || eid == SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID)
			a2 = rnd_below(c, 2) ? rnd_below(c, 64) * PAGE : a2;
		break;
	case SBI_EXT_LEGACY_SET_TIMER:
		a0 = rnd(c);
		break;
	default:
		break;
	}
	c->probe_cause = 0;
	ret = stress_ecall(eid, 0, a0, a1, a2, a3, 0, 0);
	error = ret.error;
	if (c->probe_cause) {
		/* Redirected: a load access fault (PMP, nothing there) or a misaligned load. */
		c->faults++;
		if (error != (long)FAULT_MARK ||
		    (c->probe_cause != CAUSE_LOAD_ACCESS && c->probe_cause != 4 /* misaligned load */ &&
		     c->probe_cause != 13 /* load page fault */))
			fail(c, "legacy call (fault)", (long)c->probe_cause, eid, a0, 0);
		c->calls++;
		return;
	}
	if (eid >= 9)
		EXACT(c, "legacy 0x09-0x0f", ret, SBI_ERR_NOT_SUPPORTED, eid, 0, 0);
	if (eid == SBI_EXT_LEGACY_SET_TIMER || eid == SBI_EXT_LEGACY_CONSOLE_PUTCHAR)
		EXACT(c, "legacy set_timer/putchar", ret, 0, eid, a0, 0);
	if (eid == SBI_EXT_LEGACY_CLEAR_IPI && error != 0 && error != 1)
		fail(c, "legacy clear_ipi (not 0 or 1)", error, 0, 0, 0);
	if (eid == SBI_EXT_LEGACY_SEND_IPI || (eid >= SBI_EXT_LEGACY_REMOTE_FENCE_I && eid <= 7)) {
		bool valid = a0 == 0 || (a0 == (unsigned long)&c->legacy_mask && hart_list_valid(c->legacy_mask, 0));
		/* A misaligned pointer faults; a pointer elsewhere reads whatever is there. */
		if ((a0 == 0 || a0 == (unsigned long)&c->legacy_mask) && error != (valid ? 0 : SBI_ERR_INVALID_PARAM))
			fail(c, "legacy IPI/fence", error, eid, a0, c->legacy_mask);
		if (error != 0 && error != SBI_ERR_INVALID_PARAM)
			fail(c, "legacy IPI/fence (code)", error, eid, a0, 0);
	}
	record(c, eid == SBI_EXT_LEGACY_CONSOLE_GETCHAR || eid == SBI_EXT_LEGACY_CLEAR_IPI ? 0 : error);
}

static void random_unknown(struct hart_ctx *c)
{
	unsigned long eid;
	struct sbiret ret;

	switch (rnd_below(c, 4)) {
	case 0: eid = known_eids[rnd_below(c, ARRAY_SIZE(known_eids))] + 1; break;
	case 1: eid = rnd(c) & 0xffffffff; break;
	case 2: eid = 0x10 + rnd_below(c, 0x100); break;
	default: eid = rnd(c); break;
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(known_eids); i++)
		if (eid == known_eids[i])
			eid = 0x0a000000 + rnd_below(c, 0x1000000);   /* vendor range: none implemented */
	if (eid <= LEGACY_EID_LAST)
		eid += 0x100;
	if (eid == SBI_EXT_FIRMWARE_ABACUS)
		eid++;        /* the test hooks exist in the test-hook image (one stops the hart) */
	ret = sbi_ecall(eid, rnd_below(c, 2) ? rnd_below(c, 8) : rnd(c), rnd(c), rnd(c), rnd(c), 0, 0, 0);
	EXACT(c, "unknown EID", ret, SBI_ERR_NOT_SUPPORTED, eid, 0, 0);
	record(c, ret.error);
}

/* ---- SBI 3.0: SSE, FWFT, DBTR ---- */

static const unsigned long sse_events[] = {
	SBI_SSE_EVENT_LOCAL_SOFTWARE, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, SBI_SSE_EVENT_GLOBAL_SOFTWARE,
	SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP, SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS, SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS,
	0xffff4000, 0x2, 0x10001, 0xffffffff,
};

static void sse_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	struct hart_ctx *c = self();

	(void)arg, (void)regs;
	if (hartid != c->hartid)
		fail(c, "SSE handler a6 (hart ID)", 0, hartid, c->hartid, 0);
	c->sse_runs++;
}

/* The event's handler on this hart: this payload's entry, its own stack. */
static unsigned long sse_event_slot(unsigned long event)
{
	return event == SBI_SSE_EVENT_LOCAL_SOFTWARE ? 0 : event == SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW ? 1 : 2;
}

static void random_sse(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 11);
	/* The local software event half of the time: it gets registered, enabled and injected. */
	unsigned long event = rnd_below(c, 2) ? SBI_SSE_EVENT_LOCAL_SOFTWARE
					      : sse_events[rnd_below(c, ARRAY_SIZE(sse_events))];
	unsigned long a1 = 0, a2 = 0, a3 = 0, a4 = 0, eid_event = event;
	struct sbiret ret;

	if (rnd_below(c, 8) == 0)
		eid_event |= rnd(c) << 32;     /* event_id is a uint32_t */
	switch (fid) {
	case SBI_SSE_READ_ATTRS:
	case SBI_SSE_WRITE_ATTRS:
		a1 = rnd_below(c, 4) ? rnd_below(c, 12) : rnd(c);
		a2 = rnd_below(c, 4) ? rnd_below(c, 12) : rnd(c);
		a3 = gen_addr(c);
		a4 = gen_hi(c);
		a3 = confine(a3, a4, (uint32_t)a2 * 8, c->scratch, PAGE);
		break;
	case SBI_SSE_REGISTER:
		/* Only this payload's entry may become a handler: others are bad addresses. */
		a1 = rnd_below(c, 4) ? (unsigned long)sse_entry : gen_addr(c);
		if (a1 != (unsigned long)sse_entry && (!(a1 & 1) && smode_ram(a1, 0, 0)))
			a1 = (unsigned long)sse_entry;
		a2 = (unsigned long)&c->sse_arg[sse_event_slot(event)];
		break;
	case SBI_SSE_INJECT:
		a1 = rnd_below(c, 4) ? hartids[rnd_below(c, nharts)] : rnd(c);
		break;
	default:
		a1 = rnd(c);
		break;
	}
	if (fid == 10)
		fid = 10 + rnd_below(c, 1000);
	ret = sbi_ecall(SBI_EXT_SSE, fid, eid_event, a1, a2, a3, a4, 0);
	switch (fid) {
	case SBI_SSE_READ_ATTRS:
		ALLOWED(c, "sse read_attrs", ret, eid_event, a1, a2, SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED,
			SBI_ERR_INVALID_PARAM, SBI_ERR_BAD_RANGE, SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
		break;
	case SBI_SSE_WRITE_ATTRS:
		ALLOWED(c, "sse write_attrs", ret, eid_event, a1, a2, SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED,
			SBI_ERR_INVALID_PARAM, SBI_ERR_DENIED, SBI_ERR_INVALID_STATE, SBI_ERR_BAD_RANGE,
			SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
		break;
	case SBI_SSE_REGISTER:
	case SBI_SSE_UNREGISTER:
	case SBI_SSE_ENABLE:
	case SBI_SSE_DISABLE:
		ALLOWED(c, "sse state call", ret, eid_event, fid, a1, SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED,
			SBI_ERR_INVALID_STATE, SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS);
		break;
	case SBI_SSE_COMPLETE:
		EXACT(c, "sse complete outside a handler", ret, SBI_SUCCESS, 0, 0, 0);
		break;
	case SBI_SSE_INJECT:
		ALLOWED(c, "sse inject", ret, eid_event, a1, 0, SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED,
			SBI_ERR_INVALID_PARAM, SBI_ERR_FAILED);
		break;
	case SBI_SSE_HART_UNMASK:
		ALLOWED(c, "sse unmask", ret, 0, 0, 0, SBI_SUCCESS, SBI_ERR_ALREADY_STARTED);
		break;
	case SBI_SSE_HART_MASK:
		ALLOWED(c, "sse mask", ret, 0, 0, 0, SBI_SUCCESS, SBI_ERR_ALREADY_STOPPED);
		break;
	default:
		EXACT(c, "sse unknown FID", ret, SBI_ERR_NOT_SUPPORTED, fid, 0, 0);
	}
	/* Reserved event IDs: INVALID_PARAM from every function that takes one. */
	if (fid <= SBI_SSE_INJECT && fid != SBI_SSE_COMPLETE && (event == 0x2 || event == 0x10001))
		EXACT(c, "sse reserved event", ret, SBI_ERR_INVALID_PARAM, eid_event, fid, 0);
	record(c, ret.error);
}

static void random_fwft(struct hart_ctx *c)
{
	static const unsigned long features[] = { 0, 0, 1, 2, 3, 4, 5, 6, 0x40000000, 0x80000000, 0xc0000000 };
	unsigned long f = features[rnd_below(c, ARRAY_SIZE(features))], value, flags;
	struct sbiret ret;

	if (rnd_below(c, 8) == 0)
		f = rnd(c);
	value = rnd_below(c, 4) ? rnd_below(c, 3) : rnd(c);
	flags = rnd_below(c, 8) ? 0 : rnd_below(c, 2) ? SBI_FWFT_SET_FLAG_LOCK : rnd(c);
	if (rnd_below(c, 2)) {
		ret = sbi_ecall(SBI_EXT_FWFT, SBI_FWFT_GET, f, 0, 0, 0, 0, 0);
		ALLOWED(c, "fwft get", ret, f, 0, 0, SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_DENIED, SBI_ERR_FAILED);
	} else {
		ret = sbi_ecall(SBI_EXT_FWFT, SBI_FWFT_SET, f, value, flags, 0, 0, 0);
		ALLOWED(c, "fwft set", ret, f, value, flags, SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
			SBI_ERR_DENIED, SBI_ERR_DENIED_LOCKED, SBI_ERR_FAILED);
		if ((uint32_t)f <= SBI_FWFT_POINTER_MASKING_PMLEN && !ret.error && value > 16)
			fail(c, "fwft set accepted a value", ret.error, f, value, flags);
	}
	if ((uint32_t)f >= SBI_FWFT_FEATURE_COUNT)
		EXACT(c, "fwft reserved/platform feature", ret, SBI_ERR_DENIED, f, 0, 0);
	record(c, ret.error);
}

/* A tdata1 that may fire only on c->watched (or is rejected anyway). */
static void random_trigger(struct hart_ctx *c, unsigned long *w)
{
	static const unsigned long types[] = { 2, 6, 2, 6, 0, 3, 15 };
	unsigned long tdata1 = (types[rnd_below(c, ARRAY_SIZE(types))] << 60) |
			       (rnd_below(c, 4) ? rnd(c) & 0x7f9f : rnd(c) & ((1UL << 60) - 1));

	w[1] = tdata1;
	w[2] = gen_addr(c);
	w[3] = rnd_below(c, 4) ? 0 : rnd(c);
	/* Firmware addresses must be refused; anything else watches the untouched page. */
	if (w[2] < fw_base || w[2] >= fw_base + fw_size)
		w[2] = (unsigned long)c->watched + rnd_below(c, PAGE);
}

static void random_dbtr(struct hart_ctx *c)
{
	unsigned long fid = rnd_below(c, 9), a0 = 0, a1 = 0, a2 = 0;
	struct sbiret ret;

	switch (fid) {
	case SBI_DBTR_NUM_TRIGGERS:
		a0 = rnd_below(c, 2) ? 0 : rnd(c);
		break;
	case SBI_DBTR_SET_SHMEM:
		if (rnd_below(c, 8) == 0) {
			a0 = a1 = -1UL;
		} else {
			a1 = gen_hi(c);
			a0 = confine(gen_addr(c), a1, c->trig_max * 32, c->dbtr_shmem, PAGE);
		}
		a2 = rnd_below(c, 8) ? 0 : rnd(c);
		break;
	case SBI_DBTR_INSTALL_TRIGGERS:
	case SBI_DBTR_UPDATE_TRIGGERS:
		a0 = rnd_below(c, 4) ? rnd_below(c, 4) : rnd(c);
		/* The configurations in the shared memory are ours, whatever they were. */
		for (unsigned long i = 0; i < 4 && c->dbtr_shmem_at; i++) {
			unsigned long *w = (unsigned long *)c->dbtr_shmem_at + 4 * i;
			if ((unsigned long)(w + 4) > (unsigned long)c->dbtr_shmem + PAGE)
				break;
			w[0] = rnd_below(c, 4) ? rnd_below(c, 4) : rnd(c);
			random_trigger(c, w);
		}
		break;
	default:
		a0 = rnd_below(c, 4) ? rnd_below(c, 4) : rnd(c);
		a1 = rnd_below(c, 4) ? rnd_below(c, 16) : rnd(c);
		break;
	}
	if (fid == 8)
		fid = 8 + rnd_below(c, 1000);
	ret = sbi_ecall(SBI_EXT_DBTR, fid, a0, a1, a2, 0, 0, 0);
	switch (fid) {
	case SBI_DBTR_NUM_TRIGGERS:
		if (ret.error || ret.value > c->trig_max || (!a0 && ret.value != c->trig_max))
			fail(c, "dbtr num_triggers", ret.error, a0, ret.value, c->trig_max);
		break;
	case SBI_DBTR_SET_SHMEM:
		ALLOWED(c, "dbtr set_shmem", ret, a0, a1, a2, SBI_SUCCESS, SBI_ERR_INVALID_PARAM,
			SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
		if (a2)
			EXACT(c, "dbtr set_shmem flags", ret, SBI_ERR_INVALID_PARAM, a0, a1, a2);
		if (!ret.error)
			c->dbtr_shmem_at = a0 == -1UL ? 0 : a0;
		break;
	case SBI_DBTR_READ_TRIGGERS:
		ALLOWED(c, "dbtr read", ret, a0, a1, 0, SBI_SUCCESS, SBI_ERR_NO_SHMEM, SBI_ERR_BAD_RANGE);
		break;
	case SBI_DBTR_INSTALL_TRIGGERS:
	case SBI_DBTR_UPDATE_TRIGGERS:
		ALLOWED(c, "dbtr install/update", ret, a0, fid, 0, SBI_SUCCESS, SBI_ERR_NO_SHMEM, SBI_ERR_BAD_RANGE,
			SBI_ERR_INVALID_PARAM, SBI_ERR_FAILED, SBI_ERR_NOT_SUPPORTED);
		break;
	case SBI_DBTR_UNINSTALL_TRIGGERS:
	case SBI_DBTR_ENABLE_TRIGGERS:
	case SBI_DBTR_DISABLE_TRIGGERS:
		ALLOWED(c, "dbtr (un)install/enable/disable", ret, a0, a1, fid, SBI_SUCCESS, SBI_ERR_INVALID_PARAM);
		break;
	default:
		EXACT(c, "dbtr unknown FID", ret, SBI_ERR_NOT_SUPPORTED, fid, 0, 0);
	}
	record(c, ret.error);
}

static void random_call(struct hart_ctx *c)
{
	unsigned long r = rnd_below(c, 100);

	if (r < 36)
		random_pmu(c);
	else if (r < 40)
		random_base(c);
	else if (r < 44)
		random_time(c);
	else if (r < 51)
		random_ipi(c);
	else if (r < 60)
		random_rfence(c);
	else if (r < 66)
		random_hsm(c);
	else if (r < 69)
		random_srst(c);
	else if (r < 73)
		random_dbcn(c);
	else if (r < 82)
		random_legacy(c);
	else if (r < 89)
		random_sse(c);
	else if (r < 91)
		random_fwft(c);
	else if (r < 95 && has_dbtr)
		random_dbtr(c);
	else
		random_unknown(c);
}

/* SSE, FWFT and DBTR still work, and clean up. */
static void end_checks_sbi3(struct hart_ctx *c)
{
	static const unsigned long local[] = { SBI_SSE_EVENT_LOCAL_SOFTWARE, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW };
	unsigned long runs;
	struct sbiret ret;

	for (unsigned int i = 0; i < ARRAY_SIZE(local); i++) {
		unsigned long st = sse_attr(local[i], SBI_SSE_ATTR_STATUS);
		if (st == ~0UL)
			continue;      /* the PMU event without Sscofpmf */
		if ((st & 3) == SBI_SSE_STATE_ENABLED)
			CHECK_EQ(sbi_sse_disable(local[i]).error, SBI_SUCCESS);
		if ((sse_attr(local[i], SBI_SSE_ATTR_STATUS) & 3) == SBI_SSE_STATE_REGISTERED)
			CHECK_EQ(sbi_sse_unregister(local[i]).error, SBI_SUCCESS);
		if (!CHECK_EQ(sse_state(local[i]), SBI_SSE_STATE_UNUSED))
			printf("STRESS hart %lu: SSE event 0x%lx status 0x%lx\n", c->hartid, local[i], st);
	}
	/* A fresh handler runs exactly once for one injection. */
	CHECK_EQ(sse_register_handler(SBI_SSE_EVENT_LOCAL_SOFTWARE, &c->sse_arg[0], sse_handler, NULL,
				      c->sse_stack[0]).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(SBI_SSE_EVENT_LOCAL_SOFTWARE, SBI_SSE_ATTR_CONFIG, 0), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(SBI_SSE_EVENT_LOCAL_SOFTWARE).error, SBI_SUCCESS);
	ret = sbi_sse_hart_unmask();
	CHECK(ret.error == SBI_SUCCESS || ret.error == SBI_ERR_ALREADY_STARTED);
	runs = c->sse_runs;
	CHECK_EQ(sbi_sse_inject(SBI_SSE_EVENT_LOCAL_SOFTWARE, c->hartid).error, SBI_SUCCESS);
	if (!CHECK_EQ(c->sse_runs, runs + 1))
		printf("STRESS hart %lu: SSE handler ran %lu times for one injection\n", c->hartid, c->sse_runs - runs);
	CHECK_EQ(sbi_sse_disable(SBI_SSE_EVENT_LOCAL_SOFTWARE).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(SBI_SSE_EVENT_LOCAL_SOFTWARE).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_complete().error, SBI_SUCCESS);
	ret = sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG);
	CHECK(ret.error == SBI_SUCCESS && ret.value <= 1);
	if (!has_dbtr)
		return;
	CHECK_EQ(sbi_debug_num_triggers(0).value, c->trig_max);
	CHECK_EQ(sbi_debug_set_shmem((unsigned long)c->dbtr_shmem, 0, 0).error, SBI_SUCCESS);
	for (unsigned long i = 0; i < c->trig_max; i++) {
		ret = sbi_debug_uninstall_triggers(i, 1);
		CHECK(ret.error == SBI_SUCCESS || ret.error == SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_debug_uninstall_triggers(i, 1).error, SBI_ERR_INVALID_PARAM);
	}
	CHECK_EQ(sbi_debug_set_shmem(-1UL, -1UL, 0).error, SBI_SUCCESS);
}

/* ---- The end: the firmware answers as before, nothing leaked, PMP holds ---- */

static void end_checks(struct hart_ctx *c)
{
	unsigned long fw_first = num_counters - 24, all = (1UL << num_counters) - 1, used = 0;
	const unsigned long probes[] = { fw_base, fw_base + (fw_size / 2 & ~7UL), fw_base + fw_size - 8 };
	struct sbiret ret;

	for (unsigned long fid = 0; fid < 7; fid++) {
		if (fid == SBI_BASE_PROBE_EXT)
			continue;
		ret = sbi_ecall(SBI_EXT_BASE, fid, 0, 0, 0, 0, 0, 0);
		if (!CHECK(ret.error == 0 && ret.value == base_values[fid]))
			printf("STRESS hart %lu: base FID %lu now %ld/0x%lx\n", c->hartid, fid, ret.error, ret.value);
	}
	CHECK_EQ(sbi_pmu_num_counters().value, num_counters);
	for (unsigned long i = 0; i < num_counters; i++) {
		ret = sbi_pmu_counter_get_info(i);
		if (!CHECK(ret.error == (i == 1 ? SBI_ERR_INVALID_PARAM : 0) && ret.value == counter_info[i]))
			printf("STRESS hart %lu: counter %lu info now %ld/0x%lx\n", c->hartid, i, ret.error, ret.value);
	}
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(-1UL, -1UL, 0).error, SBI_SUCCESS);
	ret = sbi_pmu_counter_stop(0, all, SBI_PMU_STOP_FLAG_RESET);
	/* Counters without an event: INVALID_PARAM; the others are still stopped and unmapped. */
	CHECK(ret.error == SBI_SUCCESS || ret.error == SBI_ERR_ALREADY_STOPPED || ret.error == SBI_ERR_INVALID_PARAM);
	/* Nothing stayed mapped: each standard firmware event gets a counter of its own. */
	for (unsigned long code = 0; code < SBI_PMU_FW_EVENT_COUNT; code++) {
		ret = sbi_pmu_counter_config_matching(fw_first, 0xffffff, SBI_PMU_CFG_FLAG_CLEAR_VALUE |
						      SBI_PMU_CFG_FLAG_AUTO_START, 0xf0000 | code, 0);
		if (!CHECK(ret.error == SBI_SUCCESS && ret.value >= fw_first && ret.value < num_counters &&
			   !(used >> (ret.value - fw_first) & 1)))
			printf("STRESS hart %lu: firmware event %lu: %ld/%lu\n", c->hartid, code, ret.error, ret.value);
		else
			used |= 1UL << (ret.value - fw_first);
	}
	ret = sbi_pmu_counter_config_matching(0, ((1UL << fw_first) - 1) & ~2UL, 0, SBI_PMU_HW_CPU_CYCLES, 0);
	if (!CHECK_EQ(ret.error, cycles_configurable ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED))
		printf("STRESS hart %lu: cycles after a RESET stop: %ld, at the start: %s\n", c->hartid, ret.error,
		       cycles_configurable ? "a counter" : "none");
	ret = sbi_pmu_counter_stop(0, all, SBI_PMU_STOP_FLAG_RESET);
	/* Counters without an event: INVALID_PARAM; the others are still stopped and unmapped. */
	CHECK(ret.error == SBI_SUCCESS || ret.error == SBI_ERR_ALREADY_STOPPED || ret.error == SBI_ERR_INVALID_PARAM);

	/* The firmware region is still closed to S-mode (PMP): loads and a store fault. */
	for (unsigned int i = 0; i < ARRAY_SIZE(probes); i++) {
		c->probe_cause = 0;
		unsigned long v = stress_load(probes[i]);
		if (!CHECK(c->probe_cause == CAUSE_LOAD_ACCESS && v == FAULT_MARK))
			printf("STRESS hart %lu: load from firmware 0x%lx: cause %lu, value 0x%lx\n", c->hartid,
			       probes[i], c->probe_cause, v);
	}
	c->probe_cause = 0;
	stress_store(probes[2]);
	if (!CHECK_EQ(c->probe_cause, 7 /* store access fault */))
		printf("STRESS hart %lu: store to firmware 0x%lx: cause %lu\n", c->hartid, probes[2], c->probe_cause);
	CHECK_EQ(sbi_hart_get_status(c->hartid).value, SBI_HSM_STATE_STARTED);
	end_checks_sbi3(c);
}

/* ---- Harts together ---- */

static volatile unsigned long start_count, start_go, end_count;

static void arrive_and_wait(volatile unsigned long *count, unsigned long target)
{
	__atomic_fetch_add(count, 1, __ATOMIC_ACQ_REL);
	if (!wait_flag(count, target, BARRIER_WAIT_US))
		printf("STRESS hart %lu: barrier timed out\n", current_hartid());
}

/* Prints marker and waits for a console byte (tests/fuzz/stress-canary.py sends it). */
static void canary_stop(struct hart_ctx *c, const char *marker)
{
	uint64_t deadline = time_deadline_us(CANARY_WAIT_US);

	printf("%s\n", marker);
	for (;;) {
		struct sbiret ret = sbi_debug_console_read(1, (unsigned long)c->scratch, 0);
		if (ret.error == SBI_SUCCESS && ret.value == 1)
			return;
		if (time_passed(deadline)) {
			printf("STRESS: no go-ahead after %s\n", marker);
			CHECK(false);
			return;
		}
		delay_us(1000);
	}
}

static void stress_job(void *arg)
{
	struct hart_ctx *c = arg;
	bool boot = c == &ctx[0];

	c->trig_max = has_dbtr ? sbi_debug_num_triggers(0).value : 0;
	arrive_and_wait(&start_count, nharts);
	if (boot) {
		if (canary)
			canary_stop(c, "STRESS-CANARY-BEGIN");
		__atomic_store_n(&start_go, 1, __ATOMIC_RELEASE);
	} else if (!wait_flag(&start_go, 1, BARRIER_WAIT_US)) {
		printf("STRESS hart %lu: never released\n", c->hartid);
	}
	for (unsigned long i = 0; i < calls_per_hart; i++)
		random_call(c);
	end_checks(c);
	/* No hart stops before every hart is done with hart_start calls. */
	arrive_and_wait(&end_count, nharts);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

/* ---- Set-up and summary ---- */

static unsigned long bootarg(const char *name, unsigned long dflt, bool *present)
{
	const void *fdt = dt_fdt();
	int chosen = fdt_path_offset(fdt, "/chosen"), len;
	const char *args = chosen < 0 ? NULL : fdt_getprop(fdt, chosen, "bootargs", &len);
	size_t n = strlen(name);

	if (present)
		*present = false;
	for (const char *p = args; p && *p; p++) {
		if ((p != args && p[-1] != ' ' && p[-1] != ',') || strncmp(p, name, n) ||
		    (p[n] && p[n] != ' ' && p[n] != ',' && p[n] != '='))
			continue;
		if (present)
			*present = true;
		if (p[n] != '=')
			return dflt;
		unsigned long v = 0;
		for (p += n + 1; *p >= '0' && *p <= '9'; p++)
			v = v * 10 + (unsigned long)(*p - '0');
		return v;
	}
	return dflt;
}

static void print_summary(void)
{
	static const char *const names[CODE_SLOTS] = {
		"SUCCESS", "FAILED", "NOT_SUPPORTED", "INVALID_PARAM", "DENIED", "INVALID_ADDRESS",
		"ALREADY_AVAILABLE", "ALREADY_STARTED", "ALREADY_STOPPED", "NO_SHMEM", "INVALID_STATE",
		"BAD_RANGE", "TIMEOUT", "IO", "DENIED_LOCKED", "other",
	};
	unsigned long total[CODE_SLOTS] = { 0 }, calls = 0, faults = 0, failures = 0, sse_runs = 0;
	char line[512];
	int len;

	printf("\n");   /* after any '.' the random console calls printed */
	for (int i = 0; i < nharts; i++) {
		struct hart_ctx *c = &ctx[i];

		len = snprintf(line, sizeof(line), "STRESS hart %lu: calls=%lu", c->hartid, c->calls);
		for (int k = 0; k < CODE_SLOTS; k++) {
			total[k] += c->results[k];
			if (c->results[k])
				len += snprintf(line + len, sizeof(line) - len, " %s=%lu", names[k], c->results[k]);
		}
		printf("%s faults=%lu sse-handlers=%lu failures=%lu\n", line, c->faults, c->sse_runs, c->failures);
		sse_runs += c->sse_runs;
		calls += c->calls;
		faults += c->faults;
		failures += c->failures;
	}
	len = snprintf(line, sizeof(line), "STRESS-SUMMARY harts=%d calls=%lu per-hart=%lu", nharts, calls,
		       calls_per_hart);
	for (int k = 0; k < CODE_SLOTS; k++)
		len += snprintf(line + len, sizeof(line) - len, " %s=%lu", names[k], total[k]);
	printf("%s faults=%lu sse-handlers=%lu failures=%lu\n", line, faults, sse_runs, failures);
}

/* On the test-hook image: how deep the run drove each hart's M-mode stack (docs/reliability.md). */
static void print_stack_marks(void)
{
	char what[32];

	for (int i = 0; i < nharts; i++) {
		snprintf(what, sizeof(what), "hart %lu", ctx[i].hartid);
		stack_mark_report(what, stack_mark(ctx[i].hartid));
	}
	stack_mark_report("all harts", stack_mark(-1UL));
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long seen[MAX_HARTS];
	int n;
	struct sbiret ret;

	(void)dtb;
	test_start("stress_random");
	calls_per_hart = bootarg("stress.calls", DEFAULT_CALLS, NULL);
	seed = bootarg("stress.seed", 1, NULL);
	bootarg("stress.canary", 0, &canary);
	if (!CHECK(dt_firmware_region(&fw_base, &fw_size)) || !CHECK(dt_memory_region(&ram_base, &ram_size)))
		return;
	has_h = dt_isa_has_letter('h');
	n = dt_hartids(seen, MAX_HARTS);
	if (!CHECK(n > 0))
		return;
	/* The boot hart is ctx[0]. */
	hartids[nharts++] = hartid;
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (seen[i] != hartid && nharts < MAX_HARTS)
			hartids[nharts++] = seen[i];

	for (unsigned long fid = 0; fid < 7; fid++)
		base_values[fid] = sbi_ecall(SBI_EXT_BASE, fid, 0, 0, 0, 0, 0, 0).value;
	num_counters = sbi_pmu_num_counters().value;
	if (!CHECK(num_counters > 24 && num_counters <= 64))
		return;
	for (unsigned long i = 0; i < num_counters; i++)
		counter_info[i] = sbi_pmu_counter_get_info(i).value;
	/* Harts without mcountinhibit (U54) have no configurable hardware counter. */
	ret = sbi_pmu_counter_config_matching(0, ((1UL << (num_counters - 24)) - 1) & ~2UL, 0,
					      SBI_PMU_HW_CPU_CYCLES, 0);
	cycles_configurable = ret.error == SBI_SUCCESS;
	if (cycles_configurable)
		CHECK_EQ(sbi_pmu_counter_stop(ret.value, 1, SBI_PMU_STOP_FLAG_RESET).error, SBI_ERR_ALREADY_STOPPED);
	printf("STRESS: %d harts, %lu calls each, seed %lu, firmware 0x%lx+0x%lx, RAM 0x%lx+0x%lx%s\n", nharts,
	       calls_per_hart, seed, (unsigned long)fw_base, (unsigned long)fw_size, (unsigned long)ram_base,
	       (unsigned long)ram_size, canary ? ", canary stops" : "");

	has_dbtr = sbi_probe_extension(SBI_EXT_DBTR).value != 0;
	has_test_hooks = stack_marks_available();
	payload_trap_handler = stress_trap;
	for (int i = 0; i < nharts; i++) {
		for (int k = 0; k < 3; k++) {
			ctx[i].sse_arg[k].handler = sse_handler;
			ctx[i].sse_arg[k].stack_top = (unsigned long)(ctx[i].sse_stack[k] + SSE_STACK_SIZE);
		}
		ctx[i].hartid = hartids[i];
		ctx[i].rng = (seed + 1) * 0x9e3779b97f4a7c15ULL ^ (hartids[i] + 1) * 0xbf58476d1ce4e5b9ULL;
	}
	for (int i = 1; i < nharts; i++) {
		ret = hart_run(hartids[i], stress_job, &ctx[i]);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS))
			printf("STRESS: hart %lu did not start\n", hartids[i]);
	}
	stress_job(&ctx[0]);
	for (int i = 1; i < nharts; i++)
		if (!CHECK(wait_flag(&ctx[i].done, 1, BARRIER_WAIT_US)))
			printf("STRESS: hart %lu did not finish\n", hartids[i]);
	print_summary();
	if (has_test_hooks)
		print_stack_marks();
	if (canary)
		canary_stop(&ctx[0], "STRESS-CANARY-END");
}
