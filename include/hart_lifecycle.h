/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-hart lifecycle (lib/core/hart_lifecycle.c): every extension or
 * service with per-hart state says what happens to it over a hart's life,
 * with HART_LIFECYCLE() in its own files; the linker gathers the entries
 * into one table (firmware/abacus.ld), sorted by their order, and the hart
 * set-up (firmware/hart_init.c) and HSM run it without naming any of them:
 *
 * - prepare: at cold boot, by the boot hart, for each hart's block before
 *   that hart runs (a hart may come late, or never: what other harts may
 *   ask of it meanwhile);
 * - discover: on the hart, in its feature discovery, with its trap vector,
 *   PMP and base delegation in place: probes what the hart offers the
 *   service, records it, sets the HART_HAS_* bits others read and the M-mode
 *   state it needs (delegated interrupts, counter enables, envcfg bits);
 * - init: on the hart, after every entry's discover: its state for S-mode,
 *   so an init depends on no other init;
 * - reset: when the hart stops (HSM hart_stop) or is gone after a fatal
 *   trap from S/U-mode: its state back to what init left, for the next
 *   start.
 */
#ifndef ABACUS_HART_LIFECYCLE_H
#define ABACUS_HART_LIFECYCLE_H

#include <stddef.h>
#include "hart.h"

struct hart_lifecycle {
	void (*prepare)(struct hart_state *hs);    /* each NULL: nothing to do then */
	void (*discover)(struct hart_state *hs);
	void (*init)(struct hart_state *hs);
	void (*reset)(struct hart_state *hs);
};

#if defined(__clang__)
#define HART_LIFECYCLE_NO_ASAN __attribute__((no_sanitize("address")))   /* host fuzzers: no redzones in the table */
#else
#define HART_LIFECYCLE_NO_ASAN
#endif
/*
 * An entry: order is two digits (entries run in its order: 05 extension
 * enables, 10 PMU, 20 SSE, 30 FWFT, 40 DBTR), name a C name, then the four
 * functions of the hart, or NULL.
 */
#define HART_LIFECYCLE(order, name, prepare, discover, init, reset) \
	static const struct hart_lifecycle hart_lifecycle_##name \
		__attribute__((used, section("abacus_hart_lifecycle." #order "." #name), aligned(8))) \
		HART_LIFECYCLE_NO_ASAN = { prepare, discover, init, reset }

/* Every entry's hook of that name, in order, for hs. */
void hart_lifecycle_prepare(struct hart_state *hs);
void hart_lifecycle_discover(struct hart_state *hs);
void hart_lifecycle_init(struct hart_state *hs);
void hart_lifecycle_reset(struct hart_state *hs);

#endif
