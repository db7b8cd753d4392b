/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine's memory map as the firmware keeps it:
 * - RAM, from the DT's memory nodes;
 * - the firmware region: while cold boot runs, everything the firmware may
 *   use (its image up to the heap's limit), then the region PMP protects;
 * - the devices the firmware owns (ACLINT MSWI/MTIMER, the M-level AIA
 *   controllers), as drivers register them, and merged for PMP.
 * Every table is sized by the DT: it lives on the boot-time heap
 * (include/heap.h) and grows as entries come; an entry that finds no
 * memory is refused, never dropped in silence.
 *
 * Two rules hang on it:
 * - what S-mode may hand to the firmware (shared memory, console buffers,
 *   start addresses) must lie in RAM outside the firmware region and its
 *   devices: smode_range_ok();
 * - what a DT calls a device must not overlap RAM or the firmware:
 *   memory_map_device_conflict(), through dt_device_reg()
 *   (include/dt_driver.h), which every driver reads a device's reg with.
 */
#ifndef ABACUS_MEMORY_MAP_H
#define ABACUS_MEMORY_MAP_H

#include <stdbool.h>
#include <stdint.h>

struct memory_region {
	uint64_t base, size;
	const char *name;             /* devices: the driver's name, for the boot log */
};

struct memory_map {
	struct memory_region *ram;
	unsigned int ram_count, ram_cap;
	uint64_t fw_base, fw_size;    /* firmware region: never accessible to S-mode */
	/*
	 * MMIO regions of devices the firmware owns, as registered, then (from
	 * memory_map_plan_denied on) sorted and merged in place. The table has
	 * one slot before device[0], for the firmware region: denied.
	 */
	struct memory_region *device;
	unsigned int device_count, device_cap;
	/*
	 * What PMP denies S/U-mode, in priority order: [0] the firmware region,
	 * then the devices sorted by address with overlapping and adjacent ones
	 * merged (device - 1, from memory_map_plan_denied at the end of cold
	 * boot; NULL before).
	 */
	struct memory_region *denied;
	unsigned int denied_count;
};

extern struct memory_map memory_map;

/* Adds a RAM region (from the DT memory node); false when empty, wrapping or out of heap. */
bool memory_map_add_ram(uint64_t base, uint64_t size);

/*
 * Registers a firmware-owned device region (its driver checked it with
 * dt_device_reg). False when empty, wrapping or out of heap: the caller must
 * then not use the device (it could not be protected).
 */
bool memory_map_add_device(uint64_t base, uint64_t size, const char *name);

/* Sets the firmware region (during cold boot: all the firmware may use; then the final one). */
void memory_map_set_firmware(uint64_t base, uint64_t size);

/*
 * Cold boot, once every driver has registered its regions and before the
 * firmware region is fixed (it may allocate): sorts and merges the device
 * regions in place: memory_map.denied[1..]. False when out of heap.
 */
bool memory_map_plan_denied(void);

/*
 * Sorts regions[0..n-1] by base and merges those that overlap or touch
 * (a merged region keeps the first one's name); returns the new count.
 * Empty regions are dropped. Pure (host-tested).
 */
unsigned int memory_map_merge_regions(struct memory_region *regions, unsigned int n);

/*
 * Why a DT-described device may not have [base, base + size): "is empty",
 * "wraps past the top of the address space", "lies in RAM" or "lies in the
 * firmware" (*conflict: the RAM range or the firmware region it overlaps).
 * NULL when it may.
 */
const char *memory_map_device_conflict(uint64_t base, uint64_t size, struct memory_region *conflict);

/*
 * The region of memory_map.denied holding addr: [0] the firmware, or a
 * device the firmware owns (merged); S-mode can reach none of them (PMP).
 * NULL when addr lies in none, or before memory_map_plan_denied.
 */
const struct memory_region *memory_map_denied_at(uint64_t addr);

/*
 * True when [lo | hi << XLEN, + size) lies in one RAM region and does not
 * overlap the firmware region. hi must be 0 on RV64 (addresses above 2^64
 * do not exist); size 0 is accepted only for an address inside RAM.
 */
bool smode_range_ok(unsigned long lo, unsigned long hi, uint64_t size);

/* True when addr lies in RAM that S-mode may execute from (not firmware). */
bool smode_addr_ok(uint64_t addr);

#endif
