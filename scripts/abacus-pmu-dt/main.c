/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * abacus-pmu-dt: checks a riscv,pmu device-tree node on the host with the
 * firmware's own DT parser and PMU core (the same C files the firmware is
 * built from), for a hart the user describes. See usage() and docs/pmu.md.
 */
#include <errno.h>
#include <getopt.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt_input.h"
#include "fdt_helpers.h"
#include "hart_model.h"
#include "pmu_probe.h"
#include "report.h"
#include "tool_console.h"

const char dt_input_tool[] = "abacus-pmu-dt";

static void usage(FILE *out)
{
	fprintf(out,
		"usage: abacus-pmu-dt [options] FILE.dtb|FILE.dts\n"
		"Runs Abacus's riscv,pmu parser and PMU core over a device tree for a simulated\n"
		"hart and prints the event -> counter map S-mode gets, the raw-event ranges, the\n"
		"firmware's boot-log lines about the node (word for word) and the standard events\n"
		"no counter can count. A .dts goes through dtc ($DTC, default dtc) first.\n"
		"\n"
		"  --hart PRESET        start from a preset (default qemu-virt):\n");
	hart_model_list_presets(out);
	fprintf(out,
		"  --counters N         N programmable counters, mhpmcounter3..(2+N) (0..29)\n"
		"  --hpm-mask MASK      exactly these mhpmcounters (bit n = mhpmcounter n, 3..31)\n"
		"  --width BITS         width of every mhpmcounter (1..64)\n"
		"  --sscofpmf, --no-sscofpmf          the hart has Sscofpmf (the firmware also\n"
		"                       needs the cpu's ISA in the DT to name it: riscv,isa-extensions,\n"
		"                       or riscv,isa when the cpu has no riscv,isa-extensions)\n"
		"  --mcountinhibit, --no-mcountinhibit\n"
		"The board quirk (and its default map, used when the DT has no riscv,pmu node)\n"
		"is the one the firmware chooses by the DT's root compatible.\n"
		"  --json               one JSON object instead of text\n"
		"  -h, --help\n"
		"\n"
		"Exit status: 0 the firmware uses the node as written; 1 it reports problems\n"
		"(a row skipped or cut, cells ignored, another node ignored ...) or a kept row\n"
		"names only counters the firmware does not hand out on this hart; 2 the input\n"
		"cannot be checked (unreadable, dtc failed, a DTB the firmware refuses, bad options).\n");
}

/* A whole-string unsigned number (decimal or 0x...) within [min, max]. */
static bool parse_number(const char *s, unsigned long long min, unsigned long long max,
			 unsigned long long *value)
{
	char *end;

	errno = 0;
	*value = strtoull(s, &end, 0);
	return s[0] && s[0] != '-' && !*end && !errno && *value >= min && *value <= max;
}

static int bad_option(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "abacus-pmu-dt: %s %s: %s (--help)\n", opt, arg, why);
	return EXIT_UNUSABLE;
}

