// SPDX-License-Identifier: BSD-2-Clause
/*
 * KVM as a client of the firmware's PMU: the kernel's own KVM selftests,
 * built statically from the same tree (tests/linux/build-kvm-selftests.sh)
 * and put in the initramfs as /kvm/sbi_pmu_test and /kvm/arch_timer. A KVM
 * guest's SBI PMU calls are KVM's; KVM serves them with host perf events,
 * i.e. with riscv_pmu_sbi on the firmware (config_matching, start, stop,
 * firmware reads, snapshots of the host's own counters).
 *
 * sbi_pmu_test runs once per part (basic, events, snapshot, overflow), so
 * that one part skipping does not hide the rest: Linux 6.12's disables the
 * three others (-d), Linux 7.2's runs the one named (-t); which one it is
 * comes from its own -h text. A part may skip only when the QEMU case says
 * so (abacus_kvm_skip=, tests/linux/run-linux.sh): KVM offers its guests
 * Sscofpmf, and so the overflow part, only on a host with AIA
 * (platform-notes.md).
 *
 * On the AIA host the overflow part runs, and fails on QEMU 7.2 with every
 * firmware: the host counter overflows, the host's riscv_pmu_sbi takes the
 * interrupt and KVM marks the guest's LCOFI pending, which KVM delivers
 * through hvip bit 13 (with hvien bit 13), bits QEMU 7.2 does not implement
 * (they read 0; QEMU 8.2 added them). The case may name such a known failure
 * (abacus_kvm_known_failure=): the part must then fail in exactly that way,
 * its assertion line in the output, and any other outcome fails the check
 * (docs/linux.md, docs/aia.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "linux_test.h"

#define KSFT_SKIP 4

struct kvm_test {
	const char *name;             /* check kvm-<name>; abacus_kvm_skip= names it */
	const char *part;             /* sbi_pmu_test's part, or NULL: argv as it is */
	const char *argv[9];
	unsigned int timeout_s;
};

/*
 * Generous bounds: a KVM guest under QEMU TCG is slow, and the machine is
 * shared. arch_timer: -e 100000, the error margin every firmware needs on
 * QEMU (platform-notes.md); two vCPUs (one per hart), the default iterations.
 */
static struct kvm_test tests[] = {
	{ "sbi-pmu-basic", "basic", { 0 }, 120 },
	{ "sbi-pmu-events", "events", { 0 }, 120 },
	{ "sbi-pmu-snapshot", "snapshot", { 0 }, 120 },
	{ "sbi-pmu-overflow", "overflow", { 0 }, 120 },
	{ "arch-timer", NULL, { "/kvm/arch_timer", "-e", "100000", "-n", "2" }, 180 },
};
static const char *const sbi_pmu_parts[] = { "basic", "events", "snapshot", "overflow" };
#define SBI_PMU_TEST "/kvm/sbi_pmu_test"

/* Known failures: the part, the line its output must have, and why. */
static const struct {
	const char *name, *assertion, *why;
} known_failures[] = {
	{ "sbi-pmu-overflow", "sbi_pmu_test.c:500: vcpu_shared_irq_count == 1",
	  "QEMU 7.2 has no hvien/hvip bit 13: the guest never takes the overflow interrupt KVM marks pending" },
};

/*
 * Known flaky failures of a client, the firmware's part ruled out (the same
 * with OpenSBI 1.9): the part runs again, up to FLAKY_RUNS times in all,
 * when it fails in exactly that way; any other failure counts at once.
 */
#define FLAKY_RUNS 3
static const struct {
	const char *name, *assertion, *why;
} flaky_failures[] = {
	{ "sbi-pmu-snapshot", "sbi_pmu_test.c:505: READ_ONCE(snapshot_data->ctr_overflow_mask) == 0",
	  "Linux 7.2 on QEMU 11.1, with Abacus and OpenSBI 1.9 alike: the guest now and then reads "
	  "0x86230 from the snapshot page KVM has just zeroed (docs/linux.md)" },
};

static bool name_in_list(const char *name, const char *list)
{
	size_t len = strlen(name);

	for (const char *p = list; p && *p;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);

		if (n == len && strncmp(p, name, n) == 0)
			return true;
		p = comma ? comma + 1 : NULL;
	}
	return false;
}

/* Prints the test's output as notes, so that run-linux.sh shows it under the check;
 * true when a line contains `needle` (NULL: none looked for). */
static bool print_output(const char *name, const char *path, const char *needle)
{
	char line[256];
	bool found = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		note("  kvm-%s| %s", name, line);
		found |= needle && strstr(line, needle);
	}
	fclose(f);
	return found;
}

static int run_test(const struct kvm_test *t, const char *log, double *seconds);

