/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/reset_sunxi_wdt.c on the host, through the reset walk and the
 * reset slots it joins (lib/core/dt_driver.c, lib/core/reset.c), against a
 * simulated watchdog (host_mmio.h) and a fake machine timer. The register
 * sequence checked is the D1 user manual's WDOG_* registers as OpenSBI's
 * fdt_reset_sunxi_wdt.c drives them (WDOG_MODE = key, WDOG_SOFT_RST = key
 * | 1), then Linux's sunxi_wdt_restart() (WDOG_CFG whole-system mode,
 * WDOG_MODE enabled at the shortest interval, WDOG_CTRL restart), each
 * write 32 bits wide, with its key.
 *
 * The driver and the reset slots keep what was probed in static
 * variables: the tests run in order, the nodes no driver takes first.
 */
#include <setjmp.h>
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "host_console.h"
#include "host_memory.h"
#include "host_mmio.h"
#include "reset_device.h"
#include "reset_sim.h"
#include "sbi_spec.h"
#include "test.h"
#include "timer_device.h"

TEST_MAIN_GLOBALS

#define WDOG_SOFT_RST 0x08
#define WDOG_CTRL     0x10
#define WDOG_CFG      0x14
#define WDOG_MODE     0x18
#define KEY           0x16aa0000
#define TIMEBASE_HZ   1000000

static jmp_buf machine_reset;
static uint64_t reset_on_offset = ~0ULL;    /* a write here resets the machine */

static void on_write(uint64_t offset, unsigned int width, uint64_t value)
{
	(void)width;
	if (offset == reset_on_offset && (value & 0xffff0001) == (KEY | 1))
		longjmp(machine_reset, 1);
}

static void test_setup(void)
{
	reset_sim_setup(TIMEBASE_HZ, 1, on_write);    /* a look: 1 us */
	reset_on_offset = ~0ULL;
}

static char blob[4096];

static const void *tree(const char *compatible, int len, uint64_t size, const char *status)
{
	uint64_t base = host_mmio_base();
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32((uint32_t)size) };
	int node, err = fdt_create_empty_tree(blob, sizeof(blob));

	err |= fdt_setprop_u32(blob, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(blob, 0, "#size-cells", 2);
	node = fdt_add_subnode(blob, 0, "watchdog@20500a0");
	err |= node < 0;
	err |= fdt_setprop(blob, node, "compatible", compatible, len);
	err |= fdt_setprop(blob, node, "reg", reg, sizeof(reg));
	if (status)
		err |= fdt_setprop_string(blob, node, "status", status);
	if (err) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}
/* Linux's node: sunxi-d1s-t113.dtsi, reserved for the firmware. */
#define D1_WDT_RESET "allwinner,sun20i-d1-wdt-reset\0allwinner,sun20i-d1-wdt"
#define D1_TREE(status) tree(D1_WDT_RESET, sizeof(D1_WDT_RESET), 0x20, status)

TEST(linux_watchdogs_and_disabled_ones_are_left_alone)
{
	static const char riscv_wdt[] = "allwinner,sun20i-d1-wdt";

	CHECK_EQ(reset_sim_walk(tree(riscv_wdt, sizeof(riscv_wdt), 0x20, NULL)), 0);
	CHECK_EQ(reset_sim_walk(D1_TREE("disabled")), 0);
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK_EQ(host_mmio.nr_writes + host_mmio.reads, 0);
}

TEST(a_region_too_small_is_refused)
{
	CHECK_EQ(reset_sim_walk(tree(D1_WDT_RESET, sizeof(D1_WDT_RESET), 0x1c, "reserved")), 0);
	CHECK(host_console_contains("watchdog@20500a0: reg "));
	CHECK(host_console_contains("is too small for its registers; device refused"));
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
}

/* Where nothing answers (the SoC's DT moved onto a machine without it): refused, not a fault at reboot. */
TEST(a_watchdog_that_faults_is_refused)
{
	host_mmio.fault_from = 0, host_mmio.fault_to = 0x20;
	CHECK_EQ(reset_sim_walk(D1_TREE("reserved")), 0);
	CHECK(host_console_contains("faults when read; device refused"));
	CHECK_EQ(host_mmio.faults, 1);
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK_EQ(host_mmio.nr_writes, 0);
}

/* The node as Linux's D1 DTs have it: status "reserved" (the firmware's). */
TEST(the_reserved_reset_watchdog_reboots_and_never_shuts_down)
{
	CHECK_EQ(reset_sim_walk(D1_TREE("reserved")), 1);
	CHECK(reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(!strcmp(reset_device_name(), "sunxi-wdt"));
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 0);
}

TEST(reboot_is_a_soft_reset)
{
	CHECK_EQ(reset_sim_walk(D1_TREE("reserved")), 1);
	reset_on_offset = WDOG_SOFT_RST;
	if (!setjmp(machine_reset)) {
		reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
		CHECK(!"the machine did not reset");
	}
	CHECK_EQ(host_mmio.nr_writes, 2);
	CHECK_WRITE(0, WDOG_MODE, KEY);                 /* stopped */
	CHECK_WRITE(1, WDOG_SOFT_RST, KEY | 1);         /* SOFT_RST_EN */
}

/* No reset within 100 ms: the watchdog's own, at its shortest interval; then the device gives up. */
TEST(without_a_soft_reset_the_watchdog_fires)
{
	host_mmio_set_reg32(WDOG_CFG, 0x2);            /* interrupt only, as an earlier stage may leave it */
	host_mmio_set_reg32(WDOG_MODE, 0xb0);          /* 16 s interval, stopped */
	CHECK_EQ(reset_sim_walk(D1_TREE("okay")), 1);
	reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 5);
	CHECK_WRITE(0, WDOG_MODE, KEY);
	CHECK_WRITE(1, WDOG_SOFT_RST, KEY | 1);
	CHECK_WRITE(2, WDOG_CFG, KEY | 1);             /* the whole system */
	CHECK_WRITE(3, WDOG_MODE, KEY | 1);            /* enabled, 0.5 s */
	CHECK_WRITE(4, WDOG_CTRL, (0xa57 << 1) | 1);   /* restart */
	/* 100 ms after the soft reset, 1 s after the restart. */
	CHECK(reset_sim_write_time[2] - reset_sim_write_time[1] >= 100 * TIMEBASE_HZ / 1000);
	CHECK(reset_sim_write_time[2] - reset_sim_write_time[1] < 101 * TIMEBASE_HZ / 1000);
	CHECK(reset_sim_time - reset_sim_write_time[4] >= 1000 * TIMEBASE_HZ / 1000);
	CHECK_EQ(host_mmio.stray, 0);
}

int main(void)
{
	RUN(linux_watchdogs_and_disabled_ones_are_left_alone);
	RUN(a_region_too_small_is_refused);
	RUN(a_watchdog_that_faults_is_refused);
	RUN(the_reserved_reset_watchdog_reboots_and_never_shuts_down);
	RUN(reboot_is_a_soft_reset);
	RUN(without_a_soft_reset_the_watchdog_fires);
	return TEST_EXIT_CODE;
}
