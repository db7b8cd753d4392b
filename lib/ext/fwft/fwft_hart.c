/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT in each hart's lifecycle (include/hart_lifecycle.h). Its features are
 * found in the hart's feature discovery (fwft_hw_probe(), fwft_hart_init():
 * firmware/hart_init.c); when the hart stops, every feature goes back to
 * its default, unlocked.
 */
#include "hart_ext.h"
#include "hart_lifecycle.h"

static void fwft_hart_stop(struct hart_state *hs)
{
	fwft_hart_reset(&hs->ext->fwft);
}

HART_LIFECYCLE(30, fwft, NULL, fwft_hart_stop);
