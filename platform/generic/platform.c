/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The generic platform: one image for every board its DT describes. What
 * the DT cannot tell comes from a quirk (platform/generic/quirks/), chosen
 * here by the DT's root compatible.
 */
#include <libfdt.h>
#include "platform.h"
#include "pmu/pmu.h"

extern const struct platform_quirk __start_abacus_platform_quirks[], __stop_abacus_platform_quirks[];

/* A board no quirk names: everything from its DT, no platform events, no default PMU map. */
const struct platform_quirk platform_quirk_generic = {
	.name = "generic",
};

const struct platform_quirk *platform = &platform_quirk_generic;

const struct platform_quirk *platform_quirk_match(const void *fdt)
{
	int len;
	const char *root = fdt_getprop(fdt, 0, "compatible", &len);

	for (const struct platform_quirk *q = __start_abacus_platform_quirks; root && q < __stop_abacus_platform_quirks; q++)
		if (dt_compatible_matches(q->compatible, root, len))
			return q;
	return &platform_quirk_generic;
}

const struct platform_quirk *platform_choose(const void *fdt)
{
	platform = platform_quirk_match(fdt);
	pmu_platform = platform->pmu;   /* the PMU's platform events and default map (lib/ext/pmu/) */
	/* The Andes cores' own PMU, found on the hart whatever the board (lib/ext/pmu/pmu_hart.c). */
	pmu_andes_hart_probe = andes_ax45_pmu_hart_init;
	return platform;
}
