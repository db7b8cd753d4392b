/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/reset_th1520_aon.c on the host, through the reset walk and
 * the reset slots (lib/core/dt_driver.c, lib/core/reset.c), against a
 * simulated TH1520 mailbox (host_mmio.h) laid out as th1520.dtsi's
 * mbox_910t ("local" at 0, "remote-icu0" 0x8000 on, as 0xffffc38000 and
 * 0xffffc40000) and an E902 whose firmware acknowledges a message by
 * writing TH_1520_MBOX_ACK_MAGIC to our channel 1's INFO7 (Linux 7.2
 * mailbox-th1520.c). Checked: the message Linux 7.2's th1520-aon-reboot.c
 * sends for power-off and restart, its order (data, then GEN.RX_DATA), an
 * E902 that does not answer, and the DTs the driver refuses.
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

#define LOCAL         0x0
#define REMOTE_ICU0   0x8000
#define OUR_INFO7     (LOCAL + 0x1000 + 0x30)
#define E902_GEN      (REMOTE_ICU0 + 0x4000 + 0x10)
#define E902_INFO0    (REMOTE_ICU0 + 0x4000 + 0x14)
#define ACK_MAGIC     0xdeadbeaf
#define TIMEBASE_HZ   1000000

/* ---- The E902: acknowledges a message (GEN.RX_DATA set), and powers off or restarts ---- */
static bool e902_running, e902_resets;
static jmp_buf machine_reset;

static void on_write(uint64_t offset, unsigned int width, uint64_t value)
{
	(void)width;
	if (offset != E902_GEN || !(value & 0x40) || !e902_running)
		return;
	host_mmio_set_reg32(OUR_INFO7, ACK_MAGIC);
	if (e902_resets)
		longjmp(machine_reset, 1);
}

static void test_setup(void)
{
	reset_sim_setup(TIMEBASE_HZ, 1, on_write);    /* a look: 1 us */
	e902_running = true;
	e902_resets = true;
}

static char blob[4096];

/*
 * th1520.dtsi's aon node and mailbox: mboxes = <&mbox channel>, the
 * mailbox's compatible, and its reg-names (local_size: the "local" region's).
 */
