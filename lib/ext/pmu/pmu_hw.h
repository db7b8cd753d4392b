/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU's hardware seam, a thin CSR layer: the only way the PMU core touches hardware counters.
 * The firmware implements it with csrr/csrw instructions (lib/ext/pmu/pmu_hw.c);
 * the host unit tests implement it with a simulated hart (tests/host/sim_hart.c).
 * Counter numbers are CSR offsets: 0 = mcycle, 2 = minstret, 3..31 = mhpmcounterN.
 * All functions act on the calling hart.
 */
#ifndef ABACUS_PMU_HW_H
#define ABACUS_PMU_HW_H

#include <stdbool.h>
#include <stdint.h>

/* CSR numbers the layer knows (privileged spec). */
#define CSR_NUM_MCOUNTINHIBIT 0x320
#define CSR_NUM_MCYCLECFG     0x321
#define CSR_NUM_MINSTRETCFG   0x322
#define CSR_NUM_MHPMEVENT(n)  (0x320 + (n))   /* n = 3..31 */
#define CSR_NUM_MCYCLE        0xB00
#define CSR_NUM_MINSTRET      0xB02
#define CSR_NUM_MHPMCOUNTER(n) (0xB00 + (n))  /* n = 3..31 */
#define CSR_NUM_CYCLE         0xC00           /* user-level shadow: cycle + n */
#define CSR_NUM_SCOUNTOVF     0xDA0
#define CSR_NUM_MCOUNTEREN    0x306
/*
 * T-Head C906/C910 (no Sscofpmf): their own counter overflow interrupt,
 * local interrupt 17, with a per-counter enable (mcounterinten), overflow
 * status (mcounterof, S-mode's scounterof) and mcounterwen, without which
 * scounterof reads 0 (the facts OpenSBI's thead_c9xx_pmu.c and Linux's
 * T-Head PMU erratum go by; docs/pmu.md).
 */
#define CSR_NUM_THEAD_MCOUNTERWEN   0x7C9
#define CSR_NUM_THEAD_MCOUNTERINTEN 0x7CA
#define CSR_NUM_THEAD_MCOUNTEROF    0x7CB
#define THEAD_IRQ_PMU_OVF           17
/*
 * T-Head C906/C910: mxstatus.PMDM (bit 13) stops every counter, mcycle and
 * minstret included, while the hart runs in M-mode (XuanTie C906 and C910
 * user manuals, MXSTATUS and MHPMCR; the open C906/C910 RTL's
 * cnt_mode_dis). It resets to 0 and the loaders leave it so.
 */
#define CSR_NUM_THEAD_MXSTATUS      0x7C0
#define THEAD_MXSTATUS_PMDM         (1U << 13)
/*
 * Andes (AX45MP, with the AndeStar PMU): mcountermask_m, bit n stops
 * counter n while the hart runs in M-mode (the facts OpenSBI's
 * andes_pmu.c goes by; Andes AX45MP data sheet).
 */
#define CSR_NUM_ANDES_MCOUNTERMASK_M 0x7D1
/*
 * ... and its counter overflow interrupt, without Sscofpmf: per-counter
 * enable mcounterinten, overflow bits mcounterovf (S-mode reads them as
 * scounterof, 0x9d4), mcountermask_s/_u (bit n: counter n stops in S-mode,
 * U-mode), and the interrupt, PMOVI (bit 18 of mip, or of S-mode's own
 * local interrupt pending slip once mslideleg's bit 18 delegates it; S-mode
 * takes it as cause 256 + 18). The numbers of OpenSBI 1.9's andes.h
 * (platform/generic/include/andes/) and Linux 7.2's
 * include/linux/soc/andes/irq.h.
 */
#define CSR_NUM_ANDES_MCOUNTERINTEN  0x7CF
#define CSR_NUM_ANDES_MCOUNTERMASK_S 0x7D2
#define CSR_NUM_ANDES_MCOUNTERMASK_U 0x7D3
#define CSR_NUM_ANDES_MCOUNTEROVF    0x7D4
#define CSR_NUM_ANDES_MSLIDELEG      0x7D5
#define CSR_NUM_ANDES_SLIP           0x9C5
#define CSR_NUM_MIP                  0x344
#define ANDES_IRQ_PMOVI              18

