/* SPDX-License-Identifier: BSD-2-Clause */
/* PMP plans (lib/core/pmp_plan.c): deny entries in priority order, then allow-all. */
#include "test.h"
#include "riscv_csr.h"
#include "pmp.h"

TEST_MAIN_GLOBALS

/* The entries pmp_plan() emits, as pmp_deny() would write them. */
static struct {
	unsigned long addr[PMP_MAX_ENTRIES];
	uint8_t cfg[PMP_MAX_ENTRIES];
	unsigned int emitted;
	bool in_order;
} l;
static unsigned int used, denied;

static void collect(void *ctx, unsigned int i, unsigned long addr, uint8_t cfg)
{
	(void)ctx;
	if (i != l.emitted || i >= PMP_MAX_ENTRIES) {
		l.in_order = false;
		return;
	}
	l.addr[i] = addr;
	l.cfg[i] = cfg;
	l.emitted++;
}

static void plan(const struct memory_region *r, unsigned int n, unsigned int available, unsigned long granule)
{
	unsigned int dry_used;

	memset(&l, 0xa5, sizeof(l));
	l.emitted = 0;
	l.in_order = true;
	denied = pmp_plan(r, n, available, granule, collect, NULL, &used);
	CHECK(l.in_order);
	CHECK_EQ(l.emitted, used);
	/* A dry run (no emit) plans the same. */
	CHECK_EQ(pmp_plan(r, n, available, granule, NULL, NULL, &dry_used), denied);
	CHECK_EQ(dry_used, used);
}

static void test_setup(void)
{
}

static const struct memory_region fw = { 0x80000000, 0x20000, "firmware" };   /* 128 KiB, NAPOT */
static const struct memory_region clint = { 0x2000000, 0x10000, "clint" };    /* 64 KiB, NAPOT */

static bool is_allow_all(unsigned int i)
{
	return l.addr[i] == ~0UL && l.cfg[i] == (PMP_A_NAPOT | PMP_R | PMP_W | PMP_X);
}

TEST(qemu_virt_firmware_and_clint)
{
	const struct memory_region r[] = { fw, clint };

	plan(r, 2, 16, 4);
	CHECK_EQ(used, 3);
	CHECK_EQ(denied, 2);
	CHECK_EQ(l.addr[0], (0x80000000UL | 0xffff) >> 2);       /* NAPOT: base | (size/2 - 1) */
	CHECK_EQ(l.cfg[0], PMP_A_NAPOT);                           /* no R/W/X: denied */
	CHECK_EQ(l.addr[1], (0x2000000UL | 0x7fff) >> 2);
	CHECK_EQ(l.cfg[1], PMP_A_NAPOT);
	CHECK(is_allow_all(2));
}

TEST(unaligned_region_uses_tor)
{
	const struct memory_region r[] = { fw, { 0x2f00000, 0x3000, "d" } };   /* 12 KiB: not a power of two */

	plan(r, 2, 16, 4);
	CHECK_EQ(used, 4);
	CHECK_EQ(denied, 2);
	CHECK_EQ(l.addr[1], 0x2f00000UL >> 2);
	CHECK_EQ(l.cfg[1], PMP_A_OFF);                             /* holds the base */
	CHECK_EQ(l.addr[2], 0x2f03000UL >> 2);
	CHECK_EQ(l.cfg[2], PMP_A_TOR);
	CHECK(is_allow_all(3));
}

TEST(granule_widens_regions)
{
	/* 4 KiB granules: a 0x100-byte device at 0x10000080 is denied as the whole 4 KiB page. */
	const struct memory_region r[] = { fw, { 0x10000080, 0x100, "d" } };

	plan(r, 2, 16, 4096);
	CHECK_EQ(denied, 2);
	CHECK_EQ(l.addr[1], (0x10000000UL | 0x7ff) >> 2);
	CHECK_EQ(l.cfg[1], PMP_A_NAPOT);
}

