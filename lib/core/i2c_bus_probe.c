/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every I2C controller driver's probe does (include/i2c_bus.h,
 * i2c_bus_probe): the region checked, one register read without a fault,
 * the bus added. Apart from lib/core/i2c_bus.c, whose register accessors
 * the host tests of the drivers replace, so that they test this too.
 */
#include <stddef.h>
#include "dt_device_reg.h"
#include "i2c_bus.h"
#include "trap_expect.h"

struct i2c_bus *i2c_bus_probe(const void *fdt, int node, i2c_transfer_fn transfer, uint64_t size, unsigned int width,
			      unsigned int reg, uint32_t id, const char *not_id)
{
	struct trap_expect probe;
	uint64_t base;
	uint32_t value;
	struct i2c_bus *bus;

	if (dt_device_reg(fdt, node, 0, size, width, &base, &size))
		return NULL;
	if (mmio_try_read(&probe, (volatile void *)(uintptr_t)(base + reg), width, &value)) {
		if (!not_id || value == id) {
			bus = i2c_bus_add(fdt, node, transfer, base);
			if (bus)
				bus->io_width = (uint8_t)width;
			return bus;
		}
	} else
		not_id = "faults when read";
	dt_device_refused(fdt, node, base, size, not_id);
	return NULL;
}
