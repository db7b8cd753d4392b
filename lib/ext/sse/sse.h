/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Supervisor Software Events (SBI SSE chapter, EID 0x535345): the core.
 *
 * One function per SBI function, with the spec's names and argument order,
 * each acting for the calling hart (`hs`). The rules live here and in
 * lib/ext/sse/sse_context.c (what delivery and completion do to the interrupted
 * registers); the hardware is reached only through lib/ext/sse/sse_hw.h, so the
 * whole state machine runs in the host tests (tests/host/sse/test_sse.c).
 *
 * Events offered (docs/sbi3.md):
 *   0x00000001 local double trap    harts with Ssdbltrp (none on QEMU 7.2)
 *   0x00010000 local PMU overflow   harts with Sscofpmf: LCOFI taken by M-mode
 *                                   while the event is enabled, delivered as SSE
 *   0xffff0000 local software       every hart with S-mode (injectable)
 *   0xffff8000 global software      system-wide (injectable)
 * Every other standard event ID answers SBI_ERR_NOT_SUPPORTED, platform
 * specific IDs too (Abacus defines none), reserved IDs SBI_ERR_INVALID_PARAM.
 *
 * Locking: a local event is touched only by its own hart (M-mode is not
 * preemptible), except for its status word: another hart's sbi_sse_inject
 * sets the pending bit there, with one compare-and-swap that succeeds only
 * while the event is in use and still in the registration the injector first
 * saw (SSE_STATUS_*), and sends an IPI. Every other field of a local event is
 * its hart's alone, so an injector never sees one half-written. Global
 * events are guarded by one lock, which also guards every hart's `masked`
 * flag and global_targeted word, so routing decisions see a consistent
 * picture.
 */
#ifndef ABACUS_SSE_H
#define ABACUS_SSE_H

#include <stdbool.h>
#include <stdint.h>
#include "sbi_spec.h"
#include "sbi_types.h"

struct hart_state;

#define SSE_LOCAL_DOUBLE_TRAP  0
#define SSE_LOCAL_PMU_OVERFLOW 1
#define SSE_LOCAL_SOFTWARE     2
#define SSE_LOCAL_EVENTS       3
#define SSE_GLOBAL_SOFTWARE    0
#define SSE_GLOBAL_EVENTS      1
/* Each event runs at most once on a hart at a time, so nesting is bounded. */
#define SSE_MAX_RUNNING        (SSE_LOCAL_EVENTS + SSE_GLOBAL_EVENTS)

/* The interrupted state an event saves (attributes INTERRUPTED_SEPC..A7). */
#define SSE_INTERRUPTED_SEPC  0
#define SSE_INTERRUPTED_FLAGS 1
#define SSE_INTERRUPTED_A6    2
#define SSE_INTERRUPTED_A7    3

/*
 * An event's status word, the one field of a local event another hart
 * touches (sbi_sse_inject): bits 1:0 the state (SBI_SSE_STATE_*), bit 2
 * pending (where the STATUS attribute has them: one small mask and compare
 * tells sse_pick an event is ready, docs/bench.md "Why the fast paths are
 * shaped so"), and above them the number of the event's returns to UNUSED
 * (unregister, its hart's stop): the registration an injection first saw,
 * which it must still find to succeed.
 */
#define SSE_STATUS_STATE        0x3UL
#define SSE_STATUS_PENDING      0x4UL
#define SSE_STATUS_REGISTRATION 0x8UL      /* one step of the count */

struct sse_event {
	unsigned long status;             /* SSE_STATUS_* */
	/*
	 * The event's rank among ready events: priority, then event_id (lower
	 * wins: "Software Event Priority"), one 64-bit load on a little-endian
	 * hart (lib/ext/sse/sse_core.c, sse_key).
	 */
	union {
		struct {
			uint32_t event_id;
			uint32_t priority;
		};
		uint64_t rank;
	};
	uint32_t config;                  /* CONFIG: only ONESHOT (bit 0) is defined, and writable */
	bool global;
	unsigned long preferred_hart;     /* global events, as S-mode wrote it (a local event reads its hart's id) */
	unsigned long entry_pc, entry_arg;
	unsigned long interrupted[4];     /* SSE_INTERRUPTED_* */
	/* Global events only, under the global lock: */
	struct hart_state *target;        /* pending and routed to the preferred hart (unmasked), or NULL */
	struct hart_state *running_on;    /* its handler runs on this hart, or NULL */
};

/* Per-hart SSE state (in struct hart_ext). */
struct sse_hart {
	struct sse_event local[SSE_LOCAL_EVENTS];
	struct sse_event *running[SSE_MAX_RUNNING];   /* [n-1] = the highest priority */
	unsigned int nr_running;
	uint32_t supported_local;                     /* bit i: local event i exists on this hart */
	bool masked;                                  /* under the global lock */
	bool smode_lcofie;                            /* S-mode's sie.LCOFIE while M-mode takes LCOFI */
	volatile unsigned long global_targeted;       /* bit i: global event i routed here */
};

