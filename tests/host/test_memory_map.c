/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The memory map's tables and rules (lib/common/smode_memory.c): tables that
 * grow with the DT instead of truncating, firmware devices merged for PMP,
 * and which regions a DT may call a device.
 */
#include "test.h"
#include "host_memory.h"

TEST_MAIN_GLOBALS

/* A conflict's reason, NULL-safe. */
#define CHECK_STR(got, want) do { const char *_g = (got); CHECK(_g && !strcmp(_g, want)); } while (0)

static void test_setup(void)
{
	host_memory_reset();
}

#define FW_BASE 0x80000000UL
#define FW_SIZE 0x40000UL

static void qemu_virt_map(void)
{
	CHECK(memory_map_add_ram(0x80000000UL, 0x8000000UL));
	memory_map_set_firmware(FW_BASE, FW_SIZE);
}

TEST(merge_sorts_and_joins_adjacent_and_overlapping)
{
	struct memory_region r[] = {
		{ 0x2014000, 0x8000, "aclint-mtimer" },   /* socket 1 */
		{ 0x2000000, 0x4000, "aclint-mswi" },     /* socket 0 */
		{ 0x2004000, 0x8000, "aclint-mtimer" },   /* touches socket 0's MSWI */
		{ 0x2010000, 0x4000, "aclint-mswi" },     /* socket 1: 0x200c000-0x200ffff (SSWI) between */
		{ 0xc000000, 0x8000, "aplic" },
		{ 0xc004000, 0x2000, "aplic" },           /* inside the previous one */
		{ 0x3000000, 0, "empty" },                /* dropped */
	};
	unsigned int n = memory_map_merge_regions(r, 7);

	CHECK_EQ(n, 3);
	CHECK_EQ(r[0].base, 0x2000000);
	CHECK_EQ(r[0].size, 0xc000);              /* MSWI + MTIMER, not the SSWI S-mode owns */
	CHECK_EQ(r[1].base, 0x2010000);
	CHECK_EQ(r[1].size, 0xc000);
	CHECK_EQ(r[2].base, 0xc000000);
	CHECK_EQ(r[2].size, 0x8000);
}

TEST(merge_of_nothing_and_of_one)
{
	struct memory_region r[] = { { 0x1000, 0x1000, "a" } };

	CHECK_EQ(memory_map_merge_regions(r, 0), 0);
	CHECK_EQ(memory_map_merge_regions(r, 1), 1);
	CHECK_EQ(r[0].size, 0x1000);
}

TEST(qemu_virt_four_sockets_aclint_aplic_merge_to_five)
{
	/* QEMU virt,aclint=on,aia=aplic with 4 sockets: 12 ACLINT regions (MSWI,
	 * MTIMER with mtime at its end, as the DT gives them) and 4 M-level APLICs. */
	for (unsigned int s = 0; s < 4; s++) {
		uint64_t b = 0x2000000 + s * 0x10000;
		CHECK(memory_map_add_device(b, 0x4000, "aclint-mswi"));
		CHECK(memory_map_add_device(b + 0x4000, 0x7ff8, "aclint-mtimer"));
		CHECK(memory_map_add_device(b + 0xbff8, 0x8, "aclint-mtime"));
		CHECK(memory_map_add_device(0xc000000 + s * 0x8000, 0x8000, "aplic"));
	}
	CHECK_EQ(memory_map.device_count, 16);
	for (unsigned int i = 0; i < 16; i++)
		CHECK(memory_map.device[i].name != NULL);
	memory_map_set_firmware(FW_BASE, FW_SIZE);
	CHECK(memory_map_plan_denied());
	CHECK_EQ(memory_map.denied_count, 6);     /* firmware, 4 ACLINTs, the APLICs as one */
	CHECK_EQ(memory_map.denied[0].base, FW_BASE);
	CHECK_EQ(memory_map.denied[0].size, FW_SIZE);
	CHECK_EQ(memory_map.denied[4].base, 0x2030000);
	CHECK_EQ(memory_map.denied[4].size, 0xc000);
	CHECK_EQ(memory_map.denied[5].base, 0xc000000);
	CHECK_EQ(memory_map.denied[5].size, 0x20000);
	/* Merged in place: the devices are the plan's (one slot before them, the firmware's). */
	CHECK_EQ(memory_map.device_count, 5);
	CHECK(memory_map.denied == memory_map.device - 1);
	CHECK_EQ(memory_map.device[0].base, 0x2000000);
	CHECK_STR(memory_map.device[0].name, "aclint-mswi");   /* a merged region: the lowest one's name */
	/* Fixing the firmware region later updates the plan's first entry. */
	memory_map_set_firmware(FW_BASE, 2 * FW_SIZE);
	CHECK_EQ(memory_map.denied[0].size, 2 * FW_SIZE);
}

