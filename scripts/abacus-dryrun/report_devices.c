/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report's lines about devices (report.c has the rest): each hart's
 * IPI doorbell and timer, the console, reset, what the I2C buses carried,
 * the drivers' probes, the nodes no driver knows, the device writes.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>
#include "devices.h"
#include "dryrun.h"
#include "fdt_helpers.h"
#include "report.h"
#include "timer_device.h"

/* The compatible string of d's that node matches (which of a driver's devices it is: thead,c900-clint). */
static const char *matched_compatible(const struct dt_driver *d, const void *fdt, int node)
{
	int len;
	const char *compat = fdt_getprop(fdt, node, "compatible", &len);

	for (const char *c = d->compatible; compat && *c; c += strlen(c) + 1)
		if (fdt_stringlist_contains(compat, len, c))
			return c;
	return "";
}

/* The node a register lies in, and the driver (and compatible) that took it. */
static void add_device(struct text *t, const void *fdt, const volatile void *reg)
{
	struct device_region *r = devices_region_at((uintptr_t)reg);
	const struct dt_driver *d = r ? driver_matching(fdt, r->node) : NULL;

	if (!r)
		add(t, "0x%lx", (unsigned long)(uintptr_t)reg);
	else if (d)
		add(t, "%s (%s: %s)", node_name(fdt, r->node), dt_driver_name(d), matched_compatible(d, fdt, r->node));
	else
		add(t, "%s (%s)", node_name(fdt, r->node), compatibles(fdt, r->node));
}

void print_timer_ipi(FILE *out, const void *fdt)
{
	unsigned long *ids = calloc(hart_count + 1, sizeof(*ids));
	char (*texts)[TEXT] = calloc(hart_count + 1, TEXT);

	for (unsigned int i = 0; i < hart_count; i++) {
		const struct hart_state *hs = hart_table[i];
		struct text t = { 0 };

		ids[i] = hs->hartid;
		add(&t, "IPI ");
		if (hs->ipi_dev)
			add_device(&t, fdt, hs->ipi_reg);
		else
			add(&t, "none");
		add(&t, ", timer ");
		if (hs->timer_dev)
			add_device(&t, fdt, hs->timer_reg);
		else
			add(&t, "none");
		memcpy(texts[i], t.buf, TEXT);
	}
	if (hart_count)
		print_grouped(out, "timer/IPI", hart_count, ids, texts);
	fprintf(out, "%-11s: %s, timebase %lu Hz\n", hart_count ? "" : "timer/IPI",
		timer_present() ? "time source found" : "no time source", (unsigned long)timer_hz());
	free(ids);
	free(texts);
}

static bool probe_failed_why(const void *fdt, const struct probe_record *p, struct text *t)
{
	if (p->result == 0)
		return false;
	/* The probe's own boot-log line says why (dt_device_reg's refusals), else it declined silently. */
	if (p->log_lines) {
		const char *l = boot_log.lines[p->first_log_line].text, *name = node_name(fdt, p->node);
		size_t n = strlen(name);

		if (strncmp(l, "abacus: ", 8) == 0)
			l += 8;
		const char *what = dt_driver_name(p->driver);
		size_t w = strlen(what);

		if (strncmp(l, name, n) == 0 && strncmp(l + n, ": ", 2) == 0)
			l += n + 2;     /* the node is named already */
		else if (strncmp(l, name, n) == 0 && strncmp(l + n, " (", 2) == 0 && strncmp(l + n + 2, what, w) == 0 &&
			 strncmp(l + n + 2 + w, "): ", 3) == 0)
			l += n + 2 + w + 3;     /* and so is its driver (an I2C device's "not used" line) */
		add(t, "%s", l);
	} else {
		add(t, "%s declined it", dt_driver_name(p->driver));
	}
	return true;
}

void print_console(FILE *out, const void *fdt)
{
	int stdout_node = fdt_stdout_node(fdt);
	const struct console_device *dev = console_get_device();
	struct text t = { 0 };

	if (dev && watch.console_probe >= 0) {
		const struct probe_record *p = &watch.probes[watch.console_probe];
		fprintf(out, "console    : %s (%s), %s\n", node_name(fdt, p->node), dev->name,
			p->node == stdout_node ? "/chosen/stdout-path" : stdout_node >= 0 ?
			"the first UART a driver takes (not /chosen/stdout-path's)" : "the first UART a driver takes");
		if (p->node != stdout_node && stdout_node >= 0) {
			for (unsigned int i = 0; i < watch.nr_probes; i++)
				if (watch.probes[i].node == stdout_node && probe_failed_why(fdt, &watch.probes[i], &t))
					break;
			fprintf(out, "%-11s  stdout-path %s: %s\n", "", node_name(fdt, stdout_node),
				t.len ? t.buf : driver_matching(fdt, stdout_node) ? "not taken" : "no driver knows it");
		}
		return;
	}
	add(&t, "none: ");
	if (stdout_node >= 0)
		add(&t, "stdout-path %s ", node_name(fdt, stdout_node));
	{
		unsigned int tried = 0;
		for (unsigned int i = 0; i < watch.nr_probes; i++) {
			const struct probe_record *p = &watch.probes[i];
			if (strcmp(p->kind, "console") != 0)
				continue;
			add(&t, "%s%s: ", tried++ ? "; " : stdout_node >= 0 ? "(" : "", node_name(fdt, p->node));
			probe_failed_why(fdt, p, &t);
		}
		if (!tried)
			add(&t, "%sno UART a console driver knows", stdout_node >= 0 ? "(" : "");
		if (stdout_node >= 0)
			add(&t, ")");
	}
	fprintf(out, "console    : %s\n", t.buf);
}

