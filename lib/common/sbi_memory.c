/* SPDX-License-Identifier: BSD-2-Clause */
#include "sbi_memory.h"

struct sbi_memory_map sbi_memory;

bool sbi_memory_add_ram(uint64_t base, uint64_t size)
{
	if (sbi_memory.ram_count >= SBI_MEMORY_MAX_RAM_REGIONS || size == 0 || base + size < base)
		return false;
	sbi_memory.ram[sbi_memory.ram_count].base = base;
	sbi_memory.ram[sbi_memory.ram_count].size = size;
	sbi_memory.ram_count++;
	return true;
}

bool sbi_memory_add_device(uint64_t base, uint64_t size, const char *name)
{
	if (sbi_memory.device_count >= SBI_MEMORY_MAX_DEVICES || size == 0 || base + size < base)
		return false;
	for (unsigned int i = 0; i < sbi_memory.device_count; i++)
		if (sbi_memory.device[i].base == base && sbi_memory.device[i].size == size)
			return true;   /* one CLINT node seen by two drivers */
	sbi_memory.device[sbi_memory.device_count].base = base;
	sbi_memory.device[sbi_memory.device_count].size = size;
	sbi_memory.device[sbi_memory.device_count].name = name;
	sbi_memory.device_count++;
	return true;
}

/* [a, a + asize) and [b, b + bsize) overlap; sizes are non-zero and do not wrap. */
static bool ranges_overlap(uint64_t a, uint64_t asize, uint64_t b, uint64_t bsize)
{
	return a < b + bsize && b < a + asize;
}

bool sbi_memory_smode_range_ok(unsigned long lo, unsigned long hi, uint64_t size)
{
	uint64_t base = lo;
	uint64_t len = size ? size : 1;

	if (hi != 0)                    /* no physical memory above 2^64 on RV64 */
		return false;
	if (base + len < base || base + len == 0)   /* wraps past the top */
		return false;
	if (sbi_memory.fw_size && ranges_overlap(base, len, sbi_memory.fw_base, sbi_memory.fw_size))
		return false;
	for (unsigned int i = 0; i < sbi_memory.device_count; i++)
		if (ranges_overlap(base, len, sbi_memory.device[i].base, sbi_memory.device[i].size))
			return false;
	for (unsigned int i = 0; i < sbi_memory.ram_count; i++) {
		uint64_t rb = sbi_memory.ram[i].base, rs = sbi_memory.ram[i].size;
		if (base >= rb && base - rb < rs && len <= rs - (base - rb))
			return true;
	}
	return false;
}

bool sbi_memory_smode_addr_ok(uint64_t addr)
{
	return sbi_memory_smode_range_ok(addr, 0, 1);
}
