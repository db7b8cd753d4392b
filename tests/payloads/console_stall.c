/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A console whose far end stops reading (docs/reliability.md, "A stalled
 * console"). The runner's serial=stall (tests/tools/qemu-serial-stall.py)
 * puts QEMU's UART on a socket it reads until this payload prints
 * "SERIAL-STALL-STOP <address>"; then it reads nothing (QEMU's socket fills,
 * the UART's transmitter stays full) until the word at <address> counts
 * that stop.
 *
 * Hart 0 writes 4 KiB DBCN buffers until one comes back short: the UART
 * stalled. Meanwhile hart 1 writes single bytes (DBCN write_byte) without
 * pause. Then, checked:
 * - the short write returned SUCCESS with fewer bytes, within STALL_BOUND_US
 *   (the firmware gives up on a byte after a few milliseconds; before, a
 *   4 KiB write on a stalled UART had not returned after minutes);
 * - no call of hart 1 took longer than STALL_BOUND_US (each waits at most
 *   for hart 0's call to give up), and each answered SUCCESS or FAILED;
 * - on the stalled console nothing waits again: STALLED_CALLS writes take
 *   less than half of what as many byte timeouts would (each returns 0
 *   bytes), write_byte answers FAILED and the legacy putchar a negative
 *   error (both "I/O errors"); a read still answers;
 * - report=1 (test-hook image): hart 1 then takes an M-mode trap; its fatal
 *   report on the stalled console must not hold the console: hart 0's
 *   writes go on returning within STALL_BOUND_US for a second;
 * - the reader resumes: output flows again (a whole write goes through).
 * Results are gathered while the console is stalled and checked once it
 * flows (a CHECK line printed on a stalled console would be lost).
 * reset=1: after the PASS line the reader stops again; a shutdown on the
 * stalled console must still power off (QEMU exits 0; had it failed, the
 * SYSTEM_FAILURE shutdown makes QEMU exit 1).
 */
#include "payload.h"

#define FILL_BYTES       4096
#define MAX_FILL_CALLS   1024                 /* 4 MiB: a stall comes after a few hundred bytes */
#define STALL_BOUND_US   2000000UL            /* generous: the firmware's bound is a few ms */
/*
 * Writes on a stalled console: each may try once, never wait. Had each
 * waited a byte timeout (10 ms), they would take 5 s; they must take less
 * than half of that.
 */
#define STALLED_CALLS    500
#define STALLED_TOTAL_US 2500000UL
#define FLOW_WAIT_US     60000000UL           /* the reader polls QEMU's monitor for the flag */

/* The word the reader polls (SERIAL-STALL-STOP): the number of stops it may end. */
static volatile uint64_t resume_count __attribute__((aligned(8)));
static char fill[FILL_BYTES];

struct writer {
	volatile unsigned long go, stop, done, fault, about_to_fault;
	unsigned long calls, failed, bad, max_ticks;
};

static struct writer writer;

/* Hart 1: write_byte without pause until told to stop; then, report=1, an M-mode trap. */
static void writer_job(void *arg)
{
	struct writer *w = arg;

	while (!__atomic_load_n(&w->go, __ATOMIC_ACQUIRE))
		;
	while (!__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE)) {
		uint64_t t0 = rdtime();
		struct sbiret ret = sbi_debug_console_write_byte('+');
		uint64_t ticks = rdtime() - t0;

		w->calls++;
		if (ticks > w->max_ticks)
			w->max_ticks = ticks;
		if (ret.error == SBI_ERR_FAILED && ret.value == 0)
			w->failed++;
		else if (ret.error != SBI_SUCCESS || ret.value != 0)
			w->bad++;
	}
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	if (w->fault) {
		register unsigned long a6 __asm__("a6") = ABACUS_TEST_MMODE_FAULT;
		register unsigned long a7 __asm__("a7") = SBI_EXT_FIRMWARE_ABACUS;

		__atomic_store_n(&w->about_to_fault, 1, __ATOMIC_RELEASE);
		/* The firmware reports the trap and stops this hart: nothing runs after it. */
		__asm__ volatile("ecall" : : "r"(a6), "r"(a7) : "a0", "a1", "memory");
	}
}

/* 4 KiB writes until one is short (the UART stalled): false if none was. */
static bool fill_until_short(struct sbiret *short_ret, uint64_t *short_ticks)
{
	for (unsigned int i = 0; i < MAX_FILL_CALLS; i++) {
		uint64_t t0 = rdtime();
		struct sbiret ret = sbi_debug_console_write(FILL_BYTES, (unsigned long)fill, 0);

		*short_ticks = rdtime() - t0;
		*short_ret = ret;
		if (ret.error != SBI_SUCCESS || ret.value < FILL_BYTES)
			return true;
	}
	return false;
}

/* Gathered while stalled, checked once the console flows. */
struct stalled_results {
	bool short_seen;
	struct sbiret short_ret;
	uint64_t short_ticks;
	unsigned long nonzero_writes, bad_errors;
	uint64_t stalled_ticks;
	struct sbiret write_byte, read;
	long putchar;
	unsigned long report_calls, report_bad;
	uint64_t report_max_ticks;
	bool report_started;
};

static void stalled_calls(struct stalled_results *r)
{
	static char buf[16];
	uint64_t t0 = rdtime();

	for (unsigned int i = 0; i < STALLED_CALLS; i++) {
		struct sbiret ret = sbi_debug_console_write(FILL_BYTES, (unsigned long)fill, 0);

		r->nonzero_writes += ret.value != 0;
		r->bad_errors += ret.error != SBI_SUCCESS;
	}
	r->stalled_ticks = rdtime() - t0;
	r->write_byte = sbi_debug_console_write_byte('!');
	r->putchar = sbi_legacy_console_putchar('!');
	r->read = sbi_debug_console_read(sizeof(buf), (unsigned long)buf, 0);
}

/* report=1: hart 1 traps in M-mode once it stops writing; for a second, hart 0's writes keep returning promptly. */
static void report_on_stalled_console(struct stalled_results *r)
{
	uint64_t deadline, t0, ticks;

	r->report_started = wait_flag(&writer.about_to_fault, 1, PAYLOAD_WAIT_US);
	deadline = time_deadline_us(1000000);
	while (!time_passed(deadline)) {
		t0 = rdtime();
		struct sbiret ret = sbi_debug_console_write(16, (unsigned long)fill, 0);
		ticks = rdtime() - t0;
		r->report_calls++;
		r->report_bad += ret.error != SBI_SUCCESS;
		if (ticks > r->report_max_ticks)
			r->report_max_ticks = ticks;
	}
}

/* The reader reads again: a whole write goes through within FLOW_WAIT_US. */
static bool wait_flowing(void)
{
	static const char line[] = "\nSERIAL-STALL-FLOWING\n";
	uint64_t deadline = time_deadline_us(FLOW_WAIT_US);

	do {
		struct sbiret ret = sbi_debug_console_write(sizeof(line) - 1, (unsigned long)line, 0);
		if (ret.error == SBI_SUCCESS && ret.value == sizeof(line) - 1)
			return true;
	} while (!time_passed(deadline));
	return false;
}

static void stop_reader(void)
{
	printf("SERIAL-STALL-STOP 0x%lx\n", (unsigned long)&resume_count);
}

static void resume_reader(void)
{
	__atomic_store_n(&resume_count, resume_count + 1, __ATOMIC_RELEASE);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	static struct stalled_results r;
	uint64_t bound = time_us_to_ticks(STALL_BOUND_US);
	unsigned long ids[8], other = ~0UL, report = dt_bootarg("report", 0), reset = dt_bootarg("reset", 0);
	int n = dt_hartids(ids, 8);

	(void)dtb;
	test_start("console_stall");
	for (unsigned int i = 0; i < FILL_BYTES; i++)
		fill[i] = i % 64 == 63 ? '\n' : '.';
	for (int i = 0; i < n && i < 8; i++)
		if (ids[i] != hartid)
			other = ids[i];
	if (!CHECK(other != ~0UL) ||
	    (report && !CHECK_EQ(sbi_probe_extension(SBI_EXT_FIRMWARE_ABACUS).value, 1)))
		test_fail();
	writer.fault = report;
	if (!CHECK_EQ(hart_run(other, writer_job, &writer).error, SBI_SUCCESS))
		test_fail();

	stop_reader();
	__atomic_store_n(&writer.go, 1, __ATOMIC_RELEASE);
	r.short_seen = fill_until_short(&r.short_ret, &r.short_ticks);
	if (r.short_seen)
		stalled_calls(&r);
	__atomic_store_n(&writer.stop, 1, __ATOMIC_RELEASE);
	bool writer_done = wait_flag(&writer.done, 1, PAYLOAD_WAIT_US);
	if (report && r.short_seen)
		report_on_stalled_console(&r);
	resume_reader();
	if (!CHECK(wait_flowing()))
		test_fail();
	printf("SERIAL-STALL-RESUMED\n");

	/* The write that met the stall. */
	if (CHECK(r.short_seen)) {
		CHECK_EQ(r.short_ret.error, SBI_SUCCESS);
		CHECK(r.short_ret.value < FILL_BYTES);
		if (!CHECK(r.short_ticks < bound))
			printf("  the short write took %lu ticks\n", (unsigned long)r.short_ticks);
		/* The stalled console. */
		CHECK_EQ(r.nonzero_writes, 0);
		CHECK_EQ(r.bad_errors, 0);
		if (!CHECK(r.stalled_ticks < time_us_to_ticks(STALLED_TOTAL_US)))
			printf("  %u writes on the stalled console took %lu ticks\n", STALLED_CALLS,
			       (unsigned long)r.stalled_ticks);
		CHECK_EQ(r.write_byte.error, SBI_ERR_FAILED);
		CHECK_EQ(r.write_byte.value, 0);
		CHECK(r.putchar < 0);
		CHECK_EQ(r.read.error, SBI_SUCCESS);
	}
	/* The other hart's single bytes. */
	CHECK(writer_done);
	CHECK(writer.calls > 0);
	CHECK_EQ(writer.bad, 0);
	if (!CHECK(writer.max_ticks < bound))
		printf("  a write_byte on hart %lu took %lu ticks\n", other, (unsigned long)writer.max_ticks);
	printf("SERIAL-STALL: short write %lu bytes in %lu ticks; hart %lu: %lu write_byte calls, %lu FAILED, "
	       "longest %lu ticks\n", (unsigned long)r.short_ret.value, (unsigned long)r.short_ticks, other,
	       writer.calls, writer.failed, (unsigned long)writer.max_ticks);
	if (report) {
		CHECK(r.report_started);
		CHECK(r.report_calls > 0);
		CHECK_EQ(r.report_bad, 0);
		if (!CHECK(r.report_max_ticks < bound))
			printf("  a write during the fatal report took %lu ticks\n", (unsigned long)r.report_max_ticks);
		printf("SERIAL-STALL-REPORT: %lu writes during hart %lu's report, longest %lu ticks\n",
		       r.report_calls, other, (unsigned long)r.report_max_ticks);
	}
	if (!reset)
		test_pass();

	/* Stalled again, then a shutdown: it must power off. */
	test_print_pass();
	stop_reader();
	if (fill_until_short(&r.short_ret, &r.short_ticks))
		sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_SYSTEM_FAILURE);
	for (;;)
		__asm__ volatile("wfi");
}
