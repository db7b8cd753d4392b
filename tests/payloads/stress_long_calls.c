/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * No SBI call on one hart may stall another hart's calls without bound
 * (docs/reliability.md). A remote fence returns only once every target has
 * executed it, and a target in M-mode takes the request only when it looks:
 * the firmware must look regularly in every M-mode loop whose length S-mode
 * controls.
 *
 * Phase 1: the boot hart ("L") runs event_get_info on a table of millions
 * of entries (up to 256 MiB; sized so that one call takes about two seconds
 * of `time`, or the largest table that fits), several times, then four
 * 4 KiB console writes, while every other hart sends it remote fences and
 * IPIs in a loop. Each fence that starts and ends within one of L's calls
 * counts; without the firmware serving its IPIs during the call, none
 * could. Each fencing hart must complete at least MIN_WITHIN of them, each
 * within half the shortest long call (a generous bound on `time`: a fence
 * takes tens of microseconds, a host that deschedules QEMU's threads adds
 * up to a few hundred milliseconds), and none may fail. The log shows how
 * the latencies fall.
 * Phase 2: every hart fences and IPIs all the others in a tight loop for
 * MESH_SECONDS of `time`: no deadlock (the case's timeout), no error, and
 * each hart makes progress.
 *
 * Run without -icount: harts must run in parallel. Needs 3 harts or more.
 */
#include <libfdt.h>
#include "payload.h"

#define MAX_HARTS        8
#define WAIT_US          120000000UL     /* harts starting and stopping, on a loaded host */
#define CALL_TARGET_US   2000000UL       /* grow the table until one call takes this long */
#define TABLE_MIN        (1UL << 16)     /* entries */
#define TABLE_MAX_BYTES  (256UL << 20)
#define TOP_MARGIN       (4UL << 20)     /* the loader's DT sits near the end of RAM */
#define LONG_CALLS       2
#define CONSOLE_WRITES   4
#define CONSOLE_BYTES    4096
#define MIN_WITHIN       16
#define MESH_SECONDS     2
#define MIN_MESH         1       /* progress; how much depends on the host */

extern char __payload_end[];

/* Table 18: a 16-byte entry. */
struct event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

/* Events with a known answer on QEMU virt: {event_idx, supported}. */
static const struct { uint32_t idx; uint32_t supported; } table_events[] = {
	{ 0x00001, 1 },          /* cycles: mcycle */
	{ 0x00002, 1 },          /* instructions: minstret */
	{ 0x10019, 1 },          /* DTLB read miss: in QEMU's riscv,pmu map */
	{ 0x0000a, 0 },          /* ref cycles: not mapped */
	{ 0xf0001, 1 },          /* firmware: misaligned load */
	{ 0x00000, 0 },          /* no event */
};

/* Latency classes of the fences within a long call: < 100 us, 1 ms, 10 ms, 100 ms, more. */
#define LATENCY_CLASSES 5

struct fencer {
	unsigned long hartid;
	unsigned long within_long, within_console, fences, ipis, errors;
	unsigned long latency[LATENCY_CLASSES];
	uint64_t max_long_ticks, max_console_ticks;
	unsigned long mesh_fences, mesh_errors;
	volatile unsigned long ready, done;
};

static struct fencer fencers[MAX_HARTS];
static unsigned long hartids[MAX_HARTS];
static int nharts;
static unsigned long boot_hartid;

/* Odd while L is inside a long call (or a console write): a fence that sees
 * the same odd value before and after ran entirely within one. */
static volatile unsigned long long_seq, console_seq;
static volatile unsigned long stop_fencing, mesh_start, mesh_stop;
static volatile unsigned long ssi_count[PAYLOAD_MAX_HARTS];

static struct event_info *table;
static unsigned long table_entries;
static char console_text[CONSOLE_BYTES];

static bool on_soft_interrupt(struct trap_frame *frame)
{
	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_SOFT))
		return false;
	csr_clear(sip, SIP_SSIP);
	__atomic_fetch_add(&ssi_count[current_hartid()], 1, __ATOMIC_RELAXED);
	return true;
}

/* One fence or IPI to L, timed; returns its duration in ticks. */
static uint64_t poke_l(struct fencer *f, unsigned int op)
{
	unsigned long mask = 1UL << boot_hartid;
	uint64_t t0 = rdtime(), t1;
	struct sbiret ret;

	switch (op % 3) {
	case 0:
		ret = sbi_remote_sfence_vma(mask, 0, 0, 0);
		f->fences++;
		break;
	case 1:
		ret = sbi_remote_fence_i(mask, 0);
		f->fences++;
		break;
	default:
		ret = sbi_send_ipi(mask, 0);
		f->ipis++;
		break;
	}
	t1 = rdtime();
	if (ret.error != SBI_SUCCESS)
		f->errors++;
	return t1 - t0;
}

