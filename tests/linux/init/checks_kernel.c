// SPDX-License-Identifier: BSD-2-Clause
/*
 * What riscv_pmu_sbi said in the kernel log when it probed the firmware:
 * whether it uses snapshot memory (Linux 6.12 prints "SBI PMU snapshot
 * detected" when the firmware reports SBI >= 2.0 and snapshot_set_shmem
 * succeeds on the boot CPU), and how many counters it found.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/klog.h>

#include "linux_test.h"

#define SYSLOG_ACTION_READ_ALL 3
#define SNAPSHOT_LINE "riscv-pmu-sbi: SBI PMU snapshot detected"
#define PROBE_LINE    "riscv-pmu-sbi: SBI PMU extension is available"
#define COUNTERS_TEXT "riscv-pmu-sbi: "
/* QEMU 7.2's rv64: cycle, instret and hpmcounter3..18 (index 1, time, is not a counter). */
#define QEMU_HW_COUNTERS 18

const char *kernel_log(void)
{
	static char buf[1 << 17];   /* CONFIG_LOG_BUF_SHIFT=17 */
	int n = klogctl(SYSLOG_ACTION_READ_ALL, buf, sizeof buf - 1);

	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* riscv_pmu_sbi's pr_err()s for failed SBI calls (counter start/stop, snapshot set-up). */
unsigned int kernel_log_pmu_errors(const char *log)
{
	static const char *const patterns[] = {
		"Starting counter idx", "Stopping counter idx", "pmu snapshot setup failed",
		"failed to disable snapshot shared memory",
	};
	unsigned int errors = 0;

	for (unsigned int i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
		for (const char *p = strstr(log, patterns[i]); p; p = strstr(p + 1, patterns[i]))
			errors++;
	return errors;
}

void run_snapshot_checks(bool expect_snapshot)
{
	const char *log = kernel_log();
	const char *counters = NULL;
	unsigned int fw = 0, hw = 0;

	for (const char *p = strstr(log, COUNTERS_TEXT); p; p = strstr(p + 1, COUNTERS_TEXT))
		if (sscanf(p, COUNTERS_TEXT "%u firmware and %u hardware counters", &fw, &hw) == 2) {
			counters = p;
			break;
		}
	check(strstr(log, PROBE_LINE) != NULL, "pmu-probed", "no \"%s\" in the kernel log", PROBE_LINE);
	if (expect_snapshot)
		check(strstr(log, SNAPSHOT_LINE) != NULL, "snapshot-detected",
		      "no \"%s\" in the kernel log", SNAPSHOT_LINE);
	else
		check(strstr(log, SNAPSHOT_LINE) == NULL, "snapshot-withheld",
		      "the kernel found snapshot memory the firmware was to withhold");
	check(counters && hw == QEMU_HW_COUNTERS, "pmu-hardware-counters",
	      "the driver found %u hardware counters, QEMU's rv64 has %d", hw, QEMU_HW_COUNTERS);
	note("riscv-pmu-sbi: %u firmware and %u hardware counters, snapshot %s", fw, hw,
	     strstr(log, SNAPSHOT_LINE) ? "detected" : "not used");
}
