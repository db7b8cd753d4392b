// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counters across non-retentive suspend, for QEMU -smp >= 2 with a DT that
 * gives every hart a default non-retentive idle state (run-linux.sh adds
 * /cpus/idle-states with riscv,sbi-suspend-param = <0x80000000>). Linux's
 * cpuidle then puts an idle CPU into SBI HSM hart_suspend(0x80000000), and
 * riscv_pmu_sbi's CPU PM notifier stops every counter active on the CPU
 * before (CPU_PM_ENTER) and restarts it after (CPU_PM_EXIT) with
 * counter_start and the saved value alone: it never configures a counter or
 * registers its snapshot page again. So the firmware must keep its PMU
 * state across non-retentive suspend (docs/pmu.md section 6); if it did
 * not, the restarts would fail and the per-CPU counters below would stop.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "linux_test.h"
#include "sbi_spec.h"

#define IDLE_CPU   1
#define ILLEGAL_N  1000

/* The usage count of the first non-WFI idle state of cpu, or -1. */
static long nonretentive_usage(int cpu, char *name, size_t name_size)
{
	char path[96], buf[64];
	long usage = -1;
	int fd;
	ssize_t n;

	for (int state = 1; state < 8 && usage < 0; state++) {
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/name", cpu, state);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			break;
		n = read(fd, buf, sizeof buf - 1);
		close(fd);
		buf[n > 0 ? n : 0] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		snprintf(name, name_size, "%s", buf);
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/usage", cpu, state);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			break;
		n = read(fd, buf, sizeof buf - 1);
		close(fd);
		buf[n > 0 ? n : 0] = '\0';
		usage = strtol(buf, NULL, 10);
	}
	return usage;
}

static void idle_for_ms(long ms)
{
	for (long i = 0; i < ms / 10; i++) {
		struct timespec ts = { 0, 10 * 1000000L };

		nanosleep(&ts, NULL);
	}
}

void run_cpuidle_checks(int ncpus)
{
	char state_name[64] = "?";
	long usage0, usage1;
	int fd_hw, fd_fw;
	uint64_t hw0, hw1, fw0, fw1;
	unsigned int errors;

	if (!check(ncpus > IDLE_CPU, "cpuidle-cpus", "%d CPUs online, CPU %d must be one", ncpus, IDLE_CPU))
		return;
	pin_to_cpu(0);
	/* Per-CPU counters on CPU 1: active there, idle or not. */
	fd_hw = counter_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, -1, IDLE_CPU);
	fd_fw = counter_open(PERF_TYPE_RAW, PERF_RAW_SBI_FIRMWARE | SBI_PMU_FW_ILLEGAL_INSN, -1, IDLE_CPU);
	if (!check(fd_hw >= 0 && fd_fw >= 0, "cpuidle-counters", "perf_event_open on CPU %d: %s", IDLE_CPU,
		   strerror(-(fd_hw < 0 ? fd_hw : fd_fw))))
		goto out;

	usage0 = nonretentive_usage(IDLE_CPU, state_name, sizeof state_name);
	hw0 = counter_read(fd_hw);
	fw0 = counter_read(fd_fw);
	idle_for_ms(300);   /* CPU 1 has nothing to do: it suspends again and again */
	usage1 = nonretentive_usage(IDLE_CPU, state_name, sizeof state_name);
	check(usage0 >= 0 && usage1 > usage0, "cpuidle-nonretentive-entered",
	      "CPU %d idle state '%s' used %ld times, then %ld", IDLE_CPU, state_name, usage0, usage1);
	note("cpuidle: CPU %d entered '%s' %ld times in 300 ms", IDLE_CPU, state_name, usage1 - usage0);

	/* Work on CPU 1 after all those suspends: the counters must see it. */
	if (pin_to_cpu(IDLE_CPU)) {
		illegal_instructions(ILLEGAL_N);
		retire_loop(1000000);
	}
	pin_to_cpu(0);
	hw1 = counter_read(fd_hw);
	fw1 = counter_read(fd_fw);
	check(fw1 - fw0 == ILLEGAL_N, "cpuidle-fw-counter-kept",
	      "ILLEGAL_INSN on CPU %d counted %llu for %d illegal instructions after idling",
	      IDLE_CPU, (unsigned long long)(fw1 - fw0), ILLEGAL_N);
	check(hw1 > hw0, "cpuidle-hw-counter-kept", "instructions on CPU %d: %llu, then %llu", IDLE_CPU,
	      (unsigned long long)hw0, (unsigned long long)hw1);
	idle_for_ms(100);
	errors = kernel_log_pmu_errors(kernel_log());
	check(errors == 0, "cpuidle-no-driver-errors", "riscv_pmu_sbi logged %u failed SBI calls", errors);
out:
	if (fd_hw >= 0)
		close(fd_hw);
	if (fd_fw >= 0)
		close(fd_fw);
}
