/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Power-off through an X-Powers AXP15060 PMIC on I2C (x-powers,axp15060:
 * the StarFive VisionFive 2's, at 0x36 on the JH7110's I2C5). Linux 7.2's
 * sequence (drivers/mfd/axp20x.c, axp20x_power_off): write AXP20X_OFF (bit
 * 7) to AXP20X_OFF_CTRL (0x32, AXP15060_PWR_DISABLE_DOWN_SEQ in
 * include/linux/mfd/axp20x.h), then wait 500 ms for the rails to drop
 * (I2C_RESET_WAIT_MS). The probe reads that register.
 * Linux has no AXP15060 reboot; the board reboots through its gpio-restart
 * line (jh7110-common.dtsi), the slot before this one. OpenSBI 1.9 sets bit
 * 6 of the same register to reboot, which neither Linux nor a datasheet at
 * hand confirms: not used.
 */
#include <stddef.h>
#include "drivers.h"
#include "i2c_reset.h"

#define AXP15060_OFF_CTRL   0x32    /* AXP20X_OFF_CTRL, AXP15060_PWR_DISABLE_DOWN_SEQ */
#define AXP15060_OFF        0x80    /* AXP20X_OFF */

/* The probe, the shutdown, no reboot. */
static const struct i2c_reset_pmic axp15060 = { "axp15060", {
	{ I2C_RESET_READ, AXP15060_OFF_CTRL, 0 }, { I2C_RESET_END, 0, 0 },
	{ I2C_RESET_WRITE, AXP15060_OFF_CTRL, AXP15060_OFF }, { I2C_RESET_END, 0, 0 },
	{ I2C_RESET_END, 0, 0 } } };

static int axp15060_probe(const void *fdt, int node)
{
	return i2c_reset_probe(fdt, node, &axp15060);
}

/* stf,axp15060-regulator: StarFive's vendor DTs, which OpenSBI 1.9 matches. */
DT_DRIVER(reset, axp15060_driver, "axp15060") = {
	DT_COMPATIBLE("x-powers,axp15060", "stf,axp15060-regulator"), axp15060_probe
};
