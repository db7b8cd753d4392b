/* SPDX-License-Identifier: BSD-2-Clause */
/* The per-hart lifecycle table (include/hart_lifecycle.h), run in order. */
#include "hart_lifecycle.h"

extern const struct hart_lifecycle __start_abacus_hart_lifecycle[], __stop_abacus_hart_lifecycle[];

_Static_assert(sizeof(struct hart_lifecycle) == 16, "hart_lifecycle: the table's stride");

void hart_lifecycle_init(struct hart_state *hs)
{
	for (const struct hart_lifecycle *e = __start_abacus_hart_lifecycle; e < __stop_abacus_hart_lifecycle; e++)
		if (e->init)
			e->init(hs);
}

void hart_lifecycle_reset(struct hart_state *hs)
{
	for (const struct hart_lifecycle *e = __start_abacus_hart_lifecycle; e < __stop_abacus_hart_lifecycle; e++)
		if (e->reset)
			e->reset(hs);
}
