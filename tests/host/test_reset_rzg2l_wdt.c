/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/reset_rzg2l_wdt.c on the host, through the reset walk and the
 * reset slots it joins (lib/core/dt_driver.c, lib/core/reset.c), against a
 * simulated CPG and watchdog in one window (host_mmio.h: the CPG at its
 * start, the watchdog WDT_AT on) and a fake machine timer. The register
 * sequence checked is Linux 7.2's rzg2l_wdt_restart() with the CPG writes
 * of its runtime-PM resume and reset deassert (rzg2l-cpg.c,
 * rzg2l_mod_clock_endisable and __rzg2l_cpg_assert; r9a07g043-cpg.c:
 * wdt0_pclk/wdt0_clk CLK_ON 0x548 bits 0-1, MSTOP(BUS_REG0, BIT(2)),
 * WDT0_PRESETN RST 0x848 bit 0; rzg2l-cpg.h: CPG_BUS_REG0_MSTOP 0xb7c),
 * then PECR = 0, PEEN = PEEN_FORCE, each write 32 bits wide.
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

#define WDT_AT         0x10800       /* the watchdog's place in the window, the CPG's at 0 */
#define WDT_PECR       (WDT_AT + 0x10)
#define WDT_PEEN       (WDT_AT + 0x14)
#define CPG_CLK_ON_WDT 0x548
#define CPG_RST_WDT    0x848
#define CPG_MSTOP_REG0 0xb7c
#define TIMEBASE_HZ    1000000

static jmp_buf machine_reset;
static bool resets;    /* PEEN_FORCE resets the machine (with the clocks on and the reset off) */

static void on_write(uint64_t offset, unsigned int width, uint64_t value)
{
	(void)width;
	if (resets && offset == WDT_PEEN && value == 1)
		longjmp(machine_reset, 1);
}

static void test_setup(void)
{
	reset_sim_setup(TIMEBASE_HZ, 1, on_write);    /* a look: 1 us */
	resets = false;
}

static char blob[4096];

static void add_node(const char *name, const char *compatible, int len, uint64_t at, uint64_t size, int *err)
{
	uint64_t base = host_mmio_base() + at;
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32((uint32_t)size) };
	int node = fdt_add_subnode(blob, 0, name);

	*err |= node < 0;
	*err |= fdt_setprop(blob, node, "compatible", compatible, len);
	*err |= fdt_setprop(blob, node, "reg", reg, sizeof(reg));
}

