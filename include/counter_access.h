/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reads of the counter CSRs (cycle, time, instret, hpmcounter3..31) that
 * trapped to M-mode: may the interrupted mode read the counter at all?
 * Pure rules of the privileged spec ("Counter-Enable Registers" mcounteren
 * and scounteren, and the H extension's hcounteren), unit-tested on the host
 * (tests/host/test_counter_access.c); lib/trap/emulate.c applies them
 * before it answers a read from M-mode.
 */
#ifndef ABACUS_COUNTER_ACCESS_H
#define ABACUS_COUNTER_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#define CSR_NUM_COUNTER_FIRST 0xC00   /* cycle; cycle + n for n = 0..31 */
#define CSR_NUM_COUNTER_LAST  0xC1F

enum counter_access {
	COUNTER_ACCESS_ALLOWED,
	COUNTER_ACCESS_ILLEGAL,      /* illegal-instruction exception */
	COUNTER_ACCESS_VIRTUAL,      /* virtual-instruction exception (from VS/VU-mode) */
};

struct counter_enables {
	uint32_t mcounteren;
	uint32_t scounteren;         /* used for U-mode and VU-mode */
	uint32_t hcounteren;         /* used for VS-mode and VU-mode */
	bool has_s;                  /* without S-mode, mcounteren grants U-mode directly */
};

/* May mode (PRV_S or PRV_U; virt: V=1) read counter n (0 = cycle, 1 = time, ...)? */
enum counter_access counter_access_check(unsigned int n, unsigned int mode, bool virt,
					 const struct counter_enables *en);

/*
 * A CSR instruction that only reads (csrrs/csrrc rd, csr, x0; csrrsi/csrrci
 * rd, csr, 0): true, with the CSR number and rd. Any form that may write
 * (csrrw, or a non-zero rs1/uimm) is not a read: a read-only CSR then raises
 * illegal-instruction whatever the enables say.
 */
bool csr_read_insn_decode(uint32_t insn, unsigned int *csr, unsigned int *rd);

#endif
