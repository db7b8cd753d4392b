/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Emulation for traps from S/U-mode (and VS/VU-mode).
 *
 * Illegal instruction: a read of a counter CSR (cycle, time, instret,
 * hpmcounterN) that the hart does not implement for lower modes, e.g.
 * `rdtime` on the SiFive U74 of the HiFive Unmatched, is answered from
 * M-mode (time from the machine timer, plus htimedelta with V=1) -- but only
 * when the privileged spec lets the interrupted mode read that counter:
 * mcounteren, scounteren and hcounteren are checked first
 * (lib/trap/counter_access.c), and a read they forbid gets the
 * illegal-instruction or virtual-instruction exception the hardware would
 * have raised. Anything else goes to S-mode.
 *
 * Misaligned integer loads and stores are emulated (lib/trap/misaligned.c)
 * on harts that trap them; floating-point ones and anything else go to
 * S-mode. Either way the trap is counted (SBI_PMU_FW_MISALIGNED_*). QEMU
 * performs misaligned accesses in hardware, so there they never trap; the
 * emulation is tested on the host (tests/host/test_misaligned.c).
 */
#include "pmu/pmu_hw.h"
#include "hart.h"
#include "riscv_csr.h"
#include "counter_access.h"
#include "emulate.h"
#include "misaligned.h"
#include "trap_redirect.h"
#include "timer_device.h"
#include "trap_expect.h"

#define COUNTER_TIME 1

/*
 * S/U-mode memory as the trapped code sees it: mstatus.MPP (and MPV) still
 * name its mode, so with MPRV set these accesses use its translation and
 * permissions. `set` holds the mstatus bits to add for the access (MPRV, and
 * MXR to fetch an instruction from an execute-only page); mstatus is put back
 * exactly as it was afterwards, so S-mode's own MXR/SUM are never lost. A
 * fault is caught and reported, never taken by the firmware.
 */
#define SMODE_ACCESS_ASM(insn_text) \
	".option push\n.option norvc\ncsrrs %[old], mstatus, %[set]\n" insn_text \
	"\ncsrw mstatus, %[old]\n.option pop"

/* A load into v (an unsigned long lvalue) from va; true unless it faulted. */
#define SMODE_LOAD(insn_text, set_bits, v, va) ({ unsigned long __old; trap_expect_begin(); \
	__asm__ __volatile__(SMODE_ACCESS_ASM(insn_text) : [old] "=&r"(__old), [v] "+&r"(v) \
			     : [set] "r"(set_bits), [va] "r"(va) : "memory"); \
	!trap_expect_end(); })

/* A store of value to va; true unless it faulted. */
#define SMODE_STORE(insn_text, set_bits, value, va) ({ unsigned long __old; trap_expect_begin(); \
	__asm__ __volatile__(SMODE_ACCESS_ASM(insn_text) : [old] "=&r"(__old) \
			     : [set] "r"(set_bits), [v] "r"(value), [va] "r"(va) : "memory"); \
	!trap_expect_end(); })

static bool smode_read_u16(unsigned long va, uint16_t *value, unsigned long *cause)
{
	unsigned long v = 0;

	if (!SMODE_LOAD("lhu %[v], 0(%[va])", MSTATUS_MPRV | MSTATUS_MXR, v, va)) {
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
		if (*cause == CAUSE_LOAD_PAGE_FAULT)
			*cause = CAUSE_FETCH_PAGE_FAULT;
		else if (*cause == CAUSE_LOAD_GUEST_PAGE_FAULT)
			*cause = CAUSE_FETCH_GUEST_PAGE_FAULT;
		else
			*cause = CAUSE_FETCH_ACCESS;
		return false;
	}
	*insn = lo | (uint32_t)hi << 16;
	return true;
}

/* The value of counter n as M-mode reads it; false when M-mode cannot either. */
static bool counter_value(const struct hart_state *hs, unsigned int n, bool virt, uint64_t *value)
{
	if (n == COUNTER_TIME) {
		if (!timer_present())
			return false;
		*value = timer_now() + (virt ? csr_read(CSR_HTIMEDELTA) : 0);
		return true;
	}
	/* The hardware counter exists (probed at boot) but lower modes trap on it. */
	if (!(hs->pmu.hw_present & (1u << n)))
		return false;
	*value = csr_read_counter(n);
	return true;
}

bool emulate_illegal_insn(struct trap_frame *frame, unsigned long tval)
{
	struct hart_state *hs = current_hart();
	unsigned long prev_mode = (frame->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	bool virt = (hs->features & HART_HAS_H) && (frame->mstatus & MSTATUS_MPV);
	struct counter_enables en = { .mcounteren = hs->mcounteren, .has_s = (hs->features & HART_HAS_S) != 0 };
	uint32_t insn = (uint32_t)tval;   /* mtval holds the faulting instruction (QEMU, U74) */
	unsigned int csr, rd;
	unsigned long cause;
	uint64_t value;

	/* Hardware may leave mtval 0: read the instruction as the trapped mode would. */
	if (!insn && !smode_fetch_insn(frame->mepc, &insn, &cause))
		return false;
	if (!csr_read_insn_decode(insn, &csr, &rd) || csr < CSR_NUM_COUNTER_FIRST || csr > CSR_NUM_COUNTER_LAST)
		return false;
	if (en.has_s)
		en.scounteren = (uint32_t)csr_read(CSR_SCOUNTEREN);
	if (virt)
		en.hcounteren = (uint32_t)csr_read(CSR_HCOUNTEREN);
	switch (counter_access_check(csr - CSR_NUM_COUNTER_FIRST, prev_mode, virt, &en)) {
	case COUNTER_ACCESS_ALLOWED:
		break;
	case COUNTER_ACCESS_VIRTUAL:
		trap_redirect_to_smode(frame, CAUSE_VIRTUAL_INSTRUCTION, insn);
		return true;
	default:
		return false;     /* the caller hands S-mode the illegal-instruction exception */
	}
	if (!counter_value(hs, csr - CSR_NUM_COUNTER_FIRST, virt, &value))
		return false;
	if (rd)
		frame->regs[rd] = value;
	frame->mepc += 4;
	return true;
}

static bool smode_read_u8(unsigned long va, uint8_t *value, unsigned long *cause)
{
	unsigned long v = 0;

	if (!SMODE_LOAD("lbu %[v], 0(%[va])", MSTATUS_MPRV, v, va)) {
		*cause = csr_read(CSR_MCAUSE);
		return false;
	}
	*value = (uint8_t)v;
	return true;
}

static bool smode_write_u8(unsigned long va, uint8_t value, unsigned long *cause)
{
	if (!SMODE_STORE("sb %[v], 0(%[va])", MSTATUS_MPRV, value, va)) {
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
		/* The access S-mode asked for faults: S-mode sees that fault, at the
		 * instruction; a guest-page fault (V=1) also gets its guest physical
		 * address (mtval2 of the faulting access) for htval. */
		trap_redirect_to_smode_full(frame, cause, fault_addr,
				       (current_hart()->features & HART_HAS_H) ? csr_read(CSR_MTVAL2) : 0, 0);
		return true;
	default:
		return false;
	}
}

bool emulate_misaligned_load(struct trap_frame *frame, unsigned long tval)
{
	return emulate_misaligned(frame, tval, false);
}

bool emulate_misaligned_store(struct trap_frame *frame, unsigned long tval)
{
	return emulate_misaligned(frame, tval, true);
}
