/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The M-mode enables a hart needs so that S-mode can use every extension
 * its DT advertises (lib/core/hart_enables.c; firmware/hart_init.c writes
 * them and keeps what sticks). Pure, host-tested (tests/host/test_hart_enables.c).
 */
#ifndef ABACUS_HART_ENABLES_H
#define ABACUS_HART_ENABLES_H

#include <stdint.h>

struct hart_enables {
	unsigned long menvcfg;       /* the whole value to write */
	unsigned long mseccfg_set;   /* bits to add to mseccfg (it holds Smepmp's too) */
	unsigned long mstateen0;     /* the whole value to write, 0 without Smstateen */
	unsigned long mstateen123;   /* the same for mstateen1..3 */
};

/* features: what probing confirmed so far (HART_HAS_*); isa_features: what the DT claims. */
struct hart_enables hart_extension_enables(uint32_t features, uint32_t isa_features);

#endif