static void fence_job(void *arg)
{
	struct fencer *f = arg;
	unsigned int op = 0;

	__atomic_store_n(&f->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&stop_fencing, __ATOMIC_ACQUIRE)) {
		unsigned long l0 = __atomic_load_n(&long_seq, __ATOMIC_ACQUIRE);
		unsigned long c0 = __atomic_load_n(&console_seq, __ATOMIC_ACQUIRE);
		bool fence = op % 3 != 2;
		uint64_t ticks = poke_l(f, op++);
		unsigned long l1 = __atomic_load_n(&long_seq, __ATOMIC_ACQUIRE);
		unsigned long c1 = __atomic_load_n(&console_seq, __ATOMIC_ACQUIRE);

		if (fence && (l0 & 1) && l0 == l1) {
			unsigned int class = 0;

			for (uint64_t us = ticks * 1000000 / time_ticks_per_sec(); us >= 100 && class + 1 < LATENCY_CLASSES;
			     us /= 10)
				class++;
			f->latency[class]++;
			f->within_long++;
			if (ticks > f->max_long_ticks)
				f->max_long_ticks = ticks;
		}
		if (fence && (c0 & 1) && c0 == c1) {
			f->within_console++;
			if (ticks > f->max_console_ticks)
				f->max_console_ticks = ticks;
		}
	}
	__atomic_store_n(&f->done, 1, __ATOMIC_RELEASE);
}

/* Every hart fences and IPIs all the others until mesh_stop. */
static void mesh_loop(struct fencer *f)
{
	unsigned long others = 0;

	for (int i = 0; i < nharts; i++)
		if (hartids[i] != f->hartid)
			others |= 1UL << hartids[i];
	while (!__atomic_load_n(&mesh_start, __ATOMIC_ACQUIRE))
		;
	while (!__atomic_load_n(&mesh_stop, __ATOMIC_ACQUIRE)) {
		if (sbi_remote_sfence_vma(others, 0, 0, 0).error != SBI_SUCCESS)
			f->mesh_errors++;
		if (sbi_remote_fence_i(others, 0).error != SBI_SUCCESS)
			f->mesh_errors++;
		if (sbi_send_ipi(others, 0).error != SBI_SUCCESS)
			f->mesh_errors++;
		f->mesh_fences += 2;
	}
}

static void mesh_job(void *arg)
{
	struct fencer *f = arg;

	__atomic_store_n(&f->ready, 1, __ATOMIC_RELEASE);
	mesh_loop(f);
	__atomic_store_n(&f->done, 1, __ATOMIC_RELEASE);
}

/* Starts every other hart on job; false when one did not come. */
static bool start_others(hart_job_fn job)
{
	for (int i = 1; i < nharts; i++) {
		fencers[i].ready = fencers[i].done = 0;
		if (!CHECK(hart_wait_state(hartids[i], SBI_HSM_STATE_STOPPED, WAIT_US)) ||
		    !CHECK_EQ(hart_run(hartids[i], job, &fencers[i]).error, SBI_SUCCESS))
			return false;
	}
	for (int i = 1; i < nharts; i++)
		if (!CHECK(wait_flag(&fencers[i].ready, 1, WAIT_US)))
			return false;
	return true;
}

static bool wait_others_done(void)
{
	for (int i = 1; i < nharts; i++)
		if (!CHECK(wait_flag(&fencers[i].done, 1, WAIT_US)))
			return false;
	return true;
}

