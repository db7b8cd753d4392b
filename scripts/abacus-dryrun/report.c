/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the dry run found: the boot log as the firmware printed it, and the
 * decisions, read from the firmware's own state after its boot (the hart
 * table, the memory map, the devices the drivers registered) and from what
 * the probes did (watch.c). One line per decision, harts with the same
 * answer in one group, so that a table of these (tests/tools/dry-run-golden.txt)
 * shows in review every decision a change moves.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "aia.h"
#include "devices.h"
#include "dryrun.h"
#include "fdt_helpers.h"
#include "hart_ext.h"
#include "image_layout.h"
#include "platform.h"
#include "pmu.h"
#include "riscv_csr.h"
#include "sbi_boot.h"
#include "sbi_memory.h"
#include "sbi_pmp.h"
#include "sbi_spec.h"
#include "timer_device.h"

#define TEXT 1024

/* ---- Text helpers ---- */

struct text {
	char buf[TEXT];
	size_t len;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len >= sizeof(t->buf) - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, sizeof(t->buf) - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < sizeof(t->buf) ? t->len + (size_t)n : sizeof(t->buf) - 1;
}

/* A node's name, printable ASCII only (a DT is input); a few at a time may be in use. */
static const char *node_name(const void *fdt, int node)
{
	static char bufs[4][64];
	static unsigned int next;
	char *buf = bufs[next++ % 4];
	const char *name = node >= 0 ? fdt_get_name(fdt, node, NULL) : NULL;
	size_t n = 0;

	if (!name || !*name)
		return node == 0 ? "/" : "?";
	for (; name[n] && n + 1 < sizeof(bufs[0]); n++)
		buf[n] = name[n] >= ' ' && name[n] <= '~' ? name[n] : '?';
	buf[n] = '\0';
	return buf;
}

/* The node's compatible strings, space-separated (printable ASCII only: a DT is input). */
static const char *compatibles(const void *fdt, int node)
{
	static char buf[256];
	int len;
	const char *c = fdt_getprop(fdt, node, "compatible", &len);
	size_t n = 0;

	for (int i = 0; c && i < len && n + 1 < sizeof(buf); i++)
		buf[n++] = c[i] == '\0' ? (i + 1 < len ? ' ' : '\0') : c[i] >= ' ' && c[i] <= '~' ? c[i] : '?';
	buf[n < sizeof(buf) ? n : sizeof(buf) - 1] = '\0';
	return buf;
}

/* "hart 3", "harts 0-3" for runs of consecutive harts (in the firmware's hart order) with one answer. */
struct hart_group {
	unsigned long first, last;
	unsigned int count;
	char text[TEXT];
};

static void print_grouped(FILE *out, const char *label, unsigned int n, const unsigned long *hartids,
			  char (*texts)[TEXT])
{
	for (unsigned int i = 0; i < n;) {
		unsigned int j = i + 1;

		while (j < n && hartids[j] == hartids[j - 1] + 1 && strcmp(texts[j], texts[i]) == 0)
			j++;
		if (j - i > 1)
			fprintf(out, "%-11s: harts %lu-%lu: %s\n", label, hartids[i], hartids[j - 1], texts[i]);
		else
			fprintf(out, "%-11s: hart %lu: %s\n", label, hartids[i], texts[i]);
		label = "";
		i = j;
	}
}

/* "0-3, 5" */
static void add_hartids(struct text *t, const unsigned long *ids, unsigned int n)
{
	for (unsigned int i = 0; i < n;) {
		unsigned int j = i + 1;
		while (j < n && ids[j] == ids[j - 1] + 1)
			j++;
		add(t, "%s%lu", i ? ", " : "", ids[i]);
		if (j - i > 1)
			add(t, "-%lu", ids[j - 1]);
		i = j;
	}
}

/* ---- Decisions ---- */

/* The line that says why the boot stopped: a FATAL one, or boot_finish's "nothing to boot". */
static const char *fatal_line(void)
{
	for (size_t i = 0; i < boot_log.count; i++)
		if (strstr(boot_log.lines[i].text, "abacus: FATAL: ") || strstr(boot_log.lines[i].text, "nothing to boot"))
			return boot_log.lines[i].text + strlen("abacus: ");
	return NULL;
}

