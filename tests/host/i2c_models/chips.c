/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the I2C devices the firmware drives answer (i2c_models.h), as far as
 * their drivers (lib/drivers/reset_<pmic>.c) read them, with the values the
 * sources those drivers cite give. A register no source gives a value for
 * reads 0 until written: a driver that only needs an answer gets one, and
 * one that checks a value the model does not know refuses the device, as
 * it would refuse a chip that is not the one named.
 */
#include <string.h>
#include "i2c_models.h"

/*
 * Dialog DA9063 (Linux 7.2 include/linux/mfd/da9063/registers.h and
 * core.h, drivers/mfd/da9063-i2c.c): PAGE_CON (0x00, in every page) bit 1
 * (DA9063_I2C_PAGE_SEL_SHIFT) selects registers 0x100-0x1ff behind
 * pointers 0x01-0xff; DEVICE_ID (0x181) reads PMIC_CHIP_ID_DA9063 (0x61).
 */
#define DA9063_PAGE_CON     0x00
#define DA9063_PAGE_SEL     0x02
#define DA9063_DEVICE_ID    0x181
#define DA9063_CHIP_ID      0x61

static void da9063_power_on(struct i2c_sim_device *d)
{
	d->regs[DA9063_DEVICE_ID] = DA9063_CHIP_ID;
}

static unsigned int da9063_reg_index(const struct i2c_sim_device *d, uint8_t reg)
{
	if (reg == DA9063_PAGE_CON)
		return reg;
	return reg | (d->regs[DA9063_PAGE_CON] & DA9063_PAGE_SEL ? 0x100 : 0);
}

/*
 * Dialog DA9062 (Linux 7.2 include/linux/mfd/da9062/registers.h,
 * drivers/mfd/da9062-core.c): the DA9063's paging (PAGE_CON 0x000,
 * DA9062_I2C_PAGE_SEL_SHIFT 1), DEVICE_ID (0x181) reads
 * DA9062_PMIC_DEVICE_ID (0x62).
 */
#define DA9062_CHIP_ID      0x62

static void da9062_power_on(struct i2c_sim_device *d)
{
	d->regs[DA9063_DEVICE_ID] = DA9062_CHIP_ID;
}

static const struct i2c_chip chips[] = {
	{ "dlg,da9063", "da9063", "Linux 7.2 da9063-i2c.c: DEVICE_ID 0x61 at 0x181, behind PAGE_CON",
	  da9063_power_on, da9063_reg_index },
	{ "dlg,da9062", "da9062", "Linux 7.2 da9062-core.c: DEVICE_ID 0x62 at 0x181, behind PAGE_CON",
	  da9062_power_on, da9063_reg_index },
	/* Linux 7.2's drivers read no identification from these: the compatible names the chip. */
	{ "x-powers,axp15060", "axp15060", "Linux 7.2 axp20x.c reads no ID", NULL, NULL },
	{ "stf,axp15060-regulator", "axp15060", "Linux 7.2 axp20x.c reads no ID", NULL, NULL },
	{ "spacemit,p1", "spacemit-p1", "Linux 7.2 simple-mfd-i2c.c reads no ID", NULL, NULL },
	{ "sophgo,sg2042-hwmon-mcu", "sg2042-mcu", "Linux 7.2 sg2042-mcu.c reads no ID", NULL, NULL },
};

const struct i2c_chip *i2c_chip_for(const char *compatible)
{
	for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); i++)
		if (strcmp(chips[i].compatible, compatible) == 0)
			return &chips[i];
	return NULL;
}

const struct i2c_chip *i2c_chip_for_list(const char *list, int len)
{
	int start = 0;

	/* Each NUL-terminated string inside len bytes (a last one without its NUL is none). */
	for (int i = 0; list && i < len; i++) {
		const struct i2c_chip *c;

		if (list[i])
			continue;
		c = i2c_chip_for(list + start);
		if (c)
			return c;
		start = i + 1;
	}
	return NULL;
}

unsigned int i2c_sim_device_reg(const struct i2c_sim_device *d, uint8_t reg)
{
	return d->chip && d->chip->reg_index ? d->chip->reg_index(d, reg) : reg;
}
