/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA at boot (include/aia.h): what the DT describes
 * (lib/drivers/aia_dt.c), and each M-level APLIC domain set up through real
 * MMIO (lib/drivers/aplic_setup.c). Each hart's M-level IMSIC interrupt
 * file is lib/drivers/imsic.c's.
 *
 * The machine-level controllers are the firmware's: their regions are
 * firmware devices (PMP-denied to S/U-mode, never a buffer S-mode may
 * hand in) and the DT S-mode gets has them disabled. S-mode keeps its own
 * S-level APLIC domain and IMSIC files, and gets every wired source.
 */
#include <libfdt.h>
#include "aia.h"
#include "aplic.h"
#include "console.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "mmio.h"
#include "memory_map.h"
#include "trap_expect.h"

static struct aia_dt aia;
static struct aplic_result aplic_result[AIA_MAX_APLICS];
static int noted_nodes[AIA_MAX_CANDIDATES], noted_parents[AIA_MAX_CANDIDATES];
static unsigned int nr_noted, nr_dropped;

/* ---- The MMIO seam on the hardware: every access may fault (a wrong DT) ---- */

struct mmio_ctx {
	uintptr_t base;
	bool faulted;
};

static uint32_t mmio_read(void *ctx, uint32_t offset)
{
	struct mmio_ctx *m = ctx;
	uint32_t v = 0;

	trap_expect_begin();
	mmio_read32_expecting_trap((volatile void *)(m->base + offset), &v);
	if (trap_expect_end())
		m->faulted = true;
	return v;
}

static void mmio_write(void *ctx, uint32_t offset, uint32_t value)
{
	struct mmio_ctx *m = ctx;

	trap_expect_begin();
	mmio_write32_expecting_trap((volatile void *)(m->base + offset), value);
	if (trap_expect_end())
		m->faulted = true;
}

/* ---- Boot hart: discovery, M-level APLICs, device regions, IPI files ---- */

/* A machine-level controller's region: the firmware writes there (include/dt_device_reg.h). */
static bool own_region(const void *fdt, int node, uint64_t base, uint64_t size, const char *name)
{
	return dt_device_region_ok(fdt, node, base, size) && dt_device_own(fdt, node, base, size, name);
}

/* A node of the walk: noted with its parent (the walk knows it), scanned by aia_probe_dt. */
static int aia_note_probe(const void *fdt, int node)
{
	if (nr_noted < AIA_MAX_CANDIDATES) {
		noted_nodes[nr_noted] = node;
		noted_parents[nr_noted++] = fdt_parent(fdt, node);
	} else {
		nr_dropped++;
	}
	return 0;
}

DT_DRIVER(timer_ipi, aia_node_driver, "aia") = {
	DT_COMPATIBLE("riscv,imsics", "qemu,imsics", "riscv,aplic", "qemu,aplic"), aia_note_probe
};

const struct aia_dt *aia_boot_scan(void)
{
	return &aia;
}

void aia_probe_dt(const void *fdt)
{
	if (nr_dropped)
		console_printf("aia: more than %u AIA nodes in the DT; %u ignored\n", AIA_MAX_CANDIDATES, nr_dropped);
	unsigned int kept = aia_dt_scan_nodes(fdt, &aia, true, noted_nodes, noted_parents, nr_noted);

	/*
	 * Nodes past the tables may be machine-level controllers: not
	 * recorded, they could not be denied to S-mode. A region no PMP entry
	 * can encode makes every hart withhold S-mode (firmware/hart_init.c),
	 * and the boot log says why: fail loudly, never half-protected.
	 */
	if (nr_dropped || aia.overflow)
		(void)memory_map_add_device(0, ~0ULL, "aia-overflow");
	if (!kept)
		return;
	/*
	 * A refused M-level controller is not used at all (its level is
	 * forgotten: imsic.c and aia_setup_aplics skip it), nor is an M-level
	 * APLIC whose MSIs would go to a refused IMSIC.
	 */
	for (unsigned int i = 0; i < aia.nr_imsics; i++) {
		struct aia_imsic *im = &aia.imsic[i];
		if (im->level != AIA_LEVEL_M)
			continue;
		for (unsigned int r = 0; r < im->nr_regs && im->level == AIA_LEVEL_M; r++)
			if (!own_region(fdt, im->node, im->reg_base[r], im->reg_size[r], "imsic-m"))
				im->level = AIA_LEVEL_UNKNOWN;
	}
	for (unsigned int i = 0; i < aia.nr_aplics; i++) {
		struct aia_aplic *ap = &aia.aplic[i];
		if (ap->level != AIA_LEVEL_M)
			continue;
		if (ap->msi_mode && aia.imsic[ap->msi_imsic].level != AIA_LEVEL_M) {
			dt_device_refused(fdt, ap->node, ap->base, ap->size, "sends its MSIs to a refused IMSIC");
			ap->level = AIA_LEVEL_UNKNOWN;
		} else if (!own_region(fdt, ap->node, ap->base, ap->size, "aplic-m")) {
			ap->level = AIA_LEVEL_UNKNOWN;
		}
	}
}

