/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the dry run found: the boot log as the firmware printed it, and the
 * decisions, read from the firmware's own state after its boot (the hart
 * table, the memory map, the devices the drivers registered) and from what
 * the probes did (watch.c). One line per decision, harts with the same
 * answer in one group, so that a table of these (tests/tools/dry-run-golden.txt)
 * shows in review every decision a change moves. The devices' lines are
 * report_devices.c's.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "dryrun.h"
#include "fdt_helpers.h"
#include "fw_dynamic.h"
#include "hart_ext.h"
#include "platform.h"
#include "pmu/pmu.h"
#include "report.h"
#include "riscv_csr.h"
#include "format.h"
#include "memory_map.h"
#include "pmp.h"
#include "sbi_spec.h"

/* ---- Text helpers (report.h) ---- */

void add(struct text *t, const char *fmt, ...)
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
const char *node_name(const void *fdt, int node)
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
const char *compatibles(const void *fdt, int node)
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

void print_grouped(FILE *out, const char *label, unsigned int n, const unsigned long *hartids, char (*texts)[TEXT])
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
void add_hartids(struct text *t, const unsigned long *ids, unsigned int n)
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
	for (size_t i = 0; i < boot_log.count; i++) {
		const char *l = boot_log.lines[i].text;
		/* A line's start only: a DT's words inside a line (its model) are no FATAL line. */
		if (strncmp(l, "abacus: FATAL: ", 15) == 0 || (strncmp(l, "abacus: ", 8) == 0 && strstr(l, "nothing to boot")))
			return l + strlen("abacus: ");
	}
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
	char first[128];   /* its first string, printable only (a DT is input) */
	const struct platform_hooks *hooks = platform->hooks;

	if (platform == &platform_quirk_generic)
		fprintf(out, "quirk      : none (generic): no quirk names %s\n",
			root && len > 0 ? format_printable(first, sizeof(first), root, (size_t)len) : "the root");
	else
		fprintf(out, "quirk      : %s\n", platform->name);
	/* The harts whose trap vector is the stale-TLB erratum's (the quirk's trap_flushes_tlb). */
	{
		extern char trap_entry_flush_tlb[];
		unsigned int flushing = 0;

		for (unsigned int i = 0; i < machine.nr_harts; i++)
			flushing += machine.harts[i].csr.mtvec == (unsigned long)(uintptr_t)trap_entry_flush_tlb;
		if (flushing)
			fprintf(out, "trap entry : every trap into M-mode flushes the TLB first (stale-TLB erratum), "
				"on %u hart%s\n", flushing, flushing > 1 ? "s" : "");
	}
	/* The quirk's own hart hooks: what the DT cannot say about bringing harts up. */
	if (hooks && (hooks->hart_init || hooks->hart_wake))
		fprintf(out, "hart hooks : %s%s%s\n", hooks->hart_init ? "hart_init (each hart's own set-up, first)" : "",
			hooks->hart_init && hooks->hart_wake ? "; " : "",
			hooks->hart_wake ? "hart_wake (asked at hart_start for a hart that has not come)" : "");
	for (unsigned int i = 0; i < memory_map.ram_count; i++)
		add(&t, "%s0x%lx-0x%lx", i ? ", " : "", (unsigned long)memory_map.ram[i].base,
		    (unsigned long)(memory_map.ram[i].base + memory_map.ram[i].size - 1));
	fprintf(out, "RAM        : %s\n", t.len ? t.buf : "none");
	if (r->released) {
		struct next_stage next;

		fprintf(out, "firmware   : 0x%lx-0x%lx (%lu KiB), loaded at the %s\n", (unsigned long)memory_map.fw_base,
			(unsigned long)(memory_map.fw_base + memory_map.fw_size - 1),
			(unsigned long)(memory_map.fw_size >> 10), r->fw_base == memory_map.fw_base &&
			r->fw_base == memory_map.ram[0].base ? "start of RAM" : "address asked for");
		/* The loader passes no fw_dynamic_info here: the build's own choice (firmware/fw_payload.c). */
		next_stage_default(&next);
		fprintf(out, "next stage : 0x%lx in %s-mode (%s; a loader's fw_dynamic_info names its own)\n", next.addr,
			next.mode == PRV_S ? "S" : "U", next.source);
	}
}

/* Why a kept hart has no S-mode: no S in misa, or a PMP that cannot deny what it must. */
static const char *m_mode_why(const struct hart_state *hs)
{
	const struct machine_hart *h = machine_hart_by_id(hs->hartid);

	if (h && !h->misa_s)
		return "no S-mode";
	if (hs->pmp_denied < memory_map.denied_count)
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
	/* Left out by cold boot (no IPI doorbell). */
	n = 0;
	for (unsigned int i = hart_count; i < hart_count + hart_left_out_count; i++)
		if (hart_table[i]->presence == HART_NO_IPI)
			ids[n++] = hart_table[i]->hartid;
	if (n) {
		add(&t, "; left out, no IPI doorbell: ");
		add_hartids(&t, ids, n);
	}
	/* Not set up by the end of boot (they join when they come), and gone during boot. */
	for (unsigned int pass = 0; pass < 2; pass++) {
		n = 0;
		for (unsigned int i = 0; i < hart_count; i++) {
			unsigned int p = hart_table[i]->presence;
			if (pass == 0 ? p == HART_WAITING || p == HART_ARRIVED : p == HART_GONE)
				ids[n++] = hart_table[i]->hartid;
		}
		if (!n)
			continue;
		add(&t, pass == 0 ? "; not set up by the end of boot: " : "; gone during boot: ");
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

	for (unsigned int r = 0; r < memory_map.denied_count; r++)
		add(&denied, "%s%s 0x%lx-0x%lx", r ? ", " : "", memory_map.denied[r].name,
		    (unsigned long)memory_map.denied[r].base,
		    (unsigned long)(memory_map.denied[r].base + memory_map.denied[r].size - 1));
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
		if (hs->pmp_denied < memory_map.denied_count)
			add(&t, "; cannot deny %u of %u regions: S-mode withheld", memory_map.denied_count - hs->pmp_denied,
			    memory_map.denied_count);
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
			print_i2c(out, fdt);
			print_pmp(out);
			print_pmu(out, fdt);
			print_sbi3(out);
			print_log_lines(out, "AIA", "abacus: AIA             : ", NULL, true);
			print_log_lines(out, "PLIC", "abacus: PLIC            : ", NULL, true);
		} else {
			print_console(out, fdt);
			print_i2c(out, fdt);
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
			fprintf(out, "driver %-9s %-16s", driver_kind(d), dt_driver_name(d));
			for (const char *c = d->compatible; *c; c += strlen(c) + 1)
				fprintf(out, " %s", c);
			fprintf(out, "\n");
		}
	for (const struct platform_quirk *q = __start_abacus_platform_quirks; q < __stop_abacus_platform_quirks; q++) {
		fprintf(out, "quirk  %-26s", q->name);
		for (const char *c = q->compatible; *c; c += strlen(c) + 1)
			fprintf(out, " %s", c);
		fprintf(out, "\n");
	}
}