/* mhpmevent bits defined by Sscofpmf; mcyclecfg/minstretcfg (Smcntrpmf) use the same filter bits. */
#define MHPMEVENT_OF    (1ULL << 63)
#define MHPMEVENT_MINH  (1ULL << 62)
#define MHPMEVENT_SINH  (1ULL << 61)
#define MHPMEVENT_UINH  (1ULL << 60)
#define MHPMEVENT_VSINH (1ULL << 59)
#define MHPMEVENT_VUINH (1ULL << 58)
#define MHPMEVENT_FILTER_MASK (0x1fULL << 58)

/*
 * Trap-safe access by CSR number, for probing at boot and the vendors' slow
 * paths: returns false (and leaves *value alone) when the access raised an
 * exception. Only the CSRs listed above are supported (mip for reading
 * only); any other number returns false.
 */
bool csr_try_read(unsigned int csr_num, uint64_t *value);
bool csr_try_write(unsigned int csr_num, uint64_t value);

/*
 * Long work on behalf of S-mode (event_get_info over a table S-mode sized:
 * up to RAM/16 entries) calls this every PMU_SERVE_STRIDE items. The
 * firmware handles any IPI pending for this hart there - a remote fence
 * another hart is waiting for - so that no SBI call on one hart stalls the
 * calls of others for as long as it runs. The host tests count the calls.
 */
#define PMU_SERVE_STRIDE 256
void csr_serve_pending_ipi(void);

/*
 * Fast accessors; the caller guarantees the counter exists.
 *
 * The firmware (a freestanding build for the hart itself) gets them inline,
 * below: they sit on every PMU ecall. Hosted builds (the unit tests) link
 * an implementation of the declarations instead (tests/host/sim_hart.c).
 */
#if defined(__riscv) && !__STDC_HOSTED__
#define CSR_LAYER_INLINE 1
#define CSR_LAYER_API static inline __attribute__((always_inline))
#else
#define CSR_LAYER_API
#endif

CSR_LAYER_API uint64_t csr_read_counter(unsigned long counter);           /* 0, 2, 3..31 */
CSR_LAYER_API void csr_write_counter(unsigned long counter, uint64_t value);
/*
 * Writes counter's current value back to it (QEMU 7.2 reads an inhibited
 * counter as its last written value, so this freezes what S-mode reads);
 * mcycle and minstret, the usual ones, without the table jumps.
 */
CSR_LAYER_API void csr_counter_freeze(unsigned long counter);
/* The same in one jump into a table of csrr/csrw pairs: what a stop on QEMU 7.2 does. */
CSR_LAYER_API void csr_counter_write_back(unsigned long counter);
CSR_LAYER_API uint64_t csr_read_mhpmevent(unsigned long counter);         /* 3..31 */
CSR_LAYER_API void csr_write_mhpmevent(unsigned long counter, uint64_t value);
/* mcyclecfg (counter 0) / minstretcfg (counter 2): only with Smcntrpmf. */
CSR_LAYER_API uint64_t csr_read_counter_cfg(unsigned long counter);
CSR_LAYER_API void csr_write_counter_cfg(unsigned long counter, uint64_t value);

/* mcountinhibit: set (stop) or clear (run) the bits of a counter mask (bits 0..31). */
CSR_LAYER_API void csr_inhibit_set(unsigned long counter_mask);
CSR_LAYER_API void csr_inhibit_clear(unsigned long counter_mask);
CSR_LAYER_API uint32_t csr_inhibit_read(void);

/* scountovf: OF bits of all counters (only with Sscofpmf). */
CSR_LAYER_API uint32_t csr_read_scountovf(void);
/* Clear the pending local counter-overflow interrupt (mip.LCOFIP). */
CSR_LAYER_API void csr_clear_lcofip(void);
/* mip.LCOFIP: an overflow raised the interrupt and S-mode has not cleared it yet. */
CSR_LAYER_API bool csr_lcofi_pending(void);
/*
 * T-Head's overflow interrupt (only where the probe found mcounterinten):
 * arm clears the counters' overflow bits and enables their interrupt and
 * S-mode's view of the bits; disarm disables the interrupt and clears the
 * bits; read returns mcounterof.
 */
