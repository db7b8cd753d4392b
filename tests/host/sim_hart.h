/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated hart for host tests: implements the PMU's CSR layer (lib/ext/pmu/pmu_hw.h)
 * over plain variables. A test describes the hart (which counters exist,
 * their width, mcountinhibit, Sscofpmf, Smcntrpmf), runs PMU code, advances
 * the counters with sim_hart_tick() in a chosen privilege mode and looks at
 * the CSRs directly in `sim`.
 */
#ifndef ABACUS_SIM_HART_H
#define ABACUS_SIM_HART_H

#include <stdbool.h>
#include <stdint.h>

enum sim_priv {
	SIM_PRIV_M,
	SIM_PRIV_S,
	SIM_PRIV_U,
	SIM_PRIV_VS,
	SIM_PRIV_VU,
};

struct sim_hart_config {
	uint32_t hpm_present;        /* bit n: mhpmcounter n / mhpmevent n exist (n = 3..31) */
	uint32_t hpm_zero;           /* bit n: exists but is hardwired to zero (U74: 5..31) */
	unsigned int hpm_width;      /* bits of each mhpmcounter, 1..64 */
	bool has_mcountinhibit;
	bool has_sscofpmf;           /* OF/filter bits in mhpmevent, scountovf, LCOFIP */
	bool has_smcntrpmf;          /* mcyclecfg/minstretcfg */
	/* T-Head C9xx: mcounterwen/mcounterinten/mcounterof, overflow interrupt 17 (no Sscofpmf) */
	bool has_thead_ovf;
	/*
	 * QEMU 7.2's counters: each is computed from its last write, so an
	 * inhibited counter goes on counting underneath; once inhibited, its
	 * first read returns that count and later reads the value last written
	 * (QEMU's per-counter "started" flag, set for every running counter at
	 * each mcountinhibit write). Each mcountinhibit write that un-inhibits
	 * counters is one event for them (the instruction runs: without it no
	 * count would ever be seen between two CSR accesses).
	 */
	bool counts_from_last_write;
	/*
	 * Andes: mcountermask_m/_s/_u (bit n: counter n stops in that mode),
	 * and the overflow interrupt: mcounterinten, mcounterovf (a wrap sets
	 * counter n's bit; with its enable also PMOVI, bit 18 of slip when
	 * mslideleg delegates it, of mip if not), mslideleg, slip.
	 */
	bool has_andes_pmu;
};

struct sim_hart {
	struct sim_hart_config cfg;
	enum sim_priv priv;          /* mode the hart "runs" in during sim_hart_tick */
	uint64_t counter[32];        /* 0 mcycle, 1 time, 2 minstret, 3.. mhpmcounter */
	uint64_t mhpmevent[32];
	uint64_t counter_cfg[3];     /* [0] mcyclecfg, [2] minstretcfg */
	uint32_t mcountinhibit;
	uint64_t last_written[32];   /* counts_from_last_write: what each counter was last written */
	uint32_t qemu_started;       /* counts_from_last_write: QEMU 7.2's "started" flags */
	/*
	 * counts_from_last_write: writes of a programmable counter selecting
	 * cycles or instructions (mhpmevent 1 or 2) with a value that wrapped
	 * (below 2^63): QEMU 7.2 arms its overflow timer in the past then.
	 */
	unsigned int qemu72_past_timers;
	bool lcofip;                 /* mip.LCOFIP */
	unsigned int lcofi_raised;   /* times an overflow raised LCOFIP */
	/* T-Head's overflow CSRs; interrupt 17 is pending while of & inten (sim_thead_irq). */
	uint32_t thead_wen, thead_inten, thead_of;
	uint64_t thead_mxstatus;     /* only PMDM (bit 13) is modelled: no counter counts M-mode */
	uint32_t andes_mask_m;       /* Andes mcountermask_m */
	uint32_t andes_mask_s, andes_mask_u, andes_inten, andes_ovf;
	uint64_t andes_mslideleg, andes_slip, andes_mip;   /* only PMOVI (bit 18) of slip/mip is modelled */
	unsigned int traps;          /* csr_try_* accesses that trapped */
	/* Fast accessors used on a CSR that does not exist: a PMU bug (tests check it stays 0). */
	unsigned int bad_accesses;
	unsigned int csr_writes;     /* every CSR write through the layer */
	/* bit n: the last write of counter n happened while it was inhibited */
	uint32_t written_while_inhibited;
	unsigned int ipi_serves;     /* csr_serve_pending_ipi calls */
};

extern struct sim_hart sim;

/* Common harts. */
extern const struct sim_hart_config sim_qemu_virt;       /* 16 hpm counters, 64 bits, mcountinhibit */
extern const struct sim_hart_config sim_qemu_sscofpmf;   /* the same with Sscofpmf */
extern const struct sim_hart_config sim_u74;             /* 2 hpm counters of 40 bits, 5..31 zero */
extern const struct sim_hart_config sim_qemu72_sscofpmf; /* sim_qemu_sscofpmf with QEMU 7.2's counters */

/* Resets the hart: all CSRs 0, nothing inhibited, M-mode. */
void sim_hart_reset(const struct sim_hart_config *cfg);
/* Advances every running counter by n events (every counter counts every event, but a
 * programmable one whose mhpmevent selects no event, 0 below the OF/filter bits). */
void sim_hart_tick(uint64_t n);
/* Bit mask of the counters that exist as counting CSRs (0, 2 and present hpm). */
uint32_t sim_hart_counters(void);
/* T-Head's overflow interrupt is pending: a counter overflowed with its interrupt enabled. */
bool sim_thead_irq(void);
/* Andes's PMOVI is pending for S-mode: slip's bit 18 (mslideleg delegated it). */
bool sim_andes_smode_irq(void);

#endif
