/* SPDX-License-Identifier: BSD-2-Clause */
#include "memory_map.h"

/* The map is built at boot by lib/common/memory_map.c (built -Os: boot only); this file
 * holds what SBI calls use. */
struct memory_map memory_map;

/* [a, a + asize) and [b, b + bsize) overlap; sizes are non-zero and do not wrap. */
static bool ranges_overlap(uint64_t a, uint64_t asize, uint64_t b, uint64_t bsize)
{
	return a < b + bsize && b < a + asize;
}

bool smode_range_ok(unsigned long lo, unsigned long hi, uint64_t size)
{
	uint64_t base = lo;
	uint64_t len = size ? size : 1;

	if (hi != 0)                    /* no physical memory above 2^64 on RV64 */
		return false;
	if (base + len < base || base + len == 0)   /* wraps past the top */
		return false;
	if (memory_map.fw_size && ranges_overlap(base, len, memory_map.fw_base, memory_map.fw_size))
		return false;
	/* Devices cannot lie in RAM (memory_map_device_conflict): kept as a second line of defence. */
	for (unsigned int i = 1; i < memory_map.denied_count; i++)
		if (ranges_overlap(base, len, memory_map.denied[i].base, memory_map.denied[i].size))
			return false;
	for (unsigned int i = 0; i < memory_map.ram_count; i++) {
		uint64_t rb = memory_map.ram[i].base, rs = memory_map.ram[i].size;
		if (base >= rb && base - rb < rs && len <= rs - (base - rb))
			return true;
	}
	return false;
}

bool smode_addr_ok(uint64_t addr)
{
	return smode_range_ok(addr, 0, 1);
}
