/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shutdown and reboot through a Dialog DA9063 PMIC on I2C (dlg,da9063: the
 * HiFive Unmatched's, at 0x58 on the FU740's I2C0; U-Boot's DT for the board
 * has no gpio-restart: it reboots through this PMIC), and shutdown through
 * its smaller sibling the DA9062 (dlg,da9062: the RZ/Five SMARC module's, at
 * 0x58 on the RIIC I2C0), below.
 *
 * Register names and bits as Linux 7.2 has them (include/linux/mfd/da9063/
 * registers.h, core.h): PAGE_CON 0x00 (2 reaches register 0x181 at 0x81:
 * drivers/mfd/da9063-i2c.c's paged read writes (0x181 / 0x100) <<
 * DA9063_I2C_PAGE_SEL_SHIFT there), CONTROL_A 0x0e
 * (M_POWER1_EN 0x40, M_POWER_EN 0x20, STANDBY 0x08), CONTROL_D 0x11
 * (TWDSCALE_MASK 0x07: 0 stops the watchdog), CONTROL_F 0x13 (WAKE_UP
 * 0x04, SHUTDOWN 0x02), DEVICE_ID 0x181 = PMIC_CHIP_ID_DA9063 (0x61).
 *  - The probe reads DEVICE_ID so, as da9063_get_device_type (da9063-i2c.c)
 *    does, and puts page 0 (the default) back.
 *  - Shutdown: CONTROL_F = SHUTDOWN on page 0 (da9063_wdt_restart's write
 *    in drivers/watchdog/da9063_wdt.c; OpenSBI 1.9's fu740.c powers off so).
 *  - Reboot: the watchdog stopped (da9063_wdt_disable_timer: TWDSCALE = 0)
 *    so that it cannot fire half-way, then a wake-up requested and standby
 *    entered: CONTROL_F = WAKE_UP, CONTROL_A = M_POWER1_EN | M_POWER_EN |
 *    STANDBY, which powers the board down and straight up again (Canonical's
 *    Linux DA9063 reset driver for the Unmatched, da9063_restart_notify;
 *    OpenSBI 1.9's fu740.c da9063_reset).
 * Then the firmware waits 500 ms, as da9063_wdt_restart does
 * (I2C_RESET_WAIT_MS), before it calls the reset a failure.
 */
#include <stddef.h>
#include "drivers.h"
#include "i2c_reset.h"

#define DA9063_REG_PAGE_CON   0x00
#define DA9063_REG_CONTROL_A  0x0e
#define DA9063_REG_CONTROL_D  0x11
#define DA9063_REG_CONTROL_F  0x13
#define DA9063_REG_DEVICE_ID  0x81   /* 0x181, with PAGE_CON = 2 */
#define DA9063_PAGE_0         0x00
#define DA9063_PAGE_2         0x02
#define DA9063_STANDBY        0x08
#define DA9063_M_POWER_EN     0x20
#define DA9063_M_POWER1_EN    0x40
#define DA9063_TWDSCALE_MASK  0x07
#define DA9063_SHUTDOWN       0x02
#define DA9063_WAKE_UP        0x04
#define DA9063_CHIP_ID        0x61   /* PMIC_CHIP_ID_DA9063 */

/* The probe's sequence (the chip id chip_id), then the shutdown's. */
#define DA906X_PROBE_AND_SHUTDOWN(chip_id) \
	{ I2C_RESET_WRITE, DA9063_REG_PAGE_CON, DA9063_PAGE_2 }, \
	{ I2C_RESET_EXPECT, DA9063_REG_DEVICE_ID, chip_id }, \
	{ I2C_RESET_WRITE, DA9063_REG_PAGE_CON, DA9063_PAGE_0 }, \
	{ I2C_RESET_END, 0, 0 }, \
	{ I2C_RESET_WRITE, DA9063_REG_PAGE_CON, DA9063_PAGE_0 }, \
	{ I2C_RESET_WRITE, DA9063_REG_CONTROL_F, DA9063_SHUTDOWN }, \
	{ I2C_RESET_END, 0, 0 }

static const struct i2c_reset_pmic da9063 = { "da9063", {
	DA906X_PROBE_AND_SHUTDOWN(DA9063_CHIP_ID),
	/* The reboot. */
	{ I2C_RESET_WRITE, DA9063_REG_PAGE_CON, DA9063_PAGE_0 },
	{ I2C_RESET_CLEAR, DA9063_REG_CONTROL_D, DA9063_TWDSCALE_MASK },
	{ I2C_RESET_WRITE, DA9063_REG_CONTROL_F, DA9063_WAKE_UP },
	{ I2C_RESET_WRITE, DA9063_REG_CONTROL_A, DA9063_M_POWER1_EN | DA9063_M_POWER_EN | DA9063_STANDBY },
	{ I2C_RESET_END, 0, 0 } } };

static int da9063_probe(const void *fdt, int node)
{
	return i2c_reset_probe(fdt, node, &da9063);
}

DT_DRIVER(reset, da9063_driver, "da9063") = { DT_COMPATIBLE("dlg,da9063"), da9063_probe };

/*
 * The DA9062: the same registers and bits where the DA9063's sequences
 * touch them (Linux 7.2 include/linux/mfd/da9062/registers.h: PAGE_CON
 * 0x000, CONTROL_A 0x00e, CONTROL_D 0x011, CONTROL_F 0x013 with SHUTDOWN
 * bit 1, DEVICE_ID 0x181 reached with PAGE_CON = 2: da9062-core.c's paged
 * regmap, selector 1 << DA9062_I2C_PAGE_SEL_SHIFT), its own chip id
 * DA9062_PMIC_DEVICE_ID 0x62 (da9062_get_device_type checks it so).
 *  - Shutdown: CONTROL_F = SHUTDOWN on page 0, as for the DA9063. Linux's
 *    only DA9062 reset (drivers/watchdog/da9062_wdt.c, da9062_wdt_restart,
 *    500 ms wait) writes the same byte and calls it a restart: what the
 *    PMIC does after SHUTDOWN (stay off, or power up again) is its OTP
 *    configuration's, which no source at hand gives for the RZ/Five SMARC
 *    module (where Linux 7.2's DT leaves that watchdog disabled).
 *  - No reboot: no source at hand gives a DA9062 power cycle (the
 *    DA9063's wake-up and standby sequence is Canonical's, for the
 *    Unmatched's DA9063); the SMARC DT's own restart device is the SoC's
 *    watchdog (renesas,rzg2l-wdt), which the firmware has no driver for.
 */
#define DA9062_CHIP_ID        0x62   /* DA9062_PMIC_DEVICE_ID */

/* No reboot. */
static const struct i2c_reset_pmic da9062 = { "da9062", { DA906X_PROBE_AND_SHUTDOWN(DA9062_CHIP_ID), { I2C_RESET_END, 0, 0 } } };

static int da9062_probe(const void *fdt, int node)
{
	return i2c_reset_probe(fdt, node, &da9062);
}

DT_DRIVER(reset, da9062_driver, "da9062") = { DT_COMPATIBLE("dlg,da9062"), da9062_probe };
