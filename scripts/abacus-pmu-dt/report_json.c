/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report for scripts: one JSON object (documented in docs/pmu.md).
 * 64-bit values (selectors, match, mask) are hex strings, as JSON numbers
 * lose bits above 2^53 in many parsers; indexes and counts are numbers.
 */
#include "report.h"
#include "sbi_spec.h"
#include "tool_console.h"

/* A JSON string; bytes outside printable ASCII are escaped, so any DT content stays valid JSON. */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

static void json_bool(FILE *out, bool b)
{
	fputs(b ? "true" : "false", out);
}

static void json_counters(FILE *out, uint64_t set)
{
	char name[32];
	bool first = true;

	fputs("\"counters\": [", out);
	for (unsigned int i = 0; i < 64; i++)
		if (set >> i & 1) {
			fprintf(out, "%s%u", first ? "" : ", ", i);
			first = false;
		}
	fputs("], \"counter_names\": [", out);
	first = true;
	for (unsigned int i = 0; i < 64; i++)
		if (set >> i & 1) {
			fputs(first ? "" : ", ", out);
			json_string(out, counter_name(i, name, sizeof(name)));
			first = false;
		}
	fputs("]", out);
}

static void json_model(FILE *out, const struct hart_model *m)
{
	bool first = true;

	fputs("  \"hart_model\": {\"preset\": ", out);
	json_string(out, m->preset);
	fputs(", \"programmable_counters\": [", out);
	for (unsigned int i = HART_MODEL_HPM_FIRST; i <= HART_MODEL_HPM_LAST; i++)
		if (m->hpm_mask >> i & 1) {
			fprintf(out, "%s%u", first ? "" : ", ", i);
			first = false;
		}
	fprintf(out, "], \"width\": %u, \"mcountinhibit\": ", m->width);
	json_bool(out, m->mcountinhibit);
	fputs(", \"sscofpmf\": ", out);
	json_bool(out, m->sscofpmf);
	fputs("},\n", out);
}

static void json_hart(FILE *out, const struct pmu_probe *p)
{
	char name[32];
	bool first = true;

	fprintf(out, "  \"dt\": {\"cpus\": %u, \"isa_sscofpmf\": ", p->dt_cpus);
	json_bool(out, p->dt_isa_sscofpmf);
	fprintf(out, ", \"isa_sscofpmf_cpus\": %u, \"isa_sscofpmf_ignored_cpus\": %u, "
		"\"isa_property_cpus\": {\"riscv,isa-extensions\": %u, \"riscv,isa\": %u, \"none\": %u}",
		p->isa_sscofpmf_cpus, p->isa_sscofpmf_ignored, p->isa_from_extensions, p->isa_from_string,
		p->dt_cpus - p->isa_from_extensions - p->isa_from_string);
	fputs(", \"riscv_pmu_node\": ", out);
	json_bool(out, !p->uses_default_map);
	fputs("},\n  \"hart\": {\"mcountinhibit\": ", out);
	json_bool(out, p->has_mcountinhibit);
	fputs(", \"sscofpmf\": ", out);
	json_bool(out, p->has_sscofpmf);
	fputs(", \"snapshot_offered\": ", out);
	if (p->snapshot_offered)
		json_string(out, p->snapshot_offered);
	else
		fputs("null", out);
	fprintf(out, ", \"mcounteren\": \"0x%x\", \"num_counters\": %lu, \"firmware_counters\": %u, "
		"\"hardware_counters\": [", (unsigned int)p->present, p->num_counters, p->fw_counters);
	for (unsigned int i = 0; i < p->counter_count; i++) {
		const struct probe_counter *c = &p->counters[i];

		if (c->firmware)
			continue;
		fprintf(out, "%s\n    {\"index\": %u, \"name\": ", first ? "" : ",", c->idx);
		json_string(out, counter_name(c->idx, name, sizeof(name)));
		fprintf(out, ", \"csr\": \"0x%x\", \"width\": %u}", c->csr, c->width);
		first = false;
	}
	fputs("]},\n", out);
}

static void json_log(FILE *out, const char *fatal)
{
	fputs("  \"boot_log\": [", out);
	if (fatal) {
		fputs("\n    ", out);
		json_string(out, fatal);
	}
	for (size_t i = 0; !fatal && i < tool_console_line_count(); i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		json_string(out, tool_console_line(i));
	}
	fputs("],\n", out);
}