void aia_setup_aplics(void)
{
	static struct aplic_setup setup;

	for (unsigned int i = 0; i < aia.nr_aplics; i++) {
		const struct aia_aplic *a = &aia.aplic[i];
		struct mmio_ctx ctx = { (uintptr_t)a->base, false };
		struct aplic_mmio mmio = { mmio_read, mmio_write, &ctx };

		if (a->level != AIA_LEVEL_M)
			continue;
		aplic_setup_from_dt(&aia, a, &setup);
		aplic_setup_mlevel(&mmio, &setup, &aplic_result[i]);
		/* A region where nothing answers (a wrong DT): its accesses faulted and were skipped. */
		if (ctx.faulted)
			aplic_result[i].ok = false;
	}
}

/* ---- Boot log ---- */

static void log_aplic(const struct aia_aplic *a, const struct aplic_result *r)
{
	console_printf("abacus: AIA             : APLIC M-level @0x%lx (%s mode)", (unsigned long)a->base,
		   a->msi_mode ? "MSI" : "direct");
	if (!r->ok) {
		console_printf(": no APLIC answers there (domaincfg 0x%x); left alone\n", r->domaincfg);
		return;
	}
	for (unsigned int c = 0; c < a->nr_children; c++)
		if (a->child_aplic[c] >= 0)
			console_printf("%s@0x%lx", c ? ", " : " -> S-level ", (unsigned long)aia.aplic[a->child_aplic[c]].base);
	console_printf(", %u source%s delegated", r->delegated, r->delegated == 1 ? "" : "s");
	if (a->msi_mode)
		console_printf("; MSI addresses %s", r->msi_locked_before ? "locked before" : "set and locked");
	else
		console_printf("; M-level delivery off");
	console_printf("\n");
	if (r->not_delegated)
		console_printf("abacus: warning: APLIC M-level @0x%lx: %u source%s did not take the DT's delegation "
			   "(no such child domain in the hardware)\n", (unsigned long)a->base, r->not_delegated,
			   r->not_delegated == 1 ? "" : "s");
	if (r->dm_mismatch)
		console_printf("abacus: warning: APLIC M-level @0x%lx: domaincfg reads 0x%x: the DT describes %s delivery\n",
			   (unsigned long)a->base, r->domaincfg, a->msi_mode ? "MSI" : "direct");
	if (r->msi_mismatch)
		console_printf("abacus: warning: APLIC M-level @0x%lx: its MSI addresses are not the DT's IMSICs' "
			   "(locked, or fields the hardware fixes)\n", (unsigned long)a->base);
}

void aia_log(void)
{
	for (unsigned int i = 0; i < aia.nr_aplics; i++)
		if (aia.aplic[i].level == AIA_LEVEL_M)
			log_aplic(&aia.aplic[i], &aplic_result[i]);
	for (unsigned int i = 0; i < aia.nr_imsics; i++) {
		const struct aia_imsic *im = &aia.imsic[i];
		if (im->level != AIA_LEVEL_M)
			continue;
		console_printf("abacus: AIA             : IMSIC M-level files");
		for (unsigned int r = 0; r < im->nr_regs; r++)
			console_printf("%s0x%lx-0x%lx", r ? ", " : " ", (unsigned long)im->reg_base[r],
				   (unsigned long)(im->reg_base[r] + im->reg_size[r] - 1));
		console_printf(" (%u harts, %u identities): PMP-protected\n", im->nr_files, im->num_ids);
	}
}
