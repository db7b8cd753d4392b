/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart state. Each hart owns one HART_BLOCK_SIZE block of firmware memory,
 * allocated at boot for the number of harts in the DT: its M-mode stack grows
 * down from just below a struct hart_state at the top of the block. The block
 * is aligned to its size, so any code on that stack finds its hart_state from
 * sp alone (current_hart()), which keeps the ecall path free of lookups.
 */
#ifndef ABACUS_HART_H
#define ABACUS_HART_H

#define HART_BLOCK_SIZE 2048
/*
 * Offset of hart_state.exit_work: firmware/trap_entry.S tests it when its
 * slow path returns to S/U-mode (hart_state sits right above the trap frame).
 */
#define HART_STATE_EXIT_WORK 1144   /* checked below */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>
#include "pmu/pmu.h"
#include "rfence/rfence.h"
#include "trap_expect.h"

/* Features found on a hart (DT ISA string, confirmed by probing). */
#define HART_HAS_S        (1U << 0)
#define HART_HAS_H        (1U << 1)
#define HART_HAS_SSTC     (1U << 2)
#define HART_HAS_SSCOFPMF (1U << 3)
#define HART_HAS_SMCNTRPMF (1U << 4)
#define HART_HAS_ZICBOM   (1U << 5)
#define HART_HAS_ZICBOZ   (1U << 6)
#define HART_HAS_MENVCFG  (1U << 7)
#define HART_HAS_ZKR      (1U << 8)
#define HART_HAS_SVPBMT   (1U << 9)
#define HART_HAS_SVADU    (1U << 10)
#define HART_HAS_SVADE    (1U << 11)
#define HART_HAS_SMSTATEEN (1U << 12)
/* Extensions the SBI 3.0 firmware features and events depend on (and Svadu above). */
#define HART_HAS_ZICFILP  (1U << 13)   /* FWFT LANDING_PAD (menvcfg.LPE) */
#define HART_HAS_ZICFISS  (1U << 14)   /* FWFT SHADOW_STACK (menvcfg.SSE) */
#define HART_HAS_SSDBLTRP (1U << 15)   /* FWFT DOUBLE_TRAP (menvcfg.DTE), SSE double trap event */
#define HART_HAS_SMNPM    (1U << 16)   /* FWFT POINTER_MASKING_PMLEN (menvcfg.PMM) */
#define HART_HAS_SMDBLTRP (1U << 17)   /* mstatus.MDT (reset value 1): M-mode double traps */
/* Counter delegation (menvcfg.CDE): Smcdeleg with Ssccfg, through Sscsrind's siselect/sireg. */
#define HART_HAS_SMCDELEG (1U << 18)
#define HART_HAS_SSCCFG   (1U << 19)
#define HART_HAS_SSCSRIND (1U << 20)   /* siselect/sireg* (mstateen0.CSRIND) */
#define HART_HAS_SDTRIG   (1U << 21)   /* DBTR: found by probing the trigger CSRs */
#define HART_HAS_BITS     22           /* the names in lib/fdt/fdt_helpers.c and the boot log go by bit */
/* Not an extension: the hart has Smcdeleg, but counter delegation was withheld because a
 * write through sireg2 loses the real MINH (firmware/hart_init.c). */
#define HART_CDELEG_LOSES_MINH (1U << 22)

struct hart_ext;   /* SBI 3.0 extension state (include/hart_ext.h) */
struct ipi_device;
struct timer_device;

/*
 * Where a hart is in its life (hart_state.presence, lib/core/hart_table.c).
 * Cold boot gives every hart the DT lists (enabled, with an IPI doorbell) a
 * block and a stack, WAITING. A hart moves itself WAITING -> ARRIVED ->
 * READY whenever it comes: before the end of boot or long after, a late
 * hart joins as a STOPPED hart S-mode may then start (docs/boot.md). A hart
 * that can no longer run S-mode (a fatal trap on it) becomes GONE, for good
 * (docs/reliability.md, "A hart that dies"). Each move is atomic.
 */
