/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include "hart_model.h"
#include "u74_pmu.h"

static const struct {
	const char *name;
	struct hart_model model;
	const char *what;
} presets[] = {
	{ "qemu-virt", { "qemu-virt", 0x7fff8, 64, true, false, "qemu-virt" },
	  "QEMU 7.2 virt, rv64: mhpmcounter3-18, 64-bit, mcountinhibit, no Sscofpmf" },
	{ "qemu-virt-sscofpmf", { "qemu-virt-sscofpmf", 0x7fff8, 64, true, true, "qemu-virt" },
	  "the same with -cpu rv64,sscofpmf=true" },
	{ "u74", { "u74", 0x18, 40, true, false, "hifive-unmatched" },
	  "SiFive U74 (HiFive Unmatched): mhpmcounter3-4, 40-bit, mcountinhibit, no Sscofpmf" },
	{ "qemu-sifive-u", { "qemu-sifive-u", 0, 64, false, false, "hifive-unmatched" },
	  "QEMU 7.2 sifive_u (FU540, privileged spec 1.10): no mhpmcounters, no mcountinhibit" },
	/*
	 * T-Head cores (sources in docs/pmu.md, section 7, "Hart presets").
	 * Neither has Sscofpmf: they signal overflow with T-Head's own
	 * interrupt 17 and CSRs (mcounterinten 0x7ca, mcounterof 0x7cb), which
	 * the simulated hart does not model.
	 */
	{ "c906", { "c906", 0x3e3f8, 64, true, false, "none" },
	  "T-Head C906 (Allwinner D1/D1s): mhpmcounter3-9 and 13-17 count, 64-bit, mcountinhibit, "
	  "no Sscofpmf" },
	{ "c910", { "c910", 0x7fff8, 64, true, false, "none" },
	  "T-Head C910 (TH1520): mhpmcounter3-18, 64-bit, mcountinhibit, no Sscofpmf" },
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
		fprintf(out, "    %-20s %s; platform %s\n", presets[i].name, presets[i].what,
			presets[i].model.platform);
}

const struct pmu_default_map *platform_default_map(const char *platform, bool *known)
{
	*known = true;
	if (strcmp(platform, "hifive-unmatched") == 0)
		return &u74_pmu_default_map;   /* the FU740 and FU540 quirks' (platform/generic/quirks/u74_pmu.c) */
	if (strcmp(platform, "qemu-virt") == 0 || strcmp(platform, "none") == 0)
		return NULL;                   /* the QEMU virt quirk has no default map */
	*known = false;
	return NULL;
}

void hart_model_sim_config(const struct hart_model *m, struct sim_hart_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->hpm_present = m->hpm_mask;
	cfg->hpm_width = m->width;
	cfg->has_mcountinhibit = m->mcountinhibit;
	cfg->has_sscofpmf = m->sscofpmf;
}
