/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/reset_cv1800_rtc.c on the host, through the reset walk and
 * slots, against a simulated CV18xx RTC (host_mmio.h) and a fake machine
 * timer. The register sequence checked is the vendor's (Sophgo's U-Boot,
 * board/cvitek/cv180x/board.c: cv_system_reset and cv_system_off): the
 * request enabled in the RTC core and read back, the control block
 * unlocked with 0xab18, the request set in RTC_CTRL0 with 0xffff0800.
 */
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

#define RTC_CTRL0_UNLOCKKEY 0x004
#define RTC_CTRL0           0x008
#define RTC_EN_SHDN_REQ     0x10c0
#define RTC_EN_WARM_RST_REQ 0x10cc
#define TIMEBASE_HZ         25000000

static void test_setup(void)
{
	reset_sim_setup(TIMEBASE_HZ, 25, NULL);       /* a look: 1 us */
}

static char blob[4096];

/* Linux's cv180x.dtsi node: rtc@5025000, "sophgo,cv1800b-rtc", "syscon", 0x2000 bytes. */
static const void *tree(uint64_t size)
{
	static const char compatible[] = "sophgo,cv1800b-rtc\0syscon";
	uint64_t base = host_mmio_base();
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32((uint32_t)size) };
	int node, err = fdt_create_empty_tree(blob, sizeof(blob));

	err |= fdt_setprop_u32(blob, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(blob, 0, "#size-cells", 2);
	node = fdt_add_subnode(blob, 0, "rtc@5025000");
	err |= node < 0;
	err |= fdt_setprop(blob, node, "compatible", compatible, sizeof(compatible));
	err |= fdt_setprop(blob, node, "reg", reg, sizeof(reg));
	if (err) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}

TEST(a_region_without_the_rtc_core_is_refused)
{
	CHECK_EQ(reset_sim_walk(tree(0x1000)), 0);
	CHECK(host_console_contains("rtc@5025000: reg "));
	CHECK(host_console_contains("is too small for its registers; device refused"));
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
}

/* Where nothing answers (the SoC's DT moved onto a machine without the RTC): refused, not a fault at shutdown. */
TEST(an_rtc_that_faults_is_refused)
{
	host_mmio.fault_from = 0, host_mmio.fault_to = 0x2000;
	CHECK_EQ(reset_sim_walk(tree(0x2000)), 0);
	CHECK(host_console_contains("rtc@5025000: reg "));
	CHECK(host_console_contains("faults when read; device refused"));
	CHECK_EQ(host_mmio.faults, 1);
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
}

TEST(the_rtc_shuts_down_and_reboots)
{
	CHECK_EQ(reset_sim_walk(tree(0x2000)), 1);
	CHECK(reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	CHECK(!strcmp(reset_device_name(), "cv1800-rtc"));
	CHECK_EQ(host_mmio.nr_writes, 0);
	CHECK_EQ(host_mmio.reads, 1);                   /* the probe's, with a fault expected */
}

TEST(reboot_is_the_rtc_warm_reset_request)
{
	CHECK_EQ(reset_sim_walk(tree(0x2000)), 1);
	host_mmio_set_reg32(RTC_CTRL0, 0x400);        /* what the loader left (the RTC mode bit) */
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 3);
	CHECK_WRITE(0, RTC_EN_WARM_RST_REQ, 1);
	CHECK_WRITE(1, RTC_CTRL0_UNLOCKKEY, 0xab18);
	CHECK_WRITE(2, RTC_CTRL0, 0xffff0c10);        /* kept | 0xffff0800 | warm reset (bit 4) */
	CHECK(reset_sim_time >= 1000ULL * TIMEBASE_HZ / 1000);   /* then 1 s before it gives up */
	CHECK_EQ(host_mmio.stray, 0);
}

TEST(shutdown_is_the_rtc_shutdown_request)
{
	CHECK_EQ(reset_sim_walk(tree(0x2000)), 1);
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 3);
	CHECK_WRITE(0, RTC_EN_SHDN_REQ, 1);
	CHECK_WRITE(1, RTC_CTRL0_UNLOCKKEY, 0xab18);
	CHECK_WRITE(2, RTC_CTRL0, 0xffff0801);        /* 0xffff0800 | shutdown (bit 0) */
}

static uint64_t never_latches(uint64_t offset, unsigned int width, uint64_t stored)
{
	(void)width;
	return offset == RTC_EN_WARM_RST_REQ ? 0 : stored;
}

/* An RTC that does not take the request (not this SoC's): no unlock, no request, within about 10 ms. */
TEST(an_rtc_that_does_not_take_the_request_is_left)
{
	CHECK_EQ(reset_sim_walk(tree(0x2000)), 1);
	host_mmio.read_hook = never_latches;
	reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 1);
	CHECK_WRITE(0, RTC_EN_WARM_RST_REQ, 1);
	CHECK(reset_sim_time >= 10ULL * TIMEBASE_HZ / 1000 && reset_sim_time < 12ULL * TIMEBASE_HZ / 1000);
}

int main(void)
{
	RUN(a_region_without_the_rtc_core_is_refused);
	RUN(an_rtc_that_faults_is_refused);
	RUN(the_rtc_shuts_down_and_reboots);
	RUN(reboot_is_the_rtc_warm_reset_request);
	RUN(shutdown_is_the_rtc_shutdown_request);
	RUN(an_rtc_that_does_not_take_the_request_is_left);
	return TEST_EXIT_CODE;
}
