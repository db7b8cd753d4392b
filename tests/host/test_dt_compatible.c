/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The compatible lists drivers and quirks declare (DT_COMPATIBLE,
 * include/fdt_helpers.h) and their matcher against a node's property
 * (dt_compatible_matches, lib/fdt/fdt_helpers.c): any string of the list,
 * whole strings of the property only, nothing read past the property.
 */
#include <stdlib.h>
#include "test.h"
#include "fdt_helpers.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* The property in a buffer of exactly its length: ASan catches a read past it. */
static int matches(const char *list, const char *prop, int len)
{
	char *copy = malloc(len > 0 ? (size_t)len : 1);
	int r;

	memcpy(copy, prop, len > 0 ? (size_t)len : 0);
	r = dt_compatible_matches(list, copy, len);
	free(copy);
	return r;
}

#define PROP(s) s, (int)sizeof(s)

TEST(list_is_the_strings_and_an_empty_one)
{
	static const char one[] = DT_COMPATIBLE("ucb,htif0");
	static const char three[] = DT_COMPATIBLE("riscv,clint0", "sifive,clint0", "thead,c900-clint");

	CHECK_EQ(sizeof(one), sizeof("ucb,htif0") + 1);
	CHECK(memcmp(one, "ucb,htif0\0", sizeof(one)) == 0);
	CHECK_EQ(sizeof(three), sizeof("riscv,clint0") + sizeof("sifive,clint0") + sizeof("thead,c900-clint") + 1);
	CHECK(memcmp(three, "riscv,clint0\0sifive,clint0\0thead,c900-clint\0", sizeof(three)) == 0);
}

TEST(any_string_of_the_list_matches_any_of_the_property)
{
	static const char list[] = DT_COMPATIBLE("sifive,uart0", "sifive,fu740-c000-uart", "sifive,fu540-c000-uart");

	CHECK(matches(list, PROP("sifive,fu740-c000-uart\0sifive,uart0")));
	CHECK(matches(list, PROP("sifive,fu540-c000-uart")));
	CHECK(matches(list, PROP("vendor,other\0sifive,fu540-c000-uart")));
	CHECK(matches(list, PROP("vendor,other\0sifive,uart0\0vendor,more")));
	CHECK(!matches(list, PROP("ns16550a\0ns16550")));
}

TEST(whole_strings_only)
{
	static const char list[] = DT_COMPATIBLE("sifive,uart0");

	CHECK(!matches(list, PROP("sifive,uart")));
	CHECK(!matches(list, PROP("sifive,uart00")));
	CHECK(!matches(list, PROP("x,sifive,uart0")));
	CHECK(!matches(list, PROP("vendor,sifive,uart0\0sifive,uart")));
	CHECK(!matches(DT_COMPATIBLE("uart0"), PROP("sifive,uart0")));
}

TEST(nothing_read_past_a_malformed_property)
{
	static const char list[] = DT_COMPATIBLE("ns16550a", "ns16550");
	static const char unterminated[] = { 'n', 's', '1', '6', '5', '5', '0', 'a' };

	CHECK(!matches(list, unterminated, sizeof(unterminated)));
	CHECK(!matches(list, "x\0ns16550", 9));          /* its last string without its NUL */
	CHECK(matches(list, "ns16550\0ns1655", 14));     /* a good string before the cut */
	CHECK(!matches(list, "", 0));
	CHECK(!matches(list, "ns16550", -1));            /* a libfdt error's length */
	CHECK(!matches("", PROP("ns16550")));            /* an empty list */
}

int main(void)
{
	RUN(list_is_the_strings_and_an_empty_one);
	RUN(any_string_of_the_list_matches_any_of_the_property);
	RUN(whole_strings_only);
	RUN(nothing_read_past_a_malformed_property);
	return TEST_EXIT_CODE;
}
