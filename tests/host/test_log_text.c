/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A DT's strings in the boot log (include/format.h, format_printable): the
 * root's model (firmware/boot_finish.c's platform line; the dry run checks
 * that line as the firmware prints it, tests/tools/test_dry_run.py) and node
 * names (lib/core/dt_device_reg.c, lib/core/i2c_bus.c, lib/drivers/aia_dt.c)
 * come from the DT, which is input: a newline or a control character of
 * theirs must not start a line of its own (a fake "abacus: FATAL" line), nor
 * may an unterminated property be read past its end. Each non-printable
 * byte prints as '?'; the text is cut to its buffer.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "dt_device_reg.h"
#include "host_console.h"
#include "host_memory.h"
#include "format.h"
#include "test.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
	host_memory_reset();
	host_console_clear();
}

/* A model that would print a second line, a fake FATAL one, with a bell and an escape in it. */
TEST(model_with_a_newline_and_control_characters_is_one_clean_line)
{
	static const char model[] = "ACME Board\nabacus: FATAL: fake\a\x1b[2J";
	char buf[80];

	CHECK(strcmp(format_printable(buf, sizeof(buf), model, sizeof(model)),
		     "ACME Board?abacus: FATAL: fake??" "[2J") == 0);
	CHECK(!strchr(buf, '\n'));
}

/* Bytes of a multi-byte character and DEL are not printable ASCII: '?' each. */
TEST(bytes_outside_printable_ascii_are_question_marks)
{
	char buf[16];

	CHECK(strcmp(format_printable(buf, sizeof(buf), "caf\xc3\xa9\x7f!", 16), "caf???" "!") == 0);
	CHECK(strcmp(format_printable(buf, sizeof(buf), "\t \r~", 16), "? ?~") == 0);
}

/* A property without its terminating NUL: len bytes, no more. */
TEST(unterminated_property_is_read_to_its_length_only)
{
	static const char prop[8] = { 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H' };
	char buf[32];

	memset(buf, 'x', sizeof(buf));
	CHECK(strcmp(format_printable(buf, sizeof(buf), prop, 5), "ABCDE") == 0);
}

TEST(cut_to_the_buffer_and_null_is_empty)
{
	char buf[6];

	CHECK(strcmp(format_printable(buf, sizeof(buf), "0123456789", SIZE_MAX), "01234") == 0);
	CHECK(strcmp(format_printable(buf, sizeof(buf), NULL, 10), "") == 0);
	buf[0] = 'k';
	CHECK(format_printable(buf, 0, "abc", 3) == buf);
	CHECK_EQ(buf[0], 'k');          /* no room: nothing written */
}

/* A refusal names its node: a name with a newline is one line all the same. */
TEST(refusal_line_of_a_node_named_with_a_newline_is_one_line)
{
	static uint8_t fdt[4096];
	static const char name[] = "uart\nabacus: FATAL: fake@1001";
	fdt32_t reg[4] = { 0, cpu_to_fdt32(0x10000001), 0, cpu_to_fdt32(0x100) };
	uint64_t base, size;
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, name);
	CHECK(!err && node >= 0);
	CHECK(fdt_setprop(fdt, node, "reg", reg, sizeof(reg)) == 0);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 8, 4, &base, &size), DT_REG_REFUSED);
	CHECK_EQ(host_console_lines(), 1);
	CHECK(strcmp(host_console_text(), "abacus: uart?abacus: FATAL: fake@1001: reg 0x10000001-0x10000100 is not "
		     "aligned to its 4-byte accesses; device refused\n") == 0);
}

int main(void)
{
	RUN(model_with_a_newline_and_control_characters_is_one_clean_line);
	RUN(bytes_outside_printable_ascii_are_question_marks);
	RUN(unterminated_property_is_read_to_its_length_only);
	RUN(cut_to_the_buffer_and_null_is_empty);
	RUN(refusal_line_of_a_node_named_with_a_newline_is_one_line);
	return TEST_EXIT_CODE;
}
