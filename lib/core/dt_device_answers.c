/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A device's register read once with a fault expected, before a driver
 * uses the device (include/dt_device_reg.h). A file of its own: host tests
 * that fake dt_device_reg() and mmio_try_read() link it with their fakes.
 */
#include "dt_device_reg.h"
#include "trap_expect.h"

bool dt_device_answers(const void *fdt, int node, uint64_t base, uint64_t size, uint64_t offset, unsigned int width)
{
	struct trap_expect probe;
	uint32_t value;

	if (mmio_try_read(&probe, (volatile void *)(uintptr_t)(base + offset), width, &value))
		return true;
	dt_device_refused(fdt, node, base, size, "faults when read");
	return false;
}

bool dt_device_reg_answers(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t offset,
			   uint64_t *base, uint64_t *size)
{
	return !dt_device_reg(fdt, node, index, min_size, width, base, size) &&
	       dt_device_answers(fdt, node, *base, *size, offset, 4);
}
