/* SPDX-License-Identifier: BSD-2-Clause */
/* The report for people. */
#include <string.h>
#include "pmu/pmu_hw.h"
#include "report.h"
#include "sbi_spec.h"
#include "tool_console.h"

#define SET_TEXT 512

static void print_model(FILE *out, const struct hart_model *m)
{
	char set[SET_TEXT];
	unsigned int n = (unsigned int)__builtin_popcount(m->hpm_mask);

	counter_set_text(m->hpm_mask, set, sizeof(set));
	fprintf(out, "hart model  : %s: %s (%u programmable, %u-bit), %s, %s\n", m->preset,
		n ? set : "no mhpmcounters", n, m->width,
		m->mcountinhibit ? "mcountinhibit" : "no mcountinhibit",
		m->sscofpmf ? "Sscofpmf" : "no Sscofpmf");
}

/* Where the DT's cpus say which extensions they have, and what to change so that the firmware uses Sscofpmf. */
static void print_dt_cpus(FILE *out, const struct report *r)
{
	const struct pmu_probe *p = r->probe;
	unsigned int none = p->dt_cpus - p->isa_from_extensions - p->isa_from_string;

	if (!p->dt_cpus) {
		fprintf(out, "DT cpus     : none enabled (Sscofpmf as the hart model says)\n");
		return;
	}
	fprintf(out, "DT cpus     : %u enabled; ISA from ", p->dt_cpus);
	if (p->isa_from_extensions == p->dt_cpus)
		fprintf(out, "riscv,isa-extensions%s",
			p->isa_string_unread ? " (their riscv,isa is then not read)" : "");
	else if (p->isa_from_string == p->dt_cpus)
		fprintf(out, "riscv,isa");
	else
		fprintf(out, "riscv,isa-extensions on %u, riscv,isa on %u, nothing on %u", p->isa_from_extensions,
			p->isa_from_string, none);
	if (p->isa_sscofpmf_cpus == p->dt_cpus)
		fprintf(out, "; %s sscofpmf\n", p->dt_cpus == 1 ? "it names" : "all name");
	else if (p->isa_sscofpmf_cpus)
		fprintf(out, "; %u of them name sscofpmf\n", p->isa_sscofpmf_cpus);
	else
		fprintf(out, "; none names sscofpmf\n");
	if (p->isa_sscofpmf_ignored)
		fprintf(out, "note        : riscv,isa names sscofpmf on %u cpu%s whose riscv,isa-extensions does "
			"not: the firmware will not use it (add \"sscofpmf\" to riscv,isa-extensions)\n",
			p->isa_sscofpmf_ignored, p->isa_sscofpmf_ignored == 1 ? "" : "s");
	else if (r->model->sscofpmf && !p->isa_sscofpmf)
		fprintf(out, "note        : the hart has Sscofpmf but the DT does not say so: the firmware will "
			"not use it (%s)\n",
			p->isa_from_extensions == p->dt_cpus ? "add \"sscofpmf\" to riscv,isa-extensions" :
			p->isa_from_string == p->dt_cpus ? "add _sscofpmf to riscv,isa" :
			"add \"sscofpmf\" to riscv,isa-extensions, or _sscofpmf to riscv,isa where a cpu has no "
			"riscv,isa-extensions");
	if (p->isa_sscofpmf && !p->has_sscofpmf)
		fprintf(out, "note        : the DT names sscofpmf but the hart has no scountovf: the "
			"firmware will not use it\n");
	if (p->isa_sscofpmf_cpus && p->isa_sscofpmf_cpus < p->dt_cpus)
		fprintf(out, "note        : the firmware uses Sscofpmf only on the harts whose cpu names it; "
			"this report is for one that does\n");
}

static void print_hart(FILE *out, const struct report *r)
{
	const struct pmu_probe *p = r->probe;
	uint64_t hw = 0;
	unsigned int hpm_width = 0;
	char set[SET_TEXT];

	fprintf(out, "quirk       : %s (%s)\n", p->quirk->name,
		p->quirk_default_map ? "its default map applies without a riscv,pmu node" : "no default map");
	print_dt_cpus(out, r);

	for (unsigned int i = 0; i < p->counter_count; i++) {
		if (p->counters[i].firmware)
			continue;
		hw |= 1ULL << p->counters[i].idx;
		if (p->counters[i].idx >= HART_MODEL_HPM_FIRST)
			hpm_width = p->counters[i].width;
	}
	counter_set_text(hw, set, sizeof(set));
	fprintf(out, "counters    : %lu = %u hardware (%s", p->num_counters, p->hw_counters, set);
	if (hpm_width)
		fprintf(out, "; mhpmcounters %u-bit", hpm_width);
	if (!p->has_mcountinhibit)
		fprintf(out, "; no mcountinhibit: a stopped mhpmcounter selects no event, mcycle/minstret run free");
	fprintf(out, ") + %u firmware\n", p->fw_counters);
	if (p->present_not_offered) {
		counter_set_text(p->present_not_offered, set, sizeof(set));
		fprintf(out, "not offered : %s: present, but counter_get_info does not describe them, so the "
			"firmware hands no event to them (S-mode may read them)\n", set);
	}
	if (p->has_sscofpmf)
		fprintf(out, "Sscofpmf    : used; the firmware also sets mhpmevent.MINH (bit 62) and the "
			"filter bits config_flags asks for, left out of the selectors below\n");
	if (p->snapshot_offered)
		fprintf(out, "snapshot    : offered (%s)\n", p->snapshot_offered);
	else
		fprintf(out, "snapshot    : withheld (the default; /chosen/abacus,pmu-snapshot offers it): "
			"snapshot_set_shmem answers NOT_SUPPORTED\n");
}

