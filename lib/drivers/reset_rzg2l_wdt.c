/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reboot through the RZ/Five's watchdog (renesas,r9a07g043-wdt, the
 * RZ/G2L family's WDT): a forced parity error makes it assert WDTRSTB,
 * the SoC's reset. The DA9062 PMIC of the SMARC board only switches off
 * (reset_da9063.c); this is the board's reboot, the one Linux uses.
 *
 * The sequence is Linux 7.2's rzg2l_wdt_restart() (drivers/watchdog/
 * rzg2l_wdt.c) with what its runtime-PM resume and reset deassert write
 * (drivers/clk/renesas/rzg2l-cpg.c; offsets and bits in r9a07g043-cpg.c,
 * rzg2l-cpg.h), since the watchdog's clocks are off unless Linux started it:
 * 1. CPG CLK_ON 0x548 = bits 0-1 (wdt0_pclk, wdt0_clk) with their write
 *    enables (bits 16-17); CPG_BUS_REG0_MSTOP 0xb7c = bit 2's write enable
 *    alone (the module out of standby); CPG RST 0x848 = bit 0 with its write
 *    enable (R9A07G043_WDT0_PRESETN deasserted). Linux polls the clock and
 *    reset monitors for at most 10 and 200 us; 1 ms is waited here.
 * 2. WDT PECR (0x10) = 0: a parity error resets the SoC; PEEN (0x14) =
 *    PEEN_FORCE: the parity error. Each write to the WDT waits for it to
 *    reach the watchdog's clock domain (Linux: a few of its cycles): 1 ms.
 * The WDTRSTB signal resets the SoC as the loader left the CPG's watchdog
 * reset selection (Linux counts on the same). The CPG is the SoC's one
 * renesas,r9a07g043-cpg node. A watchdog reboots only: shutdown is not
 * offered.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "mmio.h"
#include "reset_device.h"
#include "timer_device.h"

#define WDT_PECR             0x10
#define WDT_PEEN             0x14
#define WDT_PEEN_FORCE       1U
#define CPG_CLK_ON_WDT       0x548
#define CPG_CLK_ON_WDT0      3U           /* wdt0_pclk, wdt0_clk */
#define CPG_RST_WDT          0x848
#define CPG_RST_WDT0_PRESETN 1U
#define CPG_BUS_REG0_MSTOP   0xb7c
#define CPG_MSTOP_WDT0       (1U << 2)
#define WDT_SETTLE_MS        1
#define WDT_RESET_WAIT_MS    1000

static volatile uint8_t *wdt, *cpg;

static void rzg2l_wdt_reset(unsigned long type, unsigned long reason)
{
	(void)type, (void)reason;
	mmio_write32(cpg + CPG_CLK_ON_WDT, CPG_CLK_ON_WDT0 << 16 | CPG_CLK_ON_WDT0);
	mmio_write32(cpg + CPG_BUS_REG0_MSTOP, CPG_MSTOP_WDT0 << 16);
	mmio_write32(cpg + CPG_RST_WDT, CPG_RST_WDT0_PRESETN << 16 | CPG_RST_WDT0_PRESETN);
	timer_delay_ms(WDT_SETTLE_MS);
	mmio_write32(wdt + WDT_PECR, 0);
	timer_delay_ms(WDT_SETTLE_MS);
	mmio_write32(wdt + WDT_PEEN, WDT_PEEN_FORCE);
	timer_delay_ms(WDT_RESET_WAIT_MS);
}

static const struct reset_device rzg2l_wdt_reset_device = {
	.name = "rzg2l-wdt",
	.slot = RESET_SLOT_WATCHDOG,
	.supported = reset_type_reboot,
	.reset = rzg2l_wdt_reset,
};

/*
 * Refused: no CPG, a region too small, or a device where nothing answers
 * (one line: a read made with a fault expected, one per device: the CPG's
 * registers are one block).
 */
static int rzg2l_wdt_probe(const void *fdt, int node)
{
	int clock = fdt_node_offset_by_compatible(fdt, -1, "renesas,r9a07g043-cpg");
	uint64_t base, size, cbase, csize;

	if (clock < 0 || !dt_device_reg_answers(fdt, node, 0, WDT_PEEN + 4, 4, WDT_PEEN, &base, &size) ||
	    !dt_device_reg_answers(fdt, clock, 0, CPG_BUS_REG0_MSTOP + 4, 4, CPG_CLK_ON_WDT, &cbase, &csize))
		return -1;
	wdt = (volatile uint8_t *)(uintptr_t)base;
	cpg = (volatile uint8_t *)(uintptr_t)cbase;
	reset_device_add(&rzg2l_wdt_reset_device);
	return 0;
}

DT_DRIVER(reset, rzg2l_wdt_driver, "rzg2l-wdt") = { DT_COMPATIBLE("renesas,r9a07g043-wdt"), rzg2l_wdt_probe };
