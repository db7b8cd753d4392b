/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A reset device that is a few register writes to a PMIC (or a board
 * controller) on an I2C bus (lib/core/i2c_reset.c): the PMIC's driver
 * (lib/drivers/reset_<pmic>.c) gives its sequences as data, one register
 * operation each, and this runs them over the PMIC's bus
 * (include/i2c_bus.h). A board has one such PMIC: the reset slot
 * RESET_SLOT_PMIC holds the last one that probed.
 */
#ifndef ABACUS_I2C_RESET_H
#define ABACUS_I2C_RESET_H

#include <stdint.h>

enum i2c_reset_op_kind {
	I2C_RESET_END,
	I2C_RESET_WRITE,     /* register = value */
	I2C_RESET_SET,       /* register |= value, written when that changes it (regmap_update_bits) */
	I2C_RESET_CLEAR,     /* register &= ~value, the same */
	I2C_RESET_READ,      /* the register must answer */
	I2C_RESET_EXPECT,    /* the register must read value (else I2C_ERR_NODEV) */
};

struct i2c_reset_op {
	uint8_t kind, reg, value;
};

/*
 * A PMIC: its name and its sequences one after the other, each ended by I2C_RESET_END: the
 * probe's (at boot: the device is there, and is this one), the shutdown's,
 * the reboot's (cold and warm); an empty one (I2C_RESET_END alone): it
 * cannot.
 */
struct i2c_reset_pmic {
	const char *name;                        /* the boot log's */
	struct i2c_reset_op ops[];
};

/*
 * After a sequence the PMIC acts: the firmware waits this long before it
 * calls the reset a failure (Linux's AXP20x power-off and DA9063 restart
 * wait 500 ms).
 */
#define I2C_RESET_WAIT_MS 500

/*
 * The PMIC's probe: node is the PMIC on its bus; the probe sequence must
 * succeed (else one boot-log line). 0 when the PMIC is the reset device.
 */
int i2c_reset_probe(const void *fdt, int node, const struct i2c_reset_pmic *pmic);

#endif
