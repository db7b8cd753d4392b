/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Expected traps, for probing: between trap_expect_begin() and
 * trap_expect_end() on one hart, an exception from M-mode is not fatal: the
 * trap handler skips the faulting instruction (mepc += 4) and records it.
 */
#ifndef ABACUS_TRAP_EXPECT_H
#define ABACUS_TRAP_EXPECT_H

#include <stdbool.h>
#include <stdint.h>

/* What a probe saves and the probe vector records (lib/common/trap_expect_vector.S: saved_t1 first, trapped next). */
struct trap_expect {
	unsigned long saved_t1, trapped, saved_mtvec, saved_mscratch;
	unsigned long saved_mepc, saved_mstatus;   /* a probe trap overwrites them */
};

/* On the calling hart's own block (hart_state.expect). */
void trap_expect_begin(void);
bool trap_expect_end(void); /* true if a trap happened in between */

/*
 * The same with a state of the caller's, for code that runs before the hart
 * has a block (cold boot, on the boot stack: one hart only).
 */
void trap_expect_begin_on(struct trap_expect *st);
bool trap_expect_end_on(struct trap_expect *st);

/*
 * Reads a device register of width 1 or 4 bytes (*value), surviving a
 * fault: false when the read trapped (nothing answers there). With st, as
 * trap_expect_begin_on.
 */
bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value);

/*
 * CSR probes with traps expected, on the calling hart's block (the caller
 * includes riscv_csr.h first): PROBE_CSR_READ(csr, &v) is true, with v, when
 * the read did not trap; PROBE_CSR_WRITE(csr, val) when the write did not;
 * PROBE_ENABLE(csr, want) sets bits in a WARL CSR and gives those that
 * stuck: the ones the hart has.
 */
#define PROBE_CSR_READ(csr, out) ({ unsigned long __v = 0; bool __t; trap_expect_begin(); \
	csr_read_expecting_trap(csr, __v); \
	__t = trap_expect_end(); if (!__t) *(out) = __v; !__t; })
#define PROBE_CSR_WRITE(csr, val) ({ unsigned long __v = (val); trap_expect_begin(); \
	csr_write_expecting_trap(csr, __v); \
	!trap_expect_end(); })
#define PROBE_ENABLE(csr, want) ({ unsigned long __got = 0; \
	if (PROBE_CSR_WRITE(csr, want)) \
		PROBE_CSR_READ(csr, &__got); \
	__got & (want); })

#endif
