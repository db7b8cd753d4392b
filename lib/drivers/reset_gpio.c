/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System reset through a GPIO line: the gpio-poweroff and gpio-restart DT
 * bindings, on a SiFive GPIO controller (sifive,gpio0: FU540, FU740) or
 * StarFive's JH7110 system pin controller (starfive,jh7110-sys-pinctrl). The
 * HiFive Unmatched powers off through gpio-poweroff (GPIO 2, the PMIC's
 * shutdown line); QEMU sifive_u resets the machine when its gpio-restart
 * line (GPIO 10, active low) is driven low; JH7110 boards (VisionFive 2,
 * Star64, Mars) restart through GPIO 35, active high.
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
#include "mmio.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "timer_device.h"

/* SiFive GPIO registers (FU740-C000 manual, chapter "General Purpose Input/Output"). */
#define SIFIVE_GPIO_OUTPUT_EN  0x08
#define SIFIVE_GPIO_OUTPUT_VAL 0x0c
#define SIFIVE_GPIO_IOF_EN     0x38   /* pin driven by a peripheral instead */
#define SIFIVE_GPIO_OUT_XOR    0x40   /* inverts the output */
#define SIFIVE_GPIO_PINS       32
/*
 * JH7110 system pin controller (the register layout Linux's
 * pinctrl-starfive-jh7110 driver uses): per GPIO one byte in a word of four,
 * in the output-enable array (0 = the pin drives its output) and in the
 * output array (the signal driven: 0 low, 1 high).
 */
#define JH7110_GPIO_DOEN       0x000
#define JH7110_GPIO_DOUT       0x040
#define JH7110_GPIO_DOEN_MASK  0x3fU
#define JH7110_GPIO_DOUT_MASK  0x7fU
#define JH7110_GPIO_PINS       64

#define GPIO_ACTIVE_LOW        1      /* flags cell (dt-bindings/gpio/gpio.h) */

struct gpio_line {
	volatile uint32_t *regs;
	uint32_t pin;
	bool jh7110;                    /* the controller: JH7110's, else SiFive's */
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

/*
 * The gpios property: <&controller pin flags> on a SiFive GPIO controller.
 * The line changes only when the node is usable: a refused node leaves a
 * line found before as it was.
 */
static int gpio_line_parse(const void *fdt, int node, struct gpio_line *line)
{
	uint32_t args[2];     /* the pin, its flags */
	int ctrl = fdt_phandle_args(fdt, node, "gpios", NULL, 2, args);
	uint64_t base, size;
	bool jh7110;

	if (ctrl < 0)
		return -1;
	jh7110 = fdt_node_check_compatible(fdt, ctrl, "starfive,jh7110-sys-pinctrl") == 0;
	if ((!jh7110 && fdt_node_check_compatible(fdt, ctrl, "sifive,gpio0") != 0) ||
	    !fdt_node_is_enabled(fdt, ctrl) || fdt_read_u32(fdt, ctrl, "#gpio-cells", 0) != 2 ||
	    args[0] >= (jh7110 ? JH7110_GPIO_PINS : SIFIVE_GPIO_PINS) ||
	    /* A reset must not fault: the block is read once here, a fault expected. */
	    !dt_device_reg_answers(fdt, ctrl, 0, jh7110 ? JH7110_GPIO_DOUT + JH7110_GPIO_PINS : SIFIVE_GPIO_OUT_XOR + 4,
				   4, 0, &base, &size))
		return -1;
	line->jh7110 = jh7110;
	line->regs = (volatile uint32_t *)(uintptr_t)base;
	line->pin = args[0];
	line->active_low = args[1] & GPIO_ACTIVE_LOW;
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

DT_DRIVER(reset, gpio_poweroff_driver, "gpio-poweroff") = {
	DT_COMPATIBLE("gpio-poweroff"), gpio_poweroff_probe
};
DT_DRIVER(reset, gpio_restart_driver, "gpio-restart") = { DT_COMPATIBLE("gpio-restart"), gpio_restart_probe };

static bool gpio_reset_supported(unsigned long type)
{
	return type == SBI_SRST_TYPE_SHUTDOWN ? poweroff_line.valid : restart_line.valid;
}

/* JH7110: the pin's byte in the word of array at offset, set to value. */
static void jh7110_field_set(const struct gpio_line *line, unsigned int offset, uint32_t mask, uint32_t value)
{
	volatile uint32_t *word = &line->regs[offset / 4 + line->pin / 4];
	unsigned int shift = 8 * (line->pin % 4);

	mmio_write32(word, (mmio_read32(word) & ~(mask << shift)) | value << shift);
}

static void gpio_line_set(const struct gpio_line *line, bool active)
{
	bool high = active != line->active_low;
	volatile uint32_t *val = &line->regs[SIFIVE_GPIO_OUTPUT_VAL / 4];

	if (line->jh7110)
		jh7110_field_set(line, JH7110_GPIO_DOUT, JH7110_GPIO_DOUT_MASK, high);
	else if (high)
		mmio_write32(val, mmio_read32(val) | 1U << line->pin);
	else
		mmio_write32(val, mmio_read32(val) & ~(1U << line->pin));
}

static void gpio_line_pulse(const struct gpio_line *line)
{
	volatile uint32_t *regs = line->regs;
	uint32_t bit = 1U << (line->pin % 32);

	/* The level first, then the pin becomes a plain, non-inverted output. */
	gpio_line_set(line, true);
	if (line->jh7110) {
		jh7110_field_set(line, JH7110_GPIO_DOEN, JH7110_GPIO_DOEN_MASK, 0);
	} else {
		mmio_write32(&regs[SIFIVE_GPIO_OUT_XOR / 4], mmio_read32(&regs[SIFIVE_GPIO_OUT_XOR / 4]) & ~bit);
		mmio_write32(&regs[SIFIVE_GPIO_IOF_EN / 4], mmio_read32(&regs[SIFIVE_GPIO_IOF_EN / 4]) & ~bit);
		mmio_write32(&regs[SIFIVE_GPIO_OUTPUT_EN / 4], mmio_read32(&regs[SIFIVE_GPIO_OUTPUT_EN / 4]) | bit);
	}
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