static void print_boot(FILE *out, const struct dryrun_result *r, bool offered)
{
	const char *fatal = fatal_line();

	/* A hart that took a trap the firmware cannot go on from, in its set-up or at boot's end. */
	for (unsigned int i = 0; i < machine.nr_harts; i++)
		if (machine.harts[i].stop == STOP_FATAL_TRAP)
			fprintf(out, "trap       : hart %lu: %s\n", machine.harts[i].hartid, machine.harts[i].stop_detail);
	if (r->finished && !offered)
		fprintf(out, "boot       : stops at its end on boot hart %lu: no hart can run S-mode, nothing to boot\n",
			boot_hartid);
	else if (r->finished && r->smode_fdt)
		fprintf(out, "boot       : to the next stage (boot hart %lu; S-mode's DT fixed up, %lu bytes)\n",
			boot_hartid, (unsigned long)r->smode_fdt_size);
	else if (r->finished)
		fprintf(out, "boot       : to the next stage (boot hart %lu; S-mode's DT not fixed up: see the log)\n",
			boot_hartid);
	else if (!r->released)
		fprintf(out, "boot       : stops in cold boot on hart %lu: %s\n", r->cold_hartid,
			fatal ? fatal : r->stop_why);
	else
		fprintf(out, "boot       : stops on boot hart %lu: %s\n", boot_hartid, fatal ? fatal : r->stop_why);
}

static void print_platform(FILE *out, const void *fdt, const struct dryrun_result *r)
{
	int len;
	const char *root = fdt_getprop(fdt, 0, "compatible", &len);
	struct text t = { 0 };

	if (platform == &platform_quirk_generic)
		fprintf(out, "quirk      : none (generic): no quirk names %s\n", root && len > 0 ? root : "the root");
	else
		fprintf(out, "quirk      : %s\n", platform->name);
	for (unsigned int i = 0; i < sbi_memory.ram_count; i++)
		add(&t, "%s0x%lx-0x%lx", i ? ", " : "", (unsigned long)sbi_memory.ram[i].base,
		    (unsigned long)(sbi_memory.ram[i].base + sbi_memory.ram[i].size - 1));
	fprintf(out, "RAM        : %s\n", t.len ? t.buf : "none");
	if (r->released)
		fprintf(out, "firmware   : 0x%lx-0x%lx (%lu KiB), loaded at the %s\n", (unsigned long)sbi_memory.fw_base,
			(unsigned long)(sbi_memory.fw_base + sbi_memory.fw_size - 1),
			(unsigned long)(sbi_memory.fw_size >> 10), r->fw_base == sbi_memory.fw_base &&
			r->fw_base == sbi_memory.ram[0].base ? "start of RAM" : "address asked for");
}

/* Why a kept hart has no S-mode: no S in misa, or a PMP that cannot deny what it must. */
static const char *m_mode_why(const struct hart_state *hs)
{
	const struct machine_hart *h = machine_hart_by_id(hs->hartid);

	if (h && !h->misa_s)
		return "no S-mode";
	if (hs->pmp_denied < sbi_memory.denied_count)
		return "PMP cannot deny the firmware's regions";
	return "S-mode withheld";
}

static void print_harts(FILE *out, const void *fdt)
{
	unsigned long *ids = calloc(machine.nr_harts + 1, sizeof(*ids));
	struct text t = { 0 };
	unsigned int n = 0;

	add(&t, "%u cpu node%s", machine.nr_harts, machine.nr_harts == 1 ? "" : "s");
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_offered_to_smode(hart_table[i]))
			ids[n++] = hart_table[i]->hartid;
	add(&t, "; S-mode: ");
	if (n)
		add_hartids(&t, ids, n);
	else
		add(&t, "none");
	for (unsigned int i = 0; i < hart_count; i++)
		if (!hart_offered_to_smode(hart_table[i]))
			add(&t, "; hart %lu M-mode only (%s)", hart_table[i]->hartid, m_mode_why(hart_table[i]));
	/* Left out by cold boot (no IPI doorbell), or by the boot hart's deadline (a hart whose set-up stopped). */
	for (unsigned int state = HART_BOOT_NO_IPI; state <= HART_BOOT_LATE; state++) {
		n = 0;
		for (unsigned int i = hart_count; i < hart_count + hart_left_out_count; i++)
			if (hart_table[i]->boot_state == state)
				ids[n++] = hart_table[i]->hartid;
		if (!n)
			continue;
		add(&t, state == HART_BOOT_NO_IPI ? "; left out, no IPI doorbell: " : "; left out, not set up in time: ");
		add_hartids(&t, ids, n);
	}
	n = 0;
	for (unsigned int i = 0; i < machine.nr_harts; i++)
		if (!machine.harts[i].enabled)
			ids[n++] = machine.harts[i].hartid;
	if (n) {
		add(&t, "; disabled in the DT: ");
		add_hartids(&t, ids, n);
	}
	fprintf(out, "harts      : %s\n", t.buf);
	free(ids);
	(void)fdt;
}

