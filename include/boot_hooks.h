/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What an extension or service adds to the end of cold boot, machine-wide
 * (lib/core/boot_hooks.c): its state from the DT, its parts of the boot
 * log, its changes to S-mode's DT, its part in starting the next stage.
 * Each declares them with BOOT_HOOK() in its own files; the linker gathers
 * the entries into a table per hook (firmware/abacus.ld), sorted by their
 * order, and boot (firmware/boot_finish.c, firmware/fdt_fixup.c) runs them
 * without naming any. Per-hart work is the lifecycle's (include/hart_lifecycle.h).
 */
#ifndef ABACUS_BOOT_HOOKS_H
#define ABACUS_BOOT_HOOKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hart.h"

/*
 * The hooks, each a table of its own that the linker gathers sorted by
 * order (firmware/abacus.ld): a service has an entry only in the tables of
 * the hooks it has.
 *   setup        every hart set up, on the boot stack: machine-wide state
 *                from fdt (the firmware's copy)
 *   log_feature  the boot log's "harts" lines: follows the name of feature
 *                (a HART_HAS_* bit) on a hart that has it
 *   log_hart     ... adds to a hart's line after the features
 *   harts_alike  ... whether two harts print the same (a line covers a run
 *                of harts alike)
 *   log          its own boot log lines, after the harts' and the PMP's:
 *                self is the boot hart
 *   fdt_fixup    its changes to S-mode's DT (firmware/fdt_fixup.c): 0, or a
 *                libfdt error
 *   start        the next stage is about to start on hart next
 *                (firmware/boot_finish.c)
 */
struct boot_hook_setup { void (*fn)(const void *fdt); };
struct boot_hook_log_feature { uint32_t feature; void (*fn)(const struct hart_state *hs); };
struct boot_hook_log_hart { void (*fn)(const struct hart_state *hs); };
struct boot_hook_harts_alike { bool (*fn)(const struct hart_state *a, const struct hart_state *b); };
struct boot_hook_log { void (*fn)(const struct hart_state *self); };
struct boot_hook_fdt_fixup { int (*fn)(void *fdt); };
struct boot_hook_start { void (*fn)(const struct hart_state *next); };

#if defined(__clang__)
#define BOOT_HOOKS_NO_ASAN __attribute__((no_sanitize("address")))   /* host fuzzers: no redzones in the table */
#else
#define BOOT_HOOKS_NO_ASAN
#endif
/*
 * An entry of hook's table: order is two digits (entries run in its order:
 * 10 PMU, 20 SSE, 30 FWFT, 40 DBTR, 80 the SBI extensions' list, 90 the test
 * hooks), name a C name, then the entry's fields:
 *     BOOT_HOOK(log, 30, fwft, fwft_boot_log);
 *     BOOT_HOOK(log_feature, 40, dbtr, HART_HAS_SDTRIG, dbtr_boot_log_feature);
 */
#define BOOT_HOOK(hook, order, name, ...) \
	static const struct boot_hook_##hook boot_hook_##hook##_##name \
		__attribute__((used, section("abacus_boot_" #hook "." #order "." #name), aligned(8))) \
		BOOT_HOOKS_NO_ASAN = { __VA_ARGS__ }

/* Every entry's hook, in order. */
void boot_hooks_setup(const void *fdt);
void boot_hooks_log_feature(uint32_t feature, const struct hart_state *hs);
void boot_hooks_log_hart(const struct hart_state *hs);
bool boot_hooks_harts_alike(const struct hart_state *a, const struct hart_state *b);
void boot_hooks_log(const struct hart_state *self);
int boot_hooks_fdt_fixup(void *fdt);
void boot_hooks_start(const struct hart_state *next);

/*
 * The hart whose extensions the boot log describes: self, or the first hart
 * offered to S-mode when self is not (FU740: hart 0 has no S-mode); NULL
 * when no hart is.
 */
static inline const struct hart_state *boot_hooks_log_hart_of(const struct hart_state *self)
{
	for (unsigned int i = 0; i < hart_count && !hart_offered_to_smode(self); i++)
		self = hart_table[i];
	return hart_offered_to_smode(self) ? self : NULL;
}

#endif
