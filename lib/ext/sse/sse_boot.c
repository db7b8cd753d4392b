/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE at the end of cold boot (include/boot_hooks.h): the events S-mode gets
 * in the boot log, and the global events' preferred hart, the next stage's
 * until S-mode says otherwise.
 */
#include "boot_hooks.h"
#include "console.h"
#include "hart_ext.h"

static void sse_boot_log(const struct hart_state *self)
{
	const struct hart_state *hs = boot_hooks_log_hart_of(self);

	if (!hs)
		return;
	console_printf("abacus: SSE             : events 0xffff0000 (local software) 0xffff8000 (global software)%s%s on hart %lu\n",
		   (hs->ext->sse.supported_local >> SSE_LOCAL_PMU_OVERFLOW) & 1 ? " 0x10000 (PMU overflow)" : "",
		   (hs->ext->sse.supported_local >> SSE_LOCAL_DOUBLE_TRAP) & 1 ? " 0x1 (double trap)" : "", hs->hartid);
}

static void sse_boot_start(const struct hart_state *next)
{
	sse_global_init(next->hartid);
}

BOOT_HOOK(log, 20, sse, sse_boot_log);
BOOT_HOOK(start, 20, sse, sse_boot_start);
