/* SPDX-License-Identifier: BSD-2-Clause */
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/pmu_hw.h"
#include "fdt_helpers.h"
#include "hart.h"
#include "platform.h"
#include "pmu_probe.h"
#include "heap.h"
#include "memory_map.h"
#include "sim_hart.h"
#include "tool_console.h"

#define RAW_EVENT_IDX(type)   ((unsigned long)(type) << 16)
#define PAGE_BYTES            4096

static struct pmu_hart hart;
static struct sim_hart_config sim_config;
static bool hart_isa_sscofpmf;

/*
 * A fresh hart, as after reset and the firmware's per-hart set-up; quiet after
 * the first time. Every probe starts from one (pmu_hart_init again, with the
 * map already loaded), so nothing an earlier probe mapped or started leaks
 * into the next, and whatever the core derives at set-up sees the map.
 */
static uint32_t hart_reset(bool log)
{
	uint32_t present;

	tool_console_mute(!log);
	sim_hart_reset(&sim_config);
	present = pmu_hart_init(&hart, hart_isa_sscofpmf, false);
	tool_console_mute(false);
	/* The PMU core runs in M-mode; S-mode's calls follow. */
	sim.priv = SIM_PRIV_S;
	return present;
}

/*
 * The DT's cpu nodes as boot takes them (firmware/boot.c: enabled cpus, each
 * hart's ISA from fdt_cpu_isa_features), and where each cpu's ISA came from.
 */
static void scan_cpus(const void *fdt, struct pmu_probe *out)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	if (cpus < 0)
		return;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *value, *prop;
		bool from_extensions;
		int len;

		if (fdt_cpu_enabled_hartid(fdt, node) < 0)
			continue;
		out->dt_cpus++;
		prop = fdt_cpu_isa_property(fdt, node, &value, &len);
		from_extensions = prop && strcmp(prop, "riscv,isa-extensions") == 0;
		out->isa_from_extensions += from_extensions;
		out->isa_from_string += prop && !from_extensions;
		out->isa_string_unread += from_extensions && fdt_getprop(fdt, node, "riscv,isa", NULL);
		if (fdt_cpu_isa_features(fdt, node) & HART_HAS_SSCOFPMF) {
			out->isa_sscofpmf_cpus++;
		} else if (from_extensions) {
			/* riscv,isa-extensions wins: a riscv,isa naming it is not read. */
			const char *isa = fdt_getprop(fdt, node, "riscv,isa", &len);

			if (isa && len > 0 && (isa_string_features(isa, strnlen(isa, len)) & HART_HAS_SSCOFPMF))
				out->isa_sscofpmf_ignored++;
		}
	}
	out->dt_isa_sscofpmf = out->isa_sscofpmf_cpus != 0;
}

/* Every counter config_matching hands out for one event, on a fresh hart. */
static uint64_t matching_counters(unsigned long event_idx, uint64_t event_data, bool *has_mhpmevent,
				  uint64_t *mhpmevent)
{
	unsigned long all_hw;
	uint64_t found = 0;

	hart_reset(false);
	all_hw = (1UL << hart.num_hw) - 1;
	*has_mhpmevent = false;
	/* Each call maps one free counter; a mapped counter is never handed out twice. */
	for (unsigned int i = 0; i < PMU_HW_COUNTER_MAX; i++) {
		struct sbiret r = pmu_counter_config_matching(&hart, 0, all_hw, 0, event_idx, event_data);

		if (r.error != SBI_SUCCESS)
			break;
		if (r.value >= PMU_HW_COUNTER_MAX || (found >> r.value & 1)) {
			fprintf(stderr, "abacus-pmu-dt: config_matching returned counter %ld twice\n", r.value);
			exit(2);
		}
		found |= 1ULL << r.value;
		if (!*has_mhpmevent && r.value >= HART_MODEL_HPM_FIRST) {
			/*
			 * The selector as the counter runs: a hart without
			 * mcountinhibit selects no event while the counter is
			 * stopped and writes the selector at start.
			 */
			if (pmu_counter_start(&hart, (unsigned long)r.value, 1, 0, 0).error != SBI_SUCCESS ||
			    (*mhpmevent = sim.mhpmevent[r.value],
			     pmu_counter_stop(&hart, (unsigned long)r.value, 1, 0).error != SBI_SUCCESS)) {
				fprintf(stderr, "abacus-pmu-dt: counter %ld: start/stop failed\n", r.value);
				exit(2);
			}
			*has_mhpmevent = true;
		}
	}
	return found;
}

/* pmu_event_get_info over every standard event at once, as S-mode would ask. */
static int event_info(struct pmu_probe *out)
{
	uint8_t *page = aligned_alloc(PAGE_BYTES, PAGE_BYTES);
	struct sbiret r;

	if (!page)
		return -1;
	memset(page, 0, PAGE_BYTES);
	/* The firmware's memory map, its one RAM range on a heap of its own (include/heap.h). */
	static uint64_t map_heap[16];
	heap_init((uintptr_t)map_heap, (uintptr_t)map_heap + sizeof(map_heap));
	memset(&memory_map, 0, sizeof(memory_map));
	memory_map_add_ram((uintptr_t)page, PAGE_BYTES);
	for (unsigned int i = 0; i < STANDARD_EVENT_COUNT; i++) {
		uint32_t idx = standard_event_idx(i);
		/* Table 18: event_idx, output, event_data */
		memcpy(page + i * SBI_PMU_EVENT_INFO_ENTRY_SIZE, &idx, sizeof(idx));
	}
	hart_reset(false);
	r = pmu_event_get_info(&hart, (uintptr_t)page, 0, STANDARD_EVENT_COUNT, 0);
	for (unsigned int i = 0; i < STANDARD_EVENT_COUNT && r.error == SBI_SUCCESS; i++) {
		uint32_t output;

		memcpy(&output, page + i * SBI_PMU_EVENT_INFO_ENTRY_SIZE + 4, sizeof(output));
		out->events[i].countable = output == 1;
	}
	free(page);
	if (r.error != SBI_SUCCESS) {
		fprintf(stderr, "abacus-pmu-dt: pmu_event_get_info failed (%ld)\n", r.error);
		return -1;
	}
	return 0;
}

