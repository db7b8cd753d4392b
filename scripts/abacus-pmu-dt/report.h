/* SPDX-License-Identifier: BSD-2-Clause */
/* What the tool found, and its two output formats (text for people, JSON for scripts). */
#ifndef ABACUS_PMU_DT_REPORT_H
#define ABACUS_PMU_DT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dt_input.h"
#include "hart_model.h"
#include "pmu_probe.h"

/* Exit status: the DT used as written; problems reported; not checked at all. */
#define EXIT_CLEAN     0
#define EXIT_PROBLEMS  1
#define EXIT_UNUSABLE  2

struct report {
	const char *path;
	const struct dt_input *dt;
	const struct hart_model *model;
	const char *fatal;            /* the boot-log line of a DTB the firmware refuses, else NULL */
	const struct pmu_probe *probe;   /* NULL when fatal */
	int exit_status;
};

void report_text(FILE *out, const struct report *r);
void report_json(FILE *out, const struct report *r);

/* ---- Shared by both formats (report.c) ---- */
/* Logical counter idx by its M-mode CSR name: mcycle, time, minstret, mhpmcounterN. */
const char *counter_name(unsigned int idx, char *buf, size_t size);
/* A set of logical counters: "mcycle, mhpmcounter3-18" (runs of programmable counters joined); "none" if empty. */
void counter_set_text(uint64_t set, char *buf, size_t size);
/* The selector shown for an event: what the firmware wrote to mhpmevent, without the
 * bits it sets itself with Sscofpmf (OF and the privilege filters, 58..63). */
uint64_t shown_selector(const struct pmu_probe *p, uint64_t mhpmevent);

#endif