/*
 * The S-mode context delivery and completion rewrite (lib/ext/sse/sse_context.c):
 * read from the trap frame and CSRs before, written back after.
 */
struct sse_cpu_context {
	unsigned long mstatus;           /* MPP/MPV: the interrupted mode; S-level bits = sstatus */
	unsigned long mepc;              /* where mret goes */
	unsigned long sepc;
	unsigned long hstatus;           /* only with has_h */
	unsigned long a6, a7;
	bool has_h;
	bool lp_active;                  /* Zicfilp available to S-mode (on the hart: S or U-mode may use it) */
	bool dt_active;                  /* Ssdbltrp available to S-mode (menvcfg.DTE) */
};


/* Delivery: saves the interrupted state into e->interrupted and enters the handler. */
void sse_context_enter(struct sse_cpu_context *ctx, unsigned long interrupted[4], unsigned long hartid,
		       unsigned long entry_pc, unsigned long entry_arg);
/* Completion: resumes the state e->interrupted describes. */
void sse_context_resume(struct sse_cpu_context *ctx, const unsigned long interrupted[4]);

/* ---- Set-up: the hart's lifecycle (lib/ext/sse/sse_hart.c) and boot ---- */
/* Boot: the events this hart can raise; everything UNUSED, the hart masked. */
void sse_hart_init(struct hart_state *hs, bool has_sscofpmf, bool has_ssdbltrp);
/* Global events: default preferred hart (called once, on the boot hart). */
void sse_global_init(unsigned long default_hartid);
/* HSM stop: local events back to UNUSED, nothing pending, the hart masked;
 * global events that prefer it keep PREFERRED_HART and wait for it
 * (docs/sbi3.md). An injection racing the stop succeeds before it (and its
 * event is dropped with the rest) or fails after it. */
void sse_hart_reset(struct hart_state *hs);

/* ---- Event sources ---- */
/* LCOFI taken by M-mode (the PMU overflow event is enabled on this hart). */
void sse_pmu_overflow(struct hart_state *hs);
/* A double trap from S-mode; false when no double-trap handler is enabled. */
bool sse_double_trap(struct hart_state *hs);
/*
 * SSE's IPI: another hart injected or routed an event here. Served inside
 * an ecall (in_ecall: an M-mode wait, whose fast exit does not look at
 * exit_work), an event it makes ready keeps this hart's IPI raised, so the machine software interrupt taken right after the
 * ecall's mret delivers it; a wait loop that serves IPIs again meanwhile
 * raises it again.
 */
void sse_ipi(struct hart_state *hs, bool in_ecall);
/* The IPI reason sse_ipi() handles (include/ipi.h). */
extern const struct ipi_reason sse_ipi_reason;

/*
 * On the way back to S/U-mode, when hs->exit_work: delivers the highest
 * priority ready event, if any still is, by rewriting ctx. True if delivered.
 */
bool sse_deliver(struct hart_state *hs, struct sse_cpu_context *ctx);

/* ---- The SBI functions (FIDs 0-9) ---- */
struct sbiret sbi_sse_read_attrs(struct hart_state *hs, uint32_t event_id, uint32_t base_attr_id,
				 uint32_t attr_count, unsigned long output_phys_lo, unsigned long output_phys_hi);
struct sbiret sbi_sse_write_attrs(struct hart_state *hs, uint32_t event_id, uint32_t base_attr_id,
				  uint32_t attr_count, unsigned long input_phys_lo, unsigned long input_phys_hi);
struct sbiret sbi_sse_register(struct hart_state *hs, uint32_t event_id, unsigned long handler_entry_pc,
			       unsigned long handler_entry_arg);
struct sbiret sbi_sse_unregister(struct hart_state *hs, uint32_t event_id);
struct sbiret sbi_sse_enable(struct hart_state *hs, uint32_t event_id);
struct sbiret sbi_sse_disable(struct hart_state *hs, uint32_t event_id);
/*
 * Completes the highest priority event running on this hart and resumes its
 * interrupted context in ctx. Returns true if one was running (the caller
 * then leaves a0/a1 as S-mode had them: the interrupted context's), false if
 * none was (SBI_SUCCESS, nothing else happens).
 */
bool sbi_sse_complete(struct hart_state *hs, struct sse_cpu_context *ctx);
struct sbiret sbi_sse_inject(struct hart_state *hs, uint32_t event_id, unsigned long hart_id);
struct sbiret sbi_sse_hart_unmask(struct hart_state *hs);
struct sbiret sbi_sse_hart_mask(struct hart_state *hs);

#endif
