// SPDX-License-Identifier: BSD-2-Clause
/*
 * Where this kernel came from, for runs that do not boot it with QEMU's
 * -kernel (kernel command line abacus_chain=...):
 *
 *   abacus_chain=uboot     Abacus -> U-Boot (S-mode, distro boot from a
 *                          virtio disk's extlinux.conf) -> Linux
 *   abacus_chain=embedded  Linux built into the firmware image (make PAYLOAD=...)
 *   abacus_chain=edk2      Abacus -> EDK2 (S-mode UEFI in pflash) -> GRUB
 *                          (Debian's, from a FAT ESP) -> Linux's EFI stub
 *   abacus_chain=spl-fit   U-Boot SPL -> a distribution's FIT with Abacus in
 *                          OpenSBI's place (scripts/abacus-fit) -> U-Boot
 *                          (distro boot of extlinux.conf) -> Linux, on QEMU
 *                          sifive_u: the DT is U-Boot's board DT from the FIT
 *
 * The perf checks of the run (abacus_test=...) then mean "perf works on
 * Abacus through this chain" only if the chain really was the one asked
 * for, so each run checks what Linux can see of it:
 *   - the firmware under Linux is Abacus: the kernel log names SBI
 *     implementation ID 0xabac (printed by Linux's SBI probe);
 *   - the DT Linux got went through Abacus's fixups: the firmware region
 *     /reserved-memory/abacus@80000000 (no-map) is there, and the riscv,pmu
 *     node lost its firmware-only mapping properties (spl-fit: U-Boot's
 *     Unleashed DT has no riscv,pmu node, and none may appear; the
 *     firmware used its FU540 quirk's event map);
 *   - uboot, spl-fit: the DT then went through U-Boot, which adds
 *     /chosen/u-boot,version, and U-Boot started this hart with boot
 *     arguments from extlinux.conf (abacus_extlinux=debian-style);
 *   - edk2: UEFI started this kernel (/sys/firmware/efi), and the firmware
 *     region is not in its RAM (/proc/iomem): EDK2 took the reservation
 *     from the DT Abacus gave it into the memory map it hands on, with ACPI
 *     as with a DT (the DT checks above then apply only when Linux got one);
 *   - perf counts cycles and instructions on hardware counters (the exact
 *     values are the exact checks' business: without -icount QEMU's
 *     counters follow host time, so here only "they count" is certain).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linux_test.h"

#define DT_BASE          "/sys/firmware/devicetree/base"
#define KLOG_READ_ALL    3          /* SYSLOG_ACTION_READ_ALL */
#define KLOG_SIZE_BUFFER 10         /* SYSLOG_ACTION_SIZE_BUFFER */

static bool dt_exists(const char *path)
{
	char full[512];
	struct stat st;

	snprintf(full, sizeof full, "%s%s", DT_BASE, path);
	return stat(full, &st) == 0;
}

/* A string property, NUL-terminated into buf; false when absent. */
static bool dt_string(const char *path, char *buf, size_t size)
{
	char full[512];
	FILE *f;
	size_t n;

	snprintf(full, sizeof full, "%s%s", DT_BASE, path);
	f = fopen(full, "r");
	if (!f)
		return false;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return true;
}

/* The first node directly under / whose compatible is riscv,pmu: its name, or NULL. */
static const char *dt_pmu_node(char *name, size_t size)
{
	DIR *d = opendir(DT_BASE);
	struct dirent *e;
	char path[300], compatible[64];

	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		snprintf(path, sizeof path, "/%s/compatible", e->d_name);
		if (e->d_name[0] != '.' && dt_string(path, compatible, sizeof compatible) &&
		    strcmp(compatible, "riscv,pmu") == 0) {
			snprintf(name, size, "%s", e->d_name);
			closedir(d);
			return name;
		}
	}
	closedir(d);
	return NULL;
}

static void check_kernel_log_sbi(void)
{
	int size = klogctl(KLOG_SIZE_BUFFER, NULL, 0);
	char *log = size > 0 ? malloc((size_t)size + 1) : NULL;
	int n = log ? klogctl(KLOG_READ_ALL, log, size) : -1;
	const char *impl;

	if (n < 0) {
		check(false, "chain-sbi-abacus", "klogctl: %s", strerror(errno));
		free(log);
		return;
	}
	log[n] = '\0';
	impl = strstr(log, "SBI implementation ID=");
	check(impl && strncmp(impl, "SBI implementation ID=0xabac ", 29) == 0, "chain-sbi-abacus",
	      "kernel log: %.40s", impl ? impl : "(no SBI implementation line)");
	free(log);
}

