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
/* One PASS/FAIL line; details (printf format) only on FAIL, or always with note(). Returns ok. */
bool check(bool ok, const char *name, const char *details_fmt, ...)
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
/*
 * Every CPU's delta since the mark, read in CPU order like fw_counter_mark()
 * (reading another CPU's counter is a cross-call, an IPI: see check_ipi).
 */
void fw_counter_deltas(const struct fw_counter *c, uint64_t *delta);
uint64_t fw_counter_delta_sum(const struct fw_counter *c);
void fw_counter_close(struct fw_counter *c);

/* Pins the calling thread to one CPU; false on failure. */
bool pin_to_cpu(int cpu);

/* retire_loop(n), n >= 1, retires exactly 2n + 1 instructions (retire_loop.S). */
void retire_loop(unsigned long n);
extern const char retire_loop_end[];
#define LOOP_INSNS(n)   (2 * (n) + 1)

/* ---- Illegal instructions (sigill.c) ---- */
/*
 * Installs a SIGILL handler that steps over the faulting (4-byte)
 * instruction and counts it. The firmware counts each one as
 * SBI_PMU_FW_ILLEGAL_INSN on its way to S-mode (it does not delegate
 * illegal-instruction traps), so userspace can make exact firmware events.
 */
void sigill_skip_install(void);
unsigned long sigill_skipped(void);
/* n illegal instructions (csrrw zero, cycle, zero: a write to a read-only CSR). */
void illegal_instructions(unsigned long n);

/* ---- Cycle sampling (checks_sampling.c) ---- */
struct sample_result {
	uint64_t count, samples, in_loop, lost;
	bool opened;
};
/* Samples cycles every `period` around retire_loop(loop_n) on the calling thread. */
struct sample_result sample_cycles(uint64_t period, unsigned long loop_n);

/* ---- The kernel log (checks_kernel.c) ---- */
/* The kernel log ring (klogctl), NUL-terminated, in a static buffer. */
const char *kernel_log(void);
/* Lines of the kernel log from riscv_pmu_sbi reporting a failed SBI call. */
unsigned int kernel_log_pmu_errors(const char *log);

/* ---- Check groups (abacus_test=<group>,<group>...) ---- */
/* exact: -smp 1 -icount shift=0: exact instructions, cycles, firmware events, TLB misses. */
void run_exact_checks(void);
/* sampling: -icount shift=0 -cpu rv64,sscofpmf=true: cycle samples, their rate and IPs. */
void run_sampling_checks(void);
/* sampling-smp: -smp N -icount shift=0,sleep=off, Sscofpmf: 4 kHz cycle samples on every CPU at once. */
void run_sampling_smp_checks(int ncpus);
/* sampling-switch: -icount shift=0, Sscofpmf: the same with two processes per CPU, switched between. */
void run_sampling_switch_checks(int ncpus);
/* fw: -smp N (N >= 2) -cpu rv64,sstc=false, no icount: SBI firmware events across CPUs. */
void run_fw_event_checks(int ncpus);
/* fw-ipi-mask: -smp N (N >= 2), membarrier built in (Linux 6.12 here): IPIs to N - 1 harts per call. */
void run_fw_ipi_mask_checks(int ncpus);
/* snapshot-on / snapshot-off: the driver's probe (snapshot memory, counters found). */
void run_snapshot_checks(bool expect_snapshot);
/* hotplug: -smp >= 2 with Sscofpmf: CPU 1 offline and online again, then counting and sampling on it. */
void run_hotplug_checks(int ncpus);
/* cpuidle: -smp >= 2, a DT non-retentive idle state: per-CPU counters across hart_suspend. */
void run_cpuidle_checks(int ncpus);
/*
 * kvm: the kernel's KVM selftests in /kvm; parts named in abacus_kvm_skip= may
 * skip, parts named in abacus_kvm_known_failure= may fail as checks_kvm.c knows.
 */
void run_kvm_checks(const char *expected_skips, const char *known_failures);
/* aia-msi / aia-direct: the S-level AIA controllers, the M-level ones hidden (checks_aia.c). */
void run_aia_checks(bool msi);
/* shadow-stack: user shadow stacks through prctl, map_shadow_stack and Zicfiss (Linux 7.2). */
void run_shadow_stack_checks(void);
/* abacus_chain=uboot|embedded|edk2: the kernel came through that boot chain (checks_boot_chain.c). */
void run_boot_chain_checks(const char *chain);

#endif
