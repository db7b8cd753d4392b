/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA on the hardware (include/aia.h): what the DT describes
 * (lib/fdt/fdt_aia.c), each M-level APLIC domain set up through real MMIO
 * (lib/drivers/aplic_setup.c), each hart's M-level IMSIC interrupt file
 * through real miselect/mireg (lib/drivers/imsic_setup.c).
 *
 * The machine-level controllers are the firmware's: their regions are
 * firmware devices (PMP-denied to S/U-mode, never a buffer S-mode may
 * hand in) and the DT S-mode gets has them disabled. S-mode keeps its own
 * S-level APLIC domain and IMSIC files, and gets every wired source.
 *
 * IPIs: a hart with an ACLINT MSWI slot keeps it (QEMU virt with AIA
 * still has its CLINT unless aclint=on). A hart without one but with an
 * M-level interrupt file gets its IPIs there: hs->msip points at the file's
 * seteipnum_le, so sending one is the same 32-bit store of 1 (identity
 * IMSIC_IPI_ID); it arrives as MEIP and is claimed through mtopei.
 */
#include <libfdt.h>
#include "aia.h"
#include "console.h"
#include "hart.h"
#include "riscv_csr.h"
#include "sbi_memory.h"
#include "trap_expect.h"

static struct aia_dt aia;
static struct aplic_result aplic_result[AIA_MAX_APLICS];
static int noted_nodes[AIA_MAX_CANDIDATES], noted_parents[AIA_MAX_CANDIDATES];
static unsigned int nr_noted, nr_dropped;
static uint32_t mfile_num_ids;             /* the most identities of any M-level IMSIC */
static unsigned int ipi_harts;             /* harts whose IPIs go through their M-level file */
static volatile unsigned int ipi_setup_failures;
static bool unprotected;                   /* a region did not fit the firmware device table */

/* ---- MMIO and CSR seams on the hardware: every access may fault (a wrong DT) ---- */

struct mmio_ctx {
	uintptr_t base;
	bool faulted;
};

static uint32_t mmio_read(void *ctx, uint32_t offset)
{
	struct mmio_ctx *m = ctx;
	uint32_t v = 0;

	trap_expect_begin();
	/* 4-byte instruction: the probe vector steps over exactly 4 bytes. */
	__asm__ __volatile__(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop"
			     : "+&r"(v) : "r"(m->base + offset) : "memory");
	if (trap_expect_end())
		m->faulted = true;
	return v;
}

static void mmio_write(void *ctx, uint32_t offset, uint32_t value)
{
	struct mmio_ctx *m = ctx;

	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\nsw %0, 0(%1)\n.option pop"
			     : : "r"(value), "r"(m->base + offset) : "memory");
	if (trap_expect_end())
		m->faulted = true;
}

static bool mireg_read(void *ctx, unsigned long isel, unsigned long *value)
{
	unsigned long v = 0;

	(void)ctx;
	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(CSR_MISELECT) ", %1\n"
			     "csrr %0, " csr_str(CSR_MIREG) "\n.option pop"
			     : "+&r"(v) : "r"(isel) : "memory");
	if (trap_expect_end())
		return false;
	*value = v;
	return true;
}

static bool mireg_write(void *ctx, unsigned long isel, unsigned long value)
{
	(void)ctx;
	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(CSR_MISELECT) ", %0\n"
			     "csrw " csr_str(CSR_MIREG) ", %1\n.option pop"
			     : : "r"(isel), "r"(value) : "memory");
	return !trap_expect_end();
}

/* ---- Boot hart: discovery, M-level APLICs, device regions, IPI files ---- */

static void protect(uint64_t base, uint64_t size, const char *name)
{
	if (!sbi_memory_add_device(base, size, name)) {
		sbi_printf("abacus: WARNING: no room to protect %s 0x%lx-0x%lx: S/U-mode can reach it\n", name,
			   (unsigned long)base, (unsigned long)(base + size - 1));
		unprotected = true;
	}
}

/* Harts without an MSWI slot take their IPIs at their M-level interrupt file. */
static void map_ipi_files(const void *fdt, const struct aia_imsic *im)
{
	int len;
	const fdt32_t *ie = fdt_getprop(fdt, im->node, "interrupts-extended", &len);
	unsigned int hint = 0;

	for (unsigned int i = 0; ie && i < im->nr_files; i++) {
		struct hart_state *hs = hart_by_intc_phandle(fdt32_ld(&ie[2 * i]), &hint);
		uint64_t file;
		if (!hs || hs->msip || !aia_imsic_file_addr(im, i, &file))
			continue;
		hs->msip = (volatile uint32_t *)(uintptr_t)(file + IMSIC_SETEIPNUM_LE);
		ipi_harts++;
	}
}

void aia_note_node(int node, int parent)
{
	if (nr_noted < AIA_MAX_CANDIDATES) {
		noted_nodes[nr_noted] = node;
		noted_parents[nr_noted++] = parent;
	} else {
		nr_dropped++;
	}
}

const struct aia_dt *aia_boot_scan(void)
{
	return &aia;
}

