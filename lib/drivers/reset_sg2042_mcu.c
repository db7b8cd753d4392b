/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shutdown and reboot through the SG2042 boards' power-control MCU on I2C
 * (sophgo,sg2042-hwmon-mcu: the Milk-V Pioneer's, at 0x17 on a DesignWare
 * controller): one command byte written to its register 0x03. Linux 7.2
 * names the registers (drivers/hwmon/sg2042-mcu.c: REG_BOARD_TYPE 0x00,
 * REG_PWR_CTRL 0x03) but sends no command; the commands are OpenSBI 1.9's
 * (lib/utils/reset/fdt_reset_sg2042_hwmon_mcu.c: CMD_POWEROFF 0x02,
 * CMD_REBOOT 0x07 to REG_CMD 0x03), from Sophgo; then the wait all PMIC
 * resets make (I2C_RESET_WAIT_MS). The probe reads REG_BOARD_TYPE.
 */
#include <stddef.h>
#include "drivers.h"
#include "i2c_reset.h"

#define MCU_REG_BOARD_TYPE 0x00
#define MCU_REG_PWR_CTRL   0x03
#define MCU_CMD_POWEROFF   0x02
#define MCU_CMD_REBOOT     0x07

/* The probe, the shutdown, the reboot. */
static const struct i2c_reset_pmic mcu = { "sg2042-mcu", {
	{ I2C_RESET_READ, MCU_REG_BOARD_TYPE, 0 }, { I2C_RESET_END, 0, 0 },
	{ I2C_RESET_WRITE, MCU_REG_PWR_CTRL, MCU_CMD_POWEROFF }, { I2C_RESET_END, 0, 0 },
	{ I2C_RESET_WRITE, MCU_REG_PWR_CTRL, MCU_CMD_REBOOT }, { I2C_RESET_END, 0, 0 } } };

static int mcu_probe(const void *fdt, int node)
{
	return i2c_reset_probe(fdt, node, &mcu);
}

DT_DRIVER(reset, sg2042_mcu_driver, "sg2042-mcu") = { DT_COMPATIBLE("sophgo,sg2042-hwmon-mcu"), mcu_probe };
