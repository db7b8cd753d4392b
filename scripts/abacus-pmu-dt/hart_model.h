/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hart the tool simulates: which programmable counters exist, their
 * width, mcountinhibit and Sscofpmf, and the firmware platform whose default
 * event map applies when the DT has no riscv,pmu node. Presets describe the
 * harts Abacus runs on; options change single fields.
 */
#ifndef ABACUS_PMU_DT_HART_MODEL_H
#define ABACUS_PMU_DT_HART_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "pmu.h"
#include "sim_hart.h"

#define HART_MODEL_HPM_FIRST 3
#define HART_MODEL_HPM_LAST  31

struct hart_model {
	const char *preset;          /* preset name; "custom" once an option changed it */
	uint32_t hpm_mask;           /* bit n: mhpmcounter n exists (n = 3..31) */
	unsigned int width;          /* bits of every mhpmcounter, 1..64 */
	bool mcountinhibit;
	bool sscofpmf;
	const char *platform;        /* a name platform_default_map() knows */
};

/* Fills m from a preset; false when there is no such preset. */
bool hart_model_preset(const char *name, struct hart_model *m);
/* One line per preset, for --help. */
void hart_model_list_presets(FILE *out);
/* The default event map of a firmware platform; *known is false for an unknown name. */
const struct pmu_default_map *platform_default_map(const char *platform, bool *known);
/* The simulated hart for a model. */
void hart_model_sim_config(const struct hart_model *m, struct sim_hart_config *cfg);

#endif
