/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-hart lifecycle (lib/core/hart_lifecycle.c): services with
 * per-hart state declare what happens to it when a hart is set up and when
 * it stops, with HART_LIFECYCLE() in their own files; the linker gathers the
 * entries into one table (firmware/abacus.ld), sorted by their order.
 *
 * - init runs at the end of each hart's M-mode set-up (firmware/hart_init.c),
 *   after its features are discovered (HART_HAS_*; what a service records
 *   while discovering them, such as the PMU's counters or FWFT's features,
 *   is done by the discovery itself), so an init depends on no other init;
 * - reset runs when the hart stops (HSM hart_stop): its state back to what
 *   init left, for the next start.
 */
#ifndef ABACUS_HART_LIFECYCLE_H
#define ABACUS_HART_LIFECYCLE_H

#include <stddef.h>
#include "hart.h"

struct hart_lifecycle {
	void (*init)(struct hart_state *hs);    /* NULL: nothing to set up */
	void (*reset)(struct hart_state *hs);   /* NULL: nothing to reset */
};

#if defined(__clang__)
#define HART_LIFECYCLE_NO_ASAN __attribute__((no_sanitize("address")))   /* host fuzzers: no redzones in the table */
#else
#define HART_LIFECYCLE_NO_ASAN
#endif
/*
 * An entry: order is two digits (entries run in its order: 10 PMU, 20 SSE,
 * 30 FWFT, 40 DBTR, 50 Smstateen), name a C name, init and reset functions
 * of the hart or NULL.
 */
#define HART_LIFECYCLE(order, name, init, reset) \
	static const struct hart_lifecycle hart_lifecycle_##name \
		__attribute__((used, section("abacus_hart_lifecycle." #order "." #name), aligned(8))) \
		HART_LIFECYCLE_NO_ASAN = { init, reset }

/* Every entry's init, in order, for the calling hart. */
void hart_lifecycle_init(struct hart_state *hs);
/* Every entry's reset, in order, for the calling hart. */
void hart_lifecycle_reset(struct hart_state *hs);

#endif
