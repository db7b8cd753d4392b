/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A property that is one phandle and a fixed count of cells (clocks =
 * <&crg 5>, mboxes, gpios) read by fdt_phandle_args (lib/fdt/fdt_helpers.c):
 * the node the phandle names and the cells, or < 0 for a property of another
 * length, a phandle of no node, or a node of another device.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "test.h"
#include "fdt_helpers.h"

TEST_MAIN_GLOBALS

static char fdt[4096];
static int crg, dev;

static void test_setup(void)
{
}

/* A node added or grown moves the others: their offsets again. */
static void find_nodes(void)
{
	crg = fdt_path_offset(fdt, "/crg");
	dev = fdt_path_offset(fdt, "/dev");
}

/* A clock controller (phandle 7, "vendor,crg" after another string) and a device whose properties the tests set. */
static void build_fdt(void)
{
	static const char compatible[] = "vendor,crg-v2\0vendor,crg";

	fdt_create_empty_tree(fdt, sizeof(fdt));
	crg = fdt_add_subnode(fdt, 0, "crg");
	fdt_setprop(fdt, crg, "compatible", compatible, sizeof(compatible));
	fdt_setprop_u32(fdt, crg, "phandle", 7);
	fdt_add_subnode(fdt, 0, "dev");
	find_nodes();
}

static void set_cells(const char *prop, const uint32_t *cells, unsigned int n)
{
	fdt32_t be[4];

	for (unsigned int i = 0; i < n; i++)
		be[i] = cpu_to_fdt32(cells[i]);
	fdt_setprop(fdt, dev, prop, be, (int)(n * sizeof(fdt32_t)));
	find_nodes();
}

TEST(the_node_and_its_cells)
{
	uint32_t args[2] = { 0, 0 };

	build_fdt();
	set_cells("clocks", (const uint32_t[]){ 7, 1, 59 }, 3);
	CHECK_EQ(fdt_phandle_args(fdt, dev, "clocks", "vendor,crg", 2, args), crg);
	CHECK_EQ(args[0], 1);
	CHECK_EQ(args[1], 59);
	set_cells("mboxes", (const uint32_t[]){ 7, 0xdeadbeef }, 2);
	CHECK_EQ(fdt_phandle_args(fdt, dev, "mboxes", "vendor,crg-v2", 1, args), crg);
	CHECK_EQ(args[0], 0xdeadbeef);
}

TEST(another_length_is_refused)
{
	uint32_t args[2];

	build_fdt();
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,crg", 1, args) < 0);     /* no property */
	set_cells("clocks", (const uint32_t[]){ 7, 1, 59 }, 3);
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,crg", 1, args) < 0);     /* one cell too many */
	CHECK(fdt_phandle_args(fdt, dev, "clocks", NULL, 1, args) < 0);
	set_cells("clocks", (const uint32_t[]){ 7 }, 1);
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,crg", 1, args) < 0);     /* one too few */
	fdt_setprop(fdt, dev, "clocks", "\0\0\0\7\0\0", 6);                        /* not whole cells */
	find_nodes();
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,crg", 1, args) < 0);
}

TEST(no_such_node_or_another_device_is_refused)
{
	uint32_t args[1];

	build_fdt();
	set_cells("clocks", (const uint32_t[]){ 8, 5 }, 2);                         /* no phandle 8 */
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,crg", 1, args) < 0);
	CHECK(fdt_phandle_args(fdt, dev, "clocks", NULL, 1, args) < 0);
	set_cells("clocks", (const uint32_t[]){ 7, 5 }, 2);
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,other", 1, args) < 0);
	CHECK(fdt_phandle_args(fdt, dev, "clocks", "vendor,cr", 1, args) < 0);      /* whole strings only */
}

TEST(without_a_compatible_any_node_is_taken)
{
	uint32_t args[2];

	build_fdt();
	set_cells("gpios", (const uint32_t[]){ 7, 35, 1 }, 3);
	CHECK_EQ(fdt_phandle_args(fdt, dev, "gpios", NULL, 2, args), crg);
	CHECK_EQ(args[0], 35);
	CHECK_EQ(args[1], 1);
}

int main(void)
{
	RUN(the_node_and_its_cells);
	RUN(another_length_is_refused);
	RUN(no_such_node_or_another_device_is_refused);
	RUN(without_a_compatible_any_node_is_taken);
	return TEST_EXIT_CODE;
}