enum {
	OPT_HART = 256, OPT_COUNTERS, OPT_HPM_MASK, OPT_WIDTH, OPT_SSCOFPMF, OPT_NO_SSCOFPMF,
	OPT_MCOUNTINHIBIT, OPT_NO_MCOUNTINHIBIT, OPT_PLATFORM, OPT_JSON,
};

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "hart", required_argument, NULL, OPT_HART },
		{ "counters", required_argument, NULL, OPT_COUNTERS },
		{ "hpm-mask", required_argument, NULL, OPT_HPM_MASK },
		{ "width", required_argument, NULL, OPT_WIDTH },
		{ "sscofpmf", no_argument, NULL, OPT_SSCOFPMF },
		{ "no-sscofpmf", no_argument, NULL, OPT_NO_SSCOFPMF },
		{ "mcountinhibit", no_argument, NULL, OPT_MCOUNTINHIBIT },
		{ "no-mcountinhibit", no_argument, NULL, OPT_NO_MCOUNTINHIBIT },
		{ "platform", required_argument, NULL, OPT_PLATFORM },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	/* Presets first, then single fields, whatever the order on the command line. */
	const char *preset = "qemu-virt";
	long long counters = -1, hpm_mask = -1, width = -1;
	int sscofpmf = -1, mcountinhibit = -1, opt;
	bool json = false;
	unsigned long long v;
	struct hart_model model;
	struct dt_input dt;
	struct pmu_probe probe;
	struct report report = { 0 };
	char fatal[256];
	const char *why;
	int err;

	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		switch (opt) {
		case OPT_HART:
			preset = optarg;
			break;
		case OPT_COUNTERS:
			if (!parse_number(optarg, 0, HART_MODEL_HPM_LAST - HART_MODEL_HPM_FIRST + 1, &v))
				return bad_option("--counters", optarg, "not a number from 0 to 29");
			counters = (long long)v;
			break;
		case OPT_HPM_MASK:
			if (!parse_number(optarg, 0, 0xffffffffULL, &v) || (v & 0x7))
				return bad_option("--hpm-mask", optarg, "bits 3..31 only (0x7fff8 = mhpmcounter3-18)");
			hpm_mask = (long long)v;
			break;
		case OPT_WIDTH:
			if (!parse_number(optarg, 1, 64, &v))
				return bad_option("--width", optarg, "not a number from 1 to 64");
			width = (long long)v;
			break;
		case OPT_SSCOFPMF: sscofpmf = 1; break;
		case OPT_NO_SSCOFPMF: sscofpmf = 0; break;
		case OPT_MCOUNTINHIBIT: mcountinhibit = 1; break;
		case OPT_NO_MCOUNTINHIBIT: mcountinhibit = 0; break;
		case OPT_PLATFORM:
			/* The per-board builds are gone: one image, its quirk by the DT's root compatible. */
			return bad_option("--platform", optarg, "no longer exists: the firmware takes its quirk from the "
					  "DT's root compatible (platform/generic/quirks/), and so does this tool; to check "
					  "a DT as another board's, give it that board's root compatible");
		case OPT_JSON:
			json = true;
			break;
		case 'h':
			usage(stdout);
			return EXIT_CLEAN;
		default:
			usage(stderr);
			return EXIT_UNUSABLE;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return EXIT_UNUSABLE;
	}
	if (!hart_model_preset(preset, &model))
		return bad_option("--hart", preset, "no such preset");
	if (counters >= 0 && hpm_mask >= 0)
		return bad_option("--counters", "and --hpm-mask", "give one of them");
	if (counters >= 0 || hpm_mask >= 0 || width >= 0 || sscofpmf >= 0 || mcountinhibit >= 0)
		model.preset = "custom";
	if (counters >= 0)
		model.hpm_mask = (uint32_t)(((1ULL << counters) - 1) << HART_MODEL_HPM_FIRST);
	if (hpm_mask >= 0)
		model.hpm_mask = (uint32_t)hpm_mask;
	if (width >= 0)
		model.width = (unsigned int)width;
	if (sscofpmf >= 0)
		model.sscofpmf = sscofpmf;
	if (mcountinhibit >= 0)
		model.mcountinhibit = mcountinhibit;

	report.path = argv[optind];
	if (dt_input_load(report.path, &dt) != 0)
		return EXIT_UNUSABLE;
	report.dt = &dt;
	report.model = &model;

	/* The gate boot puts every DTB through before reading it (firmware/boot.c). */
	why = fdt_check_boot_dtb(dt.fdt, &err);
	if (why) {
		/* boot_fail()'s line: "abacus: FATAL: <why>[ (<libfdt error>)]; halting" */
		snprintf(fatal, sizeof(fatal), "abacus: FATAL: %s%s%s%s; halting", why, err ? " (" : "",
			 err ? fdt_strerror(err) : "", err ? ")" : "");
		report.fatal = fatal;
		report.exit_status = EXIT_UNUSABLE;
	} else if (pmu_probe_run(dt.fdt, &model, &probe) != 0) {
		dt_input_free(&dt);
		return EXIT_UNUSABLE;
	} else {
		report.probe = &probe;
		report.exit_status = probe.problems || probe.unusable_ranges || probe.unusable_raw ?
				     EXIT_PROBLEMS : EXIT_CLEAN;
	}

	if (json)
		report_json(stdout, &report);
	else
		report_text(stdout, &report);
	dt_input_free(&dt);
	tool_console_reset();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "abacus-pmu-dt: writing the report: %s\n", strerror(errno));
		return EXIT_UNUSABLE;
	}
	return report.exit_status;
}
