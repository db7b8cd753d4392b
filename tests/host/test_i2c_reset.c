/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMIC resets on the host: lib/core/i2c_bus.c (a device's bus found by
 * its parent node and probed on demand, the deadline, the register
 * accessors, a SoC quirk's clock write before each transfer),
 * lib/core/i2c_reset.c and the five PMIC drivers
 * (lib/drivers/reset_<pmic>.c), through the reset slots (lib/core/reset.c)
 * and the reset walk (lib/core/dt_driver.c), from DTs built here. The I2C
 * controller is a fake driver of this file (DT_DRIVER(i2c, ...)) whose
 * transfers act on simulated PMICs' registers and are logged, one token
 * each: "W36 32=80" (register 0x32 of the device at 0x36 written 0x80),
 * "R36 32>00" (read 0x00), "N58" (no device answered at 0x58). Each
 * PMIC's sequences are checked against the source its driver cites; a
 * PMIC that stops answering, or a controller that never finishes (its
 * transfer waits through the real i2c_wait on a fake clock), makes the
 * reset say so and go on to the next device within the deadline.
 */
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "drivers.h"
#include "host_console.h"
#include "i2c_bus.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "test.h"
#include "timer_device.h"

TEST_MAIN_GLOBALS

/* ---- The fake clock: 1 MHz, one tick per look (or none: a clock that is stuck) ---- */
#define TIMEBASE_HZ 1000000
static uint64_t fake_time;
static unsigned int tick = 1;

static uint64_t fake_now(void)
{
	fake_time += tick;
	return fake_time;
}

static const struct timer_device fake_timer = { .now = fake_now };

/* ---- Simulated PMICs, by address ---- */
static uint8_t regs[128][256];
static bool present[128];
static char xlog[4096];
static bool ctl_stuck;
static unsigned int ctl_probes;
static uint32_t never_ready;            /* the stuck controller's status register */

static void log_tok(const char *fmt, unsigned int a, unsigned int b, unsigned int c)
{
	size_t len = strlen(xlog);

	snprintf(xlog + len, sizeof(xlog) - len, fmt, len ? "; " : "", a, b, c);
}

/* The controller's clock register as a quirk's power hook names it, and what it read at each transfer. */
static uint32_t clock_reg;
static uint32_t clock_at_transfer;
static unsigned int power_hook_calls;
static int power_hook_node = -1;
static const struct i2c_bus_power clock_on = { .reg = (uintptr_t)&clock_reg, .clear = 0x2, .set = 0x80000000 };

static void power_hook(const void *fdt, struct i2c_bus *bus)
{
	(void)fdt;
	power_hook_calls++;
	power_hook_node = bus->node;
	bus->power = &clock_on;
	bus->nr_power = 1;
}

static int fake_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	(void)bus;
	clock_at_transfer = clock_reg;
	if (ctl_stuck)
		return i2c_wait(0, 1, 1) ? I2C_OK : I2C_ERR_TIMEOUT;
	if (x->addr > 0x7f || !present[x->addr]) {
		log_tok("%sN%02x", x->addr, 0, 0);
		return I2C_ERR_NACK;
	}
	if (x->rlen == 1 && x->wlen == 1) {
		x->r[0] = regs[x->addr][x->w[0]];
		log_tok("%sR%02x %02x>%02x", x->addr, x->w[0], x->r[0]);
	} else if (x->wlen == 2 && !x->rlen) {
		regs[x->addr][x->w[0]] = x->w[1];
		log_tok("%sW%02x %02x=%02x", x->addr, x->w[0], x->w[1]);
	} else {
		return I2C_ERR_BUS;
	}
	return I2C_OK;
}


static int fake_i2c_probe(const void *fdt, int node)
{
	ctl_probes++;
	return i2c_bus_add(fdt, node, fake_transfer, (uintptr_t)&never_ready) ? 0 : -1;
}

DT_DRIVER(i2c, fake_i2c_driver, "test-i2c") = { DT_COMPATIBLE("test,i2c"), fake_i2c_probe };

