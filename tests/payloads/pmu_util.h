/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by the PMU extension payloads (tests/payloads/pmu_*.c): what QEMU
 * virt offers, event_idx encodings, direct counter reads and a trap catcher.
 *
 * Header-only on purpose: payloads.mk builds every tests/payloads/<name>.c
 * into its own payload, so helpers shared by several payloads live here as
 * static inline functions.
 */
#ifndef PMU_UTIL_H
#define PMU_UTIL_H

#include "payload.h"

/*
 * QEMU 7.2 virt, default rv64 CPU: cycle, time, instret and 16 programmable
 * counters (hpmcounter3..18) are hardware counters 0..18; the firmware adds
 * 24 firmware counters after them.
 */
#define QEMU_HPM_FIRST   3
#define QEMU_HPM_LAST    18
#define QEMU_NUM_HW      19
#define ABACUS_NUM_FW    24
#define QEMU_NUM_COUNTERS (QEMU_NUM_HW + ABACUS_NUM_FW)
#define QEMU_ALL_COUNTERS ((1UL << QEMU_NUM_COUNTERS) - 1)
#define QEMU_HPM_MASK    (((1UL << (QEMU_HPM_LAST + 1)) - 1) & ~7UL)   /* counters 3..18 */
#define FW_FIRST         QEMU_NUM_HW
#define FW_MASK          (((1UL << ABACUS_NUM_FW) - 1) << FW_FIRST)

#define COUNTER_CYCLE    0
#define COUNTER_TIME     1
#define COUNTER_INSTRET  2

/* QEMU virt's RAM with no -m: 128 MiB at 0x80000000; the firmware is at its start. */
#define QEMU_RAM_BASE    0x80000000UL
#define QEMU_RAM_END     0x88000000UL
#define QEMU_UART_MMIO   0x10000000UL

/* event_idx encodings (spec Table 1): [19:16] type, [15:0] code. */
#define EV_HW(code)      ((unsigned long)(code))
#define EV_CACHE(id, op, result) \
	((1UL << 16) | ((unsigned long)(id) << 3) | ((unsigned long)(op) << 1) | (result))
#define EV_RAW           (2UL << 16)
#define EV_RAW_V2        (3UL << 16)
#define EV_FW(code)      ((15UL << 16) | (unsigned long)(code))

/* The events QEMU 7.2's DT maps (riscv,event-to-mhpmcounters). */
#define EV_DTLB_READ_MISS  EV_CACHE(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_READ, 1)    /* 0x10019 */
#define EV_DTLB_WRITE_MISS EV_CACHE(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_WRITE, 1)   /* 0x1001b */
#define EV_ITLB_READ_MISS  EV_CACHE(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ, 1)    /* 0x10021 */

/* QEMU virt's SBI_PMU_FW_PLATFORM event_data: bytes the firmware wrote to the console. */
#define QEMU_FW_PLATFORM_CONSOLE_BYTES 1

#define COUNTER_INFO_CSR(info)   ((info) & 0xfff)
#define COUNTER_INFO_WIDTH(info) (((info) >> 12) & 0x3f)
#define COUNTER_INFO_RESERVED    (((1UL << 63) - 1) & ~((1UL << 18) - 1))   /* bits 18..62 */

#define SCAUSE_LCOFI (SCAUSE_INTERRUPT | 13)
#define SCAUSE_ILLEGAL_INSN 2
#define SIP_LCOFIP (1UL << 13)
#define SIP_SSIP   (1UL << 1)
#define CSR_SCOUNTOVF 0xda0