/* pmu_expected: the loader's DT had a riscv,pmu node (QEMU virt's does, U-Boot's Unleashed DT not). */
static void check_dt_from_abacus(bool pmu_expected)
{
	char pmu[256], path[300];
	bool pmu_node = dt_pmu_node(pmu, sizeof pmu) != NULL;
	bool reserved = dt_exists("/reserved-memory/abacus@80000000/no-map");
	bool stripped = pmu_node;

	if (pmu_node) {
		snprintf(path, sizeof path, "/%s/riscv,event-to-mhpmcounters", pmu);
		stripped = !dt_exists(path);
	}
	check(reserved && stripped == pmu_expected && pmu_node == pmu_expected, "chain-dt-fixed-up-by-abacus",
	      "reserved-memory/abacus@80000000 no-map: %s; riscv,pmu node %s (%s), mapping properties %s",
	      reserved ? "yes" : "no", pmu_node ? pmu : "missing", pmu_expected ? "expected" : "none expected",
	      stripped ? "removed" : "still there");
}

static void check_dt_through_uboot(void)
{
	char version[128], args[512];
	bool from_uboot = dt_string("/chosen/u-boot,version", version, sizeof version);
	bool extlinux = dt_string("/chosen/bootargs", args, sizeof args) &&
			strstr(args, "abacus_extlinux=debian-style") != NULL;

	check(from_uboot && extlinux, "chain-dt-through-uboot",
	      "/chosen/u-boot,version %s, bootargs %s", from_uboot ? version : "missing",
	      extlinux ? "from extlinux.conf" : "not from the test's extlinux.conf");
	if (from_uboot)
		note("DT passed on by U-Boot %s", version);
}

/*
 * The firmware region (at 0x80000000 on QEMU virt, as the DT check above
 * assumes) is no part of any "System RAM" range of /proc/iomem.
 */
static void check_firmware_region_not_ram(void)
{
	const unsigned long long fw_base = 0x80000000ULL;
	FILE *f = fopen("/proc/iomem", "r");
	char line[256], covering[256] = "";
	unsigned int ram_ranges = 0;

	if (!f) {
		check(false, "chain-firmware-not-ram", "/proc/iomem: %s", strerror(errno));
		return;
	}
	while (fgets(line, sizeof line, f)) {
		unsigned long long start, end;
		if (line[0] == ' ' || !strstr(line, ": System RAM") || sscanf(line, "%llx-%llx", &start, &end) != 2)
			continue;
		ram_ranges++;
		if (start <= fw_base && fw_base <= end)
			snprintf(covering, sizeof covering, "%s", line);
	}
	fclose(f);
	covering[strcspn(covering, "\n")] = '\0';
	check(ram_ranges && !covering[0], "chain-firmware-not-ram", "%u System RAM ranges; 0x%llx in '%s'",
	      ram_ranges, fw_base, covering);
}

static void check_booted_by_uefi(void)
{
	struct stat st;
	bool efi = stat("/sys/firmware/efi/systab", &st) == 0;
	bool dt = dt_exists("/compatible");

	check(efi, "chain-booted-by-uefi", "no /sys/firmware/efi/systab: not started by UEFI");
	note("the kernel got its hardware description from %s", dt ? "a DT (through EDK2)" : "ACPI (EDK2's tables)");
	if (dt)
		check_dt_from_abacus(true);
	check_firmware_region_not_ram();
}

void retire_loop(unsigned long n);

static void check_hw_counting(const char *name, uint64_t config)
{
	int fd = counter_open(PERF_TYPE_HARDWARE, config, 0, -1);
	uint64_t before, after;

	if (fd < 0) {
		check(false, name, "perf_event_open: %s", strerror(-fd));
		return;
	}
	before = counter_read(fd);
	retire_loop(1000000);
	after = counter_read(fd);
	close(fd);
	check(after > before, name, "counted %llu before and %llu after a 2000001-instruction loop",
	      (unsigned long long)before, (unsigned long long)after);
}

void run_boot_chain_checks(const char *chain)
{
	bool spl_fit = strcmp(chain, "spl-fit") == 0;

	note("boot chain: %s", chain);
	if (strcmp(chain, "uboot") != 0 && strcmp(chain, "embedded") != 0 && strcmp(chain, "edk2") != 0 &&
	    !spl_fit) {
		check(false, "chain", "unknown abacus_chain=%s", chain);
		return;
	}
	check_kernel_log_sbi();
	if (strcmp(chain, "edk2") == 0)
		check_booted_by_uefi();
	else
		check_dt_from_abacus(!spl_fit);
	check_hw_counting("chain-perf-cycles", PERF_COUNT_HW_CPU_CYCLES);
	check_hw_counting("chain-perf-instructions", PERF_COUNT_HW_INSTRUCTIONS);
	if (strcmp(chain, "uboot") == 0 || spl_fit)
		check_dt_through_uboot();
}