/* The hart model of every hart, grouped. */
static void print_models(FILE *out)
{
	unsigned long *ids = calloc(machine.nr_harts + 1, sizeof(*ids));
	char (*texts)[TEXT] = calloc(machine.nr_harts + 1, TEXT);

	for (unsigned int i = 0; i < machine.nr_harts; i++) {
		const struct machine_hart *h = &machine.harts[i];
		struct text t = { 0 };
		ids[i] = h->hartid;
		add(&t, "%s (%s); PMP %u x %lu B, %u trigger%s%s", h->model.preset, h->model_source, h->model.pmp_entries,
		    h->model.pmp_granule, h->model.triggers, h->model.triggers == 1 ? "" : "s",
		    h->model.menvcfg ? "" : ", no menvcfg");
		memcpy(texts[i], t.buf, TEXT);
	}
	print_grouped(out, "hart model", machine.nr_harts, ids, texts);
	free(ids);
	free(texts);
}

/*
 * The firmware's own lines that start with prefix (its harts and AIA lines),
 * without "abacus: " (without all of prefix when strip).
 */
static void print_log_lines(FILE *out, const char *label, const char *prefix, const char *except, bool strip)
{
	for (size_t i = 0; i < boot_log.count; i++) {
		const char *l = boot_log.lines[i].text;
		if (strncmp(l, prefix, strlen(prefix)) != 0 || (except && strncmp(l, except, strlen(except)) == 0))
			continue;
		fprintf(out, "%-11s: %s\n", label, l + (strip ? strlen(prefix) : strlen("abacus: ")));
		label = "";
	}
}

/* The compatible string of d's that node matches (which of a driver's devices it is: thead,c900-clint). */
static const char *matched_compatible(const struct dt_driver *d, const void *fdt, int node)
{
	int len;
	const char *compat = fdt_getprop(fdt, node, "compatible", &len);

	for (const char *const *c = d->compatible; compat && *c; c++)
		if (fdt_stringlist_contains(compat, len, *c))
			return *c;
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
		add(t, "%s (%s: %s)", node_name(fdt, r->node), d->name, matched_compatible(d, fdt, r->node));
	else
		add(t, "%s (%s)", node_name(fdt, r->node), compatibles(fdt, r->node));
}

static void print_timer_ipi(FILE *out, const void *fdt)
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
		if (strncmp(l, name, n) == 0 && strncmp(l + n, ": ", 2) == 0)
			l += n + 2;     /* the node is named already */
		add(t, "%s", l);
	} else {
		add(t, "%s declined it", p->driver->name);
	}
	return true;
}

static void print_console(FILE *out, const void *fdt)
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

static void print_reset(FILE *out, const void *fdt)
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
			    watch.probes[p].driver->name);
	}
	fprintf(out, "reset      : %s\n", t.buf);
	if (from.len)
		fprintf(out, "%-11s  from %s\n", "", from.buf);
}

/* The PMP entries pmp_deny wrote, decoded: NAPOT ranges and TOR pairs, and the allow-all entry. */
static void add_pmp_plan(struct text *t, const struct machine_hart *h)
{
	unsigned long prev = 0;

	for (unsigned int i = 0; i < h->pmp_used; i++) {
		unsigned long a = h->pmpaddr[i];
		uint8_t cfg = h->pmpcfg[i];
		const char *perm = (cfg & (PMP_R | PMP_W | PMP_X)) ? "rwx" : "---";

		if ((cfg & PMP_A_NAPOT) == PMP_A_NAPOT) {
			unsigned int ones = ~a ? (unsigned int)__builtin_ctzl(~a) : 64;
			if (ones >= 62) {
				add(t, "%s%s everything", i ? ", " : "", perm);
			} else {
				unsigned long size = 1UL << (ones + 3), base = (a << 2) & ~(size - 1);
				add(t, "%s%s 0x%lx-0x%lx", i ? ", " : "", perm, base, base + size - 1);
			}
		} else if ((cfg & PMP_A_NAPOT) == PMP_A_TOR) {
			add(t, "%s%s 0x%lx-0x%lx (TOR)", i ? ", " : "", perm, prev << 2, (a << 2) - 1);
		}
		prev = a;
	}
}

