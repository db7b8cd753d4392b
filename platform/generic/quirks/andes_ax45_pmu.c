/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AX45MP's default event map (andes_ax45_pmu.h has the sources): the
 * SBI events of OpenSBI's AX45 example node, cycles and instructions on
 * the programmable counters too (there they overflow with an interrupt,
 * mcycle and minstret do not here, below), plus the TLB read misses (the
 * AX45MP's main TLB miss events, which do not tell reads from writes), and
 * every documented raw event. Then the AndeStar PMU's overflow interrupt.
 */
#include "pmu/pmu_hw.h"
#include "platform.h"
#include "sbi_spec.h"
#include "andes_ax45_pmu.h"

#define CACHE_EVENT(id, op, result) \
	((SBI_PMU_EVENT_TYPE_HW_CACHE << 16) | ((id) << 3) | ((op) << 1) | (result))
#define L1D_READ_ACCESS CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_READ, 0)
#define L1D_WRITE_MISS  CACHE_EVENT(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_WRITE, 1)
#define L1I_READ_ACCESS CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, SBI_PMU_HW_CACHE_OP_READ, 0)
#define L1I_READ_MISS   CACHE_EVENT(SBI_PMU_HW_CACHE_L1I, SBI_PMU_HW_CACHE_OP_READ, 1)
#define DTLB_READ_MISS  CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_READ, 1)
#define ITLB_READ_MISS  CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ, 1)

#define ROWS(a) (sizeof(a) / sizeof((a)[0]))

static const struct pmu_builtin_event ax45_events[] = {
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CPU_CYCLES, AX45_EVENT(AX45_TYPE_INSTRUCTION, 1)),          /* cycle count */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_INSTRUCTIONS, AX45_EVENT(AX45_TYPE_INSTRUCTION, 2)),        /* retired instructions */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_REFERENCES, AX45_EVENT(AX45_TYPE_MEMORY, 4)),         /* D-cache access */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_CACHE_MISSES, AX45_EVENT(AX45_TYPE_MEMORY, 5)),             /* D-cache miss */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_INSTRUCTIONS, AX45_EVENT(AX45_TYPE_INSTRUCTION, 8)), /* conditional branches */
	PMU_BUILTIN_EVENT(SBI_PMU_HW_BRANCH_MISSES, AX45_EVENT(AX45_TYPE_MICROARCH, 0)),         /* their mispredictions */
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS, AX45_EVENT(AX45_TYPE_MEMORY, 6)),                     /* D-cache load access */
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS + 1, AX45_EVENT(AX45_TYPE_MEMORY, 7)),                 /* D-cache load miss */
	PMU_BUILTIN_EVENT(L1D_READ_ACCESS + 2, AX45_EVENT(AX45_TYPE_MEMORY, 8)),                 /* D-cache store access */
	PMU_BUILTIN_EVENT(L1D_WRITE_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 9)),                      /* D-cache store miss */
	PMU_BUILTIN_EVENT(L1I_READ_ACCESS, AX45_EVENT(AX45_TYPE_MEMORY, 2)),                     /* I-cache access */
	PMU_BUILTIN_EVENT(L1I_READ_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 3)),                       /* I-cache miss */
	PMU_BUILTIN_EVENT(DTLB_READ_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 20)),                     /* main DTLB miss */
	PMU_BUILTIN_EVENT(ITLB_READ_MISS, AX45_EVENT(AX45_TYPE_MEMORY, 18)),                     /* main ITLB miss */
};

/* Every documented event: instruction selects 1-25, memory 0-22, microarchitecture 0-2. */
static const struct pmu_builtin_raw ax45_raw[] = {
	{ AX45_EVENT(AX45_TYPE_INSTRUCTION, 1), AX45_EVENT(AX45_TYPE_INSTRUCTION, 25) },
	{ AX45_EVENT(AX45_TYPE_MEMORY, 0), AX45_EVENT(AX45_TYPE_MEMORY, 22) },
	{ AX45_EVENT(AX45_TYPE_MICROARCH, 0), AX45_EVENT(AX45_TYPE_MICROARCH, 2) },
};

const struct pmu_default_map andes_ax45_pmu_default_map = {
	.events = ax45_events,
	.event_count = ROWS(ax45_events),
	.raw = ax45_raw,
	.raw_count = ROWS(ax45_raw),
	.counters = AX45_HPM_COUNTERS,
	.raw_shift = 4,    /* the select field, above the type (AX45_EVENT) */
};

/*
 * The overflow interrupt and mode filters (andes_ax45_pmu.h): which bits the
 * AndeStar PMU's CSRs take when, as OpenSBI 1.9's andes_pmu.c drives them
 * (hw_counter_enable_irq, hw_counter_disable_irq, hw_counter_filter_mode,
 * andes_pmu_extensions_init), by CSR number through the CSR layer: a slow
 * path that only these harts take (lib/ext/pmu/pmu.h, pmu_vendor_counters).
 */
#define PMOVI (1UL << ANDES_IRQ_PMOVI)

