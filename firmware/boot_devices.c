/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cold boot composes the devices: which drivers the DT is walked for, in
 * which walk, in which order. Each walk over the DT costs about 370,000
 * instructions on QEMU virt (docs/boot.md), so drivers that may share a
 * walk do. A new driver is a new file with a DT_DRIVER() entry of one of
 * the kinds below (docs/architecture.md, "Adding things").
 */
#include <libfdt.h>
#include "aia.h"
#include "drivers.h"
#include "fdt_helpers.h"
#include "imsic.h"
#include "ipi_device.h"
#include "i2c_bus.h"
#include "platform.h"
#include "reset_device.h"
#include "boot.h"
#include "console.h"
#include "ipi.h"
#include "sbi_spec.h"
#include "timer_device.h"

/*
 * The drivers come from tables the linker gathers (DT_DRIVER, include/dt_driver.h):
 *   console    UARTs: /chosen/stdout-path first, then the first one found;
 *   timer_ipi  IPI doorbells and the machine timer, in one walk with the AIA's
 *              nodes (noted for aia_probe_dt) and T-Head's PLIC (S-mode's
 *              access to it, lib/drivers/plic_thead.c); every CLINT/ACLINT node, since
 *              multi-socket machines have one per socket. A hart keeps the first
 *              doorbell that claims it, so MSWI slots come before M-level IMSIC
 *              files (imsic_probe_ipi, after);
 *   reset      the first node of each kind (each fills its slot: include/reset_device.h).
 */
int boot_probe_console(const void *fdt)
{
	int node = fdt_stdout_node(fdt), found;

	if (node >= 0 && dt_probe_node(fdt, node, DT_DRIVERS(console)))
		return node;
	found = dt_probe_first(fdt, DT_DRIVERS(console));
	/* A refused stdout-path UART (dt_device_reg) said why where nothing printed yet: again, now
	 * that another UART prints (the probe fails the same way, touching nothing). */
	if (node >= 0 && found >= 0 && found != node)
		dt_probe_node(fdt, node, DT_DRIVERS(console));
	return found;
}

static bool platform_reset_supported(unsigned long type)
{
	(void)type;
	return true;
}

/* The board quirk's reset when the DT has none that acts (platform->hooks->system_reset). */
static struct reset_device platform_reset_device = {
	.name = "platform",
	.slot = RESET_SLOT_PLATFORM,
	.supported = platform_reset_supported,
};

static bool some_hart_has_doorbell(void)
{
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_table[i]->ipi_dev)
			return true;
	return false;
}

void boot_probe_devices(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	const struct platform_hooks *hooks = platform->hooks;

	/* The console came first, from the loader's DT (boot_probe_console, firmware/boot.c).
	 * A hart waiting for the console serves its IPIs (remote fences wait for it). */
	console_set_wait_hook(ipi_serve_pending);

	timer_set_hz(cpus >= 0 ? fdt_read_u32(fdt, cpus, "timebase-frequency", 0) : 0);
	dt_probe_all(fdt, DT_DRIVERS(timer_ipi));
	/* AIA: the M-level APLICs and IMSIC files become firmware devices; a hart
	 * without an MSWI slot takes its IPIs at its M-level IMSIC file. */
	aia_probe_dt(fdt);
	imsic_probe_ipi(fdt, aia_boot_scan());
	if (!timer_present() && !some_hart_has_doorbell())
		console_printf("abacus: warning: no IPI doorbell and no machine timer in the DT: no IPIs, no M-mode timer\n");

	/* A PMIC's probe reaches its I2C controller: the quirk says how to turn its clock on. */
	if (hooks && hooks->i2c_bus_power)
		i2c_set_power_hook(hooks->i2c_bus_power);
	dt_probe_each_once(fdt, DT_DRIVERS(reset));
	if (!reset_supported(SBI_SRST_TYPE_SHUTDOWN) && !reset_supported(SBI_SRST_TYPE_COLD_REBOOT) &&
	    !(hooks && hooks->system_reset))
		console_printf("abacus: warning: no reset device in the DT\n");
	if (hooks && hooks->system_reset) {
		platform_reset_device.reset = hooks->system_reset;
		reset_device_add(&platform_reset_device);
	}
}
