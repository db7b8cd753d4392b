/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The thin CSR layer: the only way the PMU core touches hardware counters.
 * The firmware implements it with csrr/csrw instructions (lib/pmu/pmu_csr_hw.c);
 * the host unit tests implement it with a simulated hart (tests/host/sim_hart.c).
 * Counter numbers are CSR offsets: 0 = mcycle, 2 = minstret, 3..31 = mhpmcounterN.
 * All functions act on the calling hart.
 */
#ifndef ABACUS_CSR_LAYER_H
#define ABACUS_CSR_LAYER_H

#include <stdbool.h>
#include <stdint.h>

/* CSR numbers the layer knows (privileged spec). */
#define CSR_NUM_MCOUNTINHIBIT 0x320
#define CSR_NUM_MCYCLECFG     0x321
#define CSR_NUM_MINSTRETCFG   0x322
#define CSR_NUM_MHPMEVENT(n)  (0x320 + (n))   /* n = 3..31 */
#define CSR_NUM_MCYCLE        0xB00
#define CSR_NUM_MINSTRET      0xB02
#define CSR_NUM_MHPMCOUNTER(n) (0xB00 + (n))  /* n = 3..31 */
#define CSR_NUM_CYCLE         0xC00           /* user-level shadow: cycle + n */
#define CSR_NUM_SCOUNTOVF     0xDA0
#define CSR_NUM_MCOUNTEREN    0x306

/* mhpmevent bits defined by Sscofpmf; mcyclecfg/minstretcfg (Smcntrpmf) use the same filter bits. */
#define MHPMEVENT_OF    (1ULL << 63)
#define MHPMEVENT_MINH  (1ULL << 62)
#define MHPMEVENT_SINH  (1ULL << 61)
#define MHPMEVENT_UINH  (1ULL << 60)
#define MHPMEVENT_VSINH (1ULL << 59)
#define MHPMEVENT_VUINH (1ULL << 58)
#define MHPMEVENT_FILTER_MASK (0x1fULL << 58)

/*
 * Trap-safe access by CSR number, for probing at boot: returns false (and
 * leaves *value alone) when the access raised an exception. Only the CSRs
 * listed above are supported; any other number returns false.
 */
bool csr_try_read(unsigned int csr_num, uint64_t *value);
bool csr_try_write(unsigned int csr_num, uint64_t value);

/* Fast accessors; the caller guarantees the counter exists. */
uint64_t csr_read_counter(unsigned int counter);           /* 0, 2, 3..31 */
void csr_write_counter(unsigned int counter, uint64_t value);
uint64_t csr_read_mhpmevent(unsigned int counter);         /* 3..31 */
void csr_write_mhpmevent(unsigned int counter, uint64_t value);
/* mcyclecfg (counter 0) / minstretcfg (counter 2): only with Smcntrpmf. */
uint64_t csr_read_counter_cfg(unsigned int counter);
void csr_write_counter_cfg(unsigned int counter, uint64_t value);

/* mcountinhibit: set (stop) or clear (run) the bits of a counter mask. */
void csr_inhibit_set(uint32_t counter_mask);
void csr_inhibit_clear(uint32_t counter_mask);
uint32_t csr_inhibit_read(void);

/* scountovf: OF bits of all counters (only with Sscofpmf). */
uint32_t csr_read_scountovf(void);
/* Clear the pending local counter-overflow interrupt (mip.LCOFIP). */
void csr_clear_lcofip(void);

#endif
