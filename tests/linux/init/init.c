// SPDX-License-Identifier: BSD-2-Clause
/*
 * /init of the Abacus Linux boot test (a static program in the initramfs).
 *
 * Mounts proc, sysfs and devtmpfs, reports when userspace was reached, runs
 * the checks that the kernel command line asks for, prints the summary
 * line and powers the machine off (reboot(RB_POWER_OFF): Linux ends with an
 * SBI SRST shutdown call to the firmware).
 *
 * Kernel command line (read from /proc/cmdline):
 *   abacus_test=G[,G...]  the check groups to run, in this order:
 *     exact         exact counts (-smp 1 -icount shift=0)
 *     sampling      cycle samples (Sscofpmf; -icount shift=0 for the rate)
 *     sampling-smp  4 kHz cycle samples on every CPU at once (-smp >= 2,
 *                   -icount shift=0,sleep=off, Sscofpmf)
 *     sampling-switch  the same with two processes on each CPU, switched
 *                   between (-icount shift=0, Sscofpmf; -smp 1 as well)
 *     fw            SBI firmware events across CPUs (-smp >= 2)
 *     fw-ipi-mask   IPIs to several harts per SBI call (membarrier)
 *     snapshot-on   the driver uses snapshot memory (Linux 6.12), and how
 *     snapshot-off  many counters it found; or it does not
 *     hotplug       CPU 1 offline and online again (-smp >= 2, Sscofpmf)
 *     cpuidle       per-CPU counters across non-retentive suspend (DT idle state)
 *     kvm           the KVM selftests in /kvm (Linux 6.12 initramfs)
 *     aia-msi       an AIA machine in MSI mode (aia=aplic-imsic), aia-direct
 *                   one in direct mode (aia=aplic): checks_aia.c
 *     shadow-stack  user shadow stacks (Linux 7.2, Zicfiss, FWFT SHADOW_STACK)
 *     boot          no checks: boot, report, power off
 *   abacus_kvm_skip=P[,P...]  kvm parts allowed to skip on this machine
 *   abacus_kvm_known_failure=P[,P...]  kvm parts allowed to fail, each in exactly
 *                 the way checks_kvm.c knows for it (a QEMU 7.2 limit)
 *   abacus_chain=uboot|embedded|edk2|spl-fit   also check the boot chain (checks_boot_chain.c)
 *   abacus_end=reboot     end with a reboot (an SBI SRST cold reboot) instead of
 *                 the power-off: for machines that can reset but not power
 *                 off (QEMU sifive_u: a gpio-restart line; -no-reboot makes
 *                 the reset QEMU's exit)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "linux_test.h"

#define SYSLOG_ACTION_CONSOLE_LEVEL 8

unsigned int checks_passed, checks_failed;

bool check(bool ok, const char *name, const char *details_fmt, ...)
{
	va_list ap;

	if (ok) {
		checks_passed++;
		printf("PASS: linux: %s\n", name);
	} else {
		checks_failed++;
		printf("FAIL: linux: %s (", name);
		va_start(ap, details_fmt);
		vprintf(details_fmt, ap);
		va_end(ap);
		printf(")\n");
	}
	fflush(stdout);
	return ok;
}

void note(const char *fmt, ...)
{
	va_list ap;

	printf("linux: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void mount_or_note(const char *source, const char *target, const char *type)
{
	mkdir(target, 0755);
	if (mount(source, target, type, 0, NULL) != 0 && errno != EBUSY)
		note("mount %s on %s: %s", type, target, strerror(errno));
}

/* The value of key=... on the kernel command line, or NULL. */
static char *cmdline_value(const char *key, char *buf, size_t size)
{
	FILE *f = fopen("/proc/cmdline", "r");
	size_t keylen = strlen(key);
	char *word, *save;

	if (!f)
		return NULL;
	if (!fgets(buf, (int)size, f))
		buf[0] = 0;
	fclose(f);
	for (word = strtok_r(buf, " \n", &save); word; word = strtok_r(NULL, " \n", &save))
		if (strncmp(word, key, keylen) == 0 && word[keylen] == '=')
			return word + keylen + 1;
	return NULL;
}

/*
 * instret at the first instruction of init, if U-mode may read it: Linux 6.1
 * lets it (scounteren = 7), 6.12 only when perf_user_access is 2 (legacy),
 * else the read is an illegal instruction (SIGILL, caught here).
 */
static sigjmp_buf instret_jump;

static void instret_sigill(int sig)
{
	(void)sig;
	siglongjmp(instret_jump, 1);
}

static bool read_instret(unsigned long *instret)
{
	struct sigaction sa, old;
	bool ok = false;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = instret_sigill;
	sigaction(SIGILL, &sa, &old);
	if (sigsetjmp(instret_jump, 1) == 0) {
		__asm__ __volatile__("rdinstret %0" : "=r"(*instret));
		ok = true;
	}
	sigaction(SIGILL, &old, NULL);
	return ok;
}