CSR_LAYER_API void csr_thead_ovf_arm(uint32_t counter_mask);
CSR_LAYER_API void csr_thead_ovf_disarm(uint32_t counter_mask);
CSR_LAYER_API uint32_t csr_thead_ovf_read(void);
/* T-Head: no counter counts M-mode (mxstatus.PMDM); only on a hart found to be a C9xx. */
CSR_LAYER_API void csr_thead_mmode_uncounted(void);

#ifdef CSR_LAYER_INLINE
#include "riscv_csr.h"

/*
 * A CSR number is part of the instruction, so an access by counter number
 * jumps into a table of 32 entries, entry n for counter n: the access
 * (ACCESS names the counter as \n, the .irp variable), then a jump past
 * the table. Seven instructions, no call. The number is masked to 0..31 so
 * that a caller's bug cannot jump out of the table; numbers that name no
 * counter (1, and 0..2 for mhpmevent) run ELSE_INSN instead of the access.
 * norvc keeps every entry two 4-byte instructions (8 bytes; a probe access
 * that traps is skipped by 4, onto the jump), norelax keeps the table where
 * the jr expects it, 20 bytes after the auipc.
 */
#define CSR_COUNTER_TABLE(first_valid, access, else_insn) \
	".option push\n\t.option norvc\n\t.option norelax\n\t" \
	"auipc %[target], 0\n\t" \
	"andi %[offset], %[counter], 31\n\t" \
	"slli %[offset], %[offset], 3\n\t" \
	"add %[target], %[target], %[offset]\n\t" \
	"jr 20(%[target])\n\t" \
	".irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, " \
	"16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t" \
	".if \\n < " #first_valid " || \\n == 1\n\t" \
	else_insn "\n\t" \
	".else\n\t" \
	access "\n\t" \
	".endif\n\t" \
	"j 2f\n\t" \
	".endr\n" \
	"2:\n\t" \
	".option pop"

CSR_LAYER_API uint64_t csr_read_counter(unsigned long counter)
{
	unsigned long value, target;

	/* value doubles as the offset register: it is written last. */
	__asm__ __volatile__(CSR_COUNTER_TABLE(0, "csrr %[offset], 0xb00 + \\n", "li %[offset], 0")
			     : [offset] "=&r"(value), [target] "=&r"(target)
			     : [counter] "r"(counter));
	return value;
}

CSR_LAYER_API void csr_write_counter(unsigned long counter, uint64_t value)
{
	unsigned long offset, target;

	__asm__ __volatile__(CSR_COUNTER_TABLE(0, "csrw 0xb00 + \\n, %[value]", "nop")
			     : [offset] "=&r"(offset), [target] "=&r"(target)
			     : [counter] "r"(counter), [value] "r"(value)
			     : "memory");
}

CSR_LAYER_API void csr_counter_freeze(unsigned long counter)
{
	if (counter == 0)
		csr_write(CSR_NUM_MCYCLE, csr_read(CSR_NUM_MCYCLE));
	else if (counter == 2)
		csr_write(CSR_NUM_MINSTRET, csr_read(CSR_NUM_MINSTRET));
	else
		csr_write_counter(counter, csr_read_counter(counter));
}

CSR_LAYER_API void csr_counter_write_back(unsigned long counter)
{
	unsigned long offset, target, value;

	/* As CSR_COUNTER_TABLE, with entries of four instructions (16 bytes): csrr, csrw, j, nop. */
	__asm__ __volatile__(".option push\n\t.option norvc\n\t.option norelax\n\t"
			     "auipc %[target], 0\n\t"
			     "andi %[offset], %[counter], 31\n\t"
			     "slli %[offset], %[offset], 4\n\t"
			     "add %[target], %[target], %[offset]\n\t"
			     "jr 20(%[target])\n\t"
			     ".irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "
			     "16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
			     ".if \\n == 1\n\t"
			     "nop\n\tnop\n\t"
			     ".else\n\t"
			     "csrr %[value], 0xb00 + \\n\n\t"
			     "csrw 0xb00 + \\n, %[value]\n\t"
			     ".endif\n\t"
			     "j 2f\n\t"
			     "nop\n\t"
			     ".endr\n"
			     "2:\n\t"
			     ".option pop"
			     : [offset] "=&r"(offset), [target] "=&r"(target), [value] "=&r"(value)
			     : [counter] "r"(counter)
			     : "memory");
}