static void print_pmp(FILE *out)
{
	unsigned long *ids = calloc(hart_count + 1, sizeof(*ids));
	char (*texts)[TEXT] = calloc(hart_count + 1, TEXT);
	struct text denied = { 0 };

	for (unsigned int r = 0; r < sbi_memory.denied_count; r++)
		add(&denied, "%s%s 0x%lx-0x%lx", r ? ", " : "", sbi_memory.denied[r].name,
		    (unsigned long)sbi_memory.denied[r].base,
		    (unsigned long)(sbi_memory.denied[r].base + sbi_memory.denied[r].size - 1));
	fprintf(out, "denied     : %s\n", denied.len ? denied.buf : "nothing");
	for (unsigned int i = 0; i < hart_count; i++) {
		const struct hart_state *hs = hart_table[i];
		const struct machine_hart *h = machine_hart_by_id(hs->hartid);
		struct text t = { 0 };

		ids[i] = hs->hartid;
		add(&t, "%u of %u entries: ", h ? h->pmp_used : 0, hs->pmp_count);
		if (h && h->pmp_used)
			add_pmp_plan(&t, h);
		else
			add(&t, "none written");
		if (hs->pmp_denied < sbi_memory.denied_count)
			add(&t, "; cannot deny %u of %u regions: S-mode withheld", sbi_memory.denied_count - hs->pmp_denied,
			    sbi_memory.denied_count);
		memcpy(texts[i], t.buf, TEXT);
	}
	if (hart_count)
		print_grouped(out, "PMP", hart_count, ids, texts);
	free(ids);
	free(texts);
}

static void print_pmu(FILE *out, const void *fdt)
{
	bool node = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu") >= 0;
	bool quirk_map = platform->pmu && platform->pmu->default_map;
	const struct pmu_event_map *m = &pmu_event_map;

	if (!node && !quirk_map) {
		fprintf(out, "PMU        : empty map: no riscv,pmu node, and the quirk (%s) has no default map\n",
			platform->name);
		return;
	}
	fprintf(out, "PMU        : %s map from %s: %u event ranges, %u selectors, %u raw ranges\n",
		m->range_count || m->selector_count || m->raw_count ? "a" : "an empty",
		node ? "the riscv,pmu node" : "the quirk's default", m->range_count, m->selector_count, m->raw_count);
}

static const char *const fwft_names[SBI_FWFT_FEATURE_COUNT] = {
	"MISALIGNED_EXC_DELEG", "LANDING_PAD", "SHADOW_STACK", "DOUBLE_TRAP", "PTE_AD_HW_UPDATING",
	"POINTER_MASKING_PMLEN",
};

static void print_sbi3(FILE *out)
{
	unsigned long *ids = calloc(hart_count + 1, sizeof(*ids));
	char (*texts)[TEXT] = calloc(hart_count + 1, TEXT);
	unsigned int n = 0;

	for (unsigned int i = 0; i < hart_count; i++) {
		const struct hart_state *hs = hart_table[i];
		const struct hart_ext *ext = hs->ext;
		struct text t = { 0 };
		bool any = false;

		if (!hart_offered_to_smode(hs))
			continue;
		ids[n] = hs->hartid;
		add(&t, "SSE local software%s%s; FWFT",
		    (ext->sse.supported_local >> SSE_LOCAL_PMU_OVERFLOW) & 1 ? ", PMU overflow" : "",
		    (ext->sse.supported_local >> SSE_LOCAL_DOUBLE_TRAP) & 1 ? ", double trap" : "");
		for (unsigned int f = 0; f < SBI_FWFT_FEATURE_COUNT; f++)
			if ((ext->fwft.supported >> f) & 1) {
				add(&t, "%s %s", any ? "," : "", fwft_names[f]);
				any = true;
			}
		if (!any)
			add(&t, " none");
		add(&t, "; DBTR %u trigger%s", ext->dbtr.trig_max, ext->dbtr.trig_max == 1 ? "" : "s");
		memcpy(texts[n++], t.buf, TEXT);
	}
	if (n)
		print_grouped(out, "SBI 3.0", n, ids, texts);
	free(ids);
	free(texts);
}