/* Runs the check groups of a comma-separated list. */
static void run_groups(char *groups, const char *kvm_skips, const char *kvm_known, long ncpus)
{
	char *save, *g;

	for (g = strtok_r(groups, ",", &save); g; g = strtok_r(NULL, ",", &save)) {
		if (strcmp(g, "exact") == 0) {
			run_exact_checks();
		} else if (strcmp(g, "sampling") == 0) {
			run_sampling_checks();
		} else if (strcmp(g, "sampling-smp") == 0) {
			run_sampling_smp_checks((int)ncpus);
		} else if (strcmp(g, "sampling-switch") == 0) {
			run_sampling_switch_checks((int)ncpus);
		} else if (strcmp(g, "fw") == 0) {
			if (ncpus < 2 || ncpus > MAX_CPUS)
				check(false, "cpus-online", "%ld CPUs online, the firmware event checks need 2..%d",
				      ncpus, MAX_CPUS);
			else
				run_fw_event_checks((int)ncpus);
		} else if (strcmp(g, "fw-ipi-mask") == 0) {
			if (ncpus < 2 || ncpus > MAX_CPUS)
				check(false, "cpus-online", "%ld CPUs online, the IPI mask checks need 2..%d",
				      ncpus, MAX_CPUS);
			else
				run_fw_ipi_mask_checks((int)ncpus);
		} else if (strcmp(g, "snapshot-on") == 0 || strcmp(g, "snapshot-off") == 0) {
			run_snapshot_checks(strcmp(g, "snapshot-on") == 0);
		} else if (strcmp(g, "hotplug") == 0) {
			run_hotplug_checks((int)ncpus);
		} else if (strcmp(g, "cpuidle") == 0) {
			run_cpuidle_checks((int)ncpus);
		} else if (strcmp(g, "kvm") == 0) {
			run_kvm_checks(kvm_skips, kvm_known);
		} else if (strcmp(g, "aia-msi") == 0 || strcmp(g, "aia-direct") == 0) {
			run_aia_checks(strcmp(g, "aia-msi") == 0);
		} else if (strcmp(g, "shadow-stack") == 0) {
			run_shadow_stack_checks();
		} else if (strcmp(g, "boot") != 0) {
			check(false, "cmdline", "unknown check group %s in abacus_test=", g);
		}
	}
}

static double monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	char cmdline[1024], cmdline2[1024], cmdline3[1024], chain_cmdline[1024], end_cmdline[1024];
	char *mode, *kvm_skips, *kvm_known;
	const char *chain, *end;
	unsigned long instret = 0, time_ticks;
	bool have_instret;
	long ncpus;

	/*
	 * Read first: under -icount these are the instructions retired (all
	 * harts) and the timer ticks (10 MHz) from reset to here. U-mode may
	 * always read time; instret only on Linux 6.1 (read_instret()).
	 */
	have_instret = read_instret(&instret);
	__asm__ __volatile__("rdtime %0" : "=r"(time_ticks));

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_or_note("proc", "/proc", "proc");
	mount_or_note("sysfs", "/sys", "sysfs");
	mount_or_note("devtmpfs", "/dev", "devtmpfs");

	if (have_instret)
		note("userspace reached: instret %lu, time %lu ticks, uptime %.3f s", instret, time_ticks,
		     monotonic_seconds());
	else
		note("userspace reached: instret not readable, time %lu ticks, uptime %.3f s", time_ticks,
		     monotonic_seconds());
	sigill_skip_install();
	/*
	 * Only errors and worse on the console from now on (riscv_pmu_sbi's
	 * failed SBI calls included; the whole log stays in the ring): Linux
	 * reports every signal init gets, with its registers (the SIGILLs of
	 * sigill.c), and those lines must not cut ours.
	 */
	klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 4);

	mode = cmdline_value("abacus_test", cmdline, sizeof cmdline);
	kvm_skips = cmdline_value("abacus_kvm_skip", cmdline2, sizeof cmdline2);
	kvm_known = cmdline_value("abacus_kvm_known_failure", cmdline3, sizeof cmdline3);
	ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	note("checks %s, %ld CPUs online", mode ? mode : "(none)", ncpus);

	if (!mode)
		check(false, "cmdline", "no abacus_test= on the kernel command line");
	else
		run_groups(mode, kvm_skips, kvm_known, ncpus);
	chain = cmdline_value("abacus_chain", chain_cmdline, sizeof chain_cmdline);
	if (chain)
		run_boot_chain_checks(chain);

	end = cmdline_value("abacus_end", end_cmdline, sizeof end_cmdline);
	if (end && strcmp(end, "reboot") != 0)
		check(false, "cmdline", "unknown abacus_end=%s", end);

	printf("linux: %u passed, %u failed\n", checks_passed, checks_failed);
	fflush(stdout);
	/* Every byte out of the UART before the machine goes: the kernel does not wait for the tty. */
	tcdrain(STDOUT_FILENO);
	sync();
	if (end && strcmp(end, "reboot") == 0) {
		reboot(RB_AUTOBOOT);
		note("reboot(RB_AUTOBOOT) returned: %s", strerror(errno));
	} else {
		reboot(RB_POWER_OFF);
		/* Still here: the power-off failed; the run script reports the timeout. */
		note("reboot(RB_POWER_OFF) returned: %s", strerror(errno));
	}
	for (;;)
		pause();
}
