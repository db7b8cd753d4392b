/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * StarFive JH7110 (VisionFive 2, Milk-V Mars, Star64, ...): four U74 cores
 * and an S7 monitor core, as on the FU740 (the JH7110 data sheet; Linux's
 * jh7110.dtsi names its cpus "sifive,u74-mc" and the monitor core
 * "sifive,s7"). Linux's JH7110 DTs and U-Boot's have no riscv,pmu node, so
 * the U74's event map is the quirk's (u74_pmu.c). A riscv,pmu node, where a
 * DT has one, wins over it (lib/ext/pmu/pmu_dt.c). Everything else comes from
 * the DT: the UART, the CLINT, the harts, the GPIO reboot line.
 */
#include "platform.h"
#include "u74_pmu.h"

static const struct pmu_platform jh7110_pmu = {
	.default_map = &u74_pmu_default_map,
};

static const char *const jh7110_compatible[] = { "starfive,jh7110", NULL };

PLATFORM_QUIRK(jh7110_quirk) = {
	.name = "StarFive JH7110",
	.compatible = jh7110_compatible,
	.pmu = &jh7110_pmu,
};
