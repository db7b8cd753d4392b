/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hardware side of FWFT (lib/ext/fwft/fwft_hw.c): the CSR bits a feature
 * controls, on the calling hart. Host tests replace it with a recorder.
 */
#ifndef ABACUS_FWFT_HW_H
#define ABACUS_FWFT_HW_H

#include <stdint.h>

/* Puts feature (SBI_FWFT_*) at value, which the core has validated. */
void fwft_hw_apply(unsigned int feature, unsigned long value);

/*
 * Boot probing, firmware only: the features this hart supports (bit f for
 * SBI_FWFT_f): the DT ISA string must name the extension (isa_features,
 * HART_HAS_*) and its control bits must stick when written. *pmlen_supported
 * gets the PMLENs (bit n: n) menvcfg.PMM accepts.
 */
uint32_t fwft_hw_probe(uint32_t isa_features, uint32_t hart_features, uint32_t *pmlen_supported);

#endif
