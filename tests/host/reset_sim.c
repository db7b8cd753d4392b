/* SPDX-License-Identifier: BSD-2-Clause */
/* The reset-device drivers' host test rig (reset_sim.h). */
#include "drivers.h"
#include "host_console.h"
#include "host_memory.h"
#include "reset_sim.h"
#include "timer_device.h"

uint64_t reset_sim_time;
uint64_t reset_sim_write_time[HOST_MMIO_MAX_WRITES];

static uint64_t step;
static void (*test_hook)(uint64_t offset, unsigned int width, uint64_t value);

int dt_driver_probe_watched(const struct dt_driver *drv, const void *fdt, int node)
{
	return drv->probe(fdt, node);
}

static uint64_t fake_now(void)
{
	return reset_sim_time += step;
}
static const struct timer_device fake_timer = { .now = fake_now };

static void on_write(uint64_t offset, unsigned int width, uint64_t value)
{
	reset_sim_write_time[host_mmio.nr_writes - 1] = reset_sim_time;
	if (test_hook)
		test_hook(offset, width, value);
}

void reset_sim_setup(uint64_t hz, uint64_t look_step, void (*hook)(uint64_t offset, unsigned int width, uint64_t value))
{
	host_mmio_reset();
	host_mmio.write_hook = on_write;
	host_console_clear();
	host_memory_reset();
	timer_device_set(&fake_timer);
	timer_set_hz(hz);
	reset_sim_time = 0;
	step = look_step;
	test_hook = hook;
}

int reset_sim_walk(const void *fdt)
{
	return dt_probe_each_once(fdt, DT_DRIVERS(reset));
}