static const char *const reset_type_names[] = { "shutdown", "cold reboot", "warm reboot" };

void print_reset(FILE *out, const void *fdt)
{
	struct text t = { 0 }, from = { 0 };

	for (unsigned long type = 0; type < 3; type++) {
		unsigned int found = 0;
		add(&t, "%s%s: ", type ? "; " : "", reset_type_names[type]);
		for (enum reset_slot slot = 0; slot < RESET_SLOTS; slot++) {
			for (unsigned int i = 0; i < watch.nr_resets; i++) {
				const struct reset_device *d = watch.resets[i].device;
				bool seen = false;
				if (d->slot != slot || !d->supported(type))
					continue;
				for (unsigned int k = 0; k < i; k++)
					seen |= watch.resets[k].device == d;
				if (!seen)
					add(&t, "%s%s", found++ ? ", then " : "", d->name);
			}
		}
		if (!found)
			add(&t, "none");
	}
	for (unsigned int i = 0; i < watch.nr_resets; i++) {
		int p = watch.resets[i].probe;
		if (p < 0)
			add(&from, "%s%s (the quirk's)", from.len ? ", " : "", watch.resets[i].device->name);
		else
			add(&from, "%s%s (%s)", from.len ? ", " : "", node_name(fdt, watch.probes[p].node),
			    dt_driver_name(watch.probes[p].driver));
	}
	fprintf(out, "reset      : %s\n", t.buf);
	if (from.len)
		fprintf(out, "%-11s  from %s\n", "", from.buf);
}

/*
 * Each I2C bus the boot used (a PMIC's probe), one line: the devices its
 * starts addressed and what was on the wires (tests/host/i2c_models/
 * i2c_models.h: S<address byte> a start, "-" not acknowledged; W<byte>
 * written; R<byte> read, "n" answered NACK; P a stop). A device the DT
 * names answers; the dry run models the chips its PMIC drivers read (what
 * they answer is the sources' the drivers cite), another answers with
 * registers that read 0 until written ("no model"); an address the DT
 * names no device at does not answer.
 */
void print_i2c(FILE *out, const void *fdt)
{
	const char *label = "i2c";

	for (unsigned int i = 0; i < devices.nr_regions; i++) {
		struct i2c_controller_model *m = devices.regions[i].i2c;
		struct text t = { 0 };
		unsigned int n = 0;

		if (!m || !m->wires.events)
			continue;
		add(&t, "%s (%s)", node_name(fdt, devices.regions[i].node), m->name);
		for (unsigned int k = 0; k < m->wires.nr_devices; k++) {
			const struct i2c_sim_device *d = &m->wires.devices[k];
			if (!d->addressed)
				continue;
			add(&t, "%s0x%02x %s (%s)", n++ ? ", " : " to ", d->addr, node_name(fdt, d->node),
			    d->chip ? d->chip->name : "no model: answers, its registers read 0 until written");
		}
		for (unsigned int a = 0; a < 128; a++)
			if (m->wires.nobody[a / 8] >> (a % 8) & 1)
				add(&t, "%s0x%02x (no DT node there: no answer)", n++ ? ", " : " to ", a);
		add(&t, ": %s", m->wires.log);
		fprintf(out, "%-11s: %s\n", label, t.buf);
		label = "";
	}
}

/* The drivers' probes: the nodes each took, and the ones it refused or declined, with why. */
void print_probes(FILE *out, const void *fdt)
{
	struct text used = { 0 };
	const char *label = "not used";

	for (unsigned int i = 0; i < watch.nr_probes; i++) {
		const struct probe_record *p = &watch.probes[i];
		bool seen = false;

		for (unsigned int k = 0; k < i; k++)
			seen |= watch.probes[k].node == p->node && watch.probes[k].result == 0;
		if (p->result == 0 && !seen && strcmp(dt_driver_name(p->driver), "aia") != 0)
			add(&used, "%s%s (%s)", used.len ? ", " : "", node_name(fdt, p->node), dt_driver_name(p->driver));
	}
	fprintf(out, "drivers    : %s\n", used.len ? used.buf : "none took a node");
	for (unsigned int i = 0; i < watch.nr_probes; i++) {
		const struct probe_record *p = &watch.probes[i];
		struct text t = { 0 };
		bool again = false;

		for (unsigned int k = 0; k < i; k++)
			again |= watch.probes[k].node == p->node && watch.probes[k].driver == p->driver;
		if (again || !probe_failed_why(fdt, p, &t))
			continue;
		fprintf(out, "%-11s: %s (%s): %s\n", label, node_name(fdt, p->node), dt_driver_name(p->driver), t.buf);
		label = "";
	}
}