void aia_probe_dt(const void *fdt)
{
	if (nr_dropped)
		sbi_printf("aia: more than %u AIA nodes in the DT; %u ignored\n", AIA_MAX_CANDIDATES, nr_dropped);
	if (!aia_dt_scan_nodes(fdt, &aia, true, noted_nodes, noted_parents, nr_noted))
		return;
	for (unsigned int i = 0; i < aia.nr_imsics; i++) {
		const struct aia_imsic *im = &aia.imsic[i];
		if (im->level != AIA_LEVEL_M)
			continue;
		if (im->num_ids > mfile_num_ids)
			mfile_num_ids = im->num_ids;
		for (unsigned int r = 0; r < im->nr_regs; r++)
			protect(im->reg_base[r], im->reg_size[r], "imsic-m");
		map_ipi_files(fdt, im);
	}
	for (unsigned int i = 0; i < aia.nr_aplics; i++)
		if (aia.aplic[i].level == AIA_LEVEL_M)
			protect(aia.aplic[i].base, aia.aplic[i].size, "aplic-m");
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

bool aia_is_imsic_file(const volatile void *reg)
{
	uintptr_t p = (uintptr_t)reg;

	for (unsigned int i = 0; i < aia.nr_imsics; i++) {
		const struct aia_imsic *im = &aia.imsic[i];
		if (im->level != AIA_LEVEL_M)
			continue;
		for (unsigned int r = 0; r < im->nr_regs; r++)
			if (p >= im->reg_base[r] && p - im->reg_base[r] < im->reg_size[r])
				return true;
	}
	return false;
}

/* ---- Every hart ---- */

unsigned long aia_hart_init(struct hart_state *hs)
{
	const struct imsic_csr csr = { mireg_read, mireg_write, NULL };
	bool ipi = hs->msip && aia_is_imsic_file(hs->msip);
	enum imsic_setup_status st;

	if (!mfile_num_ids)
		return MIP_MSIP;
	/*
	 * Smaia: no virtual S-level interrupts from M-mode; S-mode's interrupts
	 * are its own (mideleg). Traps (and is skipped) without Smaia.
	 */
	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(CSR_MVIEN) ", zero\n.option pop" ::: "memory");
	trap_expect_end();
	/* Every hart with an M-level file: no identity but the IPI's may reach M-mode. */
	st = imsic_mfile_setup(&csr, mfile_num_ids, ipi);
	if (!ipi)
		return MIP_MSIP;
	if (st != IMSIC_SETUP_OK)
		__atomic_add_fetch(&ipi_setup_failures, 1, __ATOMIC_RELAXED);
	return MIP_MEIP;
}

void aia_imsic_ipi_clear(void)
{
	/* A write claims the top pending-and-enabled identity (AIA 5.4): the IPI's, the only one enabled. */
	csr_write(CSR_MTOPEI, 0);
}

/* ---- Boot log ---- */

static void log_aplic(const struct aia_aplic *a, const struct aplic_result *r)
{
	sbi_printf("abacus: AIA             : APLIC M-level @0x%lx (%s mode)", (unsigned long)a->base,
		   a->msi_mode ? "MSI" : "direct");
	if (!r->ok) {
		sbi_printf(": no APLIC answers there (domaincfg 0x%x); left alone\n", r->domaincfg);
		return;
	}
	for (unsigned int c = 0; c < a->nr_children; c++)
		if (a->child_aplic[c] >= 0)
			sbi_printf("%s@0x%lx", c ? ", " : " -> S-level ", (unsigned long)aia.aplic[a->child_aplic[c]].base);
	sbi_printf(", %u source%s delegated", r->delegated, r->delegated == 1 ? "" : "s");
	if (a->msi_mode)
		sbi_printf("; MSI addresses %s", r->msi_locked_before ? "locked before" : "set and locked");
	else
		sbi_printf("; M-level delivery off");
	sbi_printf("\n");
	if (r->not_delegated)
		sbi_printf("abacus: warning: APLIC M-level @0x%lx: %u source%s did not take the DT's delegation "
			   "(no such child domain in the hardware)\n", (unsigned long)a->base, r->not_delegated,
			   r->not_delegated == 1 ? "" : "s");
	if (r->dm_mismatch)
		sbi_printf("abacus: warning: APLIC M-level @0x%lx: domaincfg reads 0x%x: the DT describes %s delivery\n",
			   (unsigned long)a->base, r->domaincfg, a->msi_mode ? "MSI" : "direct");
	if (r->msi_mismatch)
		sbi_printf("abacus: warning: APLIC M-level @0x%lx: its MSI addresses are not the DT's IMSICs' "
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
		sbi_printf("abacus: AIA             : IMSIC M-level files");
		for (unsigned int r = 0; r < im->nr_regs; r++)
			sbi_printf("%s0x%lx-0x%lx", r ? ", " : " ", (unsigned long)im->reg_base[r],
				   (unsigned long)(im->reg_base[r] + im->reg_size[r] - 1));
		sbi_printf(" (%u harts, %u identities)%s\n", im->nr_files, im->num_ids,
			   unprotected ? "" : ": PMP-protected");
	}
	if (ipi_setup_failures)
		sbi_printf("abacus: warning: %u hart%s could not set up its M-level IMSIC file for IPIs\n",
			   ipi_setup_failures, ipi_setup_failures == 1 ? "" : "s");
}

const char *aia_ipi_description(void)
{
	return ipi_harts ? "; IPIs through M-level IMSIC files where no MSWI" : "";
}
