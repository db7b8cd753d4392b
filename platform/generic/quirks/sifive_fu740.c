/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive FU740-C000 (HiFive Unmatched). Everything else comes from the DT
 * U-Boot SPL passes: the UART, the CLINT, the harts, the GPIO power-off
 * line. Hart 0 (the S7) has no S-mode: the generic code keeps it in M-mode
 * and never offers it to HSM or the next stage. The U74 cores' counters
 * are not in U-Boot's DT: the quirk gives their event map (u74_pmu.c).
 */
#include "platform.h"
#include "u74_pmu.h"

PLATFORM_QUIRK(fu740_quirk) = {
	.name = "SiFive FU740",
	.compatible = DT_COMPATIBLE("sifive,fu740-c000", "sifive,fu740"),
	.pmu = &u74_pmu_platform,
};
