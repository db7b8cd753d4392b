/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * I2C buses (include/i2c_bus.h): the controllers the drivers registered,
 * found for a device by its parent node and probed on first use; transfers
 * one at a time under a lock, each with its deadline on `time`.
 */
#include <libfdt.h>
#include "console.h"
#include "dt_driver.h"
#include "fdt_helpers.h"
#include "i2c_bus.h"
#include "mmio.h"
#include "format.h"
#include "lock.h"
#include "timer_device.h"

static struct i2c_bus buses[I2C_BUSES_MAX];
static unsigned int nr_buses;
static i2c_power_hook_t power_hook;

/* The transfer under way (one at a time: i2c_lock): its bus and deadline. */
static spinlock_t i2c_lock;
static const struct i2c_bus *transfer_bus;
static struct timer_deadline deadline;
static unsigned long polls_left;
static bool timed;

/* A node's name for the log: printable ASCII only, at most size - 1 characters. */
static void copy_node_name(const void *fdt, int node, char *buf, unsigned int size)
{
	format_printable(buf, size, fdt_get_name(fdt, node, NULL), SIZE_MAX);
}

struct i2c_bus *i2c_bus_add(const void *fdt, int node, i2c_transfer_fn transfer, uintptr_t base)
{
	struct i2c_bus *bus = &buses[nr_buses];

	if (nr_buses == I2C_BUSES_MAX) {
		console_printf("abacus: i2c: more than %d controllers\n", I2C_BUSES_MAX);
		return NULL;
	}
	nr_buses++;
	/* A slot is filled once: the rest of it (reg_shift, flags, power) is still 0. */
	bus->transfer = transfer;
	bus->base = base;
	bus->io_width = 4;
	bus->node = node;
	copy_node_name(fdt, node, bus->name, sizeof(bus->name));
	if (power_hook)
		power_hook(fdt, bus);
	return bus;
}

void i2c_set_power_hook(i2c_power_hook_t hook)
{
	power_hook = hook;
}

static __attribute__((noinline)) const struct i2c_bus *bus_of_node(int node)
{
	for (unsigned int i = 0; i < nr_buses; i++)
		if (buses[i].node == node)
			return &buses[i];
	return NULL;
}

/* The first i2c driver that matches the controller probes it (its own table: no walk, no
 * recursion through the walks' drivers; scripts/stack-check.py TABLE_CALLS). */
static __attribute__((noinline)) void i2c_probe_controller(const void *fdt, int node)
{
	struct dt_driver_table drivers = DT_DRIVERS(i2c);

	for (const struct dt_driver *d = drivers.begin; d < drivers.end; d++)
		if (dt_driver_matches(d, fdt, node)) {
			d->probe(fdt, node);
			return;
		}
}

int i2c_device_init(const void *fdt, int node, const char *what, struct i2c_device *dev)
{
	int parent = fdt_parent(fdt, node);
	uint32_t addr = fdt_read_u32(fdt, node, "reg", ~0U);   /* one cell: #address-cells 1, #size-cells 0 */
	const char *why = "has a bad I2C reg";

	dev->addr = (uint8_t)addr;
	dev->bus = NULL;
	if (parent >= 0 && addr <= 0x7f) {
		/* The controller's driver probes it on first use (a probe that fails adds no bus). */
		if (!bus_of_node(parent) && fdt_node_is_enabled(fdt, parent))
			i2c_probe_controller(fdt, parent);
		dev->bus = bus_of_node(parent);
		if (dev->bus)
			return 0;
		why = "is on an unusable bus";
	}
	i2c_device_refused(fdt, node, what, why);
	return -1;
}

void i2c_device_refused(const void *fdt, int node, const char *what, const char *why)
{
	char name[24];

	copy_node_name(fdt, node, name, sizeof(name));
	console_printf("abacus: %s (%s): %s; not used\n", name, what, why);
}

/* At the deadline on time, or when time is stuck; without time, after a count of polls. */
bool i2c_expired(void)
{
	if (polls_left)
		polls_left--;
	return !polls_left || (timed && timer_deadline_passed(&deadline));
}

uint32_t i2c_read(unsigned int reg)
{
	const struct i2c_bus *bus = transfer_bus;
	uintptr_t p = bus->base + ((uintptr_t)reg << bus->reg_shift);

	return bus->io_width == 1 ? mmio_read8((volatile void *)p) : mmio_read32((volatile void *)p);
}

void i2c_write(unsigned int reg, uint32_t value)
{
	const struct i2c_bus *bus = transfer_bus;
	uintptr_t p = bus->base + ((uintptr_t)reg << bus->reg_shift);

	if (bus->io_width == 1)
		mmio_write8((volatile void *)p, (uint8_t)value);
	else
		mmio_write32((volatile void *)p, value);
}

bool i2c_wait(unsigned int reg, uint32_t mask, uint32_t want)
{
	for (;;) {
		/* The time first: a register that is right when read after the deadline still counts. */
		bool late = i2c_expired();

		if ((i2c_read(reg) & mask) == want)
			return true;
		if (late)
			return false;
	}
}

/* The controller's clock on, as its SoC's quirk said (include/i2c_bus.h, struct i2c_bus_power). */
static void power_up(const struct i2c_bus *bus)
{
	for (unsigned int i = 0; i < bus->nr_power; i++) {
		const struct i2c_bus_power *p = &bus->power[i];
		volatile void *reg = (volatile void *)p->reg;

		mmio_write32(reg, (mmio_read32(reg) & ~p->clear) | p->set);
	}
}

int i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	int rc;

	spin_lock(&i2c_lock);
	power_up(bus);
	timed = timer_deadline_start(&deadline, I2C_TRANSFER_TIMEOUT_MS);
	polls_left = I2C_POLLS_MAX;
	transfer_bus = bus;
	rc = bus->transfer(bus, x);
	spin_unlock(&i2c_lock);
	return rc;
}

/* The names one after the other, in the order of -err (a table of pointers would take 40 bytes more). */
const char *i2c_error_name(int err)
{
	const char *name = "ok\0timeout\0no ack\0bus error\0wrong device";

	for (unsigned int n = err < 0 && err > I2C_ERR_NODEV ? (unsigned int)-err : err ? 4 : 0; n; n--)
		while (*name++)
			;
	return name;
}
