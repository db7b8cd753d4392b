/* SPDX-License-Identifier: BSD-2-Clause */
/* The per-hart lifecycle table (include/hart_lifecycle.h), run in order. */
#include "hart_lifecycle.h"

extern const struct hart_lifecycle __start_abacus_hart_lifecycle[], __stop_abacus_hart_lifecycle[];

_Static_assert(sizeof(struct hart_lifecycle) == 16, "hart_lifecycle: the table's stride");

static void hart_lifecycle_run(struct hart_state *hs, bool reset)
{
	for (const struct hart_lifecycle *e = __start_abacus_hart_lifecycle; e < __stop_abacus_hart_lifecycle; e++) {
		void (*fn)(struct hart_state *) = reset ? e->reset : e->init;
		if (fn)
			fn(hs);
	}
}

void hart_lifecycle_init(struct hart_state *hs)
{
	hart_lifecycle_run(hs, false);
}

void hart_lifecycle_reset(struct hart_state *hs)
{
	hart_lifecycle_run(hs, true);
}