/*
 * csr = (csr & ~clear) | set, written only if that changes it. No counter
 * counts in M-mode here (mcountermask_m), so no overflow bit changes
 * between the read and the write; slip's other local interrupts could,
 * so it is written only to clear a pending PMOVI (hart reset, boot).
 */
static void csr_update(unsigned int csr_num, uint64_t clear, uint64_t set)
{
	uint64_t value = 0, updated;

	if (!csr_try_read(csr_num, &value))
		return;
	updated = (value & ~clear) | set;
	if (updated != value)
		csr_try_write(csr_num, updated);
}

/*
 * PMOVI pending: raised by an overflow, not yet cleared by S-mode's handler,
 * which has yet to read the overflow bits. Delegated, it is S-mode's slip
 * bit that Linux clears; OpenSBI looks at mip's: either.
 */
static bool overflow_pending(void)
{
	uint64_t mip = 0, slip = 0;

	csr_try_read(CSR_NUM_MIP, &mip);
	csr_try_read(CSR_NUM_ANDES_SLIP, &slip);
	return ((mip | slip) & PMOVI) != 0;
}

/*
 * Taking an event: no interrupt until the counter is started for it. Its
 * overflow bit is cleared as at a start (a stale bit would show in the next
 * snapshot), but not while PMOVI is pending: the bit may be the one the
 * pending interrupt's handler has to find, or Linux's leaves every counter
 * of the CPU stopped (docs/pmu.md, "Sscofpmf overflow", the same race).
 * Then the filters: SINH, UINH of Table 8 (the AX45MP has no H: no VS/VU).
 */
static void ax45_take(unsigned long idx, unsigned long config_flags)
{
	uint64_t bit = 1UL << idx;

	csr_update(CSR_NUM_ANDES_MCOUNTERINTEN, bit, 0);
	if (!overflow_pending())
		csr_update(CSR_NUM_ANDES_MCOUNTEROVF, bit, 0);
	csr_update(CSR_NUM_ANDES_MCOUNTERMASK_S, bit, config_flags & SBI_PMU_CFG_FLAG_SET_SINH ? bit : 0);
	csr_update(CSR_NUM_ANDES_MCOUNTERMASK_U, bit, config_flags & SBI_PMU_CFG_FLAG_SET_UINH ? bit : 0);
}

/* A start: the overflow bit cleared unless PMOVI is pending (the same reason), the interrupt on. */
static void ax45_start(unsigned long idx)
{
	uint64_t bit = 1UL << idx;

	if (!overflow_pending())
		csr_update(CSR_NUM_ANDES_MCOUNTEROVF, bit, 0);
	csr_update(CSR_NUM_ANDES_MCOUNTERINTEN, 0, bit);
}

static uint32_t ax45_overflowed(void)
{
	uint64_t ovf = 0;

	csr_try_read(CSR_NUM_ANDES_MCOUNTEROVF, &ovf);
	return (uint32_t)ovf;
}

/* The per-counter CSRs, in the order hart reset clears them and the probe tries them. */
static const uint16_t ax45_counter_csrs[] = {
	CSR_NUM_ANDES_MCOUNTERINTEN, CSR_NUM_ANDES_MCOUNTEROVF, CSR_NUM_ANDES_MCOUNTERMASK_S,
	CSR_NUM_ANDES_MCOUNTERMASK_U,
};

/*
 * Counters stopped already: nothing raises PMOVI again once it is cleared.
 * This and the hart's set-up below run as a hart starts or stops, not in
 * an SBI PMU call: built for size (cold), as the other hart paths are.
 */
static __attribute__((cold)) void ax45_hart_reset(uint32_t counters)
{
	for (unsigned int i = 0; i < ROWS(ax45_counter_csrs); i++)
		csr_update(ax45_counter_csrs[i], counters, 0);
	csr_update(CSR_NUM_ANDES_SLIP, PMOVI, 0);
}

static const struct pmu_vendor_counters ax45_counters = {
	.take = ax45_take,
	.start = ax45_start,
	.overflowed = ax45_overflowed,
	.hart_reset = ax45_hart_reset,
};

__attribute__((cold)) bool andes_ax45_pmu_hart_init(struct pmu_hart *ph)
{
	uint64_t deleg = 0, slip = 0;   /* slip: read, so a hart without it is not taken */

	if (ph->has_sscofpmf || !ph->has_mcountinhibit)
		return false;
	/* Every CSR the slow path uses must answer (all but mip, which every hart has); a
	 * hart without one traps here and is not taken (what was written: nothing armed). */
	for (unsigned int i = 0; i < ROWS(ax45_counter_csrs); i++)
		if (!csr_try_write(ax45_counter_csrs[i], 0))
			return false;
	if (!csr_try_read(CSR_NUM_ANDES_SLIP, &slip) || !csr_try_read(CSR_NUM_ANDES_MSLIDELEG, &deleg) ||
	    !csr_try_write(CSR_NUM_ANDES_MSLIDELEG, deleg | PMOVI))
		return false;
	csr_update(CSR_NUM_ANDES_SLIP, PMOVI, 0);
	pmu_vendor_counters = &ax45_counters;
	ph->vendor_counters = true;
	ph->plain_counters = false;
	return true;
}
