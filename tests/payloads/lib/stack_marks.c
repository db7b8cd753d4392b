/* SPDX-License-Identifier: BSD-2-Clause */
/* M-mode stack high-water marks through the test hooks (stack_marks.h). */
#include "payload.h"
#include "stack_marks.h"

static unsigned long hook(unsigned long fid, unsigned long a0)
{
	struct sbiret ret = sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, fid, a0, 0, 0, 0, 0, 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return ret.value;
}

bool stack_marks_available(void)
{
	return sbi_probe_extension(SBI_EXT_FIRMWARE_ABACUS).value == 1;
}

unsigned long stack_mark(unsigned long hartid)
{
	return hook(ABACUS_TEST_STACK_DEPTH, hartid);
}

unsigned long stack_mark_stack_size(void)
{
	return hook(ABACUS_TEST_STACK_SIZE, 0);
}

void stack_mark_restart(void)
{
	hook(ABACUS_TEST_STACK_DEPTH_RESET, 0);
}

void stack_mark_report(const char *what, unsigned long used)
{
	unsigned long size = stack_mark_stack_size();

	printf("STACK-DEPTH %s: %lu of %lu bytes\n", what, used, size);
	if (!CHECK(used + STACK_MARGIN <= size))
		printf("  (%s: less than the %d-byte margin left)\n", what, STACK_MARGIN);
}