/*
 * Nodes of the kinds a firmware usually drives that no driver of this one
 * matches: by compatible or node name. PLICs are S-mode's (the firmware
 * takes no external interrupt there), and so is every cpu's own intc.
 */
static const struct {
	const char *kind;
	const char *const names[6];       /* node name prefixes */
	const char *const compatibles[8];  /* substrings of a compatible string */
} classes[] = {
	{ "UART", { "serial", "uart" }, { "uart", "16550", "8250", "serial", "scif" } },
	{ "timer/IPI", { "timer", "clint" }, { "timer", "clint", "mtimer", "mswi", "plmt" } },
	{ "interrupt controller", { "interrupt-controller" }, { "aplic", "imsic", "plicsw", "intc" } },
	{ "reset", { "poweroff", "reboot", "restart", "power-off" }, { "poweroff", "reboot", "restart", "power-off", "sysreset" } },
	{ "PMIC", { "pmic" }, { "pmic" } },
	{ "watchdog", { "watchdog", "wdt" }, { "watchdog", "wdt" } },
};

static bool stringlist_has_substring(const char *list, int len, const char *sub)
{
	for (int i = 0; i < len; i += (int)strnlen(list + i, len - i) + 1)
		if (strstr(list + i, sub))
			return true;
	return false;
}

static const char *node_kind(const void *fdt, int node)
{
	const char *name = fdt_get_name(fdt, node, NULL);
	int len;
	const char *compat = fdt_getprop(fdt, node, "compatible", &len);

	/* A node without a compatible is no device (a pin group, a GPIO line's settings). */
	if (!name || !compat)
		return NULL;
	/* The PLIC (S-mode's) and each cpu's interrupt controller are not the firmware's. */
	if (stringlist_has_substring(compat, len, "plic") && !stringlist_has_substring(compat, len, "plicsw"))
		return NULL;
	if (fdt_stringlist_contains(compat, len, "riscv,cpu-intc"))
		return NULL;
	for (size_t c = 0; c < sizeof(classes) / sizeof(classes[0]); c++) {
		for (size_t k = 0; k < 6 && classes[c].names[k]; k++)
			if (strncmp(name, classes[c].names[k], strlen(classes[c].names[k])) == 0)
				return classes[c].kind;
		for (size_t k = 0; k < 8 && classes[c].compatibles[k]; k++)
			if (stringlist_has_substring(compat, len, classes[c].compatibles[k]))
				return classes[c].kind;
	}
	return NULL;
}

void print_unrecognised(FILE *out, const void *fdt)
{
	const char *label = "no driver";
	int node, depth = 0;
	unsigned int n = 0;

	for (node = fdt_next_node(fdt, -1, &depth); node >= 0; node = fdt_next_node(fdt, node, &depth)) {
		const char *kind = node_kind(fdt, node);

		if (!kind || !fdt_node_is_enabled(fdt, node) || driver_matching(fdt, node))
			continue;
		fprintf(out, "%-11s: %s %s (%s)\n", label, kind, node_name(fdt, node), compatibles(fdt, node));
		label = "";
		n++;
	}
	if (!n)
		fprintf(out, "%-11s: none (UARTs, timers, interrupt controllers, resets, PMICs, watchdogs)\n", label);
}

void print_writes_summary(FILE *out, const void *fdt)
{
	struct text t = { 0 };

	for (unsigned int i = 0; i < devices.nr_regions; i++) {
		const struct device_region *r = &devices.regions[i];
		if (!r->writes)
			continue;
		add(&t, "%s%s %u", t.len ? ", " : "", node_name(fdt, r->node), r->writes);
		if (r->probe_writes)
			add(&t, " (%u in its probe)", r->probe_writes);
	}
	fprintf(out, "writes     : %s\n", t.len ? t.buf : "none");
}

void print_writes(FILE *out, const void *fdt)
{
	fprintf(out, "\ndevice writes (recorded, not done):\n");
	for (unsigned int i = 0; i < devices.nr_writes; i++) {
		const struct device_write *w = &devices.writes[i];
		fprintf(out, "  hart %lu%s: %s+0x%lx <- 0x%lx (%u bytes)\n", w->hartid, w->in_probe ? " (probe)" : "",
			node_name(fdt, w->region->node), (unsigned long)(w->addr - w->region->base),
			(unsigned long)w->value, w->width);
	}
	if (!devices.nr_writes)
		fprintf(out, "  none\n");
}