TEST(too_few_entries_deny_in_order_and_say_how_many)
{
	const struct memory_region r[] = { fw, clint, { 0x2f00000, 0x3000, "d" } };

	/* 2 entries: firmware + allow-all; the devices are not denied, and the count says so. */
	plan(r, 3, 2, 4);
	CHECK_EQ(used, 2);
	CHECK_EQ(denied, 1);
	CHECK(is_allow_all(1));
	/* 3 entries: the CLINT fits (NAPOT), the TOR region does not. */
	plan(r, 3, 3, 4);
	CHECK_EQ(denied, 2);
	CHECK_EQ(used, 3);
	/* 4 entries: a TOR region after a NAPOT one still does not fit; 5 does. */
	plan(r, 3, 4, 4);
	CHECK_EQ(denied, 2);
	plan(r, 3, 5, 4);
	CHECK_EQ(denied, 3);
	CHECK_EQ(used, 5);
}

TEST(stops_at_the_first_region_that_does_not_fit)
{
	/* A TOR region that does not fit is not skipped for a NAPOT one after it: the
	 * denied regions are always a prefix, so one count says which. */
	const struct memory_region r[] = { fw, { 0x2f00000, 0x3000, "d" }, clint };

	plan(r, 3, 3, 4);
	CHECK_EQ(denied, 1);
	CHECK_EQ(used, 2);
	CHECK(is_allow_all(1));
}

TEST(no_pmp_no_entries)
{
	const struct memory_region r[] = { fw };

	plan(r, 1, 0, 4);
	CHECK_EQ(used, 0);
	CHECK_EQ(denied, 0);
	plan(r, 1, 1, 4);                       /* one entry cannot deny and allow */
	CHECK_EQ(used, 0);
	CHECK_EQ(denied, 0);
}

TEST(empty_region_needs_no_entry_wrapping_one_stops)
{
	const struct memory_region r[] = { fw, { 0x1000, 0, "e" }, clint, { ~0UL - 0xfff, 0x2000, "w" }, clint };

	plan(r, 5, 16, 4);
	CHECK_EQ(denied, 3);                    /* fw, the empty one (nothing to deny), clint; not the wrapping one */
	CHECK_EQ(used, 3);
}

TEST(fifteen_regions_fill_sixteen_entries)
{
	/* The firmware and 15 NAPOT devices: a 16-entry hart denies all but the
	 * last device and says so; a 64-entry one denies them all. */
	struct memory_region r[17] = { fw };

	for (unsigned int i = 1; i < 17; i++)
		r[i] = (struct memory_region){ 0x2000000UL + i * 0x100000, 0x10000, "d" };
	plan(r, 17, 16, 4);
	CHECK_EQ(denied, 15);                   /* 15 NAPOT entries + allow-all */
	CHECK_EQ(used, 16);
	CHECK(is_allow_all(15));
	plan(r, 17, 64, 4);
	CHECK_EQ(denied, 17);
	CHECK_EQ(used, 18);
}

TEST(many_regions_capped_to_the_spec_maximum)
{
	struct memory_region r[40];

	r[0] = fw;
	for (unsigned int i = 1; i < 40; i++)
		r[i] = (struct memory_region){ 0x10000000UL + i * 0x10000, 0x3000, "d" };   /* TOR each */
	plan(r, 40, 128, 4);
	CHECK(used <= PMP_MAX_ENTRIES);
	CHECK_EQ(denied, 1 + (PMP_MAX_ENTRIES - 2) / 2);   /* 31 TOR pairs + firmware + allow-all = 64 */
	CHECK(is_allow_all(used - 1));
}

int main(void)
{
	RUN(qemu_virt_firmware_and_clint);
	RUN(unaligned_region_uses_tor);
	RUN(granule_widens_regions);
	RUN(too_few_entries_deny_in_order_and_say_how_many);
	RUN(stops_at_the_first_region_that_does_not_fit);
	RUN(no_pmp_no_entries);
	RUN(empty_region_needs_no_entry_wrapping_one_stops);
	RUN(fifteen_regions_fill_sixteen_entries);
	RUN(many_regions_capped_to_the_spec_maximum);
	return TEST_EXIT_CODE;
}