static void print_events(FILE *out, const struct pmu_probe *p)
{
	char name[96], set[SET_TEXT];

	fprintf(out, "\nstandard events → counters (SBI PMU Tables 2-5):\n");
	if (p->uncountable == STANDARD_EVENT_COUNT)
		fprintf(out, "  none\n");
	for (unsigned int i = 0; i < STANDARD_EVENT_COUNT; i++) {
		const struct probe_event *e = &p->events[i];

		if (!e->countable)
			continue;
		event_name(e->event_idx, name, sizeof(name));
		counter_set_text(e->counters, set, sizeof(set));
		fprintf(out, "  %s (0x%x) → %s", name, (unsigned int)e->event_idx, set);
		if (e->has_mhpmevent)
			fprintf(out, ", selector 0x%llx",
				(unsigned long long)shown_selector(p, e->mhpmevent));
		fprintf(out, "\n");
	}
}

static void print_raw(FILE *out, const struct pmu_probe *p)
{
	char set[SET_TEXT];

	fprintf(out, "\nraw events (riscv,raw-event-to-mhpmcounters, as kept; mhpmevent = event_data):\n");
	if (!p->raw_count)
		fprintf(out, "  none: event_idx 0x20000 and 0x30000 get SBI_ERR_NOT_SUPPORTED\n");
	for (unsigned int i = 0; i < p->raw_count; i++) {
		const struct probe_raw *raw = &p->raw[i];

		fprintf(out, "  match 0x%llx mask 0x%llx → ", (unsigned long long)raw->match,
			(unsigned long long)raw->mask);
		if (!raw->reachable[0] && !raw->reachable[1]) {
			fprintf(out, "no event_data can match (match has bits above 55)\n");
			continue;
		}
		if (raw->counters[0] | raw->counters[1])
			counter_set_text(raw->counters[0] | raw->counters[1], set, sizeof(set));
		else
			snprintf(set, sizeof(set), "no counter on this hart");
		fprintf(out, "%s (%s)\n", set,
			raw->reachable[0] ? "types 2 and 3" : "type 3 only: match has bits above 47");
	}
}

static void print_uncountable(FILE *out, const struct pmu_probe *p)
{
	char name[96];

	fprintf(out, "\nno counter can count (%u of %u standard events):\n", p->uncountable,
		STANDARD_EVENT_COUNT);
	if (!p->uncountable)
		fprintf(out, "  none\n");
	for (unsigned int i = 0; i < STANDARD_EVENT_COUNT; i++) {
		if (p->events[i].countable)
			continue;
		event_name(p->events[i].event_idx, name, sizeof(name));
		fprintf(out, "  %s (0x%x)\n", name, (unsigned int)p->events[i].event_idx);
	}
}

/* Kept rows whose counters are all present_not_offered: silent at boot, useless to S-mode. */
static void print_unusable(FILE *out, const struct pmu_probe *p)
{
	char set[SET_TEXT];

	if (!p->unusable_ranges && !p->unusable_raw)
		return;
	fprintf(out, "\nkept rows the firmware cannot serve (their counters are not offered, see above):\n");
	for (unsigned int i = 0; i < p->range_count; i++) {
		const struct pmu_event_range *range = &pmu_event_map.ranges[i];

		if (!p->range_unusable[i])
			continue;
		counter_set_text(range->counters, set, sizeof(set));
		if (range->first == range->last)
			fprintf(out, "  riscv,event-to-mhpmcounters: event 0x%x → %s\n", (unsigned int)range->first, set);
		else
			fprintf(out, "  riscv,event-to-mhpmcounters: events 0x%x-0x%x → %s\n",
				(unsigned int)range->first, (unsigned int)range->last, set);
	}
	for (unsigned int i = 0; i < p->raw_count; i++) {
		if (!p->raw[i].unusable)
			continue;
		counter_set_text(p->raw[i].map_counters, set, sizeof(set));
		fprintf(out, "  riscv,raw-event-to-mhpmcounters: match 0x%llx mask 0x%llx → %s\n",
			(unsigned long long)p->raw[i].match, (unsigned long long)p->raw[i].mask, set);
	}
}

void report_text(FILE *out, const struct report *r)
{
	fprintf(out, "abacus-pmu-dt: %s%s\n", r->path, r->dt->from_dts ? " (compiled with dtc)" : "");
	print_model(out, r->model);
	if (r->fatal) {
		fprintf(out, "\nboot log:\n  %s\n", r->fatal);
		fprintf(out, "\nresult      : the firmware refuses this DTB (exit status %d)\n", r->exit_status);
		return;
	}
	print_hart(out, r);

	fprintf(out, "\nboot log (the firmware's pmu: lines, word for word):\n");
	for (size_t i = 0; i < tool_console_line_count(); i++)
		fprintf(out, "  %s\n", tool_console_line(i));
	print_events(out, r->probe);
	print_raw(out, r->probe);
	print_uncountable(out, r->probe);
	print_unusable(out, r->probe);
	if (r->probe->problems)
		fprintf(out, "\nresult      : %d problem%s with the riscv,pmu node%s (exit status %d)\n",
			r->probe->problems, r->probe->problems == 1 ? "" : "s",
			r->probe->unusable_ranges + r->probe->unusable_raw ? ", and rows no counter can serve" : "",
			r->exit_status);
	else if (r->probe->unusable_ranges + r->probe->unusable_raw)
		fprintf(out, "\nresult      : the firmware keeps every row, but %u name%s only counters it does "
			"not hand out (exit status %d)\n", r->probe->unusable_ranges + r->probe->unusable_raw,
			r->probe->unusable_ranges + r->probe->unusable_raw == 1 ? "s" : "", r->exit_status);
	else
		fprintf(out, "\nresult      : no problems: the firmware uses the map as written (exit status %d)\n",
			r->exit_status);
}