/* r9a07g043.dtsi's nodes (their regions' sizes as there, unless a test says); no CPG when cpg is NULL. */
static const void *tree(const char *wdt, int wdt_len, uint64_t wdt_size, const char *cpg)
{
	int err = fdt_create_empty_tree(blob, sizeof(blob));

	err |= fdt_setprop_u32(blob, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(blob, 0, "#size-cells", 2);
	if (cpg)
		add_node("clock-controller@11010000", cpg, (int)strlen(cpg) + 1, 0, 0x10000, &err);
	add_node("watchdog@12800800", wdt, wdt_len, WDT_AT, wdt_size, &err);
	if (err) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}
#define RZFIVE_WDT "renesas,r9a07g043-wdt\0renesas,rzg2l-wdt"
#define RZFIVE_CPG "renesas,r9a07g043-cpg"
#define RZFIVE_TREE() tree(RZFIVE_WDT, sizeof(RZFIVE_WDT), 0x400, RZFIVE_CPG)

/* The RZ/G2L's and RZ/V2M's watchdogs (Arm SoCs, other CPG layouts), and an RZ/Five without its CPG. */
TEST(other_socs_watchdogs_and_one_without_its_cpg_are_left_alone)
{
	static const char g2l[] = "renesas,r9a07g044-wdt\0renesas,rzg2l-wdt", v2m[] = "renesas,r9a09g011-wdt";

	CHECK_EQ(reset_sim_walk(tree(g2l, sizeof(g2l), 0x400, "renesas,r9a07g044-cpg")), 0);
	CHECK_EQ(reset_sim_walk(tree(v2m, sizeof(v2m), 0x400, RZFIVE_CPG)), 0);
	CHECK_EQ(reset_sim_walk(tree(RZFIVE_WDT, sizeof(RZFIVE_WDT), 0x400, NULL)), 0);
	CHECK_EQ(reset_sim_walk(tree(RZFIVE_WDT, sizeof(RZFIVE_WDT), 0x400, "renesas,r9a07g044-cpg")), 0);
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK_EQ(host_mmio.nr_writes + host_mmio.reads, 0);
}

TEST(a_region_too_small_is_refused)
{
	CHECK_EQ(reset_sim_walk(tree(RZFIVE_WDT, sizeof(RZFIVE_WDT), 0x14, RZFIVE_CPG)), 0);
	CHECK(host_console_contains("watchdog@12800800: reg "));
	CHECK(host_console_contains("is too small for its registers; device refused"));
	CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK_EQ(host_mmio.nr_writes, 0);
}

/* Where nothing answers (the SoC's DT moved onto a machine without these devices): refused, not a fault at reboot. */
TEST(a_register_that_faults_is_refused)
{
	static const uint64_t each[] = { WDT_PEEN, CPG_CLK_ON_WDT };

	for (unsigned int i = 0; i < sizeof(each) / sizeof(each[0]); i++) {
		test_setup();
		host_mmio.fault_from = each[i], host_mmio.fault_to = each[i] + 4;
		CHECK_EQ(reset_sim_walk(RZFIVE_TREE()), 0);
		CHECK(host_console_contains("faults when read; device refused"));
		CHECK_EQ(host_mmio.faults, 1);
		CHECK(!reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
		CHECK_EQ(host_mmio.nr_writes, 0);
	}
}

/* Linux's node: reboots, never shuts down; nothing written before a reboot is asked for. */
TEST(the_watchdog_reboots_and_never_shuts_down)
{
	CHECK_EQ(reset_sim_walk(RZFIVE_TREE()), 1);
	CHECK_EQ(host_mmio.nr_writes, 0);
	CHECK(reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(!strcmp(reset_device_name(), "rzg2l-wdt"));
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 0);
}

TEST(reboot_forces_a_parity_error_with_the_watchdog_clocked)
{
	CHECK_EQ(reset_sim_walk(RZFIVE_TREE()), 1);
	resets = true;
	if (!setjmp(machine_reset)) {
		reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
		CHECK(!"the machine did not reset");
	}
	CHECK_EQ(host_mmio.nr_writes, 5);
	CHECK_WRITE(0, CPG_CLK_ON_WDT, 0x00030003);     /* wdt0_pclk, wdt0_clk on */
	CHECK_WRITE(1, CPG_MSTOP_REG0, 0x00040000);     /* out of standby */
	CHECK_WRITE(2, CPG_RST_WDT, 0x00010001);        /* WDT0_PRESETN deasserted */
	CHECK_WRITE(3, WDT_PECR, 0);                    /* a parity error resets */
	CHECK_WRITE(4, WDT_PEEN, 1);                    /* PEEN_FORCE */
	/* The CPG settles, then each watchdog write reaches its clock domain: 1 ms each. */
	CHECK(reset_sim_write_time[3] - reset_sim_write_time[2] >= TIMEBASE_HZ / 1000);
	CHECK(reset_sim_write_time[4] - reset_sim_write_time[3] >= TIMEBASE_HZ / 1000);
	CHECK_EQ(host_mmio.stray, 0);
}

/* A watchdog that does not reset the SoC (a loader that left its reset selection off): the device gives up after 1 s. */
TEST(a_warm_reboot_that_does_not_happen_returns)
{
	CHECK_EQ(reset_sim_walk(RZFIVE_TREE()), 1);
	reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_mmio.nr_writes, 5);
	CHECK_WRITE(4, WDT_PEEN, 1);
	CHECK(reset_sim_time - reset_sim_write_time[4] >= 1000 * TIMEBASE_HZ / 1000);
	CHECK_EQ(host_mmio.stray, 0);
}

int main(void)
{
	RUN(other_socs_watchdogs_and_one_without_its_cpg_are_left_alone);
	RUN(a_region_too_small_is_refused);
	RUN(a_register_that_faults_is_refused);
	RUN(the_watchdog_reboots_and_never_shuts_down);
	RUN(reboot_forces_a_parity_error_with_the_watchdog_clocked);
	RUN(a_warm_reboot_that_does_not_happen_returns);
	return TEST_EXIT_CODE;
}
