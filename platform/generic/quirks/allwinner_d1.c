/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Allwinner D1 and D1s (Nezha, Lichee RV, MangoPi, ...): one C906 core.
 * PMU: found on the hart (lib/ext/pmu: T-Head's overflow interrupt, M-mode
 * kept out of the counts, the counters 10-12 a hole); Linux's D1 DTs have
 * a riscv,pmu node, and a DT without one (the loader's) gets the C906 map.
 * The PLIC's S-mode access and the watchdog reboot are drivers'
 * (lib/drivers/plic_thead.c, reset_sunxi_wdt.c).
 */
#include "platform.h"
#include "thead_c9xx_pmu.h"

PLATFORM_QUIRK(d1_quirk) = {
	.name = "Allwinner D1",
	.compatible = DT_COMPATIBLE("allwinner,sun20i-d1", "allwinner,sun20i-d1s"),
	.pmu = &thead_c906_pmu_platform,
};
