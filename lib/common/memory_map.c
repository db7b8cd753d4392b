/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Building the memory map at boot (include/memory_map.h): the RAM and
 * firmware-device tables on the boot heap, the devices merged for PMP, and
 * which regions a DT may call a device. Boot-only, built -Os (Makefile,
 * FW_COLD_SRCS); what SBI calls check stays in lib/common/smode_memory.c.
 */
#include "heap.h"
#include "memory_map.h"
#include "libc_string.h"

/* [a, a + asize) and [b, b + bsize) overlap; sizes are non-zero and do not wrap. */
static bool ranges_overlap(uint64_t a, uint64_t asize, uint64_t b, uint64_t bsize)
{
	return a < b + bsize && b < a + asize;
}

static bool range_valid(uint64_t base, uint64_t size)
{
	return size != 0 && base + size > base;
}

/*
 * Appends to a table on the heap, doubling it when full (the old copy stays:
 * boot-time only). `lead` slots lie before *table, kept across growth (the
 * device table's slot for the firmware region: memory_map.denied).
 */
static bool region_append(struct memory_region **table, unsigned int *count, unsigned int *cap,
			  unsigned int lead, uint64_t base, uint64_t size, const char *name)
{
	if (*count == *cap) {
		unsigned int new_cap = *cap ? 2 * *cap : 1;   /* one RAM range, one CLINT: the usual */
		struct memory_region *t = heap_alloc((lead + new_cap) * sizeof(*t), 8);
		if (!t)
			return false;
		if (*table)
			memcpy(t, *table - lead, (lead + *count) * sizeof(*t));
		*table = t + lead;
		*cap = new_cap;
	}
	(*table)[*count] = (struct memory_region){ base, size, name };
	(*count)++;
	return true;
}

bool memory_map_add_ram(uint64_t base, uint64_t size)
{
	if (!range_valid(base, size))
		return false;
	return region_append(&memory_map.ram, &memory_map.ram_count, &memory_map.ram_cap, 0, base, size, "RAM");
}

bool memory_map_add_device(uint64_t base, uint64_t size, const char *name)
{
	if (!range_valid(base, size))
		return false;
	for (unsigned int i = 0; i < memory_map.device_count; i++)
		if (memory_map.device[i].base == base && memory_map.device[i].size == size)
			return true;   /* one CLINT node seen by two drivers */
	return region_append(&memory_map.device, &memory_map.device_count, &memory_map.device_cap, 1, base, size, name);
}

void memory_map_set_firmware(uint64_t base, uint64_t size)
{
	memory_map.fw_base = base;
	memory_map.fw_size = size;
	if (memory_map.denied)
		memory_map.denied[0] = (struct memory_region){ base, size, "firmware" };
}

unsigned int memory_map_merge_regions(struct memory_region *r, unsigned int n)
{
	unsigned int out = 0;

	/* Selection sort (a few dozen regions, once at boot), merging as each next-lowest one comes. */
	for (unsigned int i = 0; i < n; i++) {
		struct memory_region x;
		unsigned int m = i;
		for (unsigned int j = i + 1; j < n; j++)
			if (r[j].base < r[m].base)
				m = j;
		x = r[m];
		r[m] = r[i];
		if (!x.size)
			continue;
		if (out && x.base <= r[out - 1].base + r[out - 1].size) {
			struct memory_region *last = &r[out - 1];
			if (x.base + x.size > last->base + last->size)
				last->size = x.base + x.size - last->base;
		} else {
			r[out++] = x;   /* out <= i: slots below i are already taken from */
		}
	}
	return out;
}

bool memory_map_plan_denied(void)
{
	/* No device at all: a table for the firmware's slot (the empty entry is merged away). */
	if (!memory_map.device && !region_append(&memory_map.device, &memory_map.device_count,
						 &memory_map.device_cap, 1, 0, 0, NULL))
		return false;
	memory_map.device_count = memory_map_merge_regions(memory_map.device, memory_map.device_count);
	memory_map.denied = memory_map.device - 1;
	memory_map.denied_count = 1 + memory_map.device_count;
	memory_map_set_firmware(memory_map.fw_base, memory_map.fw_size);
	return true;
}

const char *memory_map_device_conflict(uint64_t base, uint64_t size, struct memory_region *conflict)
{
	if (!range_valid(base, size))
		return "is empty or wraps";
	if (memory_map.fw_size && ranges_overlap(base, size, memory_map.fw_base, memory_map.fw_size)) {
		*conflict = (struct memory_region){ memory_map.fw_base, memory_map.fw_size, "firmware" };
		return "lies in the firmware";
	}
	for (unsigned int i = 0; i < memory_map.ram_count; i++)
		if (ranges_overlap(base, size, memory_map.ram[i].base, memory_map.ram[i].size)) {
			*conflict = memory_map.ram[i];
			return "lies in RAM";
		}
	return NULL;
}


const struct memory_region *memory_map_denied_at(uint64_t addr)
{
	for (unsigned int i = 0; i < memory_map.denied_count; i++)
		if (addr >= memory_map.denied[i].base && addr - memory_map.denied[i].base < memory_map.denied[i].size)
			return &memory_map.denied[i];
	return NULL;
}
