/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Sophgo SG2042 (Milk-V Pioneer): 64 C920 cores (the C910 with vectors).
 * - The same stale-TLB erratum as the TH1520: every trap into M-mode
 *   flushes first (firmware/trap_entry.S; OpenSBI 1.9's sg2042.c).
 * - PMU: found on the hart (lib/ext/pmu); Linux's SG2042 DTs have no
 *   riscv,pmu node: the C910/C920 map, as Sophgo's own node gives it.
 * - Its 16 ACLINT MTIMER blocks (one per cluster of 4 harts) lie 64 KiB
 *   apart, 48 KiB each: one firmware region over all 16 (as OpenSBI 1.9's
 *   sg2042.c makes one domain region of them) keeps PMP to one entry where
 *   16 would not fit beside the firmware and the MSWI.
 * - The cores' own CSRs are the boot loader's (Sophgo's ZSBL sets mxstatus,
 *   mhcr, mhint, ... on every hart: plat/sg2042/early_setup.S).
 */
#include "platform.h"
#include "memory_map.h"
#include "thead_c9xx_pmu.h"

#define SG2042_MTIMER_BASE   0x70ac000000ULL
#define SG2042_MTIMER_STRIDE 0x10000ULL
#define SG2042_MTIMERS       16

static int sg2042_init(const void *fdt)
{
	(void)fdt;
	return memory_map_add_device(SG2042_MTIMER_BASE, SG2042_MTIMER_STRIDE * SG2042_MTIMERS, "mtimer") ? 0 : -1;
}

PLATFORM_QUIRK(sg2042_quirk) = {
	.name = "Sophgo SG2042",
	.compatible = DT_COMPATIBLE("sophgo,sg2042"),
	.pmu = &thead_c910_pmu_platform,
	.hooks = &(const struct platform_hooks){ .init = sg2042_init },
	.trap_flushes_tlb = true,
};
