/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for include/riscv_csr.h, found first on the include path of
 * the host fuzzers (tests/fuzz): the same constants, but CSR accesses (and
 * wfi) call host functions (tests/fuzz/fuzz_host.c) instead of csrr/csrw,
 * so the ecall glue that reads a CSR (base: mvendorid...) builds for the host.
 */
#ifndef FUZZ_HOST_RISCV_CSR_H
#define FUZZ_HOST_RISCV_CSR_H

#include "../../../include/riscv_csr.h"

unsigned long host_csr_read(unsigned int csr);
void host_csr_write(unsigned int csr, unsigned long value);
unsigned long host_csr_set(unsigned int csr, unsigned long bits);     /* returns the old value */
unsigned long host_csr_clear(unsigned int csr, unsigned long bits);   /* returns the old value */

#undef csr_read
#undef csr_write
#undef csr_swap
#undef csr_set
#undef csr_read_clear
#undef csr_clear
#define csr_read(csr)             host_csr_read(csr)
#define csr_write(csr, val)       host_csr_write(csr, (unsigned long)(val))
#define csr_set(csr, val)         ((void)host_csr_set(csr, (unsigned long)(val)))
#define csr_clear(csr, val)       ((void)host_csr_clear(csr, (unsigned long)(val)))
#define csr_read_clear(csr, val)  host_csr_clear(csr, (unsigned long)(val))

/* The harness never waits for an interrupt: HSM's loops are not fuzzed (host_wfi aborts). */
void host_wfi(void);
#define wfi() host_wfi()

#endif
