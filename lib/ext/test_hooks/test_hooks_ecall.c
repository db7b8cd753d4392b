/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test hooks (EID 0x0A00ABAC, firmware-specific space), built only with
 * `make TEST_HOOKS=1` into a separate image (build/<platform>-test-hooks/):
 * they let payload tests drive firmware paths that QEMU cannot reach by
 * itself, through the real code:
 *
 * - ABACUS_TEST_MMODE_FAULT: the firmware takes an illegal-instruction
 *   trap in M-mode, as a firmware bug would. The trap entry must tell it
 *   apart before writing anything through sp (still the caller's S-mode sp
 *   then), report it and stop this hart for good (tests/payloads/mmode_trap.c,
 *   hart_gone.c). a0 milliseconds first, in M-mode with interrupts off: a
 *   remote fence sent meanwhile is still in this hart's slot when it goes.
 * - ABACUS_TEST_EMULATE_MISALIGNED: runs the misaligned load/store
 *   emulation as if the instruction at a0 had trapped on address a1 (QEMU
 *   performs misaligned accesses in hardware and never traps them). Returns
 *   the loaded value, or SBI_ERR_FAILED with the cause the emulation handed
 *   to S-mode (scause/stval/sepc are then written as on a real redirect).
 * - ABACUS_TEST_STACK_DEPTH, _SIZE, _DEPTH_RESET: each hart's M-mode stack
 *   high-water mark (lib/ext/test_hooks/stack_depth.c): for hartid a0, or the
 *   deepest over every hart (a0 = -1); the stack's size; the calling hart's
 *   mark restarted from this call's own depth (tests/payloads/stack_depth.c).
 * - ABACUS_TEST_RELEASE_HART: hart a0, held back at boot by bootargs
 *   "abacus.hold=MASK" (firmware/boot.c), comes now: a late hart on demand
 *   (tests/payloads/hart_late.c).
 *
 * A production image never contains this file; the boot log says when it does.
 */
#include "boot_hooks.h"
#include "console.h"
#include "hart.h"
#include "ipi_device.h"
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "emulate.h"
#include "lock.h"
#include "test_hooks/stack_depth.h"
#include "timer_device.h"
#include "trap.h"

/*
 * The frame the emulation works on is not on the M-mode stack: 272 bytes
 * there would make this test hook the deepest path of the test image, deeper
 * than any path of the production one (scripts/stack-check.py). One hart at
 * a time uses it.
 */
static struct trap_frame emulate_frame;
static spinlock_t emulate_lock;

static struct sbiret __attribute__((noinline)) test_emulate_misaligned(unsigned long insn_addr, unsigned long addr,
								      bool is_store, unsigned long value)
{
	struct trap_frame *frame = &emulate_frame;
	struct sbiret ret = sbiret_ok(value);
	bool done;

	spin_lock(&emulate_lock);
	/* The ecall came from S-mode: MPP says so, as for the real trap. */
	frame->mstatus = csr_read(CSR_MSTATUS);
	frame->mepc = insn_addr;
	for (unsigned int i = 1; i < TRAP_FRAME_REGS; i++)
		frame->regs[i] = value;
	done = is_store ? emulate_misaligned_store(frame, addr) : emulate_misaligned_load(frame, addr);
	if (!done) {
		ret = sbiret_err(SBI_ERR_NOT_SUPPORTED);
	} else if (frame->mepc != insn_addr + 2 && frame->mepc != insn_addr + 4) {
		ret = (struct sbiret){ .error = SBI_ERR_FAILED, .value = csr_read(CSR_SCAUSE) };   /* redirected */
	} else {
		/* Which register the instruction loaded: the one that changed. */
		for (unsigned int i = 1; i < TRAP_FRAME_REGS; i++)
			if (frame->regs[i] != value) {
				ret = sbiret_ok(frame->regs[i]);
				break;
			}
	}
	spin_unlock(&emulate_lock);
	return ret;
}

/* Bytes of hartid's stack ever written; hartid -1: the deepest of every hart with a block. */
static struct sbiret __attribute__((noinline)) test_stack_depth(unsigned long hartid)
{
	unsigned long deepest = 0;
	bool found = false;

	for (unsigned int i = 0; i < hart_count + hart_left_out_count; i++) {
		unsigned long used = stack_depth_used(hart_table[i]);
		if (hartid != -1UL && hart_table[i]->hartid != hartid)
			continue;
		found = true;
		if (used > deepest)
			deepest = used;
	}
	return found ? sbiret_ok(deepest) : sbiret_err(SBI_ERR_INVALID_PARAM);
}

volatile unsigned long test_hold_released;

/* Lets a held hart come (it waits in wfi for its doorbell). */
static struct sbiret __attribute__((noinline)) test_release_hart(unsigned long hartid)
{
	struct hart_state *hs = hart_by_id(hartid);

	if (!hs || hartid >= 64)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	__atomic_fetch_or(&test_hold_released, 1UL << hartid, __ATOMIC_RELEASE);
	ipi_device_send(hs);
	return sbiret_ok(0);
}

int test_wake_held_hart(unsigned long hartid, unsigned long from_hartid)
{
	(void)from_hartid;
	return test_release_hart(hartid).error ? -1 : 0;
}

struct sbiret sbi_ecall_test_hooks(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				   unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a4, (void)a5;
	switch (fid) {
	case ABACUS_TEST_MMODE_FAULT:
		if (a0)
			timer_delay_ms(a0 < 60000 ? (uint32_t)a0 : 60000);
		__asm__ __volatile__(".4byte 0xffffffff" ::: "memory");   /* reserved encoding: illegal */
		return sbiret_err(SBI_ERR_FAILED);   /* not reached: the hart stops */
	case ABACUS_TEST_EMULATE_MISALIGNED:
		return test_emulate_misaligned(a0, a1, a2 != 0, a3);
	case ABACUS_TEST_STACK_DEPTH:
		return test_stack_depth(a0);
	case ABACUS_TEST_STACK_SIZE:
		return sbiret_ok(HART_STACK_SIZE);
	case ABACUS_TEST_STACK_DEPTH_RESET:
		stack_depth_repaint_below_caller();
		return sbiret_ok(0);
	case ABACUS_TEST_RELEASE_HART:
		return test_release_hart(a0);
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}

SBI_EXTENSION(SBI_EXT_FIRMWARE_ABACUS, sbi_ecall_test_hooks, "TEST-HOOKS", NULL);

static void test_hooks_boot_log(const struct hart_state *self)
{
	(void)self;
	console_printf("abacus: WARNING         : test build with firmware test hooks (EID 0x%x): not for production\n",
		   SBI_EXT_FIRMWARE_ABACUS);
}

BOOT_HOOK(log, 90, test_hooks, test_hooks_boot_log);