static const void *tree(uint32_t channel, const char *mbox_compatible, const char *names, int names_len,
			uint64_t local_size)
{
	uint64_t base = host_mmio_base();
	fdt32_t reg[16];
	const uint64_t at[4] = { LOCAL, REMOTE_ICU0, 0x14000, 0x1c000 }, size[4] = { local_size, 0x6000, 0x2000, 0x2000 };
	fdt32_t mboxes[2] = { cpu_to_fdt32(1), cpu_to_fdt32(channel) };
	int mbox, aon, err = fdt_create_empty_tree(blob, sizeof(blob));

	for (int i = 0; i < 4; i++) {
		reg[4 * i] = cpu_to_fdt32((base + at[i]) >> 32);
		reg[4 * i + 1] = cpu_to_fdt32((uint32_t)(base + at[i]));
		reg[4 * i + 2] = 0;
		reg[4 * i + 3] = cpu_to_fdt32((uint32_t)size[i]);
	}
	err |= fdt_setprop_u32(blob, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(blob, 0, "#size-cells", 2);
	err |= fdt_add_subnode(blob, 0, "mailbox@ffffc38000") < 0;
	mbox = fdt_path_offset(blob, "/mailbox@ffffc38000");
	err |= fdt_setprop_string(blob, mbox, "compatible", mbox_compatible);
	mbox = fdt_path_offset(blob, "/mailbox@ffffc38000");
	err |= fdt_setprop(blob, mbox, "reg", reg, sizeof(reg));
	mbox = fdt_path_offset(blob, "/mailbox@ffffc38000");
	err |= fdt_setprop(blob, mbox, "reg-names", names, names_len);
	mbox = fdt_path_offset(blob, "/mailbox@ffffc38000");
	err |= fdt_setprop_u32(blob, mbox, "phandle", 1);
	err |= fdt_add_subnode(blob, 0, "aon") < 0;
	aon = fdt_path_offset(blob, "/aon");
	err |= fdt_setprop_string(blob, aon, "compatible", "thead,th1520-aon");
	aon = fdt_path_offset(blob, "/aon");
	err |= fdt_setprop(blob, aon, "mboxes", mboxes, sizeof(mboxes));
	if (err) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}
#define NAMES "local\0remote-icu0\0remote-icu1\0remote-icu2"
#define TH1520_TREE() tree(1, "thead,th1520-mbox", NAMES, sizeof(NAMES), 0x6000)

/* The message as the E902 got it: INFO0..INFO6, then GEN with RX_DATA. */
static void check_message(uint32_t func)
{
	unsigned int w = 0;

	while (w < host_mmio.nr_writes && host_mmio.writes[w].offset != E902_INFO0)
		w++;
	CHECK(w + 8 <= host_mmio.nr_writes);
	if (w + 8 > host_mmio.nr_writes)
		return;
	/* ver 2, size 7, svc WDG 5 (data, ack wanted), func: little-endian in INFO0. */
	CHECK_EQ(host_mmio.writes[w].value, 0x00050702 | func << 24);
	for (unsigned int i = 1; i < 7; i++) {
		CHECK_EQ(host_mmio.writes[w + i].offset, E902_INFO0 + 4 * i);
		CHECK_EQ(host_mmio.writes[w + i].value, 0);
	}
	CHECK_EQ(host_mmio.writes[w + 7].offset, E902_GEN);
	CHECK(host_mmio.writes[w + 7].value & 0x40);
	for (unsigned int i = 0; i < host_mmio.nr_writes; i++)
		CHECK_EQ(host_mmio.writes[i].width, 4);
}

TEST(other_channels_mailboxes_and_regions_are_refused)
{
	static const char no_remote[] = "local\0remote-icu1";

	CHECK_EQ(reset_sim_walk(tree(2, "thead,th1520-mbox", NAMES, sizeof(NAMES), 0x6000)), 0);
	CHECK_EQ(reset_sim_walk(tree(1, "vendor,mbox", NAMES, sizeof(NAMES), 0x6000)), 0);
	CHECK_EQ(reset_sim_walk(tree(1, "thead,th1520-mbox", no_remote, sizeof(no_remote), 0x6000)), 0);
	CHECK_EQ(reset_sim_walk(tree(1, "thead,th1520-mbox", NAMES, sizeof(NAMES), 0x1000)), 0);
	CHECK(host_console_contains("is too small for its registers; device refused"));
	host_mmio.fault_from = OUR_INFO7, host_mmio.fault_to = OUR_INFO7 + 4;
	CHECK_EQ(reset_sim_walk(TH1520_TREE()), 0);
	CHECK(host_console_contains("mailbox@ffffc38000: reg "));
	CHECK(host_console_contains("faults when read; device refused"));
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK_EQ(host_mmio.nr_writes, 0);
}

TEST(power_off_is_the_wdg_power_off_request)
{
	CHECK_EQ(reset_sim_walk(TH1520_TREE()), 1);
	CHECK(reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(reset_supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(reset_supported(SBI_SRST_TYPE_WARM_REBOOT));
	CHECK(!strcmp(reset_device_name(), "th1520-aon"));
	host_mmio_set_reg32(OUR_INFO7, ACK_MAGIC);               /* a stale acknowledgement */
	host_mmio_set_reg32(E902_GEN, 0x80);                     /* and another GEN bit, kept */
	if (!setjmp(machine_reset)) {
		reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
		CHECK(!"the machine did not power off");
	}
	CHECK_EQ(host_mmio.writes[0].offset, OUR_INFO7);         /* cleared first */
	CHECK_EQ(host_mmio.writes[0].value, 0);
	check_message(7);
	CHECK_EQ(host_mmio_reg32(E902_GEN), 0xc0);
	CHECK_EQ(host_mmio.stray, 0);
}

TEST(reboot_is_the_wdg_restart_request)
{
	CHECK_EQ(reset_sim_walk(TH1520_TREE()), 1);
	if (!setjmp(machine_reset)) {
		reset_system(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_NONE);
		CHECK(!"the machine did not restart");
	}
	check_message(5);
}

/* Acknowledged but still running a second later: the reset returns (the next device). */
TEST(an_acknowledged_request_that_does_not_act_returns)
{
	CHECK_EQ(reset_sim_walk(TH1520_TREE()), 1);
	e902_resets = false;
	reset_system(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
	check_message(5);
	CHECK(reset_sim_time >= 1000 * TIMEBASE_HZ / 1000);
	CHECK(!host_console_contains("no E902 ack"));
}

/* No firmware on the E902: nothing acknowledges within 500 ms; one line, and the reset returns. */
TEST(an_e902_that_does_not_answer_is_reported)
{
	CHECK_EQ(reset_sim_walk(TH1520_TREE()), 1);
	e902_running = false;
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	check_message(7);
	CHECK(host_console_contains("abacus: reset: th1520-aon: no E902 ack\n"));
	CHECK(reset_sim_time >= 500 * TIMEBASE_HZ / 1000);
	CHECK(reset_sim_time < 1000 * TIMEBASE_HZ / 1000);
}

int main(void)
{
	RUN(other_channels_mailboxes_and_regions_are_refused);
	RUN(power_off_is_the_wdg_power_off_request);
	RUN(reboot_is_the_wdg_restart_request);
	RUN(an_acknowledged_request_that_does_not_act_returns);
	RUN(an_e902_that_does_not_answer_is_reported);
	return TEST_EXIT_CODE;
}
