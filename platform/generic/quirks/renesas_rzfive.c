/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas RZ/Five (R9A07G043F): one Andes AX45MP core.
 * - PMU: M-mode kept out of the counts is found on the hart (lib/pmu, by
 *   mvendorid); Linux's RZ/Five DT has no riscv,pmu node: the AX45MP map
 *   (andes_ax45_pmu.c).
 * - The core's instruction and data local memories (ILM, DLM) answer at
 *   0x30000-0x4ffff whatever the MMU says: an S-mode or U-mode access
 *   there, at a virtual address the page tables map elsewhere, would reach
 *   them instead of faulting. PMP denies them to S/U-mode (a firmware
 *   region, as OpenSBI 1.9's rzfive.c adds an M-mode-only domain region).
 */
#include "andes_ax45_pmu.h"
#include "platform.h"
#include "sbi_memory.h"

#define RZFIVE_LOCAL_MEMORY_BASE 0x30000
#define RZFIVE_LOCAL_MEMORY_SIZE 0x20000

static int rzfive_init(const void *fdt)
{
	(void)fdt;
	return sbi_memory_add_device(RZFIVE_LOCAL_MEMORY_BASE, RZFIVE_LOCAL_MEMORY_SIZE, "ILM/DLM") ? 0 : -1;
}

static const struct pmu_platform rzfive_pmu = {
	.default_map = &andes_ax45_pmu_default_map,
};

static const char *const rzfive_compatible[] = { "renesas,r9a07g043f01", NULL };

PLATFORM_QUIRK(rzfive_quirk) = {
	.name = "Renesas RZ/Five",
	.compatible = rzfive_compatible,
	.pmu = &rzfive_pmu,
	.init = rzfive_init,
};
