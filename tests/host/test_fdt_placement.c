/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the DT handed to S-mode goes (lib/fdt/fdt_placement.c): in place
 * only when it fits in the loader's original total size; else first fit in
 * the free span after the firmware region, stepping over the loader's DT,
 * /memreserve/ entries, /reserved-memory nodes and the initrd, never past
 * the next stage or outside S-mode RAM; else nowhere (S-mode gets the
 * loader's DT unchanged).
 */
#include <stdlib.h>
#include <libfdt.h>
#include "test.h"
#include "fdt_placement.h"
#include "host_memory.h"
#include "memory_map.h"

TEST_MAIN_GLOBALS

#define RAM_BASE  0x80000000UL
#define RAM_SIZE  0x08000000UL
#define FW_SIZE   0x20000UL
#define FREE_BASE (RAM_BASE + FW_SIZE)
#define NEXT      0x80200000UL
#define LOADER_DT 0x87e00000UL

static char blob[8192];

static void test_setup(void)
{
	host_memory_reset();
	memory_map_add_ram(RAM_BASE, RAM_SIZE);
	memory_map.fw_base = RAM_BASE;
	memory_map.fw_size = FW_SIZE;
	if (fdt_create_empty_tree(blob, sizeof(blob)) || fdt_setprop_u32(blob, 0, "#address-cells", 2) ||
	    fdt_setprop_u32(blob, 0, "#size-cells", 2)) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
}

/* A loader's DT of orig_size at LOADER_DT, the fixed-up one new_size. */
static struct fdt_placement where(uint64_t orig_size, uint64_t new_size)
{
	struct fdt_placement p = {
		.orig = LOADER_DT, .orig_size = orig_size, .new_size = new_size,
		.free_base = FREE_BASE, .free_end = NEXT, .next_addr = NEXT,
	};
	return p;
}

static int add_reserved(const char *name, uint64_t base, uint64_t size)
{
	fdt64_t reg[2] = { cpu_to_fdt64(base), cpu_to_fdt64(size) };
	int parent = fdt_path_offset(blob, "/reserved-memory"), node;

	if (parent < 0) {
		parent = fdt_add_subnode(blob, 0, "reserved-memory");
		fdt_setprop_u32(blob, parent, "#address-cells", 2);
		fdt_setprop_u32(blob, parent, "#size-cells", 2);
	}
	node = fdt_add_subnode(blob, parent, name);
	return fdt_setprop(blob, node, "reg", reg, sizeof(reg));
}

TEST(a_dt_that_fits_stays_in_place)
{
	struct fdt_placement p = where(5326, 5326);
	uint64_t addr = 0;

	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_IN_PLACE);
	CHECK_EQ(addr, LOADER_DT);
	p.new_size = 100;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_IN_PLACE);
}

TEST(one_byte_more_moves_it_after_the_firmware)
{
	struct fdt_placement p = where(5326, 5327);
	uint64_t addr = 0;

	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE);
}

TEST(the_loaders_dt_in_the_free_span_is_stepped_over)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.orig = FREE_BASE + 0x10;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE + 0x1010);
}

TEST(an_unaligned_free_span_gives_an_aligned_dt)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.free_base = FREE_BASE + 3;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE + 8);
}

TEST(memreserve_entries_are_stepped_over)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	CHECK_EQ(fdt_add_mem_rsv(blob, FREE_BASE + 0x800, 0x1000), 0);
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE + 0x1800);
}

TEST(reserved_memory_nodes_are_stepped_over)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	CHECK_EQ(add_reserved("a@80020000", FREE_BASE, 0x2000), 0);
	CHECK_EQ(add_reserved("b@80022100", FREE_BASE + 0x2100, 0x10), 0);
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE + 0x2110);
}

TEST(the_initrd_is_stepped_over)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;
	int chosen = fdt_add_subnode(blob, 0, "chosen");

	CHECK_EQ(fdt_setprop_u64(blob, chosen, "linux,initrd-start", FREE_BASE), 0);
	CHECK_EQ(fdt_setprop_u32(blob, chosen, "linux,initrd-end", (uint32_t)(FREE_BASE + 0x40000)), 0);
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE + 0x40000);
}

TEST(never_into_the_next_stage)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.next_addr = FREE_BASE + 0x1000;       /* the next stage starts inside the span */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_NOWHERE);
	p.next_addr = FREE_BASE + 0x1100;       /* exactly room for it */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE);
}

TEST(a_dt_larger_than_the_free_span_goes_nowhere)
{
	struct fdt_placement p = where(0x1000, NEXT - FREE_BASE + 1);
	uint64_t addr = 0;

	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_NOWHERE);
	p.new_size = NEXT - FREE_BASE;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
}

TEST(a_reservation_that_wraps_blocks_the_rest)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	CHECK_EQ(fdt_add_mem_rsv(blob, FREE_BASE + 0x100, ~0ULL), 0);
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_NOWHERE);
}

