/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System reset through a GPIO line: the gpio-poweroff and gpio-restart DT
 * bindings, on a SiFive GPIO controller (sifive,gpio0: FU540, FU740). The
 * HiFive Unmatched powers off through gpio-poweroff (GPIO 2, the PMIC's
 * shutdown line); QEMU sifive_u resets the machine when its gpio-restart
 * line (GPIO 10, active low) is driven low.
 *
 * Both bindings drive the same sequence, so that a level-triggered, a rising-
 * edge or a falling-edge circuit acts at one of its steps: drive the line
 * active, wait, drive it inactive, wait, drive it active again and wait. If
 * the machine is still running after that, the reset failed.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "timer_device.h"

/* SiFive GPIO registers (FU740-C000 manual, chapter "General Purpose Input/Output"). */
#define SIFIVE_GPIO_OUTPUT_EN  0x08
#define SIFIVE_GPIO_OUTPUT_VAL 0x0c
#define SIFIVE_GPIO_IOF_EN     0x38   /* pin driven by a peripheral instead */
#define SIFIVE_GPIO_OUT_XOR    0x40   /* inverts the output */
#define SIFIVE_GPIO_PINS       32

#define GPIO_ACTIVE_LOW        1      /* flags cell (dt-bindings/gpio/gpio.h) */

struct gpio_line {
	volatile uint32_t *regs;
	uint32_t pin_bit;
	bool active_low;
	uint32_t active_ms, inactive_ms, wait_ms;
	bool valid;
};

static struct gpio_line poweroff_line, restart_line;
static struct reset_device gpio_reset_device;

/* A line found: the lines are a reset device, named after what they can do. */
static int gpio_line_found(void)
{
	if (poweroff_line.valid && restart_line.valid)
		gpio_reset_device.name = "gpio-poweroff, gpio-restart";
	else if (poweroff_line.valid)
		gpio_reset_device.name = "gpio-poweroff (no reboot)";
	else
		gpio_reset_device.name = "gpio-restart (no shutdown)";
	reset_device_add(&gpio_reset_device);
	return 0;
}

/* The gpios property: <&controller pin flags> on a SiFive GPIO controller. */
static int gpio_line_parse(const void *fdt, int node, struct gpio_line *line)
{
	const fdt32_t *cells;
	int len, ctrl;
	uint64_t base, size;
	uint32_t pin;

	cells = fdt_getprop(fdt, node, "gpios", &len);
	if (!cells || len != 3 * (int)sizeof(fdt32_t))
		return -1;
	ctrl = fdt_node_offset_by_phandle(fdt, fdt32_ld(&cells[0]));
	pin = fdt32_ld(&cells[1]);
	if (ctrl < 0 || fdt_node_check_compatible(fdt, ctrl, "sifive,gpio0") != 0 ||
	    !fdt_node_is_enabled(fdt, ctrl) || fdt_read_u32(fdt, ctrl, "#gpio-cells", 0) != 2 ||
	    pin >= SIFIVE_GPIO_PINS || dt_device_reg(fdt, ctrl, 0, SIFIVE_GPIO_OUT_XOR + 4, &base, &size))
		return -1;
	line->regs = (volatile uint32_t *)(uintptr_t)base;
	line->pin_bit = 1U << pin;
	line->active_low = fdt32_ld(&cells[2]) & GPIO_ACTIVE_LOW;
	line->valid = true;
	return 0;
}

/* Delays: the bindings' defaults, in milliseconds. */
static int gpio_poweroff_probe(const void *fdt, int node)
{
	if (gpio_line_parse(fdt, node, &poweroff_line))
		return -1;
	poweroff_line.active_ms = fdt_read_u32(fdt, node, "active-delay-ms", 100);
	poweroff_line.inactive_ms = fdt_read_u32(fdt, node, "inactive-delay-ms", 100);
	poweroff_line.wait_ms = fdt_read_u32(fdt, node, "timeout-ms", 3000);
	return gpio_line_found();
}

static int gpio_restart_probe(const void *fdt, int node)
{
	if (gpio_line_parse(fdt, node, &restart_line))
		return -1;
	restart_line.active_ms = fdt_read_u32(fdt, node, "active-delay", 100);
	restart_line.inactive_ms = fdt_read_u32(fdt, node, "inactive-delay", 100);
	restart_line.wait_ms = fdt_read_u32(fdt, node, "wait-delay", 3000);
	return gpio_line_found();
}

static const char *const gpio_poweroff_compatible[] = { "gpio-poweroff", NULL };
static const char *const gpio_restart_compatible[] = { "gpio-restart", NULL };
const struct dt_driver gpio_poweroff_driver = { "gpio-poweroff", gpio_poweroff_compatible,
							gpio_poweroff_probe };
const struct dt_driver gpio_restart_driver = { "gpio-restart", gpio_restart_compatible,
						       gpio_restart_probe };

static bool gpio_reset_supported(unsigned long type)
{
	return type == SBI_SRST_TYPE_SHUTDOWN ? poweroff_line.valid : restart_line.valid;
}

static void gpio_line_set(const struct gpio_line *line, bool active)
{
	volatile uint32_t *val = &line->regs[SIFIVE_GPIO_OUTPUT_VAL / 4];

	if (active != line->active_low)
		*val |= line->pin_bit;
	else
		*val &= ~line->pin_bit;
}

static void gpio_line_pulse(const struct gpio_line *line)
{
	volatile uint32_t *regs = line->regs;

	/* The level first, then the pin becomes a plain, non-inverted output. */
	gpio_line_set(line, true);
	regs[SIFIVE_GPIO_OUT_XOR / 4] &= ~line->pin_bit;
	regs[SIFIVE_GPIO_IOF_EN / 4] &= ~line->pin_bit;
	regs[SIFIVE_GPIO_OUTPUT_EN / 4] |= line->pin_bit;
	timer_delay_ms(line->active_ms);
	gpio_line_set(line, false);
	timer_delay_ms(line->inactive_ms);
	gpio_line_set(line, true);
	timer_delay_ms(line->wait_ms);
}

static void gpio_reset(unsigned long type, unsigned long reason)
{
	const struct gpio_line *line = type == SBI_SRST_TYPE_SHUTDOWN ? &poweroff_line : &restart_line;

	(void)reason;
	if (line->valid)
		gpio_line_pulse(line);
}

static struct reset_device gpio_reset_device = {
	.name = "gpio",
	.slot = RESET_SLOT_GPIO,
	.supported = gpio_reset_supported,
	.reset = gpio_reset,
};
