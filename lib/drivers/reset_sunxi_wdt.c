/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reboot through the Allwinner D1's reset watchdog: the watchdog of its
 * timer block (allwinner,sun20i-d1-wdt-reset, then allwinner,sun20i-d1-wdt:
 * the compatible chain of Linux's sunxi-d1s-t113.dtsi, where the node's
 * status is "reserved": the firmware's). The other D1 watchdog nodes
 * (allwinner,sun20i-d1-wdt alone: the RISC-V and DSP subsystems' own) are
 * Linux's; the firmware leaves them alone.
 *
 * Registers (Allwinner D1 user manual, timer chapter, WDOG_*; the offsets
 * Linux's sunxi_wdt.c gives for sun20i): every write carries the key
 * 0x16aa in bits 31:16 or it is ignored.
 * 1. WDOG_MODE = key: the watchdog stopped (no countdown of an earlier
 *    stage's left to race the reset);
 * 2. WDOG_SOFT_RST = key | SOFT_RST_EN: the system resets at once (the
 *    sequence OpenSBI's fdt_reset_sunxi_wdt.c uses).
 * Should the board still run 100 ms later, the watchdog's own reset, as
 * Linux's sunxi_wdt_restart() does: WDOG_CFG mode 1 (the whole system),
 * WDOG_MODE enabled with the shortest interval (0.5 s), WDOG_CTRL's
 * restart (its own key, 0xa57, in bits 12:1); then 1 s more. A watchdog
 * reboots only: shutdown is not offered.
 */
#include <stddef.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "mmio.h"
#include "reset_device.h"
#include "timer_device.h"

#define WDOG_SOFT_RST         0x08
#define WDOG_CTRL             0x10
#define WDOG_CFG              0x14
#define WDOG_MODE             0x18
#define WDOG_REGION           0x20
#define WDOG_KEY              0x16aa0000U
#define WDOG_SOFT_RST_EN      (1U << 0)
#define WDOG_CTRL_RESTART     ((0xa57U << 1) | 1U)
#define WDOG_CFG_MODE_MASK    3U
#define WDOG_CFG_MODE_SYSTEM  1U
#define WDOG_MODE_EN          (1U << 0)
#define WDOG_MODE_INTERVAL    (0xfU << 4)      /* 0: 0.5 s */
#define WDOG_SOFT_RST_WAIT_MS 100
#define WDOG_TIMEOUT_WAIT_MS  1000

static volatile uint8_t *wdog;

static void wdog_write(unsigned int reg, uint32_t value)
{
	mmio_write32(wdog + reg, value);
}

static uint32_t wdog_read(unsigned int reg)
{
	return mmio_read32(wdog + reg);
}

static void sunxi_wdt_reset(unsigned long type, unsigned long reason)
{
	(void)type, (void)reason;
	wdog_write(WDOG_MODE, WDOG_KEY);
	wdog_write(WDOG_SOFT_RST, WDOG_KEY | WDOG_SOFT_RST_EN);
	timer_delay_ms(WDOG_SOFT_RST_WAIT_MS);
	wdog_write(WDOG_CFG, (wdog_read(WDOG_CFG) & ~WDOG_CFG_MODE_MASK & 0xffffU) | WDOG_CFG_MODE_SYSTEM | WDOG_KEY);
	wdog_write(WDOG_MODE, (wdog_read(WDOG_MODE) & ~WDOG_MODE_INTERVAL & 0xffffU) | WDOG_MODE_EN | WDOG_KEY);
	wdog_write(WDOG_CTRL, WDOG_CTRL_RESTART);
	timer_delay_ms(WDOG_TIMEOUT_WAIT_MS);
}

static const struct reset_device sunxi_wdt_reset_device = {
	.name = "sunxi-wdt",
	.slot = RESET_SLOT_WATCHDOG,
	.supported = reset_type_reboot,
	.reset = sunxi_wdt_reset,
};

static int sunxi_wdt_probe(const void *fdt, int node)
{
	uint64_t base, size;

	/* A reset must not fault: WDOG_MODE is read once here, with a fault expected. */
	if (!dt_device_reg_answers(fdt, node, 0, WDOG_REGION, 4, WDOG_MODE, &base, &size))
		return -1;
	wdog = (volatile uint8_t *)(uintptr_t)base;
	reset_device_add(&sunxi_wdt_reset_device);
	return 0;
}

DT_DRIVER(reset, sunxi_wdt_driver, "sunxi-wdt") = {
	DT_COMPATIBLE("allwinner,sun20i-d1-wdt-reset"), sunxi_wdt_probe
};
