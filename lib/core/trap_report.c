/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fatal trap report (include/trap_report.h): a trap the firmware cannot
 * go on from (taken in M-mode: a firmware bug, a device the DT describes
 * wrongly; an S-mode double trap with no handler) is recorded, printed one
 * hart at a time, and the hart parks.
 *
 * Nothing on the way can wait for ever on a lock its own path may hold: the
 * console lock knows its holder (a trap inside the console prints on), and
 * a trap inside this hart's own report (the console itself faults) drops
 * the console and parks with the record written (docs/reliability.md,
 * "Early faults").
 */
#include <stdint.h>
#include "hart.h"
#include "hart_lifecycle.h"
#include "hart_switch.h"
#include "riscv_csr.h"
#include "console.h"
#include "trap_report.h"

struct fatal_trap_record abacus_fatal_trap;
owned_lock_t trap_report_lock;
uint8_t trap_report_stack[TRAP_REPORT_STACK_SIZE] __attribute__((aligned(16)));

/* The names in place ("zero" and its NUL the longest): no pointer, and no relocation, per name. */
static const char register_names[32][5] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static inline unsigned long report_me(void)
{
	return csr_read(CSR_MHARTID) + 1;
}

/* The first one wins; later ones are counted. Lock-free: any hart, any time. */
static void fatal_record(unsigned long mcause, unsigned long mepc, unsigned long mtval, const char *why)
{
	struct fatal_trap_record *r = &abacus_fatal_trap;

	if (__atomic_fetch_add(&r->count, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	r->hartid = csr_read(CSR_MHARTID);
	r->mcause = mcause;
	r->mepc = mepc;
	r->mtval = mtval;
	r->why = why;
	__atomic_store_n(&r->magic, FATAL_TRAP_MAGIC, __ATOMIC_RELEASE);
}

void fatal_record_halt(const char *why)
{
	fatal_record(0, 0, 0, why);
}

/* A trap inside this hart's own report: what faults is the console. Drop it and stop. */
static void __attribute__((noreturn)) report_nested(void)
{
	__atomic_fetch_add(&abacus_fatal_trap.nested, 1, __ATOMIC_RELAXED);
	console_set_device(NULL);
	console_report_end();
	owned_unlock(&trap_report_lock);
	park();
}

struct trap_report {
	struct trap_frame *frame;
	const char *why;
};

static void trap_report_print(void *arg)
{
	const struct trap_report *r = arg;
	unsigned long hartid = csr_read(CSR_MHARTID), mcause = csr_read(CSR_MCAUSE);

	console_report_begin();
	console_report_printf("\nabacus: hart %lu: %s\n", hartid, r->why);
	console_report_printf("abacus: mcause 0x%016lx mepc 0x%016lx mtval 0x%016lx\n", mcause,
			      r->frame ? r->frame->mepc : csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
	if (r->frame) {
		console_report_printf("abacus: mstatus 0x%016lx\n", r->frame->mstatus);
		for (int i = 1; i < 32; i += 2)
			console_report_printf("abacus: %-4s 0x%016lx  %-4s 0x%016lx\n", register_names[i],
					      r->frame->regs[i], i + 1 < 32 ? register_names[i + 1] : "",
					      i + 1 < 32 ? r->frame->regs[i + 1] : 0);
	}
	console_report_printf("abacus: hart %lu stopped for good: HSM STOPPED, not started again\n", hartid);
	console_report_end();
}

/*
 * The trapping hart (found by mhartid: sp is not trusted) can no longer run
 * S-mode: include/hart.h. From S/U-mode (no firmware path cut short), its
 * services let go of it as on hart_stop before it reads STOPPED.
 */
static void report_hart_gone(const struct trap_frame *frame)
{
	struct hart_state *hs = hart_by_id(csr_read(CSR_MHARTID));
	bool from_smode = !frame || (frame->mstatus & MSTATUS_MPP) != MSTATUS_MPP;

	if (hs)
		hart_mark_gone(hs, from_smode ? hart_lifecycle_reset : NULL);
}

void trap_panic(struct trap_frame *frame, const char *why)
{
	struct trap_report r = { .frame = frame, .why = why };
	unsigned long me = report_me();

	fatal_record(csr_read(CSR_MCAUSE), frame ? frame->mepc : csr_read(CSR_MEPC), csr_read(CSR_MTVAL), why);
	/* Smdbltrp: a trap inside the report must come here again (report_nested),
	 * not stop the hart as a double trap. */
	csr_clear(CSR_MSTATUS, MSTATUS_MDT);
	/* Before the report, which may wait for the console: what waits on this hart ends now. */
	report_hart_gone(frame);
	if (owned_lock_held_by(&trap_report_lock, me))
		report_nested();
	owned_lock(&trap_report_lock, me);
	call_on_stack(trap_report_print, &r, trap_report_stack + TRAP_REPORT_STACK_SIZE);
	owned_unlock(&trap_report_lock);
	park();
}

void boot_trap_report(unsigned long mcause, unsigned long mepc, unsigned long mtval)
{
	fatal_record(mcause, mepc, mtval, "trap during boot");
	console_report_begin();
	console_report_printf("\nabacus: hart %lu: trap during boot: mcause 0x%lx mepc 0x%lx mtval 0x%lx; stopped\n",
			      csr_read(CSR_MHARTID), mcause, mepc, mtval);
	console_report_end();
	owned_unlock(&trap_report_lock);
	park();
}

void boot_trap_nested(unsigned long mcause, unsigned long mepc, unsigned long mtval)
{
	fatal_record(mcause, mepc, mtval, "trap during boot");
	report_nested();
}
