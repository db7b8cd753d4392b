/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SpacemiT K1 (Banana Pi BPI-F3, Milk-V Jupiter, ...): two clusters of
 * four X60 cores. Linux's K1 DTs have no riscv,pmu node: the X60's event
 * map is the quirk's (spacemit_x60_pmu.c); a DT node, where a DT has one,
 * wins over it (lib/pmu/pmu_dt.c).
 */
#include "platform.h"
#include "spacemit_x60_pmu.h"

static const struct pmu_platform k1_pmu = {
	.default_map = &spacemit_x60_pmu_default_map,
};

static const char *const k1_compatible[] = { "spacemit,k1", NULL };

PLATFORM_QUIRK(k1_quirk) = {
	.name = "SpacemiT K1",
	.compatible = k1_compatible,
	.pmu = &k1_pmu,
};
