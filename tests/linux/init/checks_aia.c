// SPDX-License-Identifier: BSD-2-Clause
/*
 * Linux 6.12 on an AIA machine (QEMU virt aia=aplic-imsic: group aia-msi;
 * aia=aplic: group aia-direct), with the firmware owning the machine-level
 * controllers (docs/aia.md):
 *
 *   aia-irqchips-probed     the S-level controllers came up: MSI mode, the
 *                           S-level IMSIC gives Linux its IPIs and the APLIC
 *                           forwards its sources to it; direct mode, the
 *                           APLIC drives the harts itself
 *   aia-no-irqchip-errors   no kernel log line of the IMSIC/APLIC drivers
 *                           says fail, error, mismatch, ignor(ed/ing),
 *                           unable or warn (what Linux printed when the
 *                           firmware handed it the M-level IMSIC: "failed to
 *                           setup state (error -114)", "fwnode mismatch")
 *   aia-m-level-hidden      in /sys/firmware/devicetree every machine-level
 *                           IMSIC/APLIC node (hart interrupt 11, or an MSI
 *                           parent at that level) is disabled, every
 *                           supervisor-level one enabled
 *   aia-device-interrupts   the UART's interrupt (ttyS0 in /proc/interrupts,
 *                           an APLIC line) was taken: its source was
 *                           delegated to the S-level domain
 *   aia-no-irq-storm        no "irq N: nobody cared" (an interrupt that keeps
 *                           coming with no device asking: Linux disables it)
 *
 * In MSI mode QEMU 7.2's APLIC sets a level-triggered source pending when
 * Linux 6.12 writes its number to setipnum_le at every EOI (as AIA 4.9.2
 * suggests), though its line is low (AIA 4.7 forbids it; fixed in QEMU 9.0
 * by commit bf31cf06eb): the UART's interrupt storms and Linux disables it,
 * with any firmware. The MSI cases of run-linux.sh therefore describe the
 * UART's interrupt as edge-triggered in the DT (docs/aia.md).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linux_test.h"

#define DT_BASE "/sys/firmware/devicetree/base"
#define MAX_DT_NODES 16

/* ---- The kernel log ---- */

/* Lines of the IMSIC/APLIC drivers that report a problem; printed as notes. */
static unsigned int irqchip_error_lines(const char *log)
{
	static const char *const bad[] = { "fail", "error", "mismatch", "ignor", "unable", "warn" };
	unsigned int n = 0;

	for (const char *line = log; line && *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char buf[512];

		snprintf(buf, sizeof buf, "%.*s", (int)len, line);
		for (char *p = buf; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (strstr(buf, "imsic") || strstr(buf, "aplic"))
			for (unsigned int i = 0; i < sizeof bad / sizeof bad[0]; i++)
				if (strstr(buf, bad[i])) {
					note("  kernel: %.*s", (int)len, line);
					n++;
					break;
				}
		line = end ? end + 1 : NULL;
	}
	return n;
}

/* ---- /proc/interrupts ---- */

/* The Linux IRQ and total count of the /proc/interrupts line naming `action`; false when none. */
static bool irq_line(const char *action, int *irq, unsigned long long *count, char *chip, size_t chip_size)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[512];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof line, f)) {
		char *p = line, *end;
		if (!strstr(line, action))
			continue;
		*irq = (int)strtol(p, &end, 10);
		if (end == p || *end != ':')
			continue;
		p = end + 1;
		*count = 0;
		for (;;) {
			unsigned long long v = strtoull(p, &end, 10);
			if (end == p)
				break;
			*count += v;
			p = end;
		}
		while (*p == ' ')
			p++;
		snprintf(chip, chip_size, "%s", p);
		chip[strcspn(chip, "\n")] = '\0';
		found = true;
	}
	fclose(f);
	return found;
}

/* ---- The DT Linux got ---- */

struct dt_node {
	char path[300];
	uint32_t phandle;
	bool imsic, enabled;
	uint32_t irq;            /* hart interrupt of interrupts-extended, 0 if none */
	uint32_t msi_parent;     /* phandle, 0 if none */
};

