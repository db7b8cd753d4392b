/* SPDX-License-Identifier: BSD-2-Clause */
/* The report's parts (report.c, report_devices.c) and the text helpers they share. */
#ifndef ABACUS_DRYRUN_REPORT_H
#define ABACUS_DRYRUN_REPORT_H

#include <stddef.h>
#include <stdio.h>

#define TEXT 1024

/* A line being built: add() appends, cutting at TEXT. */
struct text {
	char buf[TEXT];
	size_t len;
};

void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "0-3, 5": runs of consecutive hartids as ranges. */
void add_hartids(struct text *t, const unsigned long *ids, unsigned int n);
/* A node's name, printable ASCII only (a DT is input); a few at a time may be in use. */
const char *node_name(const void *fdt, int node);
/* The node's compatible strings, space-separated, printable ASCII only. */
const char *compatibles(const void *fdt, int node);
/* One line per run of consecutive harts (in the firmware's hart order) with one answer: "label: harts 0-3: text". */
void print_grouped(FILE *out, const char *label, unsigned int n, const unsigned long *hartids, char (*texts)[TEXT]);

/* report_devices.c */
void print_timer_ipi(FILE *out, const void *fdt);
void print_console(FILE *out, const void *fdt);
void print_reset(FILE *out, const void *fdt);
void print_i2c(FILE *out, const void *fdt);
void print_probes(FILE *out, const void *fdt);
void print_unrecognised(FILE *out, const void *fdt);
void print_writes_summary(FILE *out, const void *fdt);
void print_writes(FILE *out, const void *fdt);

#endif
