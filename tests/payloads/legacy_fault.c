/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Legacy extensions, faults on the hart mask pointer (SBI spec, "Legacy
 * Extensions"): "The page and access faults taken by the SBI implementation
 * while accessing memory on behalf of the supervisor are redirected back to
 * the supervisor with sepc CSR pointing to the faulting ECALL instruction."
 *
 * So a hart_mask pointer into memory S-mode cannot read is not an error
 * code: the payload's trap handler must see the fault (scause load access
 * fault for PMP-denied memory, load page fault for an unmapped virtual
 * address) with sepc at the ecall; it then skips the ecall.
 */
#include "payload.h"

#define UNMAPPED_VA 0xc0000000UL	/* gigapage 3: not in vm.c's table */

/* legacy_call_probe(eid, a0): the ecall sits at legacy_probe_ecall. */
long legacy_call_probe(unsigned long eid, unsigned long a0);
extern char legacy_probe_ecall[];
__asm__(
	"	.pushsection .text\n"
	"	.balign 4\n"
	"	.globl legacy_call_probe\n"
	"legacy_call_probe:\n"
	"	mv	a7, a0\n"
	"	mv	a0, a1\n"
	"	li	a6, 0\n"
	"	.globl legacy_probe_ecall\n"
	"legacy_probe_ecall:\n"
	"	ecall\n"
	"	ret\n"
	"	.popsection\n");

static volatile unsigned long faults;
static volatile unsigned long fault_cause, fault_epc, fault_tval;

static bool fault_trap(struct trap_frame *frame)
{
	if (frame->scause & SCAUSE_INTERRUPT)
		return false;
	faults++;
	fault_cause = frame->scause;
	fault_epc = frame->sepc;
	fault_tval = frame->stval;
	frame->regs[10] = 0x5a5a;	/* a0: marks "skipped by the handler" */
	frame->sepc += 4;
	return true;
}

static void expect_fault(const char *what, unsigned long eid, unsigned long pointer,
			 unsigned long cause)
{
	unsigned long before = faults;
	long ret = legacy_call_probe(eid, pointer);

	if (!CHECK_EQ(faults, before + 1)) {
		printf("  (%s: no fault redirected, the call returned %ld)\n", what, ret);
		return;
	}
	CHECK_EQ(ret, 0x5a5a);
	if (!CHECK_EQ(fault_cause, cause) ||
	    !CHECK_EQ(fault_epc, (unsigned long)legacy_probe_ecall))
		printf("  (%s)\n", what);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	static const unsigned long eids[] = {
		SBI_EXT_LEGACY_SEND_IPI, SBI_EXT_LEGACY_REMOTE_FENCE_I,
		SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID,
	};
	uint64_t fw_base, fw_size;

	(void)hartid;
	(void)dtb;
	test_start("legacy_fault");
	payload_trap_handler = fault_trap;
	if (!CHECK(dt_firmware_region(&fw_base, &fw_size)))
		test_fail();

	for (unsigned int i = 0; i < ARRAY_SIZE(eids); i++) {
		/* The firmware region: PMP denies S-mode, a load access fault. */
		expect_fault("mask in the firmware region", eids[i], fw_base, CAUSE_LOAD_ACCESS);
		/* With translation on, an unmapped address: a load page fault. */
		vm_enable();
		expect_fault("unmapped mask", eids[i], UNMAPPED_VA, 13);
		vm_disable();
	}
	test_pass();
}