static bool dt_read(const char *path, const char *prop, void *buf, size_t size, size_t *len)
{
	char full[512];
	FILE *f;

	snprintf(full, sizeof full, "%s%s/%s", DT_BASE, path, prop);
	f = fopen(full, "r");
	if (!f)
		return false;
	*len = fread(buf, 1, size, f);
	fclose(f);
	return true;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Every riscv,imsics / riscv,aplic node under /soc. */
static int dt_aia_nodes(struct dt_node *nodes, int max)
{
	DIR *d = opendir(DT_BASE "/soc");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) && n < max) {
		struct dt_node *nd = &nodes[n];
		char compat[128], status[16];
		unsigned char cells[8];
		size_t len;

		if (e->d_name[0] == '.')
			continue;
		snprintf(nd->path, sizeof nd->path, "/soc/%s", e->d_name);
		if (!dt_read(nd->path, "compatible", compat, sizeof compat - 1, &len))
			continue;
		compat[len] = '\0';
		/* compatible is a list of NUL-separated strings */
		bool imsic = false, aplic = false;
		for (size_t i = 0; i < len; i += strlen(compat + i) + 1) {
			imsic |= !strcmp(compat + i, "riscv,imsics");
			aplic |= !strcmp(compat + i, "riscv,aplic");
		}
		if (!imsic && !aplic)
			continue;
		nd->imsic = imsic;
		nd->enabled = !dt_read(nd->path, "status", status, sizeof status - 1, &len) ||
			      (status[len] = '\0', !strcmp(status, "okay") || !strcmp(status, "ok"));
		nd->phandle = dt_read(nd->path, "phandle", cells, 4, &len) && len == 4 ? be32(cells) : 0;
		nd->irq = dt_read(nd->path, "interrupts-extended", cells, 8, &len) && len == 8 ? be32(cells + 4) : 0;
		nd->msi_parent = dt_read(nd->path, "msi-parent", cells, 4, &len) && len == 4 ? be32(cells) : 0;
		n++;
	}
	closedir(d);
	return n;
}

/* 11 = machine level, 9 = supervisor level, 0 unknown. */
static uint32_t dt_level(const struct dt_node *nodes, int n, const struct dt_node *nd)
{
	if (nd->msi_parent)
		for (int i = 0; i < n; i++)
			if (nodes[i].phandle == nd->msi_parent)
				return nodes[i].irq;
	return nd->irq;
}

static void check_dt_levels(void)
{
	struct dt_node nodes[MAX_DT_NODES];
	int n = dt_aia_nodes(nodes, MAX_DT_NODES);
	unsigned int m = 0, s = 0, wrong = 0;

	for (int i = 0; i < n; i++) {
		uint32_t level = dt_level(nodes, n, &nodes[i]);
		bool ok = level == 11 ? !nodes[i].enabled : level == 9 ? nodes[i].enabled : false;
		m += level == 11;
		s += level == 9;
		wrong += !ok;
		note("dt: %s: %s-level, %s", nodes[i].path, level == 11 ? "machine" : level == 9 ? "supervisor" : "unknown",
		     nodes[i].enabled ? "enabled" : "disabled");
	}
	check(n > 0 && m > 0 && s > 0 && !wrong, "aia-m-level-hidden",
	      "%d AIA nodes: %u machine-level, %u supervisor-level, %u enabled at the wrong level (or unknown)", n, m, s,
	      wrong);
}

void run_aia_checks(bool msi)
{
	const char *log = kernel_log();
	bool probed;
	int uart_irq = -1;
	unsigned long long uart_count = 0;
	char chip[128] = "";
	unsigned int storms = 0;

	if (msi)
		probed = strstr(log, "riscv-imsic: ") && strstr(log, "providing IPIs using interrupt") &&
			 strstr(log, "interrupts forwarded to MSI base");
	else
		probed = strstr(log, "riscv-aplic ") && strstr(log, "interrupts directly connected to");
	check(probed, "aia-irqchips-probed", "no %s line in the kernel log",
	      msi ? "IMSIC IPI / APLIC \"forwarded to MSI base\"" : "APLIC \"directly connected\"");

	unsigned int errors = irqchip_error_lines(log);
	check(errors == 0, "aia-no-irqchip-errors", "%u IMSIC/APLIC error lines in the kernel log", errors);

	check_dt_levels();

	bool have_uart = irq_line("ttyS0", &uart_irq, &uart_count, chip, sizeof chip);
	note("/proc/interrupts: ttyS0 is IRQ %d, %llu interrupts, %s", uart_irq, uart_count, chip);
	check(have_uart && uart_count > 0 && strstr(chip, "APLIC"), "aia-device-interrupts",
	      "ttyS0 %s, %llu interrupts (%s)", have_uart ? "found" : "not in /proc/interrupts", uart_count, chip);

	for (const char *p = strstr(log, "nobody cared"); p; p = strstr(p + 1, "nobody cared")) {
		const char *line = p;
		int irq = -1;
		while (line > log && line[-1] != '\n')
			line--;
		const char *q = strstr(line, "irq ");
		if (q && q < p)
			irq = atoi(q + 4);
		storms++;
		note("kernel: irq %d: nobody cared%s", irq, irq == uart_irq ? " (the UART's)" : "");
	}
	check(!storms, "aia-no-irq-storm", "%u \"nobody cared\" lines in the kernel log", storms);
}
