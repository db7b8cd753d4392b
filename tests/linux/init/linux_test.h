/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The init program of the Abacus Linux boot test: shared helpers.
 *
 * Output protocol (counted by scripts/run-tests.sh through
 * tests/linux/run-linux.sh): one line per check,
 *   PASS: linux: <name>
 *   FAIL: linux: <name> (<details>)
 * and "linux: <note>" lines that are information only.
 */
#ifndef LINUX_TEST_H
#define LINUX_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- Reporting ---- */
extern unsigned int checks_passed, checks_failed;
/* One PASS/FAIL line; details (printf format) only on FAIL, or always with note(). */
void check(bool ok, const char *name, const char *details_fmt, ...)
	__attribute__((format(printf, 3, 4)));
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- perf_event_open ---- */
/* Linux's riscv_pmu_sbi: PERF_TYPE_RAW with bit 63 selects SBI firmware event config & 0xffff. */
#define PERF_RAW_SBI_FIRMWARE (1ULL << 63)

/*
 * Opens a counting event (enabled at once). pid/cpu as perf_event_open:
 * (0, -1) follows the calling thread, (-1, cpu) counts everything on one CPU.
 * Returns the fd, or -errno.
 */
int counter_open(uint32_t type, uint64_t config, pid_t pid, int cpu);
/* The counter's value; exits the check run on a failed read (never expected). */
uint64_t counter_read(int fd);

/* A firmware event counted on every online CPU (pid -1), as one group of fds. */
#define MAX_CPUS 8
struct fw_counter {
	unsigned int code;          /* SBI_PMU_FW_* */
	int ncpus;
	int fd[MAX_CPUS];
	uint64_t start[MAX_CPUS];
};
/* Opens code on every CPU; returns 0, or -errno of the first failure. */
int fw_counter_open_all_cpus(struct fw_counter *c, unsigned int code, int ncpus);
void fw_counter_mark(struct fw_counter *c);                 /* remember the values now */
uint64_t fw_counter_delta(const struct fw_counter *c, int cpu);   /* since the mark */
uint64_t fw_counter_delta_sum(const struct fw_counter *c);
void fw_counter_close(struct fw_counter *c);

/* Pins the calling thread to one CPU; false on failure. */
bool pin_to_cpu(int cpu);

/* ---- Check groups ---- */
/* -smp 1 -icount shift=0 -cpu rv64,sscofpmf=true: exact counts, TLB misses, sampling. */
void run_exact_checks(void);
/* -smp N (N >= 2) -cpu rv64,sstc=false, no icount: SBI firmware events. */
void run_fw_event_checks(int ncpus);
/* abacus_chain=uboot|embedded: the kernel came through that boot chain (checks_boot_chain.c). */
void run_boot_chain_checks(const char *chain);

#endif
