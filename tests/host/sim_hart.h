/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated hart for host tests: implements the CSR layer (csr_layer.h)
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
	/* Andes: mcountermask_m (bit n: counter n stops in M-mode) */
	bool has_andes_pmu;
};

struct sim_hart {
	struct sim_hart_config cfg;
	enum sim_priv priv;          /* mode the hart "runs" in during sim_hart_tick */
	uint64_t counter[32];        /* 0 mcycle, 1 time, 2 minstret, 3.. mhpmcounter */
	uint64_t mhpmevent[32];
	uint64_t counter_cfg[3];     /* [0] mcyclecfg, [2] minstretcfg */
	uint32_t mcountinhibit;
	bool lcofip;                 /* mip.LCOFIP */
	unsigned int lcofi_raised;   /* times an overflow raised LCOFIP */
	/* T-Head's overflow CSRs; interrupt 17 is pending while of & inten (sim_thead_irq). */
	uint32_t thead_wen, thead_inten, thead_of;
	uint64_t thead_mxstatus;     /* only PMDM (bit 13) is modelled: no counter counts M-mode */
	uint32_t andes_mask_m;       /* Andes mcountermask_m */
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

/* Resets the hart: all CSRs 0, nothing inhibited, M-mode. */
void sim_hart_reset(const struct sim_hart_config *cfg);
/* Advances every running counter by n events (every counter counts every event, but a
 * programmable one whose mhpmevent selects no event, 0 below the OF/filter bits). */
void sim_hart_tick(uint64_t n);
/* Bit mask of the counters that exist as counting CSRs (0, 2 and present hpm). */
uint32_t sim_hart_counters(void);
/* T-Head's overflow interrupt is pending: a counter overflowed with its interrupt enabled. */
bool sim_thead_irq(void);

#endif
