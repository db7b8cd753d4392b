/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU at the end of cold boot (include/boot_hooks.h): the machine's
 * event map from the DT's riscv,pmu node (else the board quirk's default
 * map, pmu_platform), whether S-mode gets snapshot memory, the counters on
 * the boot log's "harts" lines and its PMU lines, and the firmware-only
 * mapping properties taken out of S-mode's DT (pmu_dt_fixup()).
 */
#include "boot_hooks.h"
#include "console.h"
#include "pmu/pmu.h"

static void pmu_boot_setup(const void *fdt)
{
	uint32_t present = 0;

	/* Counters that exist on some S-mode hart; the core checks each hart's own. */
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_offered_to_smode(hart_table[i]))
			present |= hart_table[i]->pmu.hw_present;
	pmu_dt_parse(fdt, &pmu_event_map, present, pmu_platform ? pmu_platform->default_map : NULL);
	pmu_snapshot_offered = pmu_snapshot_offered_by(fdt);
}

/* " hpm3-9,13-17 (64-bit)": the programmable counters present, with any gap (T-Head C906). */
static void log_hpm_counters(uint32_t present, unsigned int width)
{
	const char *sep = " hpm";

	for (unsigned int n = 3; n < 32; n++) {
		unsigned int last = n;
		if (!((present >> n) & 1))
			continue;
		while (last < 31 && ((present >> (last + 1)) & 1))
			last++;
		console_printf("%s%u", sep, n);
		if (last > n)
			console_printf("-%u", last);
		sep = ",";
		n = last;
	}
	if (present >> 3)
		console_printf(" (%u-bit)", width);
}

static void pmu_boot_log_hart(const struct hart_state *hs)
{
	console_printf("; counters: cycle time instret");
	log_hpm_counters(hs->pmu.hw_present, hs->pmu.hpm_width + 1u);
	if (!hs->pmu.has_mcountinhibit)
		console_printf(" (no mcountinhibit: cycle/instret run free, a stop keeps their value; "
			   "hpm counters stop by selecting no event)");
	if (!(hs->features & HART_HAS_SSCOFPMF))
		console_printf("; no Sscofpmf: %s, filter flags %s%s%s",
			   pmu_thead_overflow(&hs->pmu) ? "T-Head's overflow interrupt (17)" :
			   hs->pmu.vendor_counters ? "Andes's overflow interrupt (256 + 18)" : "no overflow interrupt",
			   hs->pmu.vendor_counters ? "on hpm counters (Andes's)" : "ignored",
			   hs->features & HART_HAS_SMCNTRPMF ? " but on cycle/instret" : "",
			   hs->pmu.vendor_mmode_uncounted ? ", M-mode uncounted (vendor CSR)" : "");
}

static bool pmu_boot_harts_alike(const struct hart_state *a, const struct hart_state *b)
{
	return a->pmu.hw_present == b->pmu.hw_present && a->pmu.hpm_width == b->pmu.hpm_width &&
	       a->pmu.vendor_mmode_uncounted == b->pmu.vendor_mmode_uncounted &&
	       a->pmu.vendor_counters == b->pmu.vendor_counters;
}

static void pmu_boot_log(const struct hart_state *self)
{
	/* num_counters counts index 1 (time), a hole in the numbering: not a hardware counter. */
	console_printf("abacus: PMU             : %lu counters on hart %lu (%u hardware, %u firmware, index 1 a hole); "
		   "%u event ranges, %u selectors, %u raw ranges\n",
		   pmu_num_counters(&self->pmu), self->hartid, self->pmu.num_hw - 1u, PMU_FW_COUNTERS,
		   pmu_event_map.range_count, pmu_event_map.selector_count, pmu_event_map.raw_count);
	if (pmu_snapshot_offered)
		console_printf("abacus: PMU snapshot    : offered (%s)\n", pmu_snapshot_offered);
}

BOOT_HOOK(setup, 10, pmu, pmu_boot_setup);
BOOT_HOOK(log_hart, 10, pmu, pmu_boot_log_hart);
BOOT_HOOK(harts_alike, 10, pmu, pmu_boot_harts_alike);
BOOT_HOOK(log, 10, pmu, pmu_boot_log);
BOOT_HOOK(fdt_fixup, 10, pmu, pmu_dt_fixup);