/* Whether sbi_pmu_test's -h lists "-t" (run one part; Linux 7.2) rather than "-d" (disable one; 6.12). */
static bool sbi_pmu_test_runs_one_part(void)
{
	const struct kvm_test help = { "sbi-pmu-help", NULL, { SBI_PMU_TEST, "-h" }, 60 };
	char line[256];
	bool one_part = false;
	double seconds;
	FILE *f;

	run_test(&help, "/kvm-help.log", &seconds);
	f = fopen("/kvm-help.log", "r");
	while (f && fgets(line, sizeof line, f))
		one_part |= strstr(line, "-t: Test to run") != NULL;
	if (f)
		fclose(f);
	return one_part;
}

/* sbi_pmu_test's arguments for one part, in the form this build takes. */
static void sbi_pmu_test_argv(struct kvm_test *t, bool one_part)
{
	unsigned int n = 0;

	t->argv[n++] = SBI_PMU_TEST;
	if (one_part) {
		t->argv[n++] = "-t";
		t->argv[n++] = t->part;
	} else {
		for (unsigned int i = 0; i < sizeof sbi_pmu_parts / sizeof sbi_pmu_parts[0]; i++)
			if (strcmp(sbi_pmu_parts[i], t->part) != 0) {
				t->argv[n++] = "-d";
				t->argv[n++] = sbi_pmu_parts[i];
			}
	}
	t->argv[n] = NULL;
}

/* Runs one test with a time limit: its exit status, 128 + signal, or -1 on a timeout. */
static int run_test(const struct kvm_test *t, const char *log, double *seconds)
{
	struct timespec start, now;
	pid_t pid;
	int status;

	clock_gettime(CLOCK_MONOTONIC, &start);
	pid = fork();
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execv(t->argv[0], (char *const *)t->argv);
		_exit(127);
	}
	if (pid < 0)
		return 127;
	for (;;) {
		pid_t done = waitpid(pid, &status, WNOHANG);

		clock_gettime(CLOCK_MONOTONIC, &now);
		*seconds = now.tv_sec - start.tv_sec + (now.tv_nsec - start.tv_nsec) / 1e9;
		if (done == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		if (*seconds > t->timeout_s) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1;
		}
		usleep(20000);
	}
}

void run_kvm_checks(const char *expected_skips, const char *known)
{
	struct stat st;
	bool one_part;

	if (!check(stat("/dev/kvm", &st) == 0 && S_ISCHR(st.st_mode), "kvm-device",
		   "no /dev/kvm: %s", strerror(errno)))
		return;
	one_part = sbi_pmu_test_runs_one_part();
	note("kvm: sbi_pmu_test takes %s", one_part ? "-t <part>" : "-d <part> for each other part");
	for (unsigned int i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		struct kvm_test *t = &tests[i];
		bool may_skip = name_in_list(t->name, expected_skips);
		const char *assertion = NULL, *why = NULL;
		char log[64], check_name[64];
		double seconds = 0;
		bool asserted;
		int rc;

		if (t->part)
			sbi_pmu_test_argv(t, one_part);
		for (unsigned int k = 0; k < sizeof known_failures / sizeof known_failures[0]; k++)
			if (!strcmp(known_failures[k].name, t->name) && name_in_list(t->name, known)) {
				assertion = known_failures[k].assertion;
				why = known_failures[k].why;
			}
		snprintf(log, sizeof log, "/kvm-%s.log", t->name);
		snprintf(check_name, sizeof check_name, "kvm-%s", t->name);
		for (unsigned int run = 1;; run++) {
			const char *flaky = NULL, *flaky_why = NULL;

			rc = run_test(t, log, &seconds);
			for (unsigned int k = 0; k < sizeof flaky_failures / sizeof flaky_failures[0]; k++)
				if (!strcmp(flaky_failures[k].name, t->name)) {
					flaky = flaky_failures[k].assertion;
					flaky_why = flaky_failures[k].why;
				}
			asserted = print_output(t->name, log, flaky && !assertion ? flaky : assertion);
			note("kvm-%s: exit status %d after %.1f s%s", t->name, rc, seconds,
			     rc == KSFT_SKIP ? (may_skip ? " (skip, expected on this machine)" : " (skip)") : "");
			if (!flaky || assertion || rc != 254 || !asserted || run == FLAKY_RUNS)
				break;
			note("kvm-%s: run %u failed in the known flaky way (%s): run again", t->name, run, flaky_why);
		}
		if (!assertion)
			asserted = false;
		if (rc == -1) {
			check(false, check_name, "no result within %u s", t->timeout_s);
		} else if (assertion) {
			/* Exactly the known failure: a test assertion (exit 254) on that line. */
			if (rc == 254 && asserted)
				note("kvm-%s: the known failure on this machine: %s", t->name, why);
			check(rc == 254 && asserted, check_name, "%s exited with %d%s, not the known failure (%s)",
			      t->argv[0], rc, asserted ? "" : " without the known assertion", assertion);
		} else {
			check(rc == 0 || (rc == KSFT_SKIP && may_skip), check_name, "%s exited with %d%s",
			      t->argv[0], rc, rc == KSFT_SKIP ? " (KSFT_SKIP, not expected here)" : "");
		}
	}
}
