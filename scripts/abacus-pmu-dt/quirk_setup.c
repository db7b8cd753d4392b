/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The board quirks are linked into the tool for their event maps (the tool
 * chooses one by the DT's root compatible, as boot does); their set-up code
 * (a quirk's init and hart hooks, which probe CSRs and devices with traps
 * expected, and wait on the time source; the I2C clock hooks, which probe
 * the clock registers) comes along but
 * the tool never runs it: these are what it would reach, and they stop the
 * tool if it ever did. The dry run (scripts/abacus-dryrun) runs that code
 * on its simulated harts instead.
 */
#include <stdlib.h>
#include "riscv_csr.h"
#include "trap_expect.h"

void host_csr_read_expecting_trap(unsigned int csr, unsigned long *value)
{
	(void)csr, (void)value;
	abort();
}

void host_csr_write_expecting_trap(unsigned int csr, unsigned long value)
{
	(void)csr, (void)value;
	abort();
}

void trap_expect_begin_on(struct trap_expect *st)
{
	(void)st;
	abort();
}

bool trap_expect_end_on(struct trap_expect *st)
{
	(void)st;
	abort();
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st, (void)addr, (void)width, (void)value;
	abort();
}
