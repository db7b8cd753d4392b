/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive FU540-C000 (HiFive Unleashed, and QEMU's sifive_u, whose DT's root
 * compatible is "sifive,hifive-unleashed-a00" alone). Hart 0 (the E51) has
 * no S-mode, as on the FU740. QEMU's FU540 harts have no programmable
 * counters and no mcountinhibit, so no hardware event can be counted there;
 * the quirk gives the FU740's U74 event map, as the one image for both
 * SoCs always did (tests/payloads/sifive_u_pmu.c checks what it offers).
 */
#include "platform.h"
#include "u74_pmu.h"

PLATFORM_QUIRK(fu540_quirk) = {
	.name = "SiFive FU540",
	.compatible = DT_COMPATIBLE("sifive,fu540-c000", "sifive,fu540", "sifive,hifive-unleashed-a00"),
	.pmu = &u74_pmu_platform,
};
