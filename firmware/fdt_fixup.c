/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Changes to the DT before S-mode sees it, and nothing else:
 * - /reserved-memory gets a no-map node covering the firmware region, so the
 *   kernel never maps (or allocates) the memory PMP denies it; or, when the
 *   DT has no room to grow by such a node (firmware/boot_finish.c), a
 *   /memreserve/ entry: never allocated, though S-mode may map it;
 * - each service's own changes (include/boot_hooks.h), such as the
 *   firmware-only properties it takes out;
 * - cpu nodes of harts S-mode may not use are marked status = "disabled":
 *   harts without S-mode, harts left out at cold boot (no MSWI slot), harts
 *   gone during boot (a fatal trap), or a second node for a hartid already
 *   described; a hart that has not come yet keeps its node: it joins when
 *   it comes (firmware/boot.c), and S-mode may start it from then on;
 * - an extension the DT claims but the hart lacks is taken out of the ISA
 *   properties of the harts S-mode gets: Sstc where stimecmp traps (QEMU
 *   `spike`), so that S-mode's timer goes through SBI set_timer;
 * - the machine-level AIA nodes (IMSIC, APLIC domains) are marked
 *   status = "disabled": they are the firmware's (lib/drivers/aia_dt.c);
 * - what the board's quirk adds (platform->hooks->fdt_fixup: the RZ/Five's DMA pool).
 */
#include <libfdt.h>
#include "aia_dt.h"
#include "boot_hooks.h"
#include "console.h"
#include "fdt_helpers.h"
#include "hart.h"
#include "boot.h"
#include "memory_map.h"
#include "platform.h"

static int fixup_reserved_memory(void *fdt)
{
	char name[40];
	int node;

	format_snprintf(name, sizeof(name), "abacus@%lx", (unsigned long)memory_map.fw_base);
	node = fdt_reserved_memory_add(fdt, name, memory_map.fw_base, memory_map.fw_size);
	return node < 0 ? node : 0;
}

static int fixup_harts_not_offered(void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node, err;
	unsigned int ordinal = 0;

	if (cpus < 0)
		return 0;
	/* Setting a property moves the nodes after it, never this one: the walk holds. */
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_enabled_hartid(fdt, node);
		struct hart_state *hs = id < 0 ? NULL : hart_by_id(id);
		bool offered = hs && hs->dt_cpu_ordinal == ordinal && hart_offered_to_smode(hs) && !hart_gone(hs);
		ordinal++;
		if (offered && (hs->isa_features & ~hs->features & HART_HAS_SSTC)) {
			err = fdt_cpu_isa_remove(fdt, node, HART_HAS_SSTC);
			if (err)
				return err;
		}
		if (id < 0 || offered)
			continue;
		err = fdt_setprop_string(fdt, node, "status", "disabled");
		if (err)
			return err;
	}
	return 0;
}

int fdt_fixup_for_smode(void *fdt, enum fdt_fw_reservation how, const struct aia_dt *aia)
{
	int err;

	/* First, while the DT has the layout `aia` was found in. */
	if ((err = aia_dt_fixup(fdt, aia)))
		return err;
	if (how == FDT_RESERVE_NO_MAP_NODE)
		err = fixup_reserved_memory(fdt);
	else
		err = fdt_add_mem_rsv(fdt, memory_map.fw_base, memory_map.fw_size);
	if (err)
		return err;
	/* What each service takes out of it (its firmware-only properties). */
	if ((err = boot_hooks_fdt_fixup(fdt)))
		return err;
	if (platform->hooks && platform->hooks->fdt_fixup && (err = platform->hooks->fdt_fixup(fdt)))
		return err;
	return fixup_harts_not_offered(fdt);
}
