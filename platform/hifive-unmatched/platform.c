/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive HiFive Unmatched (FU740-C000); also boots QEMU's sifive_u (FU540),
 * which has the same layout. Everything else comes from the DT U-Boot SPL
 * (or QEMU) passes: the UART, the CLINT, the harts, the reset GPIO lines.
 * Hart 0 (S7 on the FU740, E51 on the FU540) has no S-mode: the generic code
 * keeps it in M-mode and never offers it to HSM or the next stage.
 */
#include "drivers.h"
#include "platform.h"
#include "riscv_csr.h"
#include "u74_pmu.h"

#define FU740_UART0 0x10010000UL

static void fu740_early_console_init(void)
{
	uart_sifive_init_fixed(FU740_UART0);
}

static const struct pmu_platform fu740_pmu = {
	.default_map = &u74_pmu_default_map,
};

const struct platform_ops platform = {
	.name = "SiFive HiFive Unmatched (FU740)",
	.early_console_init = fu740_early_console_init,
	/* Where U-Boot SPL puts U-Boot proper. */
	.default_next_addr = 0x80200000UL,
	.default_next_mode = PRV_S,
	.pmu = &fu740_pmu,
};
