/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR in each hart's lifecycle (include/hart_lifecycle.h). Discovery finds
 * the hart's Sdtrig triggers by probing (QEMU 7.2's ISA string does not name
 * the extension): HART_HAS_SDTRIG; when the hart stops, every trigger is
 * uninstalled and the shared memory forgotten.
 */
#include "hart_ext.h"
#include "hart_lifecycle.h"
#include "dbtr/dbtr_hw.h"

static void dbtr_hart_discover(struct hart_state *hs)
{
	/* One more than offered: a hart with more triggers is told in the boot log, not cut silently. */
	uint16_t trigger_types[DBTR_MAX_TRIGGERS + 1] = { 0 };
	unsigned int triggers = 0;

	if (hs->features & HART_HAS_S)
		triggers = dbtr_hw_probe(trigger_types, DBTR_MAX_TRIGGERS + 1);
	if (triggers)
		hs->features |= HART_HAS_SDTRIG;
	dbtr_hart_init(&hs->ext->dbtr, triggers, trigger_types);
}

static void dbtr_hart_stop(struct hart_state *hs)
{
	dbtr_hart_reset(&hs->ext->dbtr);
}

HART_LIFECYCLE(40, dbtr, NULL, dbtr_hart_discover, NULL, dbtr_hart_stop);