/* Reads counter idx (0 cycle .. 31 hpmcounter31) through its user CSR 0xC00 + idx. */
static inline unsigned long read_hw_counter(unsigned int idx)
{
#define READ_HW_COUNTER_CASE(n) case n: return csr_read(0xc00 + n)
	switch (idx) {
	READ_HW_COUNTER_CASE(0); READ_HW_COUNTER_CASE(1); READ_HW_COUNTER_CASE(2);
	READ_HW_COUNTER_CASE(3); READ_HW_COUNTER_CASE(4); READ_HW_COUNTER_CASE(5);
	READ_HW_COUNTER_CASE(6); READ_HW_COUNTER_CASE(7); READ_HW_COUNTER_CASE(8);
	READ_HW_COUNTER_CASE(9); READ_HW_COUNTER_CASE(10); READ_HW_COUNTER_CASE(11);
	READ_HW_COUNTER_CASE(12); READ_HW_COUNTER_CASE(13); READ_HW_COUNTER_CASE(14);
	READ_HW_COUNTER_CASE(15); READ_HW_COUNTER_CASE(16); READ_HW_COUNTER_CASE(17);
	READ_HW_COUNTER_CASE(18); READ_HW_COUNTER_CASE(19); READ_HW_COUNTER_CASE(20);
	READ_HW_COUNTER_CASE(21); READ_HW_COUNTER_CASE(22); READ_HW_COUNTER_CASE(23);
	READ_HW_COUNTER_CASE(24); READ_HW_COUNTER_CASE(25); READ_HW_COUNTER_CASE(26);
	READ_HW_COUNTER_CASE(27); READ_HW_COUNTER_CASE(28); READ_HW_COUNTER_CASE(29);
	READ_HW_COUNTER_CASE(30); READ_HW_COUNTER_CASE(31);
	default: return 0;
	}
#undef READ_HW_COUNTER_CASE
}

/*
 * Catching expected traps: while trap_catch_armed, an exception skips the
 * 4-byte instruction that raised it and is counted; interrupts are left to
 * the test's own handler (trap_catch_interrupt), if any.
 */
struct trap_catch {
	volatile bool armed;
	volatile unsigned long count;
	volatile unsigned long last_cause;
	volatile unsigned long last_tval;
	bool (*interrupt)(struct trap_frame *frame);
};

static struct trap_catch trap_catch __attribute__((unused));

static inline bool trap_catch_handler(struct trap_frame *frame)
{
	if (frame->scause & SCAUSE_INTERRUPT)
		return trap_catch.interrupt && trap_catch.interrupt(frame);
	if (!trap_catch.armed)
		return false;
	trap_catch.count++;
	trap_catch.last_cause = frame->scause;
	trap_catch.last_tval = frame->stval;
	frame->sepc += 4;   /* every instruction the tests expect to trap is 4 bytes */
	return true;
}

static inline void trap_catch_install(bool (*interrupt)(struct trap_frame *frame))
{
	trap_catch.interrupt = interrupt;
	payload_trap_handler = trap_catch_handler;
}

static inline void trap_catch_begin(void)
{
	trap_catch.count = 0;
	trap_catch.last_cause = 0;
	trap_catch.armed = true;
	__asm__ volatile("" ::: "memory");
}

/* Returns how many traps were caught since trap_catch_begin(). */
static inline unsigned long trap_catch_end(void)
{
	__asm__ volatile("" ::: "memory");
	trap_catch.armed = false;
	return trap_catch.count;
}

/*
 * Whether the hart has Sscofpmf: reading scountovf traps without it. Printed
 * as "PMU-SSCOFPMF yes|no" so that a test case can require the CPU it asked
 * QEMU for (log=PMU-SSCOFPMF-yes).
 */
static inline bool pmu_probe_sscofpmf(void)
{
	bool present;

	trap_catch_begin();
	(void)csr_read(0xda0);
	present = trap_catch_end() == 0;
	printf("PMU-SSCOFPMF-%s\n", present ? "yes" : "no");
	return present;
}

/*
 * Whether QEMU runs with -icount shift=0: only then does a loop of 1000
 * iterations read as exactly 2001 instructions on instret (otherwise the
 * counters tick with the host clock). Printed as "PMU-ICOUNT-yes|no".
 * instret must be free-running (not stopped through the PMU).
 */
