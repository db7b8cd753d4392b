/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Runs the firmware's PMU code over a device tree on a simulated hart, the
 * way the firmware does at boot, and asks it what S-mode would get.
 *
 * Only the PMU core's public interface (lib/ext/pmu/pmu.h) and the simulated
 * hart (tests/host/sim_hart.h) are used: pmu_hart_init probes the hart,
 * pmu_dt_parse reads the riscv,pmu node into pmu_event_map, then for every
 * standard event pmu_event_get_info says whether the hart can count it and
 * pmu_counter_config_matching, called until it finds no more free counters,
 * hands out each counter that can; the simulated mhpmevent CSR shows what
 * the firmware writes there.
 */
#ifndef ABACUS_PMU_DT_PMU_PROBE_H
#define ABACUS_PMU_DT_PMU_PROBE_H

#include <stdbool.h>
#include <stdint.h>
#include "event_names.h"
#include "hart_model.h"
#include "platform.h"
#include "pmu/pmu.h"

struct probe_counter {            /* one counter_get_info answer */
	unsigned int idx;
	bool firmware;
	unsigned int csr;             /* hardware counters: CSR number (0xc00 + idx) */
	unsigned int width;           /* bits */
};

struct probe_event {
	uint32_t event_idx;
	bool countable;               /* pmu_event_get_info's answer */
	uint64_t counters;            /* logical counters config_matching hands out for it */
	bool has_mhpmevent;           /* it got a programmable counter */
	uint64_t mhpmevent;           /* the value the firmware wrote there */
};

/* Raw event types: 2 (event_data cut to 48 bits) and 3 (56 bits). */
#define PROBE_RAW_TYPES 2
struct probe_raw {                /* one kept riscv,raw-event-to-mhpmcounters row */
	uint64_t match, mask;
	uint32_t map_counters;        /* the row's bitmap as the parser kept it */
	bool unusable;                /* map_counters are all present_not_offered */
	bool reachable[PROBE_RAW_TYPES];   /* event_data == match fits the type's width */
	uint64_t counters[PROBE_RAW_TYPES];   /* config_matching's counters for event_data = match */
};

struct pmu_probe {
	/*
	 * The DT's cpus the firmware boots (enabled cpu nodes), their ISA read as
	 * boot reads it (fdt_cpu_isa_property/fdt_cpu_isa_features): Sscofpmf
	 * counts only on a hart whose ISA property names it.
	 */
	unsigned int dt_cpus;
	unsigned int isa_from_extensions; /* cpus read from riscv,isa-extensions (riscv,isa then ignored) */
	unsigned int isa_from_string;     /* cpus read from riscv,isa */
	unsigned int isa_string_unread;   /* cpus with both: their riscv,isa is not read */
	unsigned int isa_sscofpmf_cpus;   /* cpus whose property read names sscofpmf */
	unsigned int isa_sscofpmf_ignored; /* cpus whose riscv,isa names it but whose riscv,isa-extensions does not */
	bool dt_isa_sscofpmf;             /* isa_sscofpmf_cpus != 0 */
	bool isa_sscofpmf;            /* what pmu_hart_init was told */
	bool uses_default_map;        /* no riscv,pmu node: the quirk's table (or none) */
	/* The board quirk the firmware chooses by the DT's root compatible (platform_quirk_match). */
	const struct platform_quirk *quirk;
	bool quirk_default_map;       /* it has a default event map */
	const char *snapshot_offered;  /* what offers S-mode snapshot memory (the boot log's words), or NULL: withheld */

	/* The hart after pmu_hart_init. */
	bool has_mcountinhibit, has_sscofpmf;
	uint32_t present;             /* hw_present: mcounteren */
	unsigned long num_counters;
	struct probe_counter counters[PMU_COUNTER_MAX];
	unsigned int counter_count;
	unsigned int hw_counters, fw_counters;

	/*
	 * Counters the hart has but the core never hands out: those after a gap
	 * in the run from mhpmcounter3 (docs/pmu.md, section 1). S-mode may read
	 * them (mcounteren), no event is ever counted on them.
	 */
	uint32_t present_not_offered;

	/* pmu_dt_parse. */
	int problems;                 /* its return value: 0 = used exactly as written */
	unsigned int range_count, selector_count, raw_count;
	/*
	 * Rows the parser kept whose counters are all present_not_offered: the
	 * boot log says nothing, yet no event of theirs can be counted.
	 */
	bool range_unusable[PMU_MAP_MAX_ROWS];
	unsigned int unusable_ranges, unusable_raw;

	struct probe_event events[STANDARD_EVENT_COUNT];
	unsigned int uncountable;
	struct probe_raw raw[PMU_MAP_MAX_ROWS];
};

/* Fills out for fdt (already checked with fdt_check_boot_dtb) and model; 0, or -1 on an internal error. */
int pmu_probe_run(const void *fdt, const struct hart_model *model, struct pmu_probe *out);

#endif
