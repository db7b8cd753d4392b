/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A trap taken in M-mode (a firmware bug) must not write anything through
 * S-mode's stack pointer: the trap entry swaps sp with mscratch first, and
 * when the trap came from M-mode that swapped-in value is still the sp of
 * the S-mode code that made the ecall. Needs the test-hook image
 * (make TEST_HOOKS=1): hook ABACUS_TEST_MMODE_FAULT makes the firmware take
 * an illegal-instruction trap in M-mode inside the ecall.
 *
 * Hart 1 points sp into a canary buffer and calls the hook; the firmware
 * must report the bug ("unexpected trap in M-mode", checked by the runner)
 * and stop that hart, and the buffer -- in particular the words just below
 * sp where a trap frame would go -- must be untouched. The boot hart checks,
 * and that the report (printed on a stack of its own) left the faulting
 * hart's M-mode stack its margin (STACK-DEPTH line, lib/stack_marks.h).
 */
#include "payload.h"
#include "stack_marks.h"

#define CANARY_WORDS 1024
#define CANARY(i) (0x5ca1ab1e00000000UL | (i))

static uint64_t canary[CANARY_WORDS] __attribute__((aligned(16)));
static volatile unsigned long about_to_fault;

static void fault_job(void *arg)
{
	register unsigned long a0 __asm__("a0") = 0;   /* no wait before the fault */
	register unsigned long a6 __asm__("a6") = ABACUS_TEST_MMODE_FAULT;
	register unsigned long a7 __asm__("a7") = SBI_EXT_FIRMWARE_ABACUS;
	unsigned long fake_sp = (unsigned long)&canary[CANARY_WORDS / 2];

	(void)arg;
	for (unsigned int i = 0; i < CANARY_WORDS; i++)
		canary[i] = CANARY(i);
	__atomic_store_n(&about_to_fault, 1, __ATOMIC_RELEASE);
	/* sp = the middle of the canary for the ecall; nothing on this hart runs after it. */
	__asm__ volatile("mv t0, sp\n\tmv sp, %1\n\tecall\n\tmv sp, t0"
			 : "+r"(a0) : "r"(fake_sp), "r"(a6), "r"(a7) : "t0", "a1", "memory");
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[8], other = ~0UL;
	int n = dt_hartids(ids, 8);
	unsigned int bad = 0;

	(void)dtb;
	test_start("mmode_trap");
	if (!CHECK_EQ(sbi_probe_extension(SBI_EXT_FIRMWARE_ABACUS).value, 1)) {
		printf("the test-hook image is needed (make TEST_HOOKS=1)\n");
		test_fail();
	}
	for (int i = 0; i < n && i < 8; i++)
		if (ids[i] != hartid)
			other = ids[i];
	if (!CHECK(other != ~0UL))
		test_fail();

	CHECK_EQ(hart_run(other, fault_job, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&about_to_fault, 1, 10 * 1000 * 1000));
	/* The fault follows at once; give a loaded host two seconds of time. */
	delay_us(2 * 1000 * 1000);

	for (unsigned int i = 0; i < CANARY_WORDS; i++) {
		if (canary[i] != CANARY(i)) {
			if (bad++ < 8)
				printf("canary word %u (sp %ld bytes) changed: 0x%lx\n", i,
				       (long)(i - CANARY_WORDS / 2) * 8, (unsigned long)canary[i]);
		}
	}
	CHECK_EQ(bad, 0);
	/* The report printed on a stack of its own: the faulting hart's stack kept its margin. */
	stack_mark_report("hart after its M-mode trap", stack_mark(other));
	/* The faulting hart is gone: STOPPED for HSM, never started again (tests/payloads/hart_gone.c). */
	CHECK_EQ(sbi_hart_get_status(other).value, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(sbi_hart_start(other, 0x80200000UL, 0).error, SBI_ERR_INVALID_PARAM);
	/* The firmware goes on serving this hart. */
	CHECK_EQ(sbi_get_spec_version().error, SBI_SUCCESS);
}