/* ---- The next reset device, to see a failed PMIC reset go on ---- */
static unsigned int next_device_calls;

static bool next_supported(unsigned long type)
{
	(void)type;
	return true;
}

static void next_reset(unsigned long type, unsigned long reason)
{
	(void)type, (void)reason;
	next_device_calls++;
}

static const struct reset_device next_device = { "next", RESET_SLOT_PLATFORM, next_supported, next_reset };

static void test_setup(void)
{
	timer_device_set(&fake_timer);
	timer_set_hz(TIMEBASE_HZ);
	tick = 1;
	xlog[0] = 0;
	ctl_stuck = false;
	next_device_calls = 0;
	host_console_clear();
}

/*
 * A tree: an I2C controller (compatible ctl, enabled or not) with one device
 * (compatible dev at addr). Every tree has its controller at the same node
 * offset: the bus registered for the first stays (the firmware sees one DT).
 */
static void *tree(const char *ctl, bool enabled, const char *dev, uint32_t addr, int addr_cells)
{
	void *fdt = calloc(1, 4096);
	fdt32_t reg[4] = { 0, cpu_to_fdt32(0x10000000), 0, cpu_to_fdt32(0x1000) };
	char name[32];
	int bus, node, err = fdt_create_empty_tree(fdt, 4096);

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	bus = fdt_add_subnode(fdt, 0, "i2c@10000000");
	err |= bus < 0;
	err |= fdt_setprop_string(fdt, bus, "compatible", ctl);
	err |= fdt_setprop(fdt, bus, "reg", reg, sizeof(reg));
	err |= fdt_setprop_u32(fdt, bus, "#address-cells", (uint32_t)addr_cells);
	err |= fdt_setprop_u32(fdt, bus, "#size-cells", 0);
	if (!enabled)
		err |= fdt_setprop_string(fdt, bus, "status", "disabled");
	snprintf(name, sizeof(name), "pmic@%x", addr);
	node = fdt_add_subnode(fdt, bus, name);
	err |= node < 0;
	err |= fdt_setprop_string(fdt, node, "compatible", dev);
	if (addr_cells == 1)
		err |= fdt_setprop_u32(fdt, node, "reg", addr);
	else
		err |= fdt_setprop_u64(fdt, node, "reg", addr);
	if (err) {
		free(fdt);
		return NULL;
	}
	return fdt;
}

/* The reset walk over a tree; how many reset drivers took a node. */
static int walk(const char *ctl, bool enabled, const char *dev, uint32_t addr, int addr_cells)
{
	void *fdt = tree(ctl, enabled, dev, addr, addr_cells);
	int n = fdt ? dt_probe_each_once(fdt, DT_DRIVERS(reset)) : -100;

	free(fdt);
	return n;
}

#define LOG_IS(s) CHECK(strcmp(xlog, s) == 0)
#define CONSOLE_HAS(s) CHECK(host_console_contains(s))

/* ---- Tests, in order: each PMIC that probes becomes the reset device ---- */

TEST(device_not_on_a_usable_bus_is_not_used)
{
	present[0x36] = true;
	CHECK_EQ(walk("test,i2c", true, "x-powers,axp15060", 0x80, 1), 0);         /* not a 7-bit address */
	CONSOLE_HAS("abacus: pmic@80 (axp15060): has a bad I2C reg; not used");
	CHECK_EQ(walk("test,i2c", true, "x-powers,axp15060", 0x36, 2), 0);         /* two address cells */
	CHECK_EQ(walk("test,i2c", false, "x-powers,axp15060", 0x36, 1), 0);        /* disabled bus */
	CONSOLE_HAS("abacus: pmic@36 (axp15060): is on an unusable bus; not used");
	CHECK_EQ(walk("vendor,other-i2c", true, "x-powers,axp15060", 0x36, 1), 0); /* no driver for it */
	CHECK_EQ(ctl_probes, 0);
	CHECK(xlog[0] == 0);
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(strcmp(reset_device_name(), "none") == 0);
}

