/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board quirks chosen by the DT's root compatible (platform/generic/): the
 * QEMU virt, FU540 and FU740 quirks for their DTs (QEMU's own and Linux's
 * board DTs' strings), none for a board no quirk names, for a string that
 * only begins like a quirk's, or for a root without (or with an empty)
 * compatible; and what each quirk gives.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "test.h"
#include "platform.h"
#include "console.h"
#include "u74_pmu.h"

TEST_MAIN_GLOBALS

/* The QEMU virt quirk's platform event counts what the console wrote: this is the count. */
static uint64_t console_bytes;
uint64_t sbi_console_bytes_written(void)
{
	return console_bytes;
}

static char blob[4096];

static void test_setup(void)
{
	console_bytes = 0;
}

/* A DT whose root compatible is the given strings (len bytes, NULs included); len < 0: none. */
static const void *root_with(const char *compatible, int len)
{
	if (fdt_create_empty_tree(blob, sizeof(blob)) ||
	    (len >= 0 && fdt_setprop(blob, 0, "compatible", compatible, len))) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}
#define ROOT(lit) root_with(lit, sizeof(lit))

TEST(qemu_virt_gets_its_platform_event)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT("riscv-virtio"));

	CHECK(!strcmp(q->name, "QEMU virt"));
	CHECK(q->pmu && !q->pmu->default_map);
	CHECK_EQ(q->pmu->fw_event_lookup(1), 1);
	CHECK_EQ(q->pmu->fw_event_lookup(2), -1);
	CHECK_EQ(q->pmu->fw_event_lookup(0), -1);
	console_bytes = 1234;
	CHECK_EQ(q->pmu->fw_event_read(1), 1234);
}

TEST(the_hifive_unmatched_gets_the_fu740_quirk_and_the_u74_map)
{
	const struct platform_quirk *q =
		platform_quirk_match(ROOT("sifive,hifive-unmatched-a00\0sifive,fu740-c000\0sifive,fu740"));

	CHECK(!strcmp(q->name, "SiFive FU740"));
	CHECK(q->pmu && q->pmu->default_map == &u74_pmu_default_map);
	CHECK(!q->pmu->fw_event_lookup);
	/* Another FU740 board: the SoC's strings are enough. */
	CHECK_EQ(platform_quirk_match(ROOT("acme,board\0sifive,fu740")), q);
}

TEST(qemu_sifive_u_and_the_unleashed_get_the_fu540_quirk)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT("sifive,hifive-unleashed-a00"));

	CHECK(!strcmp(q->name, "SiFive FU540"));
	CHECK(q->pmu && q->pmu->default_map == &u74_pmu_default_map);
	CHECK_EQ(platform_quirk_match(ROOT("sifive,hifive-unleashed-a00\0sifive,fu540-c000\0sifive,fu540")), q);
}

TEST(a_board_no_quirk_names_boots_with_none)
{
	CHECK_EQ(platform_quirk_match(ROOT("starfive,visionfive-2-v1.3b\0starfive,jh7110")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("renesas,r9a07g043f01\0renesas,r9a07g043")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("thead,th1520")), &platform_quirk_generic);
	CHECK(!strcmp(platform_quirk_generic.name, "generic"));
	CHECK(!platform_quirk_generic.pmu && !platform_quirk_generic.init && !platform_quirk_generic.system_reset);
}

TEST(only_whole_strings_match)
{
	CHECK_EQ(platform_quirk_match(ROOT("riscv-virtio-x")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("sifive,fu74")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("xsifive,fu740")), &platform_quirk_generic);
}

TEST(a_root_without_a_sane_compatible_gets_none)
{
	CHECK_EQ(platform_quirk_match(root_with(NULL, -1)), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(root_with("", 0)), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(root_with("\0\0\0", 3)), &platform_quirk_generic);
	/* A quirk's string inside a longer one ("riscv-virtio" ends at no NUL here). */
	CHECK_EQ(platform_quirk_match(root_with("riscv-virtio\xff\xff\xff", 16)), &platform_quirk_generic);
}

int main(void)
{
	RUN(qemu_virt_gets_its_platform_event);
	RUN(the_hifive_unmatched_gets_the_fu740_quirk_and_the_u74_map);
	RUN(qemu_sifive_u_and_the_unleashed_get_the_fu540_quirk);
	RUN(a_board_no_quirk_names_boots_with_none);
	RUN(only_whole_strings_match);
	RUN(a_root_without_a_sane_compatible_gets_none);
	return TEST_EXIT_CODE;
}
