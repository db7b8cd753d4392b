/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated device for host tests of drivers built with -DABACUS_HOST
 * (include/mmio.h's seam, as the dry run uses it): one register window at a
 * host address the test's DT names in `reg`, whose reads answer what was
 * last written (or what a test's hook says) and whose writes are recorded
 * in order, with their width; a part of the window can be made to fault,
 * for probes made with traps expected (include/trap_expect.h, faked here).
 */
#ifndef ABACUS_HOST_MMIO_H
#define ABACUS_HOST_MMIO_H

#include <stdbool.h>
#include <stdint.h>

#define HOST_MMIO_SIZE      0x200000    /* large enough for a T-Head PLIC's PLIC_CTRL */
#define HOST_MMIO_MAX_WRITES 64

struct host_mmio_write {
	uint64_t offset;
	uint64_t value;
	unsigned int width;
};

struct host_mmio {
	uint8_t *regs;                     /* HOST_MMIO_SIZE bytes; its address is the device's base */
	struct host_mmio_write writes[HOST_MMIO_MAX_WRITES];
	unsigned int nr_writes, reads;
	uint64_t fault_from, fault_to;     /* offsets [from, to) fault (from == to: none) */
	unsigned int faults;               /* accesses that faulted */
	unsigned int stray;                /* accesses outside the window (a driver bug) */
	/* Optional: the value a read returns (after the write log); else the last value written. */
	uint64_t (*read_hook)(uint64_t offset, unsigned int width, uint64_t stored);
	/* Optional: called after each write is stored. */
	void (*write_hook)(uint64_t offset, unsigned int width, uint64_t value);
};

extern struct host_mmio host_mmio;

/* Clears the window, the log and the hooks (the window is allocated once). */
void host_mmio_reset(void);
/* The window's base as a DT address. */
uint64_t host_mmio_base(void);
/* The 32-bit register at offset, as stored. */
uint32_t host_mmio_reg32(uint64_t offset);
void host_mmio_set_reg32(uint64_t offset, uint32_t value);

#endif
