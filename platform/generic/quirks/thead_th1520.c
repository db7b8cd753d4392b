/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * T-Head TH1520 (Lichee Pi 4A, BeagleV-Ahead): four C910 cores.
 * - The cores keep using TLB entries after S-mode's translation is off,
 *   so an M-mode access may hit one S-mode left: every trap into M-mode
 *   flushes first (firmware/trap_entry.S, trap_entry_flush_tlb; OpenSBI
 *   1.9 does the same for this SoC and the SG2042).
 * - PMU: T-Head's overflow interrupt and M-mode kept out of the counts are
 *   found on the hart (lib/ext/pmu, by mvendorid); Linux's TH1520 DT has a
 *   riscv,pmu node, and a DT without one gets the C910 map.
 * - The PLIC's S-mode access is a driver's (lib/drivers/plic_thead.c).
 * - The C910's own CSRs (mxstatus, mhcr, mhint, ...) are U-Boot SPL's: it
 *   sets them on every hart before the firmware runs (its harts_early_init,
 *   arch/riscv/cpu/th1520/spl.c), and OpenSBI 1.9 writes none of them.
 */
#include "platform.h"
#include "thead_c9xx_pmu.h"

PLATFORM_QUIRK(th1520_quirk) = {
	.name = "T-Head TH1520",
	.compatible = DT_COMPATIBLE("thead,th1520"),
	.pmu = &thead_c910_pmu_platform,
	.trap_flushes_tlb = true,
};
