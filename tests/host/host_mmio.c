/* SPDX-License-Identifier: BSD-2-Clause */
/* A simulated device window for driver host tests (host_mmio.h). */
#include <stdlib.h>
#include <string.h>
#include "host_mmio.h"
#include "mmio.h"
#include "trap_expect.h"

struct host_mmio host_mmio;
static bool expecting, trapped;

void host_mmio_reset(void)
{
	uint8_t *regs = host_mmio.regs ? host_mmio.regs : aligned_alloc(4096, HOST_MMIO_SIZE);

	if (!regs)
		abort();
	memset(&host_mmio, 0, sizeof(host_mmio));
	memset(regs, 0, HOST_MMIO_SIZE);
	host_mmio.regs = regs;
}

uint64_t host_mmio_base(void)
{
	return (uintptr_t)host_mmio.regs;
}

uint32_t host_mmio_reg32(uint64_t offset)
{
	uint32_t v;

	memcpy(&v, host_mmio.regs + offset, 4);
	return v;
}

void host_mmio_set_reg32(uint64_t offset, uint32_t value)
{
	memcpy(host_mmio.regs + offset, &value, 4);
}

/* The access's offset in the window, or false (stray) / a fault. */
static bool access_ok(const volatile void *addr, unsigned int width, uint64_t *offset)
{
	uint64_t a = (uintptr_t)addr, base = host_mmio_base();

	if (a < base || a + width > base + HOST_MMIO_SIZE) {
		host_mmio.stray++;
		return false;
	}
	*offset = a - base;
	if (*offset < host_mmio.fault_to && *offset + width > host_mmio.fault_from) {
		host_mmio.faults++;
		if (!expecting)
			abort();     /* a fault the driver did not expect: the firmware would stop here */
		trapped = true;
		return false;
	}
	return true;
}

uint64_t host_mmio_read(const volatile void *addr, unsigned int width)
{
	uint64_t offset, v = 0;

	if (!access_ok(addr, width, &offset))
		return 0;
	memcpy(&v, host_mmio.regs + offset, width);
	host_mmio.reads++;
	return host_mmio.read_hook ? host_mmio.read_hook(offset, width, v) : v;
}

void host_mmio_write(volatile void *addr, unsigned int width, uint64_t value)
{
	uint64_t offset;

	if (!access_ok(addr, width, &offset))
		return;
	memcpy(host_mmio.regs + offset, &value, width);
	if (host_mmio.nr_writes < HOST_MMIO_MAX_WRITES)
		host_mmio.writes[host_mmio.nr_writes++] = (struct host_mmio_write){ offset, value, width };
	if (host_mmio.write_hook)
		host_mmio.write_hook(offset, width, value);
}

void host_mmio_access_expecting_trap(volatile void *addr, bool write, uint32_t *value)
{
	if (write)
		host_mmio_write(addr, 4, *value);
	else
		*value = (uint32_t)host_mmio_read(addr, 4);
}

void trap_expect_begin_on(struct trap_expect *st)
{
	(void)st;
	expecting = true;
	trapped = false;
}

bool trap_expect_end_on(struct trap_expect *st)
{
	bool t = trapped;

	(void)st;
	expecting = trapped = false;
	return t;
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uint32_t v;

	trap_expect_begin_on(st);
	v = (uint32_t)host_mmio_read(addr, width);
	if (trap_expect_end_on(st))
		return false;
	*value = v;
	return true;
}