static void list_counters(struct pmu_probe *out)
{
	out->num_counters = pmu_num_counters(&hart);
	for (unsigned long i = 0; i < out->num_counters && i < PMU_COUNTER_MAX; i++) {
		struct sbiret r = pmu_counter_get_info(&hart, i);
		struct probe_counter *c = &out->counters[out->counter_count];

		if (r.error != SBI_SUCCESS)
			continue;   /* an index the core leaves out */
		c->idx = (unsigned int)i;
		c->firmware = (unsigned long)r.value & SBI_PMU_COUNTER_INFO_TYPE_FW;
		c->csr = (unsigned int)((unsigned long)r.value & 0xfff);
		c->width = (unsigned int)(((unsigned long)r.value >> 12) & 0x3f) + 1;
		out->counter_count++;
		if (c->firmware)
			out->fw_counters++;
		else
			out->hw_counters++;
	}
}

int pmu_probe_run(const void *fdt, const struct hart_model *model, struct pmu_probe *out)
{
	const struct pmu_default_map *default_map;
	uint32_t offered = 0;   /* counter_get_info's hardware counters */

	memset(out, 0, sizeof(*out));
	/* The quirk and its PMU platform hooks, as boot chooses and sets them (firmware/boot.c, boot_finish.c). */
	out->quirk = platform_quirk_match(fdt);
	pmu_platform = out->quirk->pmu;
	default_map = out->quirk->pmu ? out->quirk->pmu->default_map : NULL;
	out->quirk_default_map = default_map != NULL;
	scan_cpus(fdt, out);
	/* The firmware takes Sscofpmf from the DT ISA string, confirmed by probing (docs/pmu.md). */
	out->isa_sscofpmf = out->dt_cpus ? out->dt_isa_sscofpmf : model->sscofpmf;
	hart_isa_sscofpmf = out->isa_sscofpmf;
	hart_model_sim_config(model, &sim_config);

	/* Boot order: per-hart probing, then the map for the counters S-mode harts have. */
	out->present = hart_reset(true);
	out->has_mcountinhibit = hart.has_mcountinhibit;
	out->has_sscofpmf = hart.has_sscofpmf;
	out->uses_default_map = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu") < 0;
	out->snapshot_offered = pmu_snapshot_offered_by(fdt);
	out->problems = pmu_dt_parse(fdt, &pmu_event_map, out->present, default_map);
	out->range_count = pmu_event_map.range_count;
	out->selector_count = pmu_event_map.selector_count;
	out->raw_count = pmu_event_map.raw_count;

	hart_reset(false);
	list_counters(out);
	for (unsigned int i = 0; i < out->counter_count; i++)
		if (!out->counters[i].firmware)
			offered |= 1u << out->counters[i].idx;
	out->present_not_offered = out->present & ~offered & ~(1u << PMU_COUNTER_TIME);
	/* The node's kept rows name only present counters; the quirk's table is taken as it is. */
	for (unsigned int i = 0; i < out->range_count && !out->uses_default_map; i++) {
		out->range_unusable[i] = !(pmu_event_map.ranges[i].counters & offered);
		out->unusable_ranges += out->range_unusable[i];
	}
	if (event_info(out) != 0)
		return -1;

	for (unsigned int i = 0; i < STANDARD_EVENT_COUNT; i++) {
		struct probe_event *e = &out->events[i];

		e->event_idx = standard_event_idx(i);
		e->counters = matching_counters(e->event_idx, 0, &e->has_mhpmevent, &e->mhpmevent);
		/* Two public answers about one question: they must agree. */
		if (e->countable != (e->counters != 0)) {
			fprintf(stderr, "abacus-pmu-dt: event 0x%x: event_get_info says %d, config_matching "
				"found counters 0x%llx\n", (unsigned int)e->event_idx, e->countable,
				(unsigned long long)e->counters);
			return -1;
		}
		out->uncountable += !e->countable;
	}

	for (unsigned int i = 0; i < out->raw_count; i++) {
		struct probe_raw *raw = &out->raw[i];
		/* Type 2 event_data is cut to 48 bits, type 3 to 56 (Table 1) before matching. */
		static const unsigned int data_bits[PROBE_RAW_TYPES] = { 48, 56 };

		raw->match = pmu_event_map.raw[i].match;
		raw->mask = pmu_event_map.raw[i].mask;
		raw->map_counters = pmu_event_map.raw[i].counters;
		raw->unusable = !out->uses_default_map && !(raw->map_counters & offered);
		out->unusable_raw += raw->unusable;
		for (unsigned int t = 0; t < PROBE_RAW_TYPES; t++) {
			bool has_mhpmevent;
			uint64_t mhpmevent;

			raw->reachable[t] = raw->match >> data_bits[t] == 0;
			if (raw->reachable[t])
				raw->counters[t] = matching_counters(RAW_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW_RAW + t),
								     raw->match, &has_mhpmevent, &mhpmevent);
		}
	}
	return 0;
}
