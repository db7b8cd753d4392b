/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for include/riscv_csr.h, found first on the include path of
 * host builds of firmware code (the fuzzers, tests/fuzz; the dry run,
 * scripts/abacus-dryrun): the same constants, but CSR accesses call host
 * functions (tests/fuzz/fuzz_host.c, scripts/abacus-dryrun/machine.c)
 * instead of csrr/csrw. A build defines only those its code uses.
 */
#ifndef FUZZ_HOST_RISCV_CSR_H
#define FUZZ_HOST_RISCV_CSR_H

#include "../../../include/riscv_csr.h"

unsigned long host_csr_read(unsigned int csr);
void host_csr_write(unsigned int csr, unsigned long value);
unsigned long host_csr_set(unsigned int csr, unsigned long bits);     /* returns the old value */
unsigned long host_csr_clear(unsigned int csr, unsigned long bits);   /* returns the old value */
unsigned long host_csr_swap(unsigned int csr, unsigned long value);   /* returns the old value */
/* With traps expected (trap_expect_begin/end): an access the hart lacks traps and is skipped. */
void host_csr_read_expecting_trap(unsigned int csr, unsigned long *value);
void host_csr_write_expecting_trap(unsigned int csr, unsigned long value);
void host_wfi(void);

#define csr_read(csr)             host_csr_read(csr)
#define csr_write(csr, val)       host_csr_write(csr, (unsigned long)(val))
#define csr_swap(csr, val)        host_csr_swap(csr, (unsigned long)(val))
#define csr_set(csr, val)         ((void)host_csr_set(csr, (unsigned long)(val)))
#define csr_clear(csr, val)       ((void)host_csr_clear(csr, (unsigned long)(val)))
#define csr_read_clear(csr, val)  host_csr_clear(csr, (unsigned long)(val))
#define csr_read_expecting_trap(csr, var)  host_csr_read_expecting_trap(csr, &(var))
#define csr_write_expecting_trap(csr, val) host_csr_write_expecting_trap(csr, (unsigned long)(val))
#define csr_mireg_read_expecting_trap(isel, var) \
	(host_csr_write_expecting_trap(CSR_MISELECT, isel), host_csr_read_expecting_trap(CSR_MIREG, &(var)))
#define csr_mireg_write_expecting_trap(isel, val) \
	(host_csr_write_expecting_trap(CSR_MISELECT, isel), host_csr_write_expecting_trap(CSR_MIREG, val))

static inline void wfi(void) { host_wfi(); }
static inline void mb(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
/* Address translation is the hart's; the host has none to flush. */
static inline void sfence_vma_all(void) { }
static inline void hfence_gvma_all(void) { }

#endif