CSR_LAYER_API uint64_t csr_read_mhpmevent(unsigned long counter)
{
	unsigned long value, target;

	__asm__ __volatile__(CSR_COUNTER_TABLE(3, "csrr %[offset], 0x320 + \\n", "li %[offset], 0")
			     : [offset] "=&r"(value), [target] "=&r"(target)
			     : [counter] "r"(counter));
	return value;
}

CSR_LAYER_API void csr_write_mhpmevent(unsigned long counter, uint64_t value)
{
	unsigned long offset, target;

	__asm__ __volatile__(CSR_COUNTER_TABLE(3, "csrw 0x320 + \\n, %[value]", "nop")
			     : [offset] "=&r"(offset), [target] "=&r"(target)
			     : [counter] "r"(counter), [value] "r"(value)
			     : "memory");
}

CSR_LAYER_API uint64_t csr_read_counter_cfg(unsigned long counter)
{
	if (counter == 0)
		return csr_read(CSR_NUM_MCYCLECFG);
	if (counter == 2)
		return csr_read(CSR_NUM_MINSTRETCFG);
	return 0;
}

CSR_LAYER_API void csr_write_counter_cfg(unsigned long counter, uint64_t value)
{
	if (counter == 0)
		csr_write(CSR_NUM_MCYCLECFG, value);
	else if (counter == 2)
		csr_write(CSR_NUM_MINSTRETCFG, value);
}

CSR_LAYER_API void csr_inhibit_set(unsigned long counter_mask)
{
	csr_set(CSR_NUM_MCOUNTINHIBIT, counter_mask);
}

CSR_LAYER_API void csr_inhibit_clear(unsigned long counter_mask)
{
	csr_clear(CSR_NUM_MCOUNTINHIBIT, counter_mask);
}

CSR_LAYER_API uint32_t csr_inhibit_read(void)
{
	return (uint32_t)csr_read(CSR_NUM_MCOUNTINHIBIT);
}

CSR_LAYER_API uint32_t csr_read_scountovf(void)
{
	return (uint32_t)csr_read(CSR_NUM_SCOUNTOVF);
}

CSR_LAYER_API void csr_clear_lcofip(void)
{
	csr_clear(CSR_MIP, MIP_LCOFIP);
}

CSR_LAYER_API bool csr_lcofi_pending(void)
{
	return (csr_read(CSR_MIP) & MIP_LCOFIP) != 0;
}

CSR_LAYER_API void csr_thead_ovf_arm(uint32_t counter_mask)
{
	csr_clear(CSR_NUM_THEAD_MCOUNTEROF, counter_mask);
	csr_set(CSR_NUM_THEAD_MCOUNTERWEN, counter_mask);
	csr_set(CSR_NUM_THEAD_MCOUNTERINTEN, counter_mask);
}

CSR_LAYER_API void csr_thead_ovf_disarm(uint32_t counter_mask)
{
	csr_clear(CSR_NUM_THEAD_MCOUNTERINTEN, counter_mask);
	csr_clear(CSR_NUM_THEAD_MCOUNTEROF, counter_mask);
}

CSR_LAYER_API uint32_t csr_thead_ovf_read(void)
{
	return (uint32_t)csr_read(CSR_NUM_THEAD_MCOUNTEROF);
}

CSR_LAYER_API void csr_thead_mmode_uncounted(void)
{
	csr_set(CSR_NUM_THEAD_MXSTATUS, THEAD_MXSTATUS_PMDM);
}
#endif /* CSR_LAYER_INLINE */

#endif