static void json_events(FILE *out, const struct pmu_probe *p)
{
	char name[96];

	fputs("  \"events\": [", out);
	for (unsigned int i = 0; i < STANDARD_EVENT_COUNT; i++) {
		const struct probe_event *e = &p->events[i];

		event_name(e->event_idx, name, sizeof(name));
		fprintf(out, "%s\n    {\"event_idx\": %u, \"event_idx_hex\": \"0x%x\", \"type\": %u, \"name\": ",
			i ? "," : "", (unsigned int)e->event_idx, (unsigned int)e->event_idx,
			(unsigned int)SBI_PMU_EVENT_IDX_TYPE(e->event_idx));
		json_string(out, name);
		if (cache_id_name(e->event_idx)) {
			fputs(", \"cache_id\": ", out);
			json_string(out, cache_id_name(e->event_idx));
			fputs(", \"op_id\": ", out);
			json_string(out, cache_op_name(e->event_idx));
			fputs(", \"result_id\": ", out);
			json_string(out, cache_result_name(e->event_idx));
		}
		fputs(", \"countable\": ", out);
		json_bool(out, e->countable);
		fputs(", ", out);
		json_counters(out, e->counters);
		if (e->has_mhpmevent)
			fprintf(out, ", \"selector\": \"0x%llx\", \"mhpmevent\": \"0x%llx\"}",
				(unsigned long long)shown_selector(p, e->mhpmevent),
				(unsigned long long)e->mhpmevent);
		else
			fputs(", \"selector\": null, \"mhpmevent\": null}", out);
	}
	fputs("],\n  \"uncountable\": [", out);
	for (unsigned int i = 0, n = 0; i < STANDARD_EVENT_COUNT; i++) {
		if (p->events[i].countable)
			continue;
		event_name(p->events[i].event_idx, name, sizeof(name));
		fputs(n++ ? ", " : "", out);
		json_string(out, name);
	}
	fputs("],\n", out);
}

static void json_raw(FILE *out, const struct pmu_probe *p)
{
	fputs("  \"raw_ranges\": [", out);
	for (unsigned int i = 0; i < p->raw_count; i++) {
		const struct probe_raw *raw = &p->raw[i];

		fprintf(out, "%s\n    {\"match\": \"0x%llx\", \"mask\": \"0x%llx\", \"map_counters\": \"0x%x\", "
			"\"event_types\": [%s], ", i ? "," : "", (unsigned long long)raw->match,
			(unsigned long long)raw->mask, (unsigned int)raw->map_counters,
			raw->reachable[0] ? "2, 3" : raw->reachable[1] ? "3" : "");
		json_counters(out, raw->counters[0] | raw->counters[1]);
		fputs(", \"unusable\": ", out);
		json_bool(out, raw->unusable);
		fputs("}", out);
	}
	fputs("],\n", out);
}

void report_json(FILE *out, const struct report *r)
{
	const struct pmu_probe *p = r->probe;

	fputs("{\n  \"tool\": \"abacus-pmu-dt\",\n  \"input\": ", out);
	json_string(out, r->path);
	fputs(",\n  \"compiled_with_dtc\": ", out);
	json_bool(out, r->dt->from_dts);
	fputs(",\n", out);
	json_model(out, r->model);
	fputs("  \"fatal\": ", out);
	if (r->fatal)
		json_string(out, r->fatal);
	else
		fputs("null", out);
	fputs(",\n", out);
	json_log(out, r->fatal);
	if (p) {
		const char *source = !p->uses_default_map ? "riscv,pmu node" :
				     p->quirk_default_map ? "quirk default" : "none";

		json_hart(out, p);
		fputs("  \"quirk\": ", out);
		json_string(out, p->quirk->name);
		fputs(",\n", out);
		fprintf(out, "  \"problems\": %d,\n  \"map\": {\"event_ranges\": %u, \"selectors\": %u, "
			"\"raw_ranges\": %u, \"source\": \"%s\"},\n", p->problems, p->range_count,
			p->selector_count, p->raw_count, source);
		fprintf(out, "  \"present_not_offered\": \"0x%x\",\n  \"unusable_event_ranges\": [",
			(unsigned int)p->present_not_offered);
		for (unsigned int i = 0, n = 0; i < p->range_count; i++)
			if (p->range_unusable[i])
				fprintf(out, "%s{\"first\": \"0x%x\", \"last\": \"0x%x\", \"counters\": \"0x%x\"}",
					n++ ? ", " : "", (unsigned int)pmu_event_map.ranges[i].first,
					(unsigned int)pmu_event_map.ranges[i].last,
					(unsigned int)pmu_event_map.ranges[i].counters);
		fputs("],\n", out);
		json_events(out, p);
		json_raw(out, p);
	}
	fprintf(out, "  \"exit_status\": %d\n}\n", r->exit_status);
}
