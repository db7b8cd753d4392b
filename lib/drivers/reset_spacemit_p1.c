/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shutdown and reboot through a SpacemiT P1 PMIC on I2C (spacemit,p1: the
 * Banana Pi BPI-F3's, at 0x41 on the K1's I2C8). Linux 7.2's sequence
 * (drivers/power/reset/spacemit-p1-reboot.c, spacemit_p1_pwroff_handler
 * and spacemit_p1_restart_handler): set PWR_CTRL2_SHUTDOWN (bit 2) or
 * PWR_CTRL2_RST (bit 1) in PWR_CTRL2 (0x7e), a read-modify-write
 * (regmap_set_bits), then the wait all PMIC resets make (I2C_RESET_WAIT_MS).
 */
#include <stddef.h>
#include "drivers.h"
#include "i2c_reset.h"

#define P1_PWR_CTRL2          0x7e
#define P1_PWR_CTRL2_SHUTDOWN 0x04
#define P1_PWR_CTRL2_RST      0x02

/* The probe, the shutdown, the reboot. */
static const struct i2c_reset_pmic p1 = { "spacemit-p1", {
	{ I2C_RESET_READ, P1_PWR_CTRL2, 0 }, { I2C_RESET_END, 0, 0 },
	{ I2C_RESET_SET, P1_PWR_CTRL2, P1_PWR_CTRL2_SHUTDOWN }, { I2C_RESET_END, 0, 0 },
	{ I2C_RESET_SET, P1_PWR_CTRL2, P1_PWR_CTRL2_RST }, { I2C_RESET_END, 0, 0 } } };

static int p1_probe(const void *fdt, int node)
{
	return i2c_reset_probe(fdt, node, &p1);
}

DT_DRIVER(reset, spacemit_p1_driver, "spacemit-p1") = { DT_COMPATIBLE("spacemit,p1"), p1_probe };
