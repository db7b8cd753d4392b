/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/reset_gpio.c on the host, through the reset-device list it
 * joins (lib/core/reset.c): the gpio-poweroff / gpio-restart DT nodes are
 * parsed from trees built here, the SiFive GPIO controller is a plain array,
 * and the machine timer (lib/core/timer.c) is a fake clock that also records
 * the level of the reset pin each time the driver looks at the time, so the
 * test sees the whole sequence: active, inactive, active, with its delays.
 *
 * The driver and the list keep what was probed in static variables: the
 * tests run in order, from no line at all to both lines.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "test.h"
#include "timer_device.h"
#include "trap_expect.h"

TEST_MAIN_GLOBALS

#define GPIO_OUTPUT_EN  (0x08 / 4)
#define GPIO_OUTPUT_VAL (0x0c / 4)
#define GPIO_IOF_EN     (0x38 / 4)
#define GPIO_OUT_XOR    (0x40 / 4)
#define TIMEBASE_HZ     1000000
#define TICKS_PER_CALL  1000          /* every look at the clock advances it 1 ms */
#define GPIO_PHANDLE    1

static uint64_t fake_now(void);
static const struct timer_device fake_timer = { .now = fake_now };

static uint32_t gpio_regs[0x1000 / 4] __attribute__((aligned(4096)));

/* The probe's read with a fault expected: the whole block faults when controller_gone. */
static bool controller_gone;

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st, (void)width;
	if (controller_gone)
		return false;
	*value = *(const volatile uint32_t *)addr;
	return true;
}

static void test_setup(void)
{
	controller_gone = false;
	timer_device_set(&fake_timer);
	timer_set_hz(TIMEBASE_HZ);
}


/* ---- Fake machine timer, watching one pin ---- */
static uint64_t fake_time;
static uint32_t watched_bit;
static unsigned int watched_pin;
static bool watched_jh7110;      /* the pin is on the JH7110 controller, else the SiFive one */
#define MAX_STEPS 8
static struct { uint64_t time; int level; } steps[MAX_STEPS];
static unsigned int step_count;

/* A delay of ms as the fake clock measures it: each look at the clock costs one more tick. */
#define CHECK_DELAY(ticks, ms) \
	CHECK((ticks) >= (uint64_t)(ms) * TICKS_PER_CALL && (ticks) <= ((uint64_t)(ms) + 1) * TICKS_PER_CALL)

static void watch_pin(unsigned int pin)
{
	watched_bit = 1U << (pin % 32);
	watched_pin = pin;
	step_count = 0;
	fake_time = 0;
}

/* JH7110 system pin controller: a byte per pin in words of four (DOEN 0 = output; DOUT 0 low, 1 high). */
#define JH7110_DOEN     (0x000 / 4)
#define JH7110_DOUT     (0x040 / 4)
static uint8_t jh7110_field(unsigned int array, unsigned int pin)
{
	return (uint8_t)(gpio_regs[array + pin / 4] >> (8 * (pin % 4)));
}

/* The watched pin's level, or -1 while it does not drive its output. */
static int pin_level(void)
{
	if (watched_jh7110)
		return jh7110_field(JH7110_DOEN, watched_pin) == 0 ? jh7110_field(JH7110_DOUT, watched_pin) : -1;
	return (gpio_regs[GPIO_OUTPUT_EN] & watched_bit) ? (gpio_regs[GPIO_OUTPUT_VAL] & watched_bit) != 0 : -1;
}

static uint64_t fake_now(void)
{
	int level = pin_level();

	if (level >= 0 && step_count < MAX_STEPS) {
		if (step_count == 0 || steps[step_count - 1].level != level) {
			steps[step_count].time = fake_time;
			steps[step_count].level = level;
			step_count++;
		}
	}
	fake_time += TICKS_PER_CALL;
	return fake_time;
}

/* ---- Trees ---- */
struct line_spec {
	const char *compatible;     /* NULL: no node */
	uint32_t phandle, pin, flags;
	int gpios_cells;            /* 3 normally */
	const char *delay_names[3];
	uint32_t delays[3];         /* 0: property absent */
};

