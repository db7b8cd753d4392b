/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated device registers whose every access a host test sees, in order,
 * with its width: a driver's register sequence checked as the datasheet (or
 * Linux's driver) gives it, and a 64-bit register written as two 32-bit
 * halves told apart from one 64-bit store.
 *
 * The registers are pages mapped without access: each load or store of the
 * driver faults; the SIGSEGV handler reads the width from the faulting x86-64
 * instruction, lets a model set what a read returns, opens the page and
 * single-steps the one instruction (EFLAGS.TF); the SIGTRAP after it logs
 * the access, lets the model act on a write (write-0-to-clear flags, FIFOs)
 * and closes the page again. x86-64 Linux only (the CI's and the host's).
 */
#ifndef ABACUS_SIM_MMIO_H
#define ABACUS_SIM_MMIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_MMIO_LOG_MAX 512

struct sim_mmio_access {
	uintptr_t offset;         /* from the region's base */
	unsigned int width;       /* bytes: 1, 2, 4 or 8 */
	bool write;
	uint64_t value;           /* read: what the driver got; write: what it stored */
};

struct sim_mmio {
	uint8_t *base;
	size_t size;
	/* Optional: before a read of width bytes at offset (set the register with sim_mmio_poke). */
	void (*before_read)(struct sim_mmio *m, uintptr_t offset, unsigned int width);
	/* Optional: after a write (the register holds value now; old is what it held before). */
	void (*after_write)(struct sim_mmio *m, uintptr_t offset, unsigned int width, uint64_t value, uint64_t old);
	struct sim_mmio_access log[SIM_MMIO_LOG_MAX];
	unsigned int count;       /* accesses so far (the log keeps the first SIM_MMIO_LOG_MAX) */
	unsigned int bad;         /* accesses the handler could not decode (a failed test) */
};

/* Maps size bytes (whole pages, zeroed, no access) and installs the handlers; one region at a time. */
void sim_mmio_init(struct sim_mmio *m, size_t size);
/* Unmaps it. */
void sim_mmio_free(struct sim_mmio *m);
/* The test's (and a model's) own view of the registers, not logged. */
void sim_mmio_poke(struct sim_mmio *m, uintptr_t offset, unsigned int width, uint64_t value);
uint64_t sim_mmio_peek(struct sim_mmio *m, uintptr_t offset, unsigned int width);
/* Forgets the log. */
void sim_mmio_clear_log(struct sim_mmio *m);
/* Zeroes the registers and forgets the log (the region and its address stay). */
void sim_mmio_reset(struct sim_mmio *m);
/* Access i of the log matches (write or read, offset, width, value)? */
bool sim_mmio_logged(const struct sim_mmio *m, unsigned int i, bool write, uintptr_t offset, unsigned int width,
		     uint64_t value);
/* How many logged accesses touch [offset, offset + width), and how many of them write. */
unsigned int sim_mmio_count_at(const struct sim_mmio *m, uintptr_t offset, unsigned int width, bool writes_only);

#endif
