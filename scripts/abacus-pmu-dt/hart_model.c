/* SPDX-License-Identifier: BSD-2-Clause */
#include <libfdt.h>
#include <string.h>
#include "hart_model.h"

/* QEMU's harts: 16 PMP entries of 4 bytes, mvendorid 0 (checked in their boot logs, tests/tools). */
#define QEMU_PMP 16, 4
/* Where no source says: the privileged spec's usual 16 entries of 4 bytes, no triggers (the dry run says so). */
#define UNKNOWN_PMP 16, 4
#define QEMU72_TRIGGERS 2, (1U << 2) | (1U << 6)   /* mcontrol and mcontrol6 (docs/sbi3.md) */
#define SIFIVE_IDS 0x489, 0x8000000000000007UL, 0x20181004   /* U74-MC: mvendorid, marchid, mimpid */
#define THEAD_IDS 0x5b7, 0, 0                                /* C906/C910 (docs/pmu.md, section 7) */
/* AX45MP: mvendorid and marchid as Linux's perf event list names the core (mapfile.csv); any mimpid. */
#define ANDES_AX45_IDS 0x31e, 0x8000000000008a45UL, 0

static const struct {
	const char *name;
	struct hart_model model;
	const char *what;
	const char *const *cpus;     /* cpu node compatibles it is the preset for (the dry run's --hart auto) */
} presets[] = {
	{ "qemu-virt", { "qemu-virt", 0x7fff8, 0, 64, true, false, false, true, QEMU_PMP, QEMU72_TRIGGERS, 0, 0, 0, false },
	  "QEMU 7.2 virt, rv64: mhpmcounter3-18, 64-bit, mcountinhibit, no Sscofpmf; 2 triggers", NULL },
	{ "qemu-virt-sscofpmf",
	  { "qemu-virt-sscofpmf", 0x7fff8, 0, 64, true, true, false, true, QEMU_PMP, QEMU72_TRIGGERS, 0, 0, 0, false },
	  "the same with -cpu rv64,sscofpmf=true", NULL },
	{ "u74", { "u74", 0x18, 0, 40, true, false, false, false, UNKNOWN_PMP, 0, 0, SIFIVE_IDS, false },
	  "SiFive U74 (HiFive Unmatched): mhpmcounter3-4, 40-bit, mcountinhibit, no Sscofpmf, no menvcfg",
	  (const char *const[]){ "sifive,u74-mc", "sifive,u74", "sifive,bullet0", NULL } },
	{ "qemu-sifive-u",
	  { "qemu-sifive-u", 0, 0, 64, false, false, false, false, QEMU_PMP, QEMU72_TRIGGERS, 0x489, 0, 0, false },
	  "QEMU 7.2 sifive_u (FU540, privileged spec 1.10): no mhpmcounters, no mcountinhibit, no menvcfg; "
	  "2 triggers", NULL },
	/*
	 * T-Head cores (sources in docs/pmu.md, section 7, "Hart presets").
	 * Neither has Sscofpmf: they signal overflow with T-Head's own
	 * interrupt 17 and CSRs (mcounterinten 0x7ca, mcounterof 0x7cb).
	 */
	{ "c906", { "c906", 0x3e3f8, 0, 64, true, false, true, false, UNKNOWN_PMP, 0, 0, THEAD_IDS, false },
	  "T-Head C906 (Allwinner D1/D1s): mhpmcounter3-9 and 13-17 count, 64-bit, mcountinhibit, "
	  "no Sscofpmf, no menvcfg", (const char *const[]){ "thead,c906", NULL } },
	{ "c910", { "c910", 0x7fff8, 0, 64, true, false, true, false, UNKNOWN_PMP, 0, 0, THEAD_IDS, false },
	  "T-Head C910 (TH1520): mhpmcounter3-18, 64-bit, mcountinhibit, no Sscofpmf, no menvcfg",
	  (const char *const[]){ "thead,c910", NULL } },
	/*
	 * Andes AX45MP (Renesas RZ/Five): mhpmcounter3-6 (its event map's
	 * counters, andes_ax45_pmu.h), mcountinhibit, no Sscofpmf; its own
	 * mcountermask_m (OpenSBI's andes_pmu.c). Counter width: taken as 64.
	 */
	{ "ax45mp", { "ax45mp", 0x78, 0, 64, true, false, false, false, UNKNOWN_PMP, 0, 0, ANDES_AX45_IDS, true },
	  "Andes AX45MP (Renesas RZ/Five): mhpmcounter3-6, mcountinhibit, mcountermask_m, no Sscofpmf, no menvcfg",
	  (const char *const[]){ "andestech,ax45mp", NULL } },
};

bool hart_model_preset(const char *name, struct hart_model *m)
{
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
		if (strcmp(presets[i].name, name) == 0) {
			*m = presets[i].model;
			return true;
		}
	}
	return false;
}

void hart_model_list_presets(FILE *out)
{
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		fprintf(out, "    %-20s %s\n", presets[i].name, presets[i].what);
}

const char *hart_model_for_cpu(const char *compatible, int len)
{
	for (size_t i = 0; compatible && i < sizeof(presets) / sizeof(presets[0]); i++)
		for (const char *const *c = presets[i].cpus; c && *c; c++)
			if (fdt_stringlist_contains(compatible, len, *c))
				return presets[i].name;
	return NULL;
}

void hart_model_sim_config(const struct hart_model *m, struct sim_hart_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->hpm_present = m->hpm_mask;
	cfg->hpm_zero = m->hpm_zero;
	cfg->hpm_width = m->width;
	cfg->has_mcountinhibit = m->mcountinhibit;
	cfg->has_sscofpmf = m->sscofpmf;
	cfg->has_thead_ovf = m->thead_overflow;
	cfg->has_andes_pmu = m->andes_pmu;
}
