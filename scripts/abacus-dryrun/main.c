/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * abacus-dryrun: a board's boot before the board is on the desk. The
 * firmware's own boot code (firmware/boot.c from boot_cold_main, every
 * driver's probe, each hart's set-up, the end of boot up to S-mode's DT)
 * runs on the host over the board's DT, on simulated harts and devices
 * (machine.h, devices.h), and the tool prints the boot log and what the
 * firmware decided. See usage() and docs/porting.md, "Before the board:
 * the dry run".
 */
#include <errno.h>
#include <getopt.h>
#include <libfdt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "devices.h"
#include "dryrun.h"
#include "dt_input.h"
#include "fdt_helpers.h"
#include "image_layout.h"

const char dt_input_tool[] = "abacus-dryrun";

static void usage(FILE *out)
{
	fprintf(out,
		"usage: abacus-dryrun [options] FILE.dtb|FILE.dts\n"
		"Boots Abacus on the host over a board's device tree: the firmware's own boot code\n"
		"(cold boot, every driver's probe, each hart's set-up, the end of boot) on simulated\n"
		"harts and devices. Prints the boot log the firmware would print, word for word, and\n"
		"what it decided: quirk, RAM, harts and which get S-mode, console, timer and IPI per\n"
		"hart, reset (a PMIC's over I2C: the controllers and the DT's devices on them are\n"
		"simulated, and what each bus carried is shown), firmware region and PMP plan, PMU\n"
		"map, SSE/FWFT/DBTR per hart, the drivers' probes, and the nodes of kinds a firmware\n"
		"drives that no driver knows.\n"
		"A .dts goes through dtc ($DTC, default dtc) first.\n"
		"\n"
		"  --hart PRESET|auto   the harts (default auto: a preset by each cpu node's compatible,\n"
		"                       else the hart its DT describes); the presets:\n");
	hart_model_list_presets(out);
	fprintf(out,
		"  --fw-base ADDR       where the loader puts the image (default: the lowest RAM address)\n"
		"  --boot-hart HARTID   the hart that wins the boot lottery (default: the first enabled cpu)\n"
		"  --ram BASE:SIZE      RAM as the loader fills it in: a /memory node with this range in place\n"
		"                       of the DT's (Linux's DTs of boards whose loader writes it have none)\n"
		"  --decisions          the decisions only (one block per board: tests/tools/dry-run-golden.txt)\n"
		"  --writes             also every device register write the boot made (recorded, not done)\n"
		"  --smode-dtb FILE     write the DT S-mode would get (fixed up, packed)\n"
		"  --list-drivers       the DT drivers and board quirks built in, and exit\n"
		"  -h, --help\n"
		"\n"
		"The image is the one built with this program (%lu bytes; its build's FW_* defaults).\n"
		"Exit status: 0 the boot reaches the next stage with a console, an IPI and a timer on\n"
		"every hart offered to S-mode, shutdown and reboot; 1 it reaches it without one of\n"
		"those; 2 the DT cannot be read, or bad options; 3 the firmware stops before.\n",
		IMAGE_BYTES);
}

/*
 * The host faults where the hart would have touched a device or memory
 * the dry run does not simulate: code that reaches a register without
 * include/mmio.h (a driver's raw pointer), or memory outside the boot heap.
 * Said plainly, with the address (async-signal-safe: write only).
 */
static void fault(int sig, siginfo_t *info, void *context)
{
	static const char head[] = "abacus-dryrun: the firmware touched address 0x";
	static const char tail[] = ", which the dry run does not simulate: a device register reached without "
				   "include/mmio.h's accessors, or memory outside the boot heap\n";
	char hex[16];
	uintptr_t a = (uintptr_t)info->si_addr;

	(void)context;
	for (int i = 15; i >= 0; i--, a >>= 4)
		hex[i] = "0123456789abcdef"[a & 15];
	if (write(STDERR_FILENO, head, sizeof(head) - 1) < 0 || write(STDERR_FILENO, hex, sizeof(hex)) < 0 ||
	    write(STDERR_FILENO, tail, sizeof(tail) - 1) < 0)
		_exit(DRYRUN_EXIT_STOPS);
	signal(sig, SIG_DFL);
	_exit(DRYRUN_EXIT_STOPS);
}