TEST(a_loaders_dt_smode_cannot_read_is_moved_even_when_it_fits)
{
	struct fdt_placement p = where(0x1000, 0x800);
	uint64_t addr = 0;

	p.orig = RAM_BASE + 0x10000;            /* inside the firmware region */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE);
	p.orig = 0x1000;                        /* not RAM */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
}

TEST(a_free_span_outside_ram_goes_nowhere)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.free_base = RAM_BASE + RAM_SIZE;
	p.free_end = RAM_BASE + RAM_SIZE + 0x100000;
	p.next_addr = 0;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_NOWHERE);
}

TEST(in_place_the_dt_keeps_the_loaders_whole_size)
{
	struct fdt_placement p = where(0x2000, 0x1400);
	uint64_t addr = 0;

	p.room = 0x1000;                        /* more than its 0xc00 spare bytes: in place all the same */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_IN_PLACE);
	CHECK_EQ(p.total, 0x2000);
}

TEST(moved_the_dt_gets_the_room_asked_for)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.room = 0x1000;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE);
	CHECK_EQ(p.total, 0x2100);
}

TEST(the_room_steps_over_ranges_in_use_too)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.room = 0x1000;
	CHECK_EQ(fdt_add_mem_rsv(blob, FREE_BASE + 0x1800, 0x100), 0);   /* the DT fits before it, the room does not */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE + 0x1900);
	CHECK_EQ(p.total, 0x2100);
}

TEST(without_room_for_the_room_the_dt_moves_packed)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.room = 0x1000;
	p.next_addr = FREE_BASE + 0x1800;       /* the DT fits, the DT and its room do not */
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(addr, FREE_BASE);
	CHECK_EQ(p.total, 0x1100);
}

TEST(a_room_that_wraps_is_not_asked_for)
{
	struct fdt_placement p = where(0x1000, 0x1100);
	uint64_t addr = 0;

	p.room = ~0ULL;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
	CHECK_EQ(p.total, 0x1100);
}

/* FW_JUMP_FDT_ADDR: the build's address comes first, with the room when it fits there. */
TEST(the_builds_address_wins_when_it_is_free_ram)
{
	struct fdt_placement p = where(5326, 5326);
	uint64_t addr = 0;

	p.fixed = 0x82200000UL;
	p.room = 4096;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_FIXED);
	CHECK_EQ(addr, 0x82200000UL);
	CHECK_EQ(p.total, 5326 + 4096);
	CHECK(!p.fixed_refused);
	/* The room would run past RAM: the packed DT still fits. */
	p.fixed = RAM_BASE + RAM_SIZE - 6000;
	CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_FIXED);
	CHECK_EQ(p.total, 5326);
}

TEST(the_builds_address_is_refused_outside_smode_ram_or_over_something_in_use)
{
	struct fdt_placement p = where(5326, 5327);
	uint64_t addr = 0;

	/* In the firmware region, outside RAM, misaligned, over the initrd: placed as usual. */
	static const uint64_t refused[] = { RAM_BASE + 0x1000, 0x10000000UL, 0x82200004UL, 0x83000000UL };
	int chosen = fdt_add_subnode(blob, 0, "chosen");

	CHECK_EQ(fdt_setprop_u64(blob, chosen, "linux,initrd-start", 0x82fff000UL), 0);
	CHECK_EQ(fdt_setprop_u64(blob, chosen, "linux,initrd-end", 0x83100000UL), 0);
	for (unsigned int i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		p.fixed = refused[i];
		CHECK_EQ(fdt_place_for_smode(&p, blob, &addr), FDT_PLACE_MOVED);
		CHECK(p.fixed_refused);
		CHECK_EQ(addr, FREE_BASE);
	}
}


int main(void)
{
	RUN(a_dt_that_fits_stays_in_place);
	RUN(in_place_the_dt_keeps_the_loaders_whole_size);
	RUN(moved_the_dt_gets_the_room_asked_for);
	RUN(the_room_steps_over_ranges_in_use_too);
	RUN(without_room_for_the_room_the_dt_moves_packed);
	RUN(a_room_that_wraps_is_not_asked_for);
	RUN(one_byte_more_moves_it_after_the_firmware);
	RUN(the_loaders_dt_in_the_free_span_is_stepped_over);
	RUN(an_unaligned_free_span_gives_an_aligned_dt);
	RUN(memreserve_entries_are_stepped_over);
	RUN(reserved_memory_nodes_are_stepped_over);
	RUN(the_initrd_is_stepped_over);
	RUN(never_into_the_next_stage);
	RUN(a_dt_larger_than_the_free_span_goes_nowhere);
	RUN(a_reservation_that_wraps_blocks_the_rest);
	RUN(a_loaders_dt_smode_cannot_read_is_moved_even_when_it_fits);
	RUN(a_free_span_outside_ram_goes_nowhere);
	RUN(the_builds_address_wins_when_it_is_free_ram);
	RUN(the_builds_address_is_refused_outside_smode_ram_or_over_something_in_use);
	return TEST_EXIT_CODE;
}
