/* SPDX-License-Identifier: BSD-2-Clause */
/* The simulated I2C bus and fake layer 1 of the controller tests (tests/host/i2c_sim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "i2c_sim.h"
#include "timer_device.h"
#include "trap_expect.h"

struct i2c_wires sim_wires;
struct i2c_sim_device *sim_device;
uint32_t (*sim_read)(unsigned int reg);
void (*sim_write)(unsigned int reg, uint32_t value);
struct sim_access sim_writes[512];
unsigned int sim_nr_writes;
long sim_budget;
struct i2c_bus sim_bus;
unsigned int sim_bus_adds, sim_refusals, sim_delays;
const char *sim_refused_why;
uint64_t sim_asked_min_size;
unsigned int sim_asked_width;
uintptr_t sim_fault_from, sim_fault_to;

int sim_write_index(unsigned int reg, uint32_t value)
{
	for (unsigned int i = 0; i < sim_nr_writes; i++)
		if (sim_writes[i].reg == reg && (value == ~0U || sim_writes[i].value == value))
			return (int)i;
	return -1;
}

void sim_reset(uint8_t addr)
{
	i2c_wires_init(&sim_wires);
	sim_device = i2c_wires_add(&sim_wires, addr, NULL);
	for (unsigned int i = 0; i < 256; i++)
		sim_device->regs[i] = (uint8_t)(i ^ 0x5a);
	sim_nr_writes = 0;
	sim_budget = SIM_BUDGET;
	sim_refusals = sim_bus_adds = sim_delays = 0;
	sim_refused_why = NULL;
	sim_fault_from = sim_fault_to = 0;
	sim_probe_shift = 0;
}

/* ---- The fake layer 1 ---- */

uint32_t i2c_read(unsigned int reg)
{
	return sim_read(reg);
}

void i2c_write(unsigned int reg, uint32_t value)
{
	if (sim_nr_writes < sizeof(sim_writes) / sizeof(sim_writes[0]))
		sim_writes[sim_nr_writes++] = (struct sim_access){ reg, value };
	sim_write(reg, value);
}

bool i2c_expired(void)
{
	return --sim_budget <= 0;
}

bool i2c_wait(unsigned int reg, uint32_t mask, uint32_t want)
{
	for (;;) {
		bool late = i2c_expired();

		if ((i2c_read(reg) & mask) == want)
			return true;
		if (late)
			return false;
	}
}

struct i2c_bus *i2c_bus_add(const void *fdt, int node, i2c_transfer_fn transfer, uintptr_t base)
{
	(void)fdt;
	sim_bus_adds++;
	sim_bus = (struct i2c_bus){ .transfer = transfer, .base = base, .reg_shift = 0, .io_width = 4, .node = node,
				    .name = "sim" };
	return &sim_bus;
}

void timer_delay_ms(uint32_t ms)
{
	(void)ms;
	sim_delays++;
}

int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	sim_asked_min_size = min_size;
	sim_asked_width = width;
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	if (*base % width) {
		sim_refusals++;
		sim_refused_why = "is not aligned to its accesses";
		return DT_REG_REFUSED;
	}
	if (*size < min_size) {
		sim_refusals++;
		sim_refused_why = "is too small for its registers";
		return DT_REG_REFUSED;
	}
	return 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size;
	sim_refusals++;
	sim_refused_why = why;
}

unsigned int sim_probe_shift;

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uintptr_t a = (uintptr_t)addr;

	(void)st, (void)width;
	if (a >= sim_fault_from && a < sim_fault_to)
		return false;
	*value = sim_read((unsigned int)((a - SIM_BASE) >> sim_probe_shift));
	return true;
}

void *sim_fdt(const char *compatible, uint64_t base, uint64_t size, const char *prop, uint32_t value,
	      const char *prop2, uint32_t value2)
{
	void *fdt = calloc(1, 4096);
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), cpu_to_fdt32(size >> 32),
			   cpu_to_fdt32((uint32_t)size) };
	int node, err = fdt_create_empty_tree(fdt, 4096);

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "i2c@10000000");
	err |= node < 0;
	err |= fdt_setprop_string(fdt, node, "compatible", compatible);
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	if (prop)
		err |= fdt_setprop_u32(fdt, node, prop, value);
	if (prop2)
		err |= fdt_setprop_u32(fdt, node, prop2, value2);
	if (err) {
		free(fdt);
		return NULL;
	}
	return fdt;
}

int sim_fdt_node(const void *fdt)
{
	return fdt_subnode_offset(fdt, 0, "i2c@10000000");
}
