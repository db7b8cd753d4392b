/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR in each hart's lifecycle (include/hart_lifecycle.h). Its triggers are
 * found in the hart's feature discovery (dbtr_hw_probe(), dbtr_hart_init():
 * firmware/hart_init.c); when the hart stops, every trigger is uninstalled
 * and the shared memory forgotten.
 */
#include "hart_ext.h"
#include "hart_lifecycle.h"

static void dbtr_hart_stop(struct hart_state *hs)
{
	dbtr_hart_reset(&hs->ext->dbtr);
}

HART_LIFECYCLE(40, dbtr, NULL, dbtr_hart_stop);
