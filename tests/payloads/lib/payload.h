/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a test payload includes: SBI wrappers, console output, checks, the
 * trap hook and the test life cycle.
 *
 * A payload defines payload_main(hartid, dtb), calls test_start("<name>")
 * first, makes its CHECKs and returns (or calls test_pass()/test_fail()).
 * Output protocol, read by tests/run-qemu.sh:
 *   PAYLOAD-START <name>
 *   CHECK FAILED <file>:<line>: <expr> ...       (one per failed check)
 *   PAYLOAD-PASS <name> (<n> checks)  or  PAYLOAD-FAIL <name>
 * and then an SRST shutdown: reason NONE on pass, SYSTEM_FAILURE on fail.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "csr.h"
#include "layout.h"
#include "payload_string.h"
#include "sbi.h"

/* Defined by each payload; runs on the boot hart. */
void payload_main(unsigned long hartid, unsigned long dtb);
/*
 * Where a hart entering _start after the boot hart goes (one started with
 * HSM hart_start). Weak (harts.c): the default runs a hart_run() job, and
 * counts any other hart in payload_unexpected_harts, which fails the test.
 */
void payload_secondary_main(unsigned long hartid, unsigned long opaque);
extern volatile unsigned int payload_unexpected_harts;

/*
 * Other harts (harts.c), on top of HSM. hart_run() starts the STOPPED hart
 * hartid at the payload entry; it runs fn(arg) on its own stack, with the
 * payload's trap vector and tp = hartid, then stops itself (hart_stop).
 * Returns what hart_start returned.
 */
typedef void (*hart_job_fn)(void *arg);
struct sbiret hart_run(unsigned long hartid, hart_job_fn fn, void *arg);
/*
 * The job slot alone, for a test that enters the payload its own way: a
 * hart entering _start with a0 = hartid and a1 = the value returned runs
 * fn(arg) like hart_run's (0 when hartid has no stack).
 */
unsigned long hart_job_prepare(unsigned long hartid, hart_job_fn fn, void *arg);
/* Polls hart_get_status until it reports state; false after timeout_us. */
bool hart_wait_state(unsigned long hartid, unsigned long state, unsigned long timeout_us);
/* Waits until *flag == value (acquire); false after timeout_us. */
bool wait_flag(volatile unsigned long *flag, unsigned long value, unsigned long timeout_us);

/*
 * Time (time.c), in ticks of the time CSR; the timebase comes from the DT.
 * Without -icount QEMU's harts are host threads: on a loaded host one may
 * not run for a good fraction of a second. A wait for something that must
 * happen is bounded by PAYLOAD_WAIT_US (it costs nothing when the event
 * comes); a wait that checks something does *not* happen is a short
 * delay_us(); neither counts loop iterations or instructions.
 */
#define PAYLOAD_WAIT_US 10000000UL
unsigned long time_ticks_per_sec(void);
uint64_t time_us_to_ticks(unsigned long us);
uint64_t time_deadline_us(unsigned long us);
bool time_passed(uint64_t deadline);
void delay_us(unsigned long us);

/*
 * The DT the firmware passed (dt.c; libfdt for anything else: <libfdt.h>).
 * payload_dtb is set by entry.S before payload_main runs.
 */
#define DT_FIRMWARE_NODE_PREFIX "abacus@"	/* /reserved-memory child */
extern unsigned long payload_dtb;
const void *dt_fdt(void);
/* reg entry index of node, with its parent's #address-cells/#size-cells (<= 2). */
bool dt_node_reg(const void *fdt, int node, int index, uint64_t *addr, uint64_t *size);
/* The /reserved-memory child named abacus@..., or a negative libfdt error. */
int dt_firmware_region_node(const void *fdt);
/* The firmware region (that node's reg); false when there is none. */
bool dt_firmware_region(uint64_t *base, uint64_t *size);
/* The RAM range the payload runs in (tt-atlantis lists 0x180000000 before it, at 0); else the first one. */
bool dt_memory_region(uint64_t *base, uint64_t *size);
/* status absent, "okay" or "ok". */
bool dt_node_enabled(const void *fdt, int node);
/*
 * Hartids of the enabled /cpus children, in DT order: stores up to max of
 * them in ids and returns how many there are (-1 for a malformed DT).
 */
