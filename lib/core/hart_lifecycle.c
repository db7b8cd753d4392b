/* SPDX-License-Identifier: BSD-2-Clause */
/* The per-hart lifecycle table (include/hart_lifecycle.h), run in order. */
#include "hart_lifecycle.h"

extern const struct hart_lifecycle __start_abacus_hart_lifecycle[], __stop_abacus_hart_lifecycle[];

_Static_assert(sizeof(struct hart_lifecycle) == 32, "hart_lifecycle: the table's stride");

/* Every entry's hook, in order (each runner calls only its own hook: scripts/stack-check.py). */
#define HART_LIFECYCLE_RUN(hook, hs) \
	for (const struct hart_lifecycle *e = __start_abacus_hart_lifecycle; e < __stop_abacus_hart_lifecycle; e++) \
		if (e->hook) \
			e->hook(hs)

void hart_lifecycle_prepare(struct hart_state *hs)
{
	HART_LIFECYCLE_RUN(prepare, hs);
}

void hart_lifecycle_discover(struct hart_state *hs)
{
	HART_LIFECYCLE_RUN(discover, hs);
}

void hart_lifecycle_init(struct hart_state *hs)
{
	HART_LIFECYCLE_RUN(init, hs);
}

void hart_lifecycle_reset(struct hart_state *hs)
{
	HART_LIFECYCLE_RUN(reset, hs);
}