#define HART_WAITING 0   /* released, not here yet: HSM STOPPED, hart_start FAILED until it is READY */
#define HART_ARRIVED 1   /* setting itself up */
#define HART_READY   2   /* set up: serves IPIs and remote fences, HSM may start it */
#define HART_NO_IPI  3   /* left out at cold boot: no IPI doorbell, it could never be woken */
#define HART_GONE    4   /* can no longer run S-mode: HSM STOPPED, never started again */

struct hart_state {
	struct pmu_hart pmu;
	unsigned long hartid;
	unsigned int index;              /* position in hart_table */
	unsigned int dt_cpu_ordinal;     /* which /cpus child describes it (0 = first) */
	volatile unsigned int presence;  /* HART_WAITING ... HART_GONE */
	uint32_t features;               /* HART_HAS_* */
	uint32_t isa_features;           /* what the DT ISA string claims */
	uint32_t mcounteren;
	uint32_t intc_phandle;           /* DT phandle of this hart's interrupt controller */
	unsigned int pmp_count;          /* PMP entries the hart implements */
	unsigned long pmp_granule;       /* PMP granularity in bytes */
	unsigned int pmp_denied;         /* memory_map.denied[0 .. pmp_denied - 1] are denied to S/U-mode */
	volatile long run_state;         /* HART_RUN_* (include/hart_run.h) */
	unsigned long start_addr, start_arg1, start_mode;
	unsigned long suspend_type;
	volatile unsigned long ipi_pending;  /* what other harts asked of it: one bit per IPI reason (include/ipi.h) */
	/* S-mode IPI requests sent to this hart and not yet counted as received. */
	volatile unsigned long smode_ipi_requests;
	/* The hart's IPI doorbell and its register in it (include/ipi_device.h). */
	const struct ipi_device *ipi_dev;
	volatile void *ipi_reg;
	/* Its machine timer compare register, in that timer device (include/timer_device.h). */
	const struct timer_device *timer_dev;
	volatile void *timer_reg;
	struct rfence_request rfence;
	volatile unsigned long rfence_lock;  /* 0, or the hart_state of the sender that holds the slot */
	/* trap_expect_begin/end and the probe trap vector (include/trap_expect.h). */
	struct trap_expect expect;
	struct hart_ext *ext;            /* SSE, FWFT and DBTR state, allocated at boot */
	/*
	 * Non-zero when the hart has work to do on its way back to S/U-mode:
	 * the slow trap exit checks it with one load (HART_STATE_EXIT_WORK,
	 * firmware/trap_entry.S) and then calls trap_exit_work() (include/trap.h),
	 * which one extension provides and which is the only writer, on this hart
	 * only. Last, so the PMU state keeps its place at the start (the PMU fast
	 * paths are laid out around it).
	 */
	unsigned long exit_work;
} __attribute__((aligned(16)));

_Static_assert(__builtin_offsetof(struct hart_state, exit_work) == HART_STATE_EXIT_WORK, "exit_work offset");

/*
 * Hart table, allocated at boot: the harts offered to S-mode and HSM (and
 * those kept in M-mode for want of S-mode), in DT order, whether they have
 * come yet or not. Harts the firmware left out at cold boot (HART_NO_IPI)
 * follow them, at hart_table[hart_count .. hart_count + hart_left_out_count
 * - 1]: nothing but the boot log looks there.
 */
extern struct hart_state **hart_table;     /* by index */
extern unsigned int hart_count;
extern unsigned int hart_left_out_count;
extern unsigned long boot_hartid;

#ifdef ABACUS_HOST
/* Host builds (tests/fuzz): no per-hart stack block; the harness says which
 * hart_state is the calling hart's. */
