/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harts the host tools simulate (abacus-pmu-dt, abacus-dryrun): what a
 * DT cannot say about a hart and the firmware finds by probing it. Presets
 * describe the harts Abacus runs on; options change single fields. The
 * counters, mcountinhibit and Sscofpmf are abacus-pmu-dt's whole hart; the
 * dry run also takes PMP, triggers, menvcfg and the ID registers, and takes
 * the extensions themselves from each cpu node's ISA.
 */
#ifndef ABACUS_PMU_DT_HART_MODEL_H
#define ABACUS_PMU_DT_HART_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "sim_hart.h"

#define HART_MODEL_HPM_FIRST 3
#define HART_MODEL_HPM_LAST  31

struct hart_model {
	const char *preset;          /* preset name; "custom" once an option changed it */
	uint32_t hpm_mask;           /* bit n: mhpmcounter n exists (n = 3..31) */
	uint32_t hpm_zero;           /* bit n: exists but reads 0 (the U74's 5..31) */
	unsigned int width;          /* bits of every mhpmcounter, 1..64 */
	bool mcountinhibit;
	bool sscofpmf;               /* abacus-pmu-dt's hart; the dry run takes it from the DT */
	bool thead_overflow;         /* T-Head's mcounterinten/mcounterof, interrupt 17 */
	/* The dry run's hart: */
	bool menvcfg;                /* privileged spec 1.12's menvcfg exists */
	unsigned int pmp_entries;    /* 0..64 */
	unsigned long pmp_granule;   /* bytes, a power of two >= 4 */
	unsigned int triggers;       /* Sdtrig triggers, each of trigger_types (tinfo) */
	uint32_t trigger_types;
	unsigned long mvendorid, marchid, mimpid;
	bool andes_pmu;              /* Andes's mcountermask_m (M-mode kept out of the counts) */
};

/* Fills m from a preset; false when there is no such preset. */
bool hart_model_preset(const char *name, struct hart_model *m);
/* One line per preset, for --help. */
void hart_model_list_presets(FILE *out);
/* The preset for a cpu node whose compatible names a core a preset describes, or NULL. */
const char *hart_model_for_cpu(const char *compatible, int len);
/* The simulated hart for a model. */
void hart_model_sim_config(const struct hart_model *m, struct sim_hart_config *cfg);

#endif
