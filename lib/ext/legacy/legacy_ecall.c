/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Legacy extensions (SBI v0.1, EIDs 0x00-0x08), still probed by Linux 6.1.
 * They return only a0; a1 is left as the caller had it. Hart masks here are
 * pointers to S-mode *virtual* memory, read with the caller's translation
 * (mstatus.MPRV) and with traps caught, so a bad pointer is an error, not a
 * firmware crash.
 */
#include "reset_device.h"
#include "riscv_csr.h"
#include "console.h"
#include "sbi_ecall.h"
#include "hart_mask.h"
#include "ipi.h"
#include "ipi/smode_ipi.h"
#include "rfence/rfence.h"
#include "sbi_spec.h"
#include "time/smode_timer.h"
#include "trap_redirect.h"
#include "trap_report.h"
#include "sse/sse_hart.h"
#include "sse/sse.h"
#include "trap_expect.h"

/*
 * Delivers a fault on the caller's hart mask to S-mode at the ecall itself.
 * Only mstatus and mepc change (no whole trap_frame: this is among the
 * deepest paths S-mode can drive, docs/boot.md "Memory"); out of line, off
 * the path of every other legacy call.
 */
static __attribute__((noinline)) void legacy_redirect_fault(unsigned long cause, unsigned long tval)
{
	unsigned long mepc = csr_read(CSR_MEPC) - 4;       /* the fast path already stepped past the ecall */
	unsigned long mstatus = csr_read(CSR_MSTATUS);

	if (!trap_redirect_state(&mstatus, &mepc, cause, tval, 0, 0)) {
		/* Ssdbltrp: called from S-mode's trap handler with sstatus.SDT
		 * set, which cannot take the fault: a double trap at the ecall,
		 * as lib/trap/trap_redirect.c handles one. */
		struct hart_state *hs = current_hart();

		if (!sse_double_trap(hs))
			trap_panic(NULL, "S-mode double trap (sstatus.SDT set) and no SSE double-trap event enabled");
		csr_write(CSR_MEPC, mepc);
		sse_deliver_after_ecall(hs);
		return;
	}
	csr_write(CSR_MSTATUS, mstatus);
	csr_write(CSR_MEPC, mepc);
}

/*
 * Loads an unsigned long from S-mode virtual address va as S-mode would. A
 * fault is S-mode's to handle: it is redirected to S-mode with sepc at the
 * ecall (legacy chapter), so the kernel can fix the mapping and retry.
 */
static bool legacy_read_smode_ulong(unsigned long va, unsigned long *out)
{
	unsigned long v = 0;
	bool trapped;

	if (va & (sizeof(unsigned long) - 1)) {
		legacy_redirect_fault(CAUSE_MISALIGNED_LOAD, va);
		return false;
	}
	trap_expect_begin();
	/* MPRV makes this load use MPP's (S-mode's) translation and permissions. */
	__asm__ __volatile__(".option push\n.option norvc\n"
			     "csrs mstatus, %2\n"
			     "ld %0, 0(%1)\n"
			     "csrc mstatus, %2\n"
			     ".option pop"
			     : "+&r"(v) : "r"(va), "r"(MSTATUS_MPRV) : "memory");
	trapped = trap_expect_end();
	if (trapped) {
		/* mcause/mtval still describe the probe's trap. */
		legacy_redirect_fault(csr_read(CSR_MCAUSE), csr_read(CSR_MTVAL));
		return false;
	}
	*out = v;
	return true;
}

static void legacy_send_ipi(struct hart_state *target, void *arg)
{
	ipi_send_smode(arg, target);
}

static const unsigned long legacy_rfence_fid[] = {
	[SBI_EXT_LEGACY_REMOTE_FENCE_I] = SBI_RFENCE_REMOTE_FENCE_I,
	[SBI_EXT_LEGACY_REMOTE_SFENCE_VMA] = SBI_RFENCE_REMOTE_SFENCE_VMA,
	[SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID] = SBI_RFENCE_REMOTE_SFENCE_VMA_ASID,
};

/* The 7th argument of this handler is the EID (legacy calls have no FID): lib/dispatch/sbi_ecall.c. */
struct sbiret sbi_ecall_legacy(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			       unsigned long a4, unsigned long a5, unsigned long eid)
{
	unsigned long mask = -1UL, base = -1UL;
	struct sbiret ret = { .error = SBI_SUCCESS, .value = a1 };
	char c;

	(void)a4, (void)a5;
	switch (eid) {
	case SBI_EXT_LEGACY_SET_TIMER:
		smode_timer_set(a0);
		break;
	case SBI_EXT_LEGACY_CONSOLE_PUTCHAR:
		/* "Will block", but not for ever: a byte the console dropped (its
		 * UART stalled) is the chapter's "implementation specific
		 * negative error code". */
		c = (char)a0;
		if (!console_write(&c, 1))
			ret.error = SBI_ERR_FAILED;
		break;
	case SBI_EXT_LEGACY_CONSOLE_GETCHAR:
		ret.error = console_getc();
		break;
	case SBI_EXT_LEGACY_CLEAR_IPI:
		/* Positive when an IPI was pending (legacy chapter). */
		ret.error = (csr_read_clear(CSR_MIP, MIP_SSIP) & MIP_SSIP) ? 1 : 0;
		break;
	case SBI_EXT_LEGACY_SEND_IPI:
	case SBI_EXT_LEGACY_REMOTE_FENCE_I:
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA:
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID:
		/* A NULL mask pointer means all harts. */
		if (a0) {
			if (!legacy_read_smode_ulong(a0, &mask)) {
				/* Redirected to S-mode: leave a0/a1 as they were for the retry. */
				ret.error = (long)a0;
				break;
			}
			base = 0;
		}
		if (eid == SBI_EXT_LEGACY_SEND_IPI)
			ret.error = sbi_hartmask_for_each(mask, base, legacy_send_ipi, current_hart());
		else
			ret.error = sbi_rfence(mask, base, legacy_rfence_fid[eid], a1, a2, a3).error;
		break;
	case SBI_EXT_LEGACY_SHUTDOWN:
		reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
		ret.error = SBI_ERR_FAILED;
		break;
	default:
		ret.error = SBI_ERR_NOT_SUPPORTED;
		break;
	}
	return ret;
}
