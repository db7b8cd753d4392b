/* SPDX-License-Identifier: BSD-2-Clause */
/* PMP layouts (lib/core/sbi_pmp_plan.c): deny entries in priority order, then allow-all. */
#include "test.h"
#include "riscv_csr.h"
#include "sbi_pmp.h"

TEST_MAIN_GLOBALS

static struct pmp_layout l;

static void test_setup(void)
{
	memset(&l, 0xa5, sizeof(l));
}

static const struct pmp_region fw = { 0x80000000, 0x20000 };       /* 128 KiB, NAPOT */
static const struct pmp_region clint = { 0x2000000, 0x10000 };     /* 64 KiB, NAPOT */

static bool is_allow_all(unsigned int i)
{
	return l.addr[i] == ~0UL && l.cfg[i] == (PMP_A_NAPOT | PMP_R | PMP_W | PMP_X);
}

TEST(qemu_virt_firmware_and_clint)
{
	const struct pmp_region r[] = { fw, clint };

	pmp_plan(r, 2, 16, 4, &l);
	CHECK_EQ(l.count, 3);
	CHECK_EQ(l.protected_mask, 0x3);
	CHECK_EQ(l.addr[0], (0x80000000UL | 0xffff) >> 2);       /* NAPOT: base | (size/2 - 1) */
	CHECK_EQ(l.cfg[0], PMP_A_NAPOT);                           /* no R/W/X: denied */
	CHECK_EQ(l.addr[1], (0x2000000UL | 0x7fff) >> 2);
	CHECK_EQ(l.cfg[1], PMP_A_NAPOT);
	CHECK(is_allow_all(2));
}

TEST(unaligned_region_uses_tor)
{
	const struct pmp_region r[] = { fw, { 0x2f00000, 0x3000 } };   /* 12 KiB: not a power of two */

	pmp_plan(r, 2, 16, 4, &l);
	CHECK_EQ(l.count, 4);
	CHECK_EQ(l.protected_mask, 0x3);
	CHECK_EQ(l.addr[1], 0x2f00000UL >> 2);
	CHECK_EQ(l.cfg[1], PMP_A_OFF);                             /* holds the base */
	CHECK_EQ(l.addr[2], 0x2f03000UL >> 2);
	CHECK_EQ(l.cfg[2], PMP_A_TOR);
	CHECK(is_allow_all(3));
}

TEST(granule_widens_regions)
{
	/* 4 KiB granules: a 0x100-byte device at 0x10000080 is denied as the whole 4 KiB page. */
	const struct pmp_region r[] = { fw, { 0x10000080, 0x100 } };

	pmp_plan(r, 2, 16, 4096, &l);
	CHECK_EQ(l.protected_mask, 0x3);
	CHECK_EQ(l.addr[1], (0x10000000UL | 0x7ff) >> 2);
	CHECK_EQ(l.cfg[1], PMP_A_NAPOT);
}

TEST(too_few_entries_protect_firmware_first)
{
	const struct pmp_region r[] = { fw, clint, { 0x2f00000, 0x3000 } };

	/* 2 entries: firmware + allow-all; the devices are left out and say so. */
	pmp_plan(r, 3, 2, 4, &l);
	CHECK_EQ(l.count, 2);
	CHECK_EQ(l.protected_mask, 0x1);
	CHECK(is_allow_all(1));
	/* 3 entries: the CLINT fits (NAPOT), the TOR region does not. */
	pmp_plan(r, 3, 3, 4, &l);
	CHECK_EQ(l.protected_mask, 0x3);
	CHECK_EQ(l.count, 3);
	/* 4 entries: a TOR region after a NAPOT one still does not fit; 5 does. */
	pmp_plan(r, 3, 4, 4, &l);
	CHECK_EQ(l.protected_mask, 0x3);
	pmp_plan(r, 3, 5, 4, &l);
	CHECK_EQ(l.protected_mask, 0x7);
	CHECK_EQ(l.count, 5);
}

TEST(no_pmp_no_layout)
{
	const struct pmp_region r[] = { fw };

	pmp_plan(r, 1, 0, 4, &l);
	CHECK_EQ(l.count, 0);
	CHECK_EQ(l.protected_mask, 0);
	pmp_plan(r, 1, 1, 4, &l);                       /* one entry cannot deny and allow */
	CHECK_EQ(l.count, 0);
	CHECK_EQ(l.protected_mask, 0);
}

TEST(bad_regions_skipped)
{
	const struct pmp_region r[] = { { 0x1000, 0 }, { ~0UL - 0xfff, 0x2000 }, fw };

	pmp_plan(r, 3, 16, 4, &l);
	CHECK_EQ(l.protected_mask, 0x4);                /* empty and wrapping regions are not planned */
	CHECK_EQ(l.count, 2);
}

TEST(many_entries_capped_to_layout)
{
	struct pmp_region r[PMP_LAYOUT_MAX_REGIONS + 2];

	for (unsigned int i = 0; i < PMP_LAYOUT_MAX_REGIONS + 2; i++)
		r[i] = (struct pmp_region){ 0x10000000UL + i * 0x10000, 0x3000 };   /* TOR each */
	pmp_plan(r, PMP_LAYOUT_MAX_REGIONS + 2, 64, 4, &l);
	CHECK(l.count <= PMP_LAYOUT_MAX);
	CHECK_EQ(l.protected_mask, (1u << PMP_LAYOUT_MAX_REGIONS) - 1);
	CHECK(is_allow_all(l.count - 1));
}

int main(void)
{
	RUN(qemu_virt_firmware_and_clint);
	RUN(unaligned_region_uses_tor);
	RUN(granule_widens_regions);
	RUN(too_few_entries_protect_firmware_first);
	RUN(no_pmp_no_layout);
	RUN(bad_regions_skipped);
	RUN(many_entries_capped_to_layout);
	return TEST_EXIT_CODE;
}
