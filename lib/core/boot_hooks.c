/* SPDX-License-Identifier: BSD-2-Clause */
/* The boot hooks' table (include/boot_hooks.h), run in order. */
#include "boot_hooks.h"

extern const struct boot_hooks __start_abacus_boot_hooks[], __stop_abacus_boot_hooks[];

_Static_assert(sizeof(struct boot_hooks) == 64, "boot_hooks: the table's stride");

/* Each runner calls only its own hook (scripts/stack-check.py). */
#define BOOT_HOOKS_EACH(e) \
	for (const struct boot_hooks *e = __start_abacus_boot_hooks; e < __stop_abacus_boot_hooks; e++)

void boot_hooks_setup(const void *fdt)
{
	BOOT_HOOKS_EACH(e)
		if (e->setup)
			e->setup(fdt);
}

void boot_hooks_log_feature(uint32_t feature, const struct hart_state *hs)
{
	BOOT_HOOKS_EACH(e)
		if (e->log_feature && e->feature == feature)
			e->log_feature(hs);
}

void boot_hooks_log_hart(const struct hart_state *hs)
{
	BOOT_HOOKS_EACH(e)
		if (e->log_hart)
			e->log_hart(hs);
}

bool boot_hooks_harts_alike(const struct hart_state *a, const struct hart_state *b)
{
	BOOT_HOOKS_EACH(e)
		if (e->harts_alike && !e->harts_alike(a, b))
			return false;
	return true;
}

void boot_hooks_log(const struct hart_state *self)
{
	BOOT_HOOKS_EACH(e)
		if (e->log)
			e->log(self);
}

int boot_hooks_fdt_fixup(void *fdt)
{
	int err;

	BOOT_HOOKS_EACH(e)
		if (e->fdt_fixup && (err = e->fdt_fixup(fdt)))
			return err;
	return 0;
}

void boot_hooks_start(const struct hart_state *next)
{
	BOOT_HOOKS_EACH(e)
		if (e->start)
			e->start(next);
}