/* The drivers' probes: the nodes each took, and the ones it refused or declined, with why. */
static void print_probes(FILE *out, const void *fdt)
{
	struct text used = { 0 };
	const char *label = "not used";

	for (unsigned int i = 0; i < watch.nr_probes; i++) {
		const struct probe_record *p = &watch.probes[i];
		bool seen = false;

		for (unsigned int k = 0; k < i; k++)
			seen |= watch.probes[k].node == p->node && watch.probes[k].result == 0;
		if (p->result == 0 && !seen && strcmp(p->driver->name, "aia") != 0)
			add(&used, "%s%s (%s)", used.len ? ", " : "", node_name(fdt, p->node), p->driver->name);
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
		fprintf(out, "%-11s: %s (%s): %s\n", label, node_name(fdt, p->node), p->driver->name, t.buf);
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

static void print_unrecognised(FILE *out, const void *fdt)
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

static void print_writes_summary(FILE *out, const void *fdt)
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

static void print_writes(FILE *out, const void *fdt)
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

/* ---- The report ---- */

static bool every_offered_hart_has_ipi_and_timer(void)
{
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_offered_to_smode(hart_table[i]) && (!hart_table[i]->ipi_dev || !hart_table[i]->timer_dev))
			return false;
	return true;
}

int report_print(FILE *out, const void *fdt, const struct dryrun_result *r, const struct report_options *o)
{
	bool offered = false;

	for (unsigned int i = 0; i < hart_count; i++)
		offered |= hart_offered_to_smode(hart_table[i]);
	if (o->log) {
		fprintf(out, "boot log (the firmware's lines; [unseen]: printed while there was no console):\n");
		for (size_t i = 0; i < boot_log.count; i++)
			fprintf(out, "  %s%s\n", boot_log.lines[i].unseen ? "[unseen] " : "", boot_log.lines[i].text);
		if (o->decisions)
			fprintf(out, "\ndecisions:\n");
	}
	if (o->decisions && r->dtb_refused) {
		print_boot(out, r, offered);   /* nothing else reads a DTB boot refuses */
	} else if (o->decisions) {
		print_boot(out, r, offered);
		print_platform(out, fdt, r);
		print_models(out);
		if (r->released) {
			print_harts(out, fdt);
			print_log_lines(out, "features", "abacus: hart", "abacus: harts           :", false);
			print_console(out, fdt);
			print_timer_ipi(out, fdt);
			print_reset(out, fdt);
			print_pmp(out);
			print_pmu(out, fdt);
			print_sbi3(out);
			print_log_lines(out, "AIA", "abacus: AIA             : ", NULL, true);
		} else {
			print_console(out, fdt);
		}
		print_probes(out, fdt);
		print_unrecognised(out, fdt);
		print_writes_summary(out, fdt);
	}
	if (o->writes)
		print_writes(out, fdt);
	for (unsigned int i = 0; i < machine.nr_harts; i++)
		if (machine.harts[i].stop == STOP_FATAL_TRAP)
			return DRYRUN_EXIT_STOPS;
	if (!r->finished || !offered)
		return DRYRUN_EXIT_STOPS;
	if (!console_get_device() || !every_offered_hart_has_ipi_and_timer() ||
	    !reset_supported(SBI_SRST_TYPE_SHUTDOWN) || !reset_supported(SBI_SRST_TYPE_COLD_REBOOT))
		return DRYRUN_EXIT_LACKING;
	return DRYRUN_EXIT_READY;
}

void report_list_drivers(FILE *out)
{
	const struct dt_driver_table tables[] = { DT_DRIVERS(console), DT_DRIVERS(timer_ipi), DT_DRIVERS(reset) };
	extern const struct platform_quirk __start_abacus_platform_quirks[], __stop_abacus_platform_quirks[];

	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct dt_driver *d = tables[t].begin; d < tables[t].end; d++) {
			fprintf(out, "driver %-9s %-16s", driver_kind(d), d->name);
			for (const char *const *c = d->compatible; *c; c++)
				fprintf(out, " %s", *c);
			fprintf(out, "\n");
		}
	for (const struct platform_quirk *q = __start_abacus_platform_quirks; q < __stop_abacus_platform_quirks; q++) {
		fprintf(out, "quirk  %-26s", q->name);
		for (const char *const *c = q->compatible; c && *c; c++)
			fprintf(out, " %s", *c);
		fprintf(out, "\n");
	}
}
