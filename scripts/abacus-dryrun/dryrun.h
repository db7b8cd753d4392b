/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * abacus-dryrun: the firmware's boot on the host, over a board's DT
 * (main.c). The boot log it prints (console.c), what the drivers' probes
 * did (watch.c), the run itself (boot_run.c) and the decisions it reports
 * (report.c).
 */
#ifndef ABACUS_DRYRUN_H
#define ABACUS_DRYRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dt_driver.h"
#include "machine.h"
#include "reset_device.h"
#include "console.h"

/* Exit status (usage()). */
#define DRYRUN_EXIT_READY    0   /* the next stage, with console, IPI and timer everywhere, shutdown and reboot */
#define DRYRUN_EXIT_LACKING  1   /* the next stage, but one of those is missing */
#define DRYRUN_EXIT_UNUSABLE 2   /* no DT to boot from, bad options */
#define DRYRUN_EXIT_STOPS    3   /* the firmware stops before the next stage */

/* ---- The boot log (console.c) ---- */
struct boot_log_line {
	char *text;
	bool unseen;                 /* printed while there was no console: nobody sees it on the board */
};
struct boot_log {
	struct boot_log_line *lines;
	size_t count, cap;
};
extern struct boot_log boot_log;
/* Ends a line the firmware left open. */
void boot_log_flush(void);

/* ---- What the probes did (watch.c) ---- */
struct probe_record {
	const struct dt_driver *driver;
	const char *kind;            /* its table: console, timer_ipi, reset */
	int node;
	int result;                  /* the probe's: 0 accepted */
	bool set_console;
	unsigned int log_lines;      /* boot-log lines it printed */
	size_t first_log_line;
};
struct reset_record {
	const struct reset_device *device;
	int probe;                   /* watch.probes[probe]; -1: put in its slot outside a probe (the platform's) */
};
struct watch {
	struct probe_record *probes;
	unsigned int nr_probes, cap_probes;
	int console_probe;           /* watch.probes[]: the probe that set the console last; -1: none */
	struct reset_record resets[16];
	unsigned int nr_resets;
};
extern struct watch watch;
void watch_console_set(const struct console_device *dev);
/* The table a driver is in: "console", "timer_ipi", "reset". */
const char *driver_kind(const struct dt_driver *d);
/* The first driver of any table that matches node, or NULL. */
const struct dt_driver *driver_matching(const void *fdt, int node);

/* ---- The run (boot_run.c) ---- */
struct dryrun_options {
	const char *hart;            /* a preset, or "auto" */
	bool fw_base_set, boot_hart_set;
	uint64_t fw_base;            /* where the loader put the image; default: the lowest RAM address */
	unsigned long boot_hart;     /* the hart that wins the boot lottery; default: the first enabled cpu */
	bool dtb_refused;            /* the DTB fails boot's first check: only the firmware reads it */
};
struct dryrun_result {
	uint64_t fw_base;
	bool dtb_refused;
	unsigned long cold_hartid;
	bool released;               /* cold boot released the other harts */
	bool finished;               /* the boot hart reached the end of boot (S-mode's DT) */
	const char *stop_why;        /* why the boot stopped before, else NULL */
	void *smode_fdt;             /* the DT S-mode gets, fixed up and packed (malloc'ed), or NULL */
	size_t smode_fdt_size;
};
int dryrun_boot(const void *fdt, const struct dryrun_options *o, struct dryrun_result *r);

/* ---- The report (report.c) ---- */
struct report_options {
	bool log, decisions, writes;
};
/* Prints it; returns the exit status. */
int report_print(FILE *out, const void *fdt, const struct dryrun_result *r, const struct report_options *o);
/* The board's DT drivers and quirks, as linked into this program (--list-drivers). */
void report_list_drivers(FILE *out);

#endif
