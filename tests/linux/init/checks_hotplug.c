// SPDX-License-Identifier: BSD-2-Clause
/*
 * CPU hotplug, for QEMU -smp >= 2 -cpu rv64,sscofpmf=true: CPU 1 counts and
 * samples, goes offline (Linux: SBI HSM hart_stop, which resets the hart's
 * PMU in the firmware), comes back (hart_start; riscv_pmu_sbi's starting
 * callback stops every counter with RESET and, on 6.12 with snapshot memory,
 * must register its snapshot page again) and must count and sample as
 * before, with no failed SBI call reported by the driver.
 *
 * Without -icount the hardware counters follow the host's clock, so only
 * the firmware events (illegal instructions, sigill.c) are exact here; the
 * sampling check asks for many samples, not a rate: stock Linux 6.12 with
 * snapshot memory gets one sample and then none (docs/linux.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "linux_test.h"
#include "sbi_spec.h"

#define HOTPLUG_CPU     1
#define ILLEGAL_N       1000
#define SAMPLE_PERIOD   100000ULL
#define SAMPLE_LOOP_N   10000000UL
#define MIN_SAMPLES     10
#define SAMPLE_WINDOWS  5

static bool cpu_online_write(int cpu, bool online)
{
	char path[64];
	int fd;
	bool ok;

	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", cpu);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return false;
	ok = write(fd, online ? "1" : "0", 1) == 1;
	close(fd);
	return ok;
}

/* 1 online, 0 offline, -1 unknown. */
static int cpu_online_read(int cpu)
{
	char path[64], c = '?';
	int fd;

	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (read(fd, &c, 1) != 1)
		c = '?';
	close(fd);
	return c == '1' ? 1 : c == '0' ? 0 : -1;
}

/* The PMU overflow interrupt's line of /proc/interrupts (per-CPU counts), as a note. */
static void note_pmu_interrupts(const char *phase)
{
	char line[256];
	FILE *f = fopen("/proc/interrupts", "r");

	if (!f)
		return;
	while (fgets(line, sizeof line, f))
		if (strstr(line, "pmu")) {
			line[strcspn(line, "\n")] = '\0';
			note("hotplug-%s: /proc/interrupts:%s", phase, line);
		}
	fclose(f);
}

/*
 * Sampling and counting on HOTPLUG_CPU, the calling thread pinned there.
 * Sampling comes first, and a hardware counter is counted with only after
 * the last sampling: QEMU 7.2 without -icount, writing a small value into a
 * counter that counts cycles or instructions (Linux's counter_start with
 * its value, the firmware's stop) can leave a bogus "overflow left" on it
 * that swallows the next overflow timer of that counter on that hart, so
 * sampling there stays silent. Firmware counters touch no hardware counter.
 */
static void check_counting_on_cpu(const char *phase, bool hardware_counting)
{
	char name[64];
	int fd_fw, fd_hw = -1;
	uint64_t fw0, fw1, hw0 = 0, hw1 = 0;
	unsigned long skipped;
	struct sample_result r;
	bool sampled = false;

	snprintf(name, sizeof name, "hotplug-%s-pinned", phase);
	if (!check(pin_to_cpu(HOTPLUG_CPU), name, "cannot run on CPU %d: %s", HOTPLUG_CPU, strerror(errno)))
		return;

	/*
	 * Most in the loop: without -icount QEMU raises overflows late, off the
	 * loop now and then. Up to SAMPLE_WINDOWS windows, each a new event: on
	 * a loaded host QEMU 7.2 now and then raises no overflow for a whole
	 * window, with every firmware (docs/linux.md); a kernel or firmware that
	 * breaks sampling fails every window.
	 */
	snprintf(name, sizeof name, "hotplug-%s-sampling", phase);
	for (unsigned int window = 1; window <= SAMPLE_WINDOWS; window++) {
		r = sample_cycles(SAMPLE_PERIOD, SAMPLE_LOOP_N);
		sampled = r.samples >= MIN_SAMPLES && r.in_loop * 2 >= r.samples;
		note("hotplug-%s: window %u: %llu samples (%llu in the loop) for %llu cycles on CPU %d", phase,
		     window, (unsigned long long)r.samples, (unsigned long long)r.in_loop,
		     (unsigned long long)r.count, HOTPLUG_CPU);
		if (sampled)
			break;
	}
	check(sampled, name, "on CPU %d, last of %d windows: %llu samples (%llu in the loop, %llu lost) for "
	      "%llu cycles, period %llu", HOTPLUG_CPU, SAMPLE_WINDOWS, (unsigned long long)r.samples,
	      (unsigned long long)r.in_loop, (unsigned long long)r.lost, (unsigned long long)r.count,
	      (unsigned long long)SAMPLE_PERIOD);
	note_pmu_interrupts(phase);

	fd_fw = counter_open(PERF_TYPE_RAW, PERF_RAW_SBI_FIRMWARE | SBI_PMU_FW_ILLEGAL_INSN, 0, -1);
	if (hardware_counting)
		fd_hw = counter_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 0, -1);
	snprintf(name, sizeof name, "hotplug-%s-counting", phase);
	if (fd_fw < 0 || (hardware_counting && fd_hw < 0)) {
		check(false, name, "perf_event_open: %s", strerror(-(fd_fw < 0 ? fd_fw : fd_hw)));
	} else {
		fw0 = counter_read(fd_fw);
		if (hardware_counting)
			hw0 = counter_read(fd_hw);
		skipped = sigill_skipped();
		illegal_instructions(ILLEGAL_N);
		retire_loop(1000000);
		fw1 = counter_read(fd_fw);
		if (hardware_counting)
			hw1 = counter_read(fd_hw);
		skipped = sigill_skipped() - skipped;
		/* instructions follow the host clock here: they just have to move */
		check(fw1 - fw0 == ILLEGAL_N && skipped == ILLEGAL_N && (!hardware_counting || hw1 > hw0), name,
		      "on CPU %d: ILLEGAL_INSN %llu for %d, instructions %llu -> %llu", HOTPLUG_CPU,
		      (unsigned long long)(fw1 - fw0), ILLEGAL_N, (unsigned long long)hw0,
		      (unsigned long long)hw1);
	}
	if (fd_fw >= 0)
		close(fd_fw);
	if (fd_hw >= 0)
		close(fd_hw);
	pin_to_cpu(0);
}

void run_hotplug_checks(int ncpus)
{
	unsigned int errors;

	if (!check(ncpus >= 2, "hotplug-cpus", "%d CPUs online, CPU %d must be one of them", ncpus, HOTPLUG_CPU))
		return;
	check_counting_on_cpu("before", false);

	pin_to_cpu(0);
	check(cpu_online_write(HOTPLUG_CPU, false) && cpu_online_read(HOTPLUG_CPU) == 0 &&
	      !pin_to_cpu(HOTPLUG_CPU), "hotplug-offline", "CPU %d did not go offline (%s)", HOTPLUG_CPU,
	      strerror(errno));
	pin_to_cpu(0);
	check(cpu_online_write(HOTPLUG_CPU, true) && cpu_online_read(HOTPLUG_CPU) == 1, "hotplug-online",
	      "CPU %d did not come back (%s)", HOTPLUG_CPU, strerror(errno));

	check_counting_on_cpu("after", true);

	/* riscv_pmu_sbi reports every SBI call that failed (e.g. NO_SHMEM). */
	errors = kernel_log_pmu_errors(kernel_log());
	check(errors == 0, "hotplug-no-driver-errors", "riscv_pmu_sbi logged %u failed SBI calls", errors);
}