int dt_hartids(unsigned long *ids, int max);
unsigned long dt_timebase_hz(void);		/* 0 when absent */
/*
 * name=N in /chosen/bootargs (QEMU -append; words separated by spaces or
 * commas), N decimal or 0x-prefixed hex; dflt when absent.
 */
unsigned long dt_bootarg(const char *name, unsigned long dflt);
/* The first hart's riscv,isa names multi-letter extension ext ("sstc"). */
bool dt_isa_has(const char *ext);
/* ... or single-letter extension letter ('h'). */
bool dt_isa_has_letter(char letter);

/*
 * Sv39 translation (vm.c): vm_enable() turns it on for the calling hart
 * with the GiB the payload runs in (0x80000000; 0 for a payload linked
 * low, payloads.mk) mapped at itself and again at VM_ALIAS_BASE;
 * vm_alias(p) is p's address in the alias. vm_satp() is the satp value.
 */
extern char _start[];
#define VM_RAM_BASE   ((unsigned long)_start & ~((1UL << 30) - 1))
#define VM_ALIAS_BASE 0x40000000UL
unsigned long vm_satp(void);
void vm_enable(void);
void vm_disable(void);
unsigned long vm_alias(const void *p);

/*
 * PMU (counters.c). pmu_fw_counter_start() configures one of the calling
 * hart's firmware counters for firmware event event_code (SBI PMU Table 6),
 * cleared, and starts it: the counter index, or a negative SBI error.
 * pmu_fw_counter_read() is its fw_read value (~0 on error).
 */
bool pmu_fw_counter_range(unsigned long *base, unsigned long *mask);
long pmu_fw_counter_start(unsigned long event_code);
unsigned long pmu_fw_counter_read(long counter_idx);
/* The CSR number in a counter_get_info value, and reading such a CSR. */
unsigned int pmu_counter_csr(unsigned long info);
unsigned long read_counter_csr(unsigned int csr);

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The hartid of the calling hart (entry.S keeps it in tp). */
static inline unsigned long current_hartid(void)
{
	unsigned long id;
	__asm__ volatile("mv %0, tp" : "=r"(id));
	return id;
}

/* Console: DBCN when the firmware has it, legacy putchar otherwise. */
void console_write(const char *buf, unsigned long len);
void console_puts(const char *s);
/* Held by printf: a hart's line is not interleaved with another's. */
void console_lock(void);
void console_unlock(void);
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

/* Test life cycle. test_pass() with a failed check recorded becomes test_fail(). */
void test_start(const char *name);
void test_pass(void) __attribute__((noreturn));
void test_fail(void) __attribute__((noreturn));
void test_finish(void) __attribute__((noreturn));	/* pass or fail on the record */
unsigned long test_checks_failed(void);
/*
 * For a test whose last act does not return (legacy shutdown): prints the
 * PAYLOAD-PASS line and returns true, or fails the test (no return).
 */
bool test_print_pass(void);

/* Checks: record, print on failure, go on; the value is true when it held. */
bool check_true(bool ok, const char *file, int line, const char *expr);
bool check_equal(unsigned long got, unsigned long expected, const char *file, int line,
		 const char *got_expr, const char *expected_expr);

#define CHECK(cond) check_true(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ(a, b) \
	check_equal((unsigned long)(a), (unsigned long)(b), __FILE__, __LINE__, #a, #b)

/*
 * Traps. A test may install a handler; it returns true when it dealt with
 * the trap (the payload then resumes at frame->sepc). Any trap not handled
 * is reported (scause, sepc, stval) and fails the test.
 */
struct trap_frame {
	unsigned long regs[32];		/* x0..x31; regs[2] = sp at the trap */
	unsigned long sepc;
	unsigned long sstatus;
	unsigned long scause;
	unsigned long stval;
};

extern bool (*payload_trap_handler)(struct trap_frame *frame);

#endif