TEST(device_table_grows_without_truncating)
{
	for (unsigned int i = 0; i < 100; i++)
		CHECK(memory_map_add_device(0x10000000 + i * 0x2000, 0x1000, "d"));
	CHECK_EQ(memory_map.device_count, 100);
	CHECK_EQ(memory_map.device[99].base, 0x10000000 + 99 * 0x2000);
	CHECK(memory_map_add_device(0x10000000, 0x1000, "again"));   /* seen twice: kept once */
	CHECK_EQ(memory_map.device_count, 100);
	CHECK(memory_map_plan_denied());
	CHECK_EQ(memory_map.denied_count, 101);
}

TEST(ram_table_grows_and_bad_ranges_are_refused)
{
	for (unsigned int i = 0; i < 20; i++)
		CHECK(memory_map_add_ram(0x100000000UL + i * 0x10000000UL, 0x1000000));
	CHECK_EQ(memory_map.ram_count, 20);
	CHECK(!memory_map_add_ram(0x1000, 0));
	CHECK(!memory_map_add_ram(~0UL - 0xfff, 0x2000));
	CHECK(!memory_map_add_device(0x1000, 0, "empty"));
	CHECK(!memory_map_add_device(~0UL - 0xfff, 0x2000, "wraps"));
	CHECK_EQ(memory_map.ram_count, 20);
	CHECK_EQ(memory_map.device_count, 0);
}

TEST(no_device_plans_the_firmware_alone)
{
	memory_map_set_firmware(FW_BASE, FW_SIZE);
	CHECK(memory_map_plan_denied());
	CHECK_EQ(memory_map.denied_count, 1);
	CHECK_EQ(memory_map.denied[0].base, FW_BASE);
	CHECK_STR(memory_map.denied[0].name, "firmware");
}

TEST(device_table_growth_keeps_the_firmware_slot)
{
	memory_map_set_firmware(FW_BASE, FW_SIZE);
	for (unsigned int i = 0; i < 9; i++)        /* grows 1, 2, 4, 8, 16 */
		CHECK(memory_map_add_device(0x10000000 + i * 0x10000, 0x1000, "d"));
	CHECK(memory_map_plan_denied());
	CHECK_EQ(memory_map.denied_count, 10);
	CHECK_EQ(memory_map.denied[0].base, FW_BASE);
	CHECK_EQ(memory_map.denied[9].base, 0x10080000);
}

TEST(out_of_heap_is_reported_not_dropped)
{
	heap_init(0, 0);                      /* no room at all */
	CHECK(!memory_map_add_device(0x2000000, 0x4000, "aclint-mswi"));
	CHECK(!memory_map_add_ram(0x80000000UL, 0x1000));
	CHECK(!memory_map_plan_denied());
}

TEST(sealed_heap_allocates_nothing)
{
	CHECK(heap_alloc(8, 8) != NULL);
	heap_seal();
	CHECK(heap_alloc(8, 8) == NULL);
	CHECK(!memory_map_add_device(0x2000000, 0x4000, "late"));
}

