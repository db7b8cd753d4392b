/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR at the end of cold boot (include/boot_hooks.h): each hart's triggers
 * on the boot log's "harts" lines (after Sdtrig), and what S-mode gets.
 */
#include "boot_hooks.h"
#include "console.h"
#include "hart_ext.h"

static void dbtr_boot_log_feature(const struct hart_state *hs)
{
	if (hs->ext->dbtr.trig_max)
		console_printf(" (%u triggers)", hs->ext->dbtr.trig_max);
}

static bool dbtr_boot_harts_alike(const struct hart_state *a, const struct hart_state *b)
{
	return a->ext->dbtr.trig_max == b->ext->dbtr.trig_max;
}

static void dbtr_boot_log(const struct hart_state *self)
{
	const struct hart_state *hs = boot_hooks_log_hart_of(self);
	const struct dbtr_hart *dh;

	if (!hs)
		return;
	dh = &hs->ext->dbtr;
	console_printf("abacus: DBTR            : %u triggers on hart %lu", dh->trig_max, hs->hartid);
	if (dh->trig_max)
		console_printf(" (types:%s%s)", (dh->type_mask[0] >> TDATA1_TYPE_MCONTROL) & 1 ? " mcontrol" : "",
			   (dh->type_mask[0] >> TDATA1_TYPE_MCONTROL6) & 1 ? " mcontrol6" : "");
	if (dh->more_unused)
		console_printf("; the hart has more, left unused (at most %u offered)", DBTR_MAX_TRIGGERS);
	console_printf("\n");
}

BOOT_HOOK(log_feature, 40, dbtr, HART_HAS_SDTRIG, dbtr_boot_log_feature);
BOOT_HOOK(harts_alike, 40, dbtr, dbtr_boot_harts_alike);
BOOT_HOOK(log, 40, dbtr, dbtr_boot_log);