static void *build_fdt(const char *ctrl_compatible, int ctrl_compatible_len, const struct line_spec *a,
		       const struct line_spec *b)
{
	void *fdt = calloc(1, 8192);
	uint64_t base = (uintptr_t)gpio_regs;
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32(0x1000) };
	const struct line_spec *lines[2] = { a, b };
	int node, err = fdt_create_empty_tree(fdt, 8192);

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "gpio@10060000");
	err |= node < 0;
	err |= fdt_setprop(fdt, node, "compatible", ctrl_compatible, ctrl_compatible_len);
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	err |= fdt_setprop_u32(fdt, node, "#gpio-cells", 2);
	err |= fdt_setprop_u32(fdt, node, "phandle", GPIO_PHANDLE);
	for (int i = 0; i < 2; i++) {
		const struct line_spec *l = lines[i];
		fdt32_t gpios[3];
		if (!l || !l->compatible)
			continue;
		gpios[0] = cpu_to_fdt32(l->phandle);
		gpios[1] = cpu_to_fdt32(l->pin);
		gpios[2] = cpu_to_fdt32(l->flags);
		node = fdt_add_subnode(fdt, 0, l->compatible);
		err |= node < 0;
		err |= fdt_setprop_string(fdt, node, "compatible", l->compatible);
		err |= fdt_setprop(fdt, node, "gpios", gpios, l->gpios_cells * sizeof(fdt32_t));
		for (int d = 0; d < 3; d++)
			if (l->delays[d])
				err |= fdt_setprop_u32(fdt, node, l->delay_names[d], l->delays[d]);
	}
	if (err) {
		free(fdt);
		return NULL;
	}
	return fdt;
}

#define SIFIVE_GPIO "sifive,fu740-c000-gpio\0sifive,gpio0"

static const struct line_spec poweroff_pin2_active_low = {
	"gpio-poweroff", GPIO_PHANDLE, 2, 1, 3,
	{ "active-delay-ms", "inactive-delay-ms", "timeout-ms" }, { 0 }
};
static const struct line_spec restart_pin10_active_high = {
	"gpio-restart", GPIO_PHANDLE, 10, 0, 3,
	{ "active-delay", "inactive-delay", "wait-delay" }, { 5, 6, 7 }
};

/* ctrl: a string literal, several NUL-separated strings allowed. */
#define probe(ctrl, a, b) probe_fdt(ctrl, sizeof(ctrl), a, b)

static int probe_fdt(const char *ctrl, int ctrl_len, const struct line_spec *a, const struct line_spec *b)
{
	void *fdt = build_fdt(ctrl, ctrl_len, a, b);
	/* The reset table holds the two GPIO drivers: reset_gpio.c is the only driver linked. */
	int ret = fdt ? (dt_probe_each_once(fdt, DT_DRIVERS(reset)) > 0 ? 0 : -1) : -100;

	free(fdt);
	return ret;
}

/* ---- Tests, in order ---- */