static int bad_option(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "abacus-dryrun: %s %s: %s (--help)\n", opt, arg, why);
	return DRYRUN_EXIT_UNUSABLE;
}

static bool parse_number(const char *s, unsigned long long *value)
{
	char *end;

	errno = 0;
	*value = strtoull(s, &end, 0);
	return s[0] && s[0] != '-' && !*end && !errno;
}

enum { OPT_HART = 256, OPT_FW_BASE, OPT_BOOT_HART, OPT_RAM, OPT_DECISIONS, OPT_WRITES, OPT_SMODE_DTB, OPT_LIST_DRIVERS };

/*
 * The loader's RAM: every memory node goes, and /memory@<base> with one
 * range comes, in the root's cells. Returns 0, or a libfdt error.
 */
static int set_ram(struct dt_input *dt, uint64_t base, uint64_t size)
{
	size_t room = fdt_totalsize(dt->fdt) + 512;
	void *fdt = malloc(room);
	uint32_t acells, scells, cells[4];
	char name[40];
	int node, err, n = 0;

	if (!fdt)
		return -FDT_ERR_NOSPACE;
	err = fdt_open_into(dt->fdt, fdt, (int)room);
	for (node = fdt_first_subnode(fdt, 0); !err && node >= 0;) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		int next = fdt_next_subnode(fdt, node);

		if (type && strcmp(type, "memory") == 0) {
			err = fdt_del_node(fdt, node);
			next = fdt_first_subnode(fdt, 0);    /* offsets moved */
		}
		node = next;
	}
	acells = fdt_read_u32(fdt, 0, "#address-cells", 2);
	scells = fdt_read_u32(fdt, 0, "#size-cells", 1);
	if (acells == 2)
		cells[n++] = cpu_to_fdt32((uint32_t)(base >> 32));
	cells[n++] = cpu_to_fdt32((uint32_t)base);
	if (scells == 2)
		cells[n++] = cpu_to_fdt32((uint32_t)(size >> 32));
	cells[n++] = cpu_to_fdt32((uint32_t)size);
	snprintf(name, sizeof(name), "memory@%llx", (unsigned long long)base);
	node = err ? err : fdt_add_subnode(fdt, 0, name);
	err = node < 0 ? node : fdt_setprop_string(fdt, node, "device_type", "memory");
	if (!err)
		err = fdt_setprop(fdt, node, "reg", cells, n * 4);
	if (!err)
		err = fdt_pack(fdt);
	if (err) {
		free(fdt);
		return err;
	}
	free(dt->fdt);
	dt->fdt = fdt;
	dt->size = fdt_totalsize(fdt);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "hart", required_argument, NULL, OPT_HART },
		{ "fw-base", required_argument, NULL, OPT_FW_BASE },
		{ "boot-hart", required_argument, NULL, OPT_BOOT_HART },
		{ "ram", required_argument, NULL, OPT_RAM },
		{ "decisions", no_argument, NULL, OPT_DECISIONS },
		{ "writes", no_argument, NULL, OPT_WRITES },
		{ "smode-dtb", required_argument, NULL, OPT_SMODE_DTB },
		{ "list-drivers", no_argument, NULL, OPT_LIST_DRIVERS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dryrun_options o = { .hart = "auto" };
	struct report_options ro = { .log = true, .decisions = true };
	const char *smode_dtb = NULL;
	uint64_t ram_base = 0, ram_size = 0;
	struct dryrun_result r;
	struct dt_input dt;
	unsigned long long v;
	char why[128];
	int opt, status;

	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		switch (opt) {
		case OPT_HART:
			o.hart = optarg;
			break;
		case OPT_FW_BASE:
			if (!parse_number(optarg, &v) || (v & 0xfff))
				return bad_option("--fw-base", optarg, "not a 4 KiB-aligned address");
			o.fw_base = v;
			o.fw_base_set = true;
			break;
		case OPT_BOOT_HART:
			if (!parse_number(optarg, &v))
				return bad_option("--boot-hart", optarg, "not a hartid");
			o.boot_hart = (unsigned long)v;
			o.boot_hart_set = true;
			break;
		case OPT_RAM: {
			char *colon = strchr(optarg, ':');
			unsigned long long size;
			if (!colon || (*colon = '\0', !parse_number(optarg, &v)) || !parse_number(colon + 1, &size) || !size ||
			    v + size < v)
				return bad_option("--ram", optarg, "not BASE:SIZE (0x80000000:0x40000000)");
			*colon = ':';
			ram_base = v;
			ram_size = size;
			break;
		}
		case OPT_DECISIONS:
			ro.log = false;
			break;
		case OPT_WRITES:
			ro.writes = true;
			break;
		case OPT_SMODE_DTB:
			smode_dtb = optarg;
			break;
		case OPT_LIST_DRIVERS:
			report_list_drivers(stdout);
			return 0;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return DRYRUN_EXIT_UNUSABLE;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return DRYRUN_EXIT_UNUSABLE;
	}
	if (strcmp(o.hart, "auto") != 0) {
		struct hart_model m;
		if (!hart_model_preset(o.hart, &m))
			return bad_option("--hart", o.hart, "no such preset");
	}
	if (dt_input_load(argv[optind], &dt) != 0)
		return DRYRUN_EXIT_UNUSABLE;
	/* Boot's own gate: nothing here reads a DTB the firmware would refuse (it stops at once). */
	o.dtb_refused = fdt_check_boot_dtb(dt.fdt, &status) != NULL;
	if (!o.dtb_refused && ram_size && (status = set_ram(&dt, ram_base, ram_size)) != 0) {
		fprintf(stderr, "abacus-dryrun: --ram: %s\n", fdt_strerror(status));
		return DRYRUN_EXIT_UNUSABLE;
	}
	if (devices_init(o.dtb_refused ? NULL : dt.fdt) != 0 ||
	    machine_init(o.dtb_refused ? NULL : dt.fdt, o.hart, why, sizeof(why)) != 0) {
		fprintf(stderr, "abacus-dryrun: %s\n", why);
		return DRYRUN_EXIT_UNUSABLE;
	}
	if (o.boot_hart_set && !machine_hart_by_id(o.boot_hart))
		return bad_option("--boot-hart", "", "no cpu node has that hartid");
	{
		struct sigaction sa = { .sa_sigaction = fault, .sa_flags = SA_SIGINFO };
		sigemptyset(&sa.sa_mask);
		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGBUS, &sa, NULL);
	}
	if (dryrun_boot(dt.fdt, &o, &r) != 0)
		return DRYRUN_EXIT_UNUSABLE;
	status = report_print(stdout, dt.fdt, &r, &ro);
	if (smode_dtb) {
		FILE *f = r.smode_fdt ? fopen(smode_dtb, "wb") : NULL;
		if (!f || fwrite(r.smode_fdt, 1, r.smode_fdt_size, f) != r.smode_fdt_size || fclose(f) != 0) {
			fprintf(stderr, "abacus-dryrun: %s: %s\n", smode_dtb,
				r.smode_fdt ? strerror(errno) : "the boot did not reach S-mode's DT");
			status = DRYRUN_EXIT_UNUSABLE;
		}
	}
	free(r.smode_fdt);
	dt_input_free(&dt);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "abacus-dryrun: writing the report: %s\n", strerror(errno));
		return DRYRUN_EXIT_UNUSABLE;
	}
	return status;
}
