/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Sophgo CV1800B (Milk-V Duo), CV1812H, SG2000/SG2002: Linux runs on one
 * C906 core. PMU: found on the hart (lib/ext/pmu); Linux's DTs have no
 * riscv,pmu node: the C906 map. The PLIC's S-mode access and reset
 * through the RTC are drivers' (lib/drivers/plic_thead.c,
 * reset_cv1800_rtc.c). The core's own CSRs are the vendor's first-stage
 * loader's (it sets mxstatus, mhcr and the PLIC's S-mode access:
 * sophgo/fsbl, lib/cpu/riscv/bl2_entrypoint.S).
 */
#include "platform.h"
#include "thead_c9xx_pmu.h"

PLATFORM_QUIRK(cv18xx_quirk) = {
	.name = "Sophgo CV18xx",
	.compatible = DT_COMPATIBLE("sophgo,cv1800b", "sophgo,cv1812h", "sophgo,sg2000", "sophgo,sg2002"),
	.pmu = &thead_c906_pmu_platform,
};
