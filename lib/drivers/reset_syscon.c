/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System reset through syscon-poweroff / syscon-reboot nodes: a write of
 * `value` (under `mask`) at `offset` into the register block named by
 * `regmap`. When that block is a SiFive test device (QEMU's sifive,test1), a
 * shutdown for SBI_SRST_REASON_SYSTEM_FAILURE uses its "exit with code"
 * command, so a CI run sees a failing payload as a non-zero exit.
 * A write may act some time after it completes: QEMU 11's sifive,test1 only
 * asks QEMU's main loop to stop the machine (QEMU 7.2 exited at once), and
 * the hart runs on meanwhile. So the firmware waits SYSCON_RESET_WAIT_MS
 * before it calls the write a failure, as Linux's syscon-poweroff and
 * syscon-reboot drivers wait 1 s. It is the first reset device
 * (include/reset_device.h): only then is the next tried (the gpio-poweroff /
 * gpio-restart lines, then the platform's fallback).
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "mmio.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "timer_device.h"

#define SIFIVE_TEST_FAIL 0x3333
#define SYSCON_RESET_WAIT_MS 1000
#define SYSCON_REG_BYTES 4

struct syscon_action {
	volatile uint32_t *reg;
	uint32_t value, mask;
	bool valid, sifive_test;
};

static struct syscon_action poweroff_action, reboot_action;

static bool syscon_supported(unsigned long type)
{
	return type == SBI_SRST_TYPE_SHUTDOWN ? poweroff_action.valid : reboot_action.valid;
}

static void syscon_write(const struct syscon_action *act, uint32_t value)
{
	mmio_write32(act->reg, (mmio_read32(act->reg) & ~act->mask) | (value & act->mask));
}

static void syscon_reset(unsigned long type, unsigned long reason)
{
	const struct syscon_action *act = type == SBI_SRST_TYPE_SHUTDOWN ? &poweroff_action : &reboot_action;

	if (act->sifive_test && type == SBI_SRST_TYPE_SHUTDOWN && reason == SBI_SRST_REASON_SYSTEM_FAILURE)
		mmio_write32(act->reg, (1U << 16) | SIFIVE_TEST_FAIL);     /* exit code 1 */
	else
		syscon_write(act, act->value);
	timer_delay_ms(SYSCON_RESET_WAIT_MS);
}

static struct reset_device syscon_reset_device = {
	.name = "syscon",
	.slot = RESET_SLOT_SYSCON,
	.supported = syscon_supported,
	.reset = syscon_reset,
};

/*
 * The register is written 32 bits wide, so it must be 4-byte aligned (a
 * misaligned store traps: QEMU 7.2 does) in a block accessed 4 bytes wide
 * (the syscon binding's reg-io-width, default 4; Linux's syscon-poweroff
 * writes through a regmap of that width): anything else is refused at
 * probe, with its line, and never written.
 */
static int syscon_parse(const void *fdt, int node, struct syscon_action *act)
{
	uint32_t phandle = fdt_read_u32(fdt, node, "regmap", 0);
	int regmap = phandle ? fdt_node_offset_by_phandle(fdt, phandle) : fdt_parent_offset(fdt, node);
	uint64_t base, size;
	uint32_t offset = fdt_read_u32(fdt, node, "offset", 0);
	int len;

	if (regmap < 0 || (!fdt_getprop(fdt, node, "value", &len) && !fdt_getprop(fdt, node, "mask", &len)))
		return -1;
	if (dt_device_reg(fdt, regmap, 0, SYSCON_REG_BYTES, SYSCON_REG_BYTES, &base, &size))
		return -1;
	if (fdt_read_u32(fdt, regmap, "reg-io-width", SYSCON_REG_BYTES) != SYSCON_REG_BYTES) {
		dt_device_refused(fdt, regmap, base, size, "has a reg-io-width other than 4");
		return -1;
	}
	/* A reset must not fault: the register is read once here, with a fault expected. */
	if (!dt_device_reg_in(fdt, node, base, size, offset, SYSCON_REG_BYTES) ||
	    !dt_device_answers(fdt, regmap, base, size, offset, SYSCON_REG_BYTES))
		return -1;
	act->reg = (volatile uint32_t *)(uintptr_t)(base + offset);
	act->mask = fdt_read_u32(fdt, node, "mask", 0xffffffff);
	act->value = fdt_read_u32(fdt, node, "value", act->mask);
	act->sifive_test = fdt_node_check_compatible(fdt, regmap, "sifive,test1") == 0 ||
			   fdt_node_check_compatible(fdt, regmap, "sifive,test0") == 0;
	act->valid = true;
	if (poweroff_action.sifive_test || reboot_action.sifive_test)
		syscon_reset_device.name = "syscon (sifive,test)";
	reset_device_add(&syscon_reset_device);
	return 0;
}

static int syscon_poweroff_probe(const void *fdt, int node)
{
	return syscon_parse(fdt, node, &poweroff_action);
}

static int syscon_reboot_probe(const void *fdt, int node)
{
	return syscon_parse(fdt, node, &reboot_action);
}

DT_DRIVER(reset, syscon_poweroff_driver, "syscon-poweroff") = {
	DT_COMPATIBLE("syscon-poweroff"), syscon_poweroff_probe
};
DT_DRIVER(reset, syscon_reboot_driver, "syscon-reboot") = {
	DT_COMPATIBLE("syscon-reboot"), syscon_reboot_probe
};
