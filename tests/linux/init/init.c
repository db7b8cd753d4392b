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
 *   abacus_test=exact   exact-count checks (-smp 1 -icount shift=0)
 *   abacus_test=fw      SBI firmware event checks (-smp >= 2)
 *   abacus_test=boot    no checks: boot, report, power off
 *   abacus_chain=uboot|embedded   also check the boot chain (checks_boot_chain.c)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "linux_test.h"

unsigned int checks_passed, checks_failed;

void check(bool ok, const char *name, const char *details_fmt, ...)
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

static double monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	char cmdline[1024], chain_cmdline[1024];
	const char *mode, *chain;
	unsigned long instret, time_ticks;
	long ncpus;

	/*
	 * Read first: under -icount these are the instructions retired (all
	 * harts) and the timer ticks (10 MHz) from reset to here. Linux 6.1
	 * lets U-mode read cycle/time/instret (scounteren = 7).
	 */
	__asm__ __volatile__("rdinstret %0" : "=r"(instret));
	__asm__ __volatile__("rdtime %0" : "=r"(time_ticks));

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_or_note("proc", "/proc", "proc");
	mount_or_note("sysfs", "/sys", "sysfs");
	mount_or_note("devtmpfs", "/dev", "devtmpfs");

	note("userspace reached: instret %lu, time %lu ticks, uptime %.3f s", instret, time_ticks,
	     monotonic_seconds());

	mode = cmdline_value("abacus_test", cmdline, sizeof cmdline);
	ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	note("mode %s, %ld CPUs online", mode ? mode : "(none)", ncpus);

	if (!mode) {
		check(false, "cmdline", "no abacus_test= on the kernel command line");
	} else if (strcmp(mode, "exact") == 0) {
		run_exact_checks();
	} else if (strcmp(mode, "fw") == 0) {
		if (ncpus < 2 || ncpus > MAX_CPUS)
			check(false, "cpus-online", "%ld CPUs online, the firmware event checks need 2..%d",
			      ncpus, MAX_CPUS);
		else
			run_fw_event_checks((int)ncpus);
	} else if (strcmp(mode, "boot") != 0) {
		check(false, "cmdline", "unknown abacus_test=%s", mode);
	}
	chain = cmdline_value("abacus_chain", chain_cmdline, sizeof chain_cmdline);
	if (chain)
		run_boot_chain_checks(chain);

	printf("linux: %u passed, %u failed\n", checks_passed, checks_failed);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	/* Still here: the power-off failed; the run script reports the timeout. */
	note("reboot(RB_POWER_OFF) returned: %s", strerror(errno));
	for (;;)
		pause();
}