TEST(device_conflicts)
{
	struct memory_region c = { 0, 0, NULL };

	qemu_virt_map();
	CHECK(memory_map_device_conflict(0x10000000, 0x100, &c) == NULL);           /* the UART */
	CHECK(memory_map_device_conflict(0x2000000, 0x10000, &c) == NULL);          /* the CLINT */
	CHECK(memory_map_device_conflict(0x7ffff000, 0x1000, &c) == NULL);          /* ends where RAM starts */
	CHECK_STR(memory_map_device_conflict(0x80000000, 0x100, &c), "lies in the firmware");
	CHECK_EQ(c.base, FW_BASE);
	CHECK_EQ(c.size, FW_SIZE);
	CHECK_STR(memory_map_device_conflict(0x7ffff000, 0x2000, &c), "lies in the firmware");   /* straddles */
	CHECK_STR(memory_map_device_conflict(0x80000000 + FW_SIZE, 0x10000, &c), "lies in RAM");
	CHECK_EQ(c.base, 0x80000000);
	CHECK_EQ(c.size, 0x8000000);
	CHECK_STR(memory_map_device_conflict(0x87fff000, 0x2000, &c), "lies in RAM");           /* last page */
	CHECK(memory_map_device_conflict(0x88000000, 0x1000, &c) == NULL);           /* just past RAM */
	CHECK_STR(memory_map_device_conflict(0x1000, 0, &c), "is empty or wraps");
	CHECK_STR(memory_map_device_conflict(~0UL - 0xfff, 0x2000, &c), "is empty or wraps");
	CHECK_STR(memory_map_device_conflict(~0UL - 0xfff, 0x1000, &c), "is empty or wraps");
}

TEST(smode_ranges_stay_out_of_merged_devices)
{
	qemu_virt_map();
	CHECK(memory_map_add_device(0x2000000, 0x4000, "aclint-mswi"));
	CHECK(memory_map_plan_denied());
	CHECK(smode_range_ok(0x80000000 + FW_SIZE, 0, 0x1000));
	CHECK(!smode_range_ok(0x80000000, 0, 0x1000));
	CHECK(!smode_range_ok(0x2000000, 0, 0x10));
}

/* What a loader may name as the next stage: anything but the firmware and its devices. */
TEST(denied_at_names_the_firmware_and_owned_devices)
{
	qemu_virt_map();
	CHECK(memory_map_denied_at(0x80000000) == NULL);        /* nothing planned yet */
	CHECK(memory_map_add_device(0x2004000, 0x8000, "aclint-mtimer"));
	CHECK(memory_map_add_device(0x2000000, 0x4000, "aclint-mswi"));
	CHECK(memory_map_plan_denied());
	CHECK(memory_map_denied_at(FW_BASE) == &memory_map.denied[0]);
	CHECK(memory_map_denied_at(FW_BASE + FW_SIZE - 1) == &memory_map.denied[0]);
	CHECK(memory_map_denied_at(FW_BASE + FW_SIZE) == NULL);  /* RAM after the firmware */
	CHECK(memory_map_denied_at(0x20000000) == NULL);         /* flash */
	CHECK(memory_map_denied_at(0x1000) == NULL);             /* ROM */
	CHECK(memory_map_denied_at(0x200bff8) == &memory_map.denied[1]);   /* mtime, merged with the MSWI */
	CHECK_STR(memory_map_denied_at(0x2000000)->name, "aclint-mswi");
	CHECK(memory_map_denied_at(0x200c000) == NULL);          /* just past them */
	CHECK(memory_map_denied_at(0x1fffffff) == NULL);
}

int main(void)
{
	RUN(merge_sorts_and_joins_adjacent_and_overlapping);
	RUN(merge_of_nothing_and_of_one);
	RUN(qemu_virt_four_sockets_aclint_aplic_merge_to_five);
	RUN(device_table_grows_without_truncating);
	RUN(ram_table_grows_and_bad_ranges_are_refused);
	RUN(no_device_plans_the_firmware_alone);
	RUN(device_table_growth_keeps_the_firmware_slot);
	RUN(out_of_heap_is_reported_not_dropped);
	RUN(sealed_heap_allocates_nothing);
	RUN(device_conflicts);
	RUN(smode_ranges_stay_out_of_merged_devices);
	RUN(denied_at_names_the_firmware_and_owned_devices);
	return TEST_EXIT_CODE;
}