TEST(pmic_that_does_not_answer_is_not_used)
{
	present[0x36] = false;
	CHECK_EQ(walk("test,i2c", true, "x-powers,axp15060", 0x36, 1), 0);
	CHECK_EQ(ctl_probes, 1);                   /* its controller probed on demand */
	LOG_IS("N36");
	CONSOLE_HAS("abacus: pmic@36 (axp15060): no ack; not used");
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
}

/* Linux 7.2 axp20x_power_off: AXP20X_OFF (0x80) to 0x32. No reboot. */
TEST(axp15060_powers_off_by_register_0x32)
{
	present[0x36] = true;
	regs[0x36][0x32] = 0x0d;
	CHECK_EQ(walk("test,i2c", true, "x-powers,axp15060", 0x36, 1), 1);
	LOG_IS("R36 32>0d");
	CHECK(strcmp(reset_device_name(), "axp15060 at 0x36 on i2c@10000000 (shutdown)") == 0);
	CHECK(reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(!reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	xlog[0] = 0;
	fake_time = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	LOG_IS("W36 32=80");
	CHECK(fake_time >= 500 * 1000);            /* then 500 ms for the rails to drop */
	CHECK(fake_time < 501 * 1000);
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	CHECK(xlog[0] == 0);
}

/* Linux 7.2 spacemit-p1-reboot.c: PWR_CTRL2 (0x7e) bit 2 shutdown, bit 1 reset, read-modify-write. */
TEST(spacemit_p1_sets_a_bit_of_pwr_ctrl2)
{
	present[0x41] = true;
	regs[0x41][0x7e] = 0x10;
	CHECK_EQ(walk("test,i2c", true, "spacemit,p1", 0x41, 1), 1);
	LOG_IS("R41 7e>10");
	CHECK(strstr(reset_device_name(), "spacemit-p1 at 0x41 on i2c@") != NULL);
	CHECK(strstr(reset_device_name(), "(shutdown, reboot)") != NULL);
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	LOG_IS("R41 7e>10; W41 7e=14");
	xlog[0] = 0;
	regs[0x41][0x7e] = 0x10;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	LOG_IS("R41 7e>10; W41 7e=12");
	xlog[0] = 0;
	regs[0x41][0x7e] = 0x10;
	reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);
	LOG_IS("R41 7e>10; W41 7e=12");
}

/* OpenSBI 1.9 fdt_reset_sg2042_hwmon_mcu.c: 0x02 (power off) or 0x07 (reboot) to register 0x03. */
TEST(sg2042_mcu_takes_a_command_byte)
{
	present[0x17] = true;
	regs[0x17][0x00] = 0x80;
	CHECK_EQ(walk("test,i2c", true, "sophgo,sg2042-hwmon-mcu", 0x17, 1), 1);
	LOG_IS("R17 00>80");
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	LOG_IS("W17 03=02");
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);
	LOG_IS("W17 03=07; W17 03=07");
}

/* DA9063: the id through page 2 (da9063_get_device_type); shutdown CONTROL_F = SHUTDOWN;
 * reboot: watchdog stopped, CONTROL_F = WAKE_UP, CONTROL_A = 0x68 (da9063_restart_notify). */
TEST(da9063_must_say_it_is_one)
{
	present[0x58] = true;
	regs[0x58][0x81] = 0x62;
	CHECK_EQ(walk("test,i2c", true, "dlg,da9063", 0x58, 1), 0);
	LOG_IS("W58 00=02; R58 81>62");
	CONSOLE_HAS("abacus: pmic@58 (da9063): wrong device; not used");
	CHECK(strstr(reset_device_name(), "sg2042-mcu") != NULL);     /* the last good one stays */
}