static uint64_t timed_event_info(unsigned long entries)
{
	uint64_t t0 = rdtime();
	struct sbiret ret = sbi_pmu_event_get_info((unsigned long)table, 0, entries, 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return rdtime() - t0;
}

static bool set_up_table(void)
{
	uint64_t ram_base, ram_size, ticks;
	unsigned long start = ((unsigned long)__payload_end + (16UL << 20) - 1) & ~((16UL << 20) - 1);
	unsigned long room, max_entries;

	if (!CHECK(dt_memory_region(&ram_base, &ram_size)) || !CHECK(ram_base + ram_size > start + TOP_MARGIN))
		return false;
	room = ram_base + ram_size - TOP_MARGIN - start;
	max_entries = (room < TABLE_MAX_BYTES ? room : TABLE_MAX_BYTES) / sizeof(struct event_info);
	if (!CHECK(max_entries >= TABLE_MIN))
		return false;
	table = (struct event_info *)start;
	for (unsigned long i = 0; i < max_entries; i++) {
		table[i].event_idx = table_events[i % ARRAY_SIZE(table_events)].idx;
		table[i].output = 0xa5a5a5a5;
		table[i].event_data = 0;
	}
	/* The largest table up to one call of about CALL_TARGET_US. */
	table_entries = TABLE_MIN;
	ticks = timed_event_info(table_entries);
	while (ticks < time_us_to_ticks(CALL_TARGET_US) && table_entries * 2 <= max_entries) {
		table_entries *= 2;
		ticks = timed_event_info(table_entries);
	}
	printf("event_get_info: %lu entries (%lu MiB) in %lu ms\n", table_entries,
	       table_entries * sizeof(struct event_info) >> 20,
	       (unsigned long)(ticks * 1000 / time_ticks_per_sec()));
	/* Every answer right, first to last. */
	for (unsigned long i = 0; i < table_entries; i++)
		if (!CHECK_EQ(table[i].output, table_events[i % ARRAY_SIZE(table_events)].supported)) {
			printf("  entry %lu (event 0x%x)\n", i, table[i].event_idx);
			return false;
		}
	return true;
}

static void phase_long_calls(void)
{
	uint64_t shortest = ~0ULL;
	unsigned long ssi_before = ssi_count[boot_hartid];

	stop_fencing = 0;
	if (!start_others(fence_job))
		return;
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	for (int k = 0; k < LONG_CALLS; k++) {
		uint64_t ticks;

		__atomic_fetch_add(&long_seq, 1, __ATOMIC_ACQ_REL);     /* odd: inside */
		ticks = timed_event_info(table_entries);
		__atomic_fetch_add(&long_seq, 1, __ATOMIC_ACQ_REL);
		if (ticks < shortest)
			shortest = ticks;
	}
	for (int k = 0; k < CONSOLE_WRITES; k++) {
		struct sbiret ret;

		__atomic_fetch_add(&console_seq, 1, __ATOMIC_ACQ_REL);
		ret = sbi_debug_console_write(CONSOLE_BYTES, (unsigned long)console_text, 0);
		__atomic_fetch_add(&console_seq, 1, __ATOMIC_ACQ_REL);
		/* The spec lets a write take fewer bytes than asked, never none. */
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK(ret.value > 0 && ret.value <= CONSOLE_BYTES);
	}
	__atomic_store_n(&stop_fencing, 1, __ATOMIC_RELEASE);
	if (!wait_others_done())
		return;
	/* Let the last IPIs reach L's handler, then it must have taken some. */
	delay_us(10000);
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);
	CHECK(ssi_count[boot_hartid] > ssi_before);

	printf("long calls: shortest %lu ms\n", (unsigned long)(shortest * 1000 / time_ticks_per_sec()));
	for (int i = 1; i < nharts; i++) {
		struct fencer *f = &fencers[i];

		printf("hart %lu: %lu fences, %lu IPIs to hart %lu; %lu fences within a long call (max %lu us), "
		       "%lu within a console write (max %lu us)\n", f->hartid, f->fences, f->ipis, boot_hartid,
		       f->within_long, (unsigned long)(f->max_long_ticks * 1000000 / time_ticks_per_sec()),
		       f->within_console, (unsigned long)(f->max_console_ticks * 1000000 / time_ticks_per_sec()));
		printf("  latencies within a long call: <100 us %lu, <1 ms %lu, <10 ms %lu, <100 ms %lu, more %lu\n",
		       f->latency[0], f->latency[1], f->latency[2], f->latency[3], f->latency[4]);
		CHECK_EQ(f->errors, 0);
		CHECK(f->within_long >= MIN_WITHIN);
		CHECK(f->max_long_ticks <= shortest / 2);
	}
}

static void phase_mesh(void)
{
	uint64_t deadline;

	mesh_start = mesh_stop = 0;
	if (!start_others(mesh_job))
		return;
	fencers[0].mesh_fences = fencers[0].mesh_errors = 0;
	__atomic_store_n(&mesh_start, 1, __ATOMIC_RELEASE);
	deadline = time_deadline_us(MESH_SECONDS * 1000000UL);
	/* The boot hart fences too: run its loop until the deadline. */
	while (!time_passed(deadline)) {
		unsigned long others = 0;

		for (int i = 1; i < nharts; i++)
			others |= 1UL << hartids[i];
		if (sbi_remote_sfence_vma(others, 0, 0, 0).error != SBI_SUCCESS)
			fencers[0].mesh_errors++;
		if (sbi_send_ipi(others, 0).error != SBI_SUCCESS)
			fencers[0].mesh_errors++;
		fencers[0].mesh_fences++;
	}
	__atomic_store_n(&mesh_stop, 1, __ATOMIC_RELEASE);
	if (!wait_others_done())
		return;
	csr_clear(sip, SIP_SSIP);
	for (int i = 0; i < nharts; i++) {
		printf("mesh: hart %lu: %lu fences\n", fencers[i].hartid, fencers[i].mesh_fences);
		CHECK_EQ(fencers[i].mesh_errors, 0);
		CHECK(fencers[i].mesh_fences >= MIN_MESH);
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long seen[MAX_HARTS];
	int n;

	(void)dtb;
	test_start("stress_long_calls");
	payload_trap_handler = on_soft_interrupt;
	boot_hartid = hartid;
	n = dt_hartids(seen, MAX_HARTS);
	hartids[nharts++] = hartid;
	for (int i = 0; i < n && i < MAX_HARTS; i++)
		if (seen[i] != hartid && seen[i] < 64 && nharts < MAX_HARTS)
			hartids[nharts++] = seen[i];
	if (!CHECK(nharts >= 3))
		return;
	for (int i = 0; i < nharts; i++)
		fencers[i].hartid = hartids[i];
	for (unsigned int i = 0; i < CONSOLE_BYTES; i++)
		console_text[i] = (i % 64 == 63) ? '\n' : (i % 64 < 12 ? "CONSOLE-FILL"[i % 64] : '.');

	if (!set_up_table())
		return;
	phase_long_calls();
	phase_mesh();
	printf("STRESS-LONG-CALLS done\n");
}
