/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Emulation for traps from S/U-mode.
 *
 * Illegal instruction: `rdtime` (csrrs rd, time, x0) on harts whose time CSR
 * is not implemented in hardware (the SiFive U74 of the HiFive Unmatched
 * traps it) is answered from the ACLINT mtime. Anything else goes to S-mode.
 *
 * Misaligned integer loads and stores are emulated (lib/sbi/sbi_misaligned.c)
 * on harts that trap them; floating-point ones and anything else go to
 * S-mode. Either way the trap is counted (SBI_PMU_FW_MISALIGNED_*). QEMU
 * performs misaligned accesses in hardware, so there they never trap; the
 * emulation is tested on the host (tests/host/test_misaligned.c).
 */
#include "drivers.h"
#include "riscv_csr.h"
#include "sbi_emulate.h"
#include "sbi_misaligned.h"
#include "trap_expect.h"

#define INSN_OPCODE_SYSTEM 0x73
#define CSR_NUM_TIME 0xC01

static unsigned long insn_field(unsigned long insn, int lo, int bits)
{
	return (insn >> lo) & ((1UL << bits) - 1);
}

bool sbi_emulate_illegal_insn(struct trap_frame *frame, unsigned long tval)
{
	unsigned long insn = tval;   /* mtval holds the faulting instruction (QEMU, U74) */
	unsigned long rd;

	if ((insn & 0x7f) != INSN_OPCODE_SYSTEM || insn_field(insn, 12, 3) != 2 || insn_field(insn, 15, 5) != 0 ||
	    insn_field(insn, 20, 12) != CSR_NUM_TIME || !aclint_mtimer_present())
		return false;
	rd = insn_field(insn, 7, 5);
	if (rd)
		frame->regs[rd] = aclint_time();
	frame->mepc += 4;
	return true;
}

/*
 * S/U-mode memory as the trapped code sees it: mstatus.MPP still names its
 * mode, so with MPRV set these byte accesses use its translation and
 * permissions (MXR: an execute-only page can be fetched from). A fault is
 * caught and reported, never taken by the firmware.
 */
#define SMODE_ACCESS(insn_text, ...) ({ bool __ok; trap_expect_begin(); \
	__asm__ __volatile__(".option push\n.option norvc\n" \
			     "csrs mstatus, %[mprv]\n" insn_text "\ncsrc mstatus, %[mprv]\n.option pop" \
			     __VA_ARGS__ : "memory"); \
	__ok = !trap_expect_end(); __ok; })

static bool smode_read_u16(unsigned long va, uint16_t *value, unsigned long *cause)
{
	unsigned long v = 0;

	if (!SMODE_ACCESS("lhu %[v], 0(%[va])", : [v] "+&r"(v) : [va] "r"(va),
			  [mprv] "r"(MSTATUS_MPRV | MSTATUS_MXR))) {
		*cause = csr_read(CSR_MCAUSE);
		return false;
	}
	*value = (uint16_t)v;
	return true;
}

/* The trapping instruction; read in halves, as it may be 2-byte aligned. A
 * fault reading it is reported as an instruction fault. */
static bool smode_fetch_insn(unsigned long va, uint32_t *insn, unsigned long *cause)
{
	uint16_t lo, hi = 0;

	if (!smode_read_u16(va, &lo, cause) || ((lo & 3) == 3 && !smode_read_u16(va + 2, &hi, cause))) {
		*cause = *cause == CAUSE_LOAD_PAGE_FAULT ? CAUSE_FETCH_PAGE_FAULT : CAUSE_FETCH_ACCESS;
		return false;
	}
	*insn = lo | (uint32_t)hi << 16;
	return true;
}

static bool smode_read_u8(unsigned long va, uint8_t *value, unsigned long *cause)
{
	unsigned long v = 0;

	if (!SMODE_ACCESS("lbu %[v], 0(%[va])", : [v] "+&r"(v) : [va] "r"(va), [mprv] "r"(MSTATUS_MPRV))) {
		*cause = csr_read(CSR_MCAUSE);
		return false;
	}
	*value = (uint8_t)v;
	return true;
}

static bool smode_write_u8(unsigned long va, uint8_t value, unsigned long *cause)
{
	if (!SMODE_ACCESS("sb %[v], 0(%[va])", : : [v] "r"(value), [va] "r"(va), [mprv] "r"(MSTATUS_MPRV))) {
		*cause = csr_read(CSR_MCAUSE);
		return false;
	}
	return true;
}

static const struct smode_memory_ops smode_memory = {
	.fetch_insn = smode_fetch_insn,
	.read_u8 = smode_read_u8,
	.write_u8 = smode_write_u8,
};

static bool emulate_misaligned(struct trap_frame *frame, unsigned long addr, bool is_store)
{
	unsigned long cause, fault_addr;

	switch (misaligned_emulate(frame, addr, is_store, &smode_memory, &cause, &fault_addr)) {
	case MISALIGNED_EMULATED:
		return true;
	case MISALIGNED_FAULT:
		/* The access S-mode asked for faults: S-mode sees that fault, at the instruction. */
		sbi_trap_redirect(frame, cause, fault_addr);
		return true;
	default:
		return false;
	}
}

bool sbi_emulate_misaligned_load(struct trap_frame *frame, unsigned long tval)
{
	return emulate_misaligned(frame, tval, false);
}

bool sbi_emulate_misaligned_store(struct trap_frame *frame, unsigned long tval)
{
	return emulate_misaligned(frame, tval, true);
}