TEST(da9063_shuts_down_and_reboots)
{
	regs[0x58][0x81] = 0x61;
	regs[0x58][0x11] = 0x03;                   /* S-mode's watchdog running */
	xlog[0] = 0;
	CHECK_EQ(walk("test,i2c", true, "dlg,da9063", 0x58, 1), 1);
	LOG_IS("W58 00=02; R58 81>61; W58 00=00");
	CHECK(strstr(reset_device_name(), "da9063 at 0x58 on i2c@") != NULL);
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	LOG_IS("W58 00=00; W58 13=02");
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	LOG_IS("W58 00=00; R58 11>03; W58 11=00; W58 13=04; W58 0e=68");
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);  /* the watchdog stopped already */
	LOG_IS("W58 00=00; R58 11>00; W58 13=04; W58 0e=68");
}

/* A PMIC that stops answering: one line, the rest of its sequence not sent, the next device tried. */
TEST(failed_pmic_reset_goes_on_to_the_next_device)
{
	reset_device_add(&next_device);
	CHECK(strstr(reset_device_name(), "; next") != NULL);
	present[0x58] = false;
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	LOG_IS("N58");
	CONSOLE_HAS("abacus: reset: da9063 at 0x58 on i2c@");
	CONSOLE_HAS("(shutdown, reboot): no ack\n");
	CHECK_EQ(next_device_calls, 1);
	present[0x58] = true;
}

/* A controller that never finishes: the transfer's deadline (25 ms on time) ends it. */
TEST(stuck_controller_times_out_within_the_deadline)
{
	uint64_t start;

	ctl_stuck = true;
	fake_time = 0;
	start = fake_time;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CONSOLE_HAS("(shutdown, reboot): timeout\n");
	CHECK(fake_time - start >= I2C_TRANSFER_TIMEOUT_MS * 1000);
	CHECK(fake_time - start < (I2C_TRANSFER_TIMEOUT_MS + 1) * 1000);
	CHECK_EQ(next_device_calls, 1);
}

/* A clock that does not advance: a count of polls ends it. */
TEST(stuck_clock_times_out_by_polls)
{
	ctl_stuck = true;
	tick = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CONSOLE_HAS("(shutdown, reboot): timeout\n");
	CHECK_EQ(next_device_calls, 1);
}

/*
 * A SoC's quirk turns the controller's clock on (a register it names,
 * read-modify-write: bits cleared, bits set): its hook ran once, as the
 * controller was added, and every transfer finds the clock on.
 */
TEST(controller_clock_is_turned_on_before_each_transfer)
{
	void *fdt = tree("test,i2c", true, "dlg,da9063", 0x58, 1);
	int node = fdt ? fdt_path_offset(fdt, "/i2c@10000000") : -1;

	free(fdt);
	ctl_stuck = false;
	CHECK_EQ(power_hook_calls, 1);
	CHECK(node >= 0);
	CHECK_EQ(power_hook_node, node);
	clock_reg = 0x12;                          /* gated by S-mode, another bit set, one to clear */
	clock_at_transfer = 0;
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	LOG_IS("W58 00=00; W58 13=02");
	CHECK_EQ(clock_at_transfer, 0x80000010);
	CHECK_EQ(clock_reg, 0x80000010);
}

/*
 * The DA9062 (RZ/Five SMARC): its own id 0x62 through page 2 (Linux 7.2
 * da9062_get_device_type); shutdown CONTROL_F = SHUTDOWN as the DA9063's;
 * no reboot of its own: a reboot goes on to the next device.
 */
TEST(da9062_shuts_down_and_does_not_reboot)
{
	present[0x58] = true;
	regs[0x58][0x81] = 0x61;                   /* a DA9063 where a DA9062 is named */
	xlog[0] = 0;
	CHECK_EQ(walk("test,i2c", true, "dlg,da9062", 0x58, 1), 0);
	LOG_IS("W58 00=02; R58 81>61");
	CONSOLE_HAS("abacus: pmic@58 (da9062): wrong device; not used");
	regs[0x58][0x81] = 0x62;
	xlog[0] = 0;
	CHECK_EQ(walk("test,i2c", true, "dlg,da9062", 0x58, 1), 1);
	LOG_IS("W58 00=02; R58 81>62; W58 00=00");
	CHECK(strstr(reset_device_name(), "da9062 at 0x58 on i2c@10000000 (shutdown)") != NULL);
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	LOG_IS("W58 00=00; W58 13=02");
	next_device_calls = 0;
	xlog[0] = 0;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	CHECK(xlog[0] == 0);
	CHECK_EQ(next_device_calls, 1);
}