static inline bool pmu_probe_icount(void)
{
	bool exact = true;

	for (int i = 0; i < 3; i++) {
		unsigned long a, b, n = 1000;

		__asm__ volatile("rdinstret %0\n\t"
				 "1: addi %2, %2, -1\n\t"
				 "bnez %2, 1b\n\t"
				 "rdinstret %1"
				 : "=&r"(a), "=&r"(b), "+r"(n) : : "memory");
		exact = exact && b - a == 2001;
	}
	printf("PMU-ICOUNT-%s\n", exact ? "yes" : "no");
	return exact;
}

static inline unsigned long read_scountovf(void)
{
	return csr_read(0xda0);
}

/*
 * The most a hardware counter can count between two readings t0 <= t1 of
 * `time`: without -icount QEMU's counters count host ticks (the host's own
 * cycle counter, below 10 GHz), under -icount shift=0 instructions (one per
 * ns). Measured on `time`, the bound holds however long the host leaves the
 * hart unscheduled; 2 ticks of slack cover the readings' granularity.
 */
#define MAX_COUNTS_PER_SEC 10000000000UL
static inline uint64_t max_counts_between(uint64_t t0, uint64_t t1)
{
	return (t1 - t0 + 2) * (MAX_COUNTS_PER_SEC / time_ticks_per_sec());
}

/*
 * A wait after which a running counter has counted at least COUNTED_MIN:
 * 10^6 instructions under -icount, and a host clock of 2 MHz or more ticks
 * 2000 times in a millisecond. Not a loop count: the host's speed is not
 * QEMU's clocks' business.
 */
#define COUNTED_MIN       2000UL
#define COUNTING_WAIT_US  1000UL

/* n >= 1 iterations of a two-instruction loop (addi, bnez): exactly 2n instructions. */
static inline void spin(unsigned long n)
{
	__asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(n));
}

/* Stops and unmaps every counter so that a test starts from a known state. */
static inline void pmu_reset_all(void)
{
	struct sbiret ret = sbi_pmu_counter_stop(0, QEMU_ALL_COUNTERS, SBI_PMU_STOP_FLAG_RESET);

	/*
	 * As Linux's pmu_sbi_stop_all: INVALID_PARAM when some counter has no
	 * event, ALREADY_STOPPED when some was not running; RESET still stopped
	 * and unmapped every other one (docs/pmu.md, "Start and stop").
	 */
	if (ret.error != SBI_SUCCESS && ret.error != SBI_ERR_ALREADY_STOPPED && ret.error != SBI_ERR_INVALID_PARAM)
		CHECK_EQ(ret.error, SBI_SUCCESS);
}

/*
 * Memory S-mode may not hand to the firmware, from the DT: the firmware
 * region (/reserved-memory/abacus@...) and RAM's end.
 */
struct pmu_memory_layout {
	uint64_t fw_base, fw_size;
	uint64_t ram_base, ram_end;
};

static inline void pmu_memory_layout(struct pmu_memory_layout *m)
{
	uint64_t size;

	if (!CHECK(dt_firmware_region(&m->fw_base, &m->fw_size))) {
		m->fw_base = QEMU_RAM_BASE;
		m->fw_size = 0x10000;
	}
	if (!CHECK(dt_memory_region(&m->ram_base, &size))) {
		m->ram_base = QEMU_RAM_BASE;
		size = QEMU_RAM_END - QEMU_RAM_BASE;
	}
	m->ram_end = m->ram_base + size;
}

/* One 4 KiB page for shared memory, in the payload's RAM (not the firmware's). */
#define PMU_PAGE_SIZE 4096
#define DEFINE_PMU_PAGE(name) \
	static uint64_t name[PMU_PAGE_SIZE / 8] __attribute__((aligned(PMU_PAGE_SIZE)))

#endif