TEST(no_line_nothing_supported)
{
	CHECK_EQ(probe(SIFIVE_GPIO, NULL, NULL), -1);
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(!reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	CHECK(strcmp(reset_device_name(), "none") == 0);
	gpio_regs[GPIO_OUTPUT_EN] = 0x5;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	CHECK_EQ(gpio_regs[GPIO_OUTPUT_EN], 0x5);
}

TEST(malformed_lines_are_ignored)
{
	struct line_spec bad = poweroff_pin2_active_low;

	CHECK_EQ(probe("vendor,other-gpio", &poweroff_pin2_active_low, NULL), -1);
	bad.phandle = 7;                       /* no such controller */
	CHECK_EQ(probe(SIFIVE_GPIO, &bad, NULL), -1);
	bad = poweroff_pin2_active_low;
	bad.pin = 32;                          /* the controller has 32 pins */
	CHECK_EQ(probe(SIFIVE_GPIO, &bad, NULL), -1);
	bad = poweroff_pin2_active_low;
	bad.gpios_cells = 2;                   /* #gpio-cells is 2: phandle + 2 cells */
	CHECK_EQ(probe(SIFIVE_GPIO, &bad, NULL), -1);
	controller_gone = true;                /* nothing answers at the controller's reg */
	CHECK_EQ(probe(SIFIVE_GPIO, &poweroff_pin2_active_low, NULL), -1);
	controller_gone = false;
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
}

/* The HiFive Unmatched: gpio-poweroff on GPIO 2, active low, default delays. */
TEST(poweroff_active_low_pulses_with_default_delays)
{
	memset(gpio_regs, 0, sizeof(gpio_regs));
	CHECK_EQ(probe(SIFIVE_GPIO, &poweroff_pin2_active_low, NULL), 0);
	CHECK(reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(strcmp(reset_device_name(), "gpio-poweroff (no reboot)") == 0);

	/* Other pins' state, and this pin inverted and given to a peripheral. */
	gpio_regs[GPIO_OUTPUT_VAL] = 0x80000004;
	gpio_regs[GPIO_OUTPUT_EN] = 0x80000000;
	gpio_regs[GPIO_OUT_XOR] = 0x00000104;
	gpio_regs[GPIO_IOF_EN] = 0x00000204;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);   /* no restart line: untouched */
	CHECK_EQ(gpio_regs[GPIO_OUTPUT_EN], 0x80000000);

	watch_pin(2);
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(step_count, 3);
	CHECK_EQ(steps[0].level, 0);                  /* active (low) first */
	CHECK_EQ(steps[1].level, 1);
	CHECK_DELAY(steps[1].time - steps[0].time, 100);
	CHECK_EQ(steps[2].level, 0);
	CHECK_DELAY(steps[2].time - steps[1].time, 100);
	CHECK_DELAY(fake_time - steps[2].time, 3000);
	CHECK_EQ(gpio_regs[GPIO_OUTPUT_EN], 0x80000004);
	CHECK_EQ(gpio_regs[GPIO_OUTPUT_VAL], 0x80000000);
	CHECK_EQ(gpio_regs[GPIO_OUT_XOR], 0x00000100);
	CHECK_EQ(gpio_regs[GPIO_IOF_EN], 0x00000200);
}

/* QEMU-like gpio-restart, but active high and with its own delays. */
TEST(restart_active_high_serves_both_reboot_types)
{
	memset(gpio_regs, 0, sizeof(gpio_regs));
	CHECK_EQ(probe(SIFIVE_GPIO, &poweroff_pin2_active_low, &restart_pin10_active_high), 0);
	CHECK(reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	CHECK(strcmp(reset_device_name(), "gpio-poweroff, gpio-restart") == 0);

	for (unsigned long type = SBI_SRST_TYPE_COLD_REBOOT; type <= SBI_SRST_TYPE_WARM_REBOOT; type++) {
		memset(gpio_regs, 0, sizeof(gpio_regs));
		watch_pin(10);
		reset_system(type, SBI_SRST_REASON_NONE);
		CHECK_EQ(step_count, 3);
		CHECK_EQ(steps[0].level, 1);              /* active (high) first */
		CHECK_EQ(steps[1].level, 0);
		CHECK_DELAY(steps[1].time - steps[0].time, 5);
		CHECK_EQ(steps[2].level, 1);
		CHECK_DELAY(steps[2].time - steps[1].time, 6);
		CHECK_DELAY(fake_time - steps[2].time, 7);
		CHECK_EQ(gpio_regs[GPIO_OUTPUT_EN], 1U << 10);
		CHECK_EQ(gpio_regs[GPIO_OUTPUT_VAL], 1U << 10);
	}
}

/* JH7110 boards (jh7110-common.dtsi): gpio-restart on GPIO 35, active high, default delays. */
#define JH7110_PINCTRL "starfive,jh7110-sys-pinctrl"

static const struct line_spec restart_jh7110_pin35 = {
	"gpio-restart", GPIO_PHANDLE, 35, 0, 3, { "active-delay", "inactive-delay", "wait-delay" }, { 0 }
};

TEST(jh7110_restart_drives_only_its_pin)
{
	struct line_spec bad = restart_jh7110_pin35;

	bad.pin = 64;                          /* the system pin controller has 64 GPIOs */
	CHECK_EQ(probe(JH7110_PINCTRL, NULL, &bad), -1);
	memset(gpio_regs, 0, sizeof(gpio_regs));
	CHECK_EQ(probe(JH7110_PINCTRL, NULL, &restart_jh7110_pin35), 0);
	CHECK(reset_supported(SBI_SRST_TYPE_COLD_REBOOT));

	/* Pins 32-35 share a word: 32-34 are inputs routing signals 5-7, 35 an input too. */
	gpio_regs[JH7110_DOEN + 8] = 0x01010101;
	gpio_regs[JH7110_DOUT + 8] = 0x03070605;
	watched_jh7110 = true;
	watch_pin(35);
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	watched_jh7110 = false;
	CHECK_EQ(step_count, 3);
	CHECK_EQ(steps[0].level, 1);                  /* active (high) first */
	CHECK_EQ(steps[1].level, 0);
	CHECK_DELAY(steps[1].time - steps[0].time, 100);
	CHECK_EQ(steps[2].level, 1);
	CHECK_DELAY(steps[2].time - steps[1].time, 100);
	CHECK_DELAY(fake_time - steps[2].time, 3000);
	CHECK_EQ(gpio_regs[JH7110_DOEN + 8], 0x00010101);
	CHECK_EQ(gpio_regs[JH7110_DOUT + 8], 0x01070605);
	/* Nothing else written. */
	for (unsigned int i = 0; i < sizeof(gpio_regs) / 4; i++)
		if (i != JH7110_DOEN + 8 && i != JH7110_DOUT + 8)
			CHECK_EQ(gpio_regs[i], 0);
}

int main(void)
{
	RUN(no_line_nothing_supported);
	RUN(malformed_lines_are_ignored);
	RUN(poweroff_active_low_pulses_with_default_delays);
	RUN(restart_active_high_serves_both_reboot_types);
	RUN(jh7110_restart_drives_only_its_pin);
	return TEST_EXIT_CODE;
}
