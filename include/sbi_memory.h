/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which physical memory S-mode may hand to the firmware (shared memory,
 * console buffers, start addresses): RAM from the DT, minus the firmware's
 * own region. Everything else (MMIO, holes, the firmware, a range that
 * wraps) is refused, so S-mode can never make M-mode touch memory S-mode
 * itself could not.
 */
#ifndef ABACUS_SBI_MEMORY_H
#define ABACUS_SBI_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#define SBI_MEMORY_MAX_RAM_REGIONS 8
#define SBI_MEMORY_MAX_DEVICES     8

struct sbi_memory_map {
	struct {
		uint64_t base, size;
	} ram[SBI_MEMORY_MAX_RAM_REGIONS];
	unsigned int ram_count;
	uint64_t fw_base, fw_size;    /* firmware region: never accessible to S-mode */
	/* MMIO regions of devices the firmware owns (ACLINT MSWI/MTIMER...): PMP-denied to S/U-mode. */
	struct {
		uint64_t base, size;
		const char *name;
	} device[SBI_MEMORY_MAX_DEVICES];
	unsigned int device_count;
};

extern struct sbi_memory_map sbi_memory;

/* Adds a RAM region (from the DT memory node); false when the table is full. */
bool sbi_memory_add_ram(uint64_t base, uint64_t size);

/* Registers a firmware-owned device region; false when the table is full (reported at boot). */
bool sbi_memory_add_device(uint64_t base, uint64_t size, const char *name);

/*
 * True when [lo | hi << XLEN, + size) lies in one RAM region and does not
 * overlap the firmware region. hi must be 0 on RV64 (addresses above 2^64
 * do not exist); size 0 is accepted only for an address inside RAM.
 */
bool sbi_memory_smode_range_ok(unsigned long lo, unsigned long hi, uint64_t size);

/* True when addr lies in RAM that S-mode may execute from (not firmware). */
bool sbi_memory_smode_addr_ok(uint64_t addr);

#endif