/* Each error's name for the log; anything else (I2C_ERR_NODEV, a code no transfer returns) the last. */
TEST(error_names_are_exact)
{
	CHECK(strcmp(i2c_error_name(I2C_OK), "ok") == 0);
	CHECK(strcmp(i2c_error_name(I2C_ERR_TIMEOUT), "timeout") == 0);
	CHECK(strcmp(i2c_error_name(I2C_ERR_NACK), "no ack") == 0);
	CHECK(strcmp(i2c_error_name(I2C_ERR_BUS), "bus error") == 0);
	CHECK(strcmp(i2c_error_name(I2C_ERR_NODEV), "wrong device") == 0);
	CHECK(strcmp(i2c_error_name(-5), "wrong device") == 0);
	CHECK(strcmp(i2c_error_name(1), "wrong device") == 0);
}

/* A transfer that writes accessor_value to register w[0] and reads register w[1], through the accessors. */
static uint32_t accessor_value, accessor_read;

static int accessors_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	(void)bus;
	i2c_write(x->w[0], accessor_value);
	accessor_read = i2c_read(x->w[1]);
	return I2C_OK;
}

/* The controllers' register accessors: register r of the transfer's bus at base + (r << reg_shift), 1 or 4 bytes wide. */
TEST(register_accessors_honour_spacing_and_width)
{
	static uint32_t window[16], other[16];
	struct i2c_bus bus = { .transfer = accessors_transfer, .base = (uintptr_t)window, .reg_shift = 2, .io_width = 1 };
	struct i2c_bus bus2 = { .transfer = accessors_transfer, .base = (uintptr_t)other, .io_width = 4 };
	uint8_t regs[2] = { 3, 4 };
	struct i2c_xfer x = { .wlen = 2, .w = regs };

	memset(window, 0, sizeof(window));
	memset(other, 0, sizeof(other));
	window[4] = 0x12345678;
	accessor_value = 0x1a5;
	CHECK_EQ(i2c_transfer(&bus, &x), I2C_OK);
	CHECK_EQ(window[3], 0xa5);                 /* one byte */
	CHECK_EQ(accessor_read, 0x78);
	bus.reg_shift = 0, bus.io_width = 4;
	regs[0] = 8, regs[1] = 16;
	accessor_value = 0xdeadbeef;
	CHECK_EQ(i2c_transfer(&bus, &x), I2C_OK);
	CHECK_EQ(window[2], 0xdeadbeef);
	CHECK_EQ(accessor_read, 0x12345678);
	/* The next transfer's accesses reach its own bus. */
	accessor_value = 0x55;
	CHECK_EQ(i2c_transfer(&bus2, &x), I2C_OK);
	CHECK_EQ(other[2], 0x55);
	CHECK_EQ(window[2], 0xdeadbeef);
}

int main(void)
{
	i2c_set_power_hook(power_hook);
	RUN(device_not_on_a_usable_bus_is_not_used);
	RUN(pmic_that_does_not_answer_is_not_used);
	RUN(axp15060_powers_off_by_register_0x32);
	RUN(spacemit_p1_sets_a_bit_of_pwr_ctrl2);
	RUN(sg2042_mcu_takes_a_command_byte);
	RUN(da9063_must_say_it_is_one);
	RUN(da9063_shuts_down_and_reboots);
	RUN(failed_pmic_reset_goes_on_to_the_next_device);
	RUN(stuck_controller_times_out_within_the_deadline);
	RUN(stuck_clock_times_out_by_polls);
	RUN(controller_clock_is_turned_on_before_each_transfer);
	RUN(da9062_shuts_down_and_does_not_reboot);
	RUN(error_names_are_exact);
	RUN(register_accessors_honour_spacing_and_width);
	return TEST_EXIT_CODE;
}