extern struct hart_state *host_current_hart;
static inline struct hart_state *current_hart(void)
{
	return host_current_hart;
}
#else
static inline struct hart_state *current_hart(void)
{
	unsigned long block;

	/* One instruction: the block's base from sp (the block is aligned to its size). */
	__asm__("andi %0, sp, %1" : "=r"(block) : "i"(-HART_BLOCK_SIZE));
	return (struct hart_state *)(block + HART_BLOCK_SIZE - sizeof(struct hart_state));
}
#endif

/* The top of hs's M-mode stack: it grows down from just below hart_state. */
static inline unsigned long hart_stack_top(const struct hart_state *hs)
{
	return (unsigned long)hs;
}

/* The hart with this hartid, or NULL when the firmware does not offer it. */
struct hart_state *hart_by_id(unsigned long hartid);

/*
 * hart_by_id() with its direct slot (hartids are usually 0..n-1 in DT
 * order) tried inline and the call left for the rest: for a caller that
 * keeps values live across the lookup (docs/bench.md, "Why the fast paths
 * are shaped so").
 */
static inline struct hart_state *hart_by_id_inline(unsigned long hartid)
{
	unsigned long n = hart_count;
	struct hart_state **table = hart_table;

	if (hartid < n && table[hartid]->hartid == hartid)
		return table[hartid];
	return hart_by_id(hartid);
}
/*
 * True when S-mode may start or target this hart: it has S-mode (a hart
 * without, such as the FU740's S7, stays in M-mode and is never offered to
 * S-mode, HSM, IPIs or SSE).
 */
static inline bool hart_offered_to_smode(const struct hart_state *hs)
{
	return (hs->features & HART_HAS_S) != 0;
}
/* Moves hs from presence `from` to `to` if it is still in `from` (atomic). */
bool hart_presence_move(struct hart_state *hs, unsigned int from, unsigned int to);
/* Moves the harts left out (HART_NO_IPI) behind the others, the order of the kept ones unchanged:
 * hart_count becomes the number kept, hart_left_out_count the rest. Only
 * while no other hart reads the table (cold boot, before the others are released). */
void hart_table_drop_left_out(void);
/*
 * Cold boot: a hart without an IPI doorbell (ipi_dev) cannot be woken, nor
 * sent an IPI or a remote fence, so it is left out (HART_NO_IPI) -
 * unless no hart has one, and then the cold-boot hart alone is kept. Returns the
 * hart that finishes boot: the cold-boot hart if kept, else the first hart
 * kept; NULL when none is (no MSWI, and the cold-boot hart is not listed).
 */
struct hart_state *hart_table_keep_wakeable(unsigned long cold_hartid);

/* Harts ever GONE this boot: a wait on other harts looks for gone ones only when it is not 0. */
extern volatile unsigned int harts_gone;
/* Of those, the ones that went before they were READY (boot counts them as done). */
extern volatile unsigned int harts_gone_unready;
/* True once hs can no longer run S-mode (HART_GONE). */
static inline bool hart_gone(const struct hart_state *hs)
{
	return __atomic_load_n(&hs->presence, __ATOMIC_ACQUIRE) == HART_GONE;
}
/*
 * hs can no longer run S-mode (a fatal trap on it, called on that hart):
 * HART_GONE, then HSM STOPPED, so that HSM refuses to start it and every
 * wait on it ends (docs/reliability.md, "A hart that dies"). A hart that
 * goes before it is READY rings the boot hart, which may be waiting for it.
 * False when it was gone already. release, when not NULL, runs between the
 * two (the services letting go of it, as on hart_stop: an SSE event running
 * there ends), so that S-mode never sees the hart STOPPED with its services'
 * state still the dead hart's.
 */
bool hart_mark_gone(struct hart_state *hs, void (*release)(struct hart_state *hs));
/* The hart whose interrupt controller has this phandle, or NULL. Lists in the
 * DT (interrupts-extended) go in hart order: *hint makes a walk over them linear. */
struct hart_state *hart_by_intc_phandle(uint32_t phandle, unsigned int *hint);
#endif

#endif
