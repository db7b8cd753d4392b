// SPDX-License-Identifier: BSD-2-Clause
/*
 * Cycle sampling, for QEMU with -cpu rv64,sscofpmf=true (and -icount shift=0
 * for the rate check): samples need Sscofpmf overflow interrupts delegated to
 * S-mode and a counter that can raise them. On Linux 6.12 with snapshot
 * memory, each overflow stops the counters with TAKE_SNAPSHOT, reads the
 * overflow bitmap from the snapshot page and restarts them with
 * INIT_SNAPSHOT: the firmware's snapshot path on every sample.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux_test.h"

#define SAMPLE_PERIOD   100000ULL
#define SAMPLE_LOOP_N   10000000UL               /* 20,000,001 instructions: ~200 samples */
#define RING_PAGES      16

/* Copies len bytes at offset off of the ring's data area, which wraps. */
static void ring_copy(const unsigned char *data, uint64_t size, uint64_t off, void *dst, size_t len)
{
	for (size_t i = 0; i < len; i++)
		((unsigned char *)dst)[i] = data[(off + i) % size];
}

struct sample_result sample_cycles(uint64_t period, unsigned long loop_n)
{
	struct sample_result r = { 0 };
	struct perf_event_attr attr;
	struct perf_event_mmap_page *meta;
	long page = sysconf(_SC_PAGESIZE);
	size_t map_size = (RING_PAGES + 1) * page;
	uint64_t head, off;
	const unsigned char *data;
	int fd;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		note("perf_event_open(sample_period %llu): %s", (unsigned long long)period, strerror(errno));
		return r;
	}
	meta = mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (meta == MAP_FAILED) {
		note("mmap of the ring buffer: %s", strerror(errno));
		close(fd);
		return r;
	}
	r.opened = true;

	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	retire_loop(loop_n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	r.count = counter_read(fd);

	data = (const unsigned char *)meta + meta->data_offset;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	for (off = meta->data_tail; off < head;) {
		struct perf_event_header hdr;
		uint64_t word;

		ring_copy(data, meta->data_size, off, &hdr, sizeof hdr);
		if (hdr.size < sizeof hdr)
			break;
		ring_copy(data, meta->data_size, off + sizeof hdr, &word, sizeof word);
		if (hdr.type == PERF_RECORD_SAMPLE) {
			r.samples++;
			if (word >= (uintptr_t)retire_loop && word < (uintptr_t)retire_loop_end)
				r.in_loop++;
		} else if (hdr.type == PERF_RECORD_LOST) {
			ring_copy(data, meta->data_size, off + sizeof hdr + 8, &word, sizeof word);
			r.lost += word;
		}
		off += hdr.size;
	}
	munmap(meta, map_size);
	close(fd);
	return r;
}

void run_sampling_checks(void)
{
	struct sample_result r = sample_cycles(SAMPLE_PERIOD, SAMPLE_LOOP_N);
	/* Under -icount shift=0 the loop alone is LOOP_INSNS cycles. */
	uint64_t loop_periods = LOOP_INSNS(SAMPLE_LOOP_N) / SAMPLE_PERIOD, counted_periods = r.count / SAMPLE_PERIOD;

	note("sample-cycles: %llu cycles counted, %llu samples (%llu in the loop, %llu lost), "
	     "period %llu", (unsigned long long)r.count, (unsigned long long)r.samples,
	     (unsigned long long)r.in_loop, (unsigned long long)r.lost, (unsigned long long)SAMPLE_PERIOD);
	check(r.samples > 0, "sample-cycles", "no samples for %llu cycles with period %llu%s",
	      (unsigned long long)r.count, (unsigned long long)SAMPLE_PERIOD,
	      r.opened ? "" : " (the event could not be opened)");
	/*
	 * The counter ran for the whole loop (stock Linux 6.12 with snapshot
	 * memory leaves it stopped after its first overflow, docs/linux.md).
	 */
	check(r.count >= LOOP_INSNS(SAMPLE_LOOP_N), "sample-cycles-counted",
	      "%llu cycles counted around a loop of %lu instructions", (unsigned long long)r.count,
	      LOOP_INSNS(SAMPLE_LOOP_N));
	/*
	 * At most one sample per period counted, and not far fewer than the
	 * loop's periods: QEMU 7.2 raises the overflow from a virtual-time timer
	 * armed when the counter is written, and both Abacus and OpenSBI 1.1 see
	 * about 0.83 samples per period here (docs/linux.md). Half is the floor:
	 * no overflow may be lost outright.
	 */
	check(2 * (r.samples + r.lost) >= loop_periods && r.samples <= counted_periods + 1, "sample-cycles-rate",
	      "%llu samples + %llu lost for %llu cycles, period %llu: expected %llu / 2 .. %llu + 1",
	      (unsigned long long)r.samples, (unsigned long long)r.lost, (unsigned long long)r.count,
	      (unsigned long long)SAMPLE_PERIOD, (unsigned long long)loop_periods,
	      (unsigned long long)counted_periods);
	/* The loop is where the time goes: the overflow interrupt reports its pc. */
	check(r.samples > 0 && r.in_loop * 10 >= r.samples * 9, "sample-cycles-ip",
	      "%llu of %llu samples have their IP in retire_loop", (unsigned long long)r.in_loop,
	      (unsigned long long)r.samples);
}
