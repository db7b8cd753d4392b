/* SPDX-License-Identifier: BSD-2-Clause */
/* The boot hooks' tables (include/boot_hooks.h), each run in order. */
#include "boot_hooks.h"

/* Each runner calls only its own hook (scripts/stack-check.py). */
#define BOOT_HOOK_EACH(hook, e) \
	extern const struct boot_hook_##hook __start_abacus_boot_##hook[], __stop_abacus_boot_##hook[]; \
	for (const struct boot_hook_##hook *e = __start_abacus_boot_##hook; e < __stop_abacus_boot_##hook; e++)

void boot_hooks_setup(const void *fdt)
{
	BOOT_HOOK_EACH(setup, e)
		e->fn(fdt);
}

void boot_hooks_log_feature(uint32_t feature, const struct hart_state *hs)
{
	BOOT_HOOK_EACH(log_feature, e)
		if (e->feature == feature)
			e->fn(hs);
}

void boot_hooks_log_hart(const struct hart_state *hs)
{
	BOOT_HOOK_EACH(log_hart, e)
		e->fn(hs);
}

bool boot_hooks_harts_alike(const struct hart_state *a, const struct hart_state *b)
{
	BOOT_HOOK_EACH(harts_alike, e)
		if (!e->fn(a, b))
			return false;
	return true;
}

void boot_hooks_log(const struct hart_state *self)
{
	BOOT_HOOK_EACH(log, e)
		e->fn(self);
}

int boot_hooks_fdt_fixup(void *fdt)
{
	int err;

	BOOT_HOOK_EACH(fdt_fixup, e)
		if ((err = e->fn(fdt)))
			return err;
	return 0;
}

void boot_hooks_start(const struct hart_state *next)
{
	BOOT_HOOK_EACH(start, e)
		e->fn(next);
}
