/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fatal trap report (include/trap_report.h): a trap the firmware cannot
 * go on from (taken in M-mode: a firmware bug; an S-mode double trap with
 * no handler) is printed, one hart at a time, and the hart parks.
 */
#include <stdint.h>
#include "console.h"
#include "hart_switch.h"
#include "riscv_csr.h"
#include "sbi_lock.h"
#include "trap_report.h"

static const char *const register_names[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

struct trap_report {
	struct trap_frame *frame;
	const char *why;
};

static void trap_report_print(void *arg)
{
	const struct trap_report *r = arg;
	unsigned long hartid = csr_read(CSR_MHARTID);

	sbi_printf("\nabacus: hart %lu: %s\n", hartid, r->why);
	sbi_printf("abacus: mcause 0x%016lx mepc 0x%016lx mtval 0x%016lx\n", csr_read(CSR_MCAUSE),
		   r->frame ? r->frame->mepc : csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
	if (r->frame) {
		sbi_printf("abacus: mstatus 0x%016lx\n", r->frame->mstatus);
		for (int i = 1; i < 32; i += 2)
			sbi_printf("abacus: %-4s 0x%016lx  %-4s 0x%016lx\n", register_names[i], r->frame->regs[i],
				   i + 1 < 32 ? register_names[i + 1] : "", i + 1 < 32 ? r->frame->regs[i + 1] : 0);
	}
	sbi_printf("abacus: hart %lu stopped\n", hartid);
}

/*
 * The report is printed on a stack of its own, one hart at a time: printing
 * goes ~500 bytes deep, and a trap taken in M-mode (a firmware bug) may come
 * deep in a path already, where that would run past the hart's block into
 * the next hart's state (docs/reliability.md, "Stack depth"). Nothing runs
 * on it once the hart has printed and parks.
 */
#define TRAP_REPORT_STACK_SIZE 1024
static uint8_t trap_report_stack[TRAP_REPORT_STACK_SIZE] __attribute__((aligned(16)));
static spinlock_t trap_report_lock;

void sbi_trap_panic(struct trap_frame *frame, const char *why)
{
	struct trap_report r = { .frame = frame, .why = why };

	spin_lock(&trap_report_lock);
	call_on_stack(trap_report_print, &r, trap_report_stack + TRAP_REPORT_STACK_SIZE);
	spin_unlock(&trap_report_lock);
	park();
}

void boot_trap_panic(unsigned long mcause, unsigned long mepc, unsigned long mtval)
{
	sbi_printf("\nabacus: hart %lu: trap during boot: mcause 0x%lx mepc 0x%lx mtval 0x%lx; stopped\n",
		   csr_read(CSR_MHARTID), mcause, mepc, mtval);
}
