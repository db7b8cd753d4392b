/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas RZ/Five (R9A07G043F): one Andes AX45MP core.
 * - PMU: M-mode kept out of the counts is found on the hart (lib/ext/pmu, by
 *   mvendorid); Linux's RZ/Five DT has no riscv,pmu node: the AX45MP map
 *   (andes_ax45_pmu.c).
 * - The core's instruction and data local memories (ILM, DLM) answer at
 *   0x30000-0x4ffff whatever the MMU says: an S-mode or U-mode access
 *   there, at a virtual address the page tables map elsewhere, would reach
 *   them instead of faulting. PMP denies them to S/U-mode (a firmware
 *   region, as OpenSBI 1.9's rzfive.c adds an M-mode-only domain region).
 * - DMA: the core is not DMA-coherent and has no Svpbmt, so Linux takes
 *   its coherent DMA buffers from a pool the firmware makes uncacheable:
 *   0x58000000-0x5fffffff, non-cacheable bufferable memory through the
 *   AX45MP's programmable PMA (entry 0: pmacfg0's first byte, pmaaddr0
 *   NAPOT), given to S-mode as /reserved-memory's shared-dma-pool, no-map,
 *   linux,dma-default (the region, attributes and properties of OpenSBI
 *   1.9's rzfive.c and andes_pma.c; AndeStar V5 PMA CSRs). Only where the
 *   core has programmable PMA (mmsc_cfg.PPMA) and entry 0 is free: else
 *   one line, and no pool (uncached memory the DT promised and the core
 *   caches would corrupt DMA).
 */
#include <libfdt.h>
#include "andes_ax45_pmu.h"
#include "console.h"
#include "platform.h"
#include "riscv_csr.h"
#include "memory_map.h"
#include "trap_expect.h"

#define RZFIVE_LOCAL_MEMORY_BASE 0x30000
#define RZFIVE_LOCAL_MEMORY_SIZE 0x20000
#define RZFIVE_DMA_POOL_BASE     0x58000000UL
#define RZFIVE_DMA_POOL_SIZE     0x8000000UL

#define CSR_ANDES_MMSC_CFG       0xfc2
#define ANDES_MMSC_CFG_PPMA      (1UL << 30)     /* programmable PMA */
#define CSR_ANDES_PMACFG0        0xbc0
#define CSR_ANDES_PMAADDR0       0xbd0
#define ANDES_PMA_ETYP_MASK      3UL
#define ANDES_PMA_ETYP_NAPOT     3UL
#define ANDES_PMA_MTYP_NC_BUF    (3UL << 2)      /* memory, non-cacheable, bufferable */
/* pmaaddr of a NAPOT region, as PMP's: (base | (size / 2 - 1)) >> 2. */
#define RZFIVE_DMA_POOL_PMAADDR  ((RZFIVE_DMA_POOL_BASE | (RZFIVE_DMA_POOL_SIZE / 2 - 1)) >> 2)

static bool dma_pool_uncached;

/* The PMA entry; why not, or NULL. */
static const char *rzfive_dma_pool_pma(void)
{
	struct trap_expect probe;
	unsigned long mmsc = 0, cfg = 0, addr = 0;

	trap_expect_begin_on(&probe);
	csr_read_expecting_trap(CSR_ANDES_MMSC_CFG, mmsc);
	csr_read_expecting_trap(CSR_ANDES_PMACFG0, cfg);
	if (trap_expect_end_on(&probe) || !(mmsc & ANDES_MMSC_CFG_PPMA))
		return "no programmable PMA";
	if (cfg & ANDES_PMA_ETYP_MASK)
		return "PMA entry 0 in use";
	trap_expect_begin_on(&probe);
	csr_write_expecting_trap(CSR_ANDES_PMAADDR0, RZFIVE_DMA_POOL_PMAADDR);
	csr_write_expecting_trap(CSR_ANDES_PMACFG0, (cfg & ~0xffUL) | ANDES_PMA_ETYP_NAPOT | ANDES_PMA_MTYP_NC_BUF);
	csr_read_expecting_trap(CSR_ANDES_PMAADDR0, addr);
	csr_read_expecting_trap(CSR_ANDES_PMACFG0, cfg);
	if (trap_expect_end_on(&probe) || addr != RZFIVE_DMA_POOL_PMAADDR ||
	    (cfg & 0xff) != (ANDES_PMA_ETYP_NAPOT | ANDES_PMA_MTYP_NC_BUF))
		return "PMA entry 0 does not keep the region";
	return NULL;
}

static int rzfive_init(const void *fdt)
{
	const char *why = rzfive_dma_pool_pma();

	(void)fdt;
	dma_pool_uncached = !why;
	if (why)
		console_printf("abacus: RZ/Five         : %s: no DMA pool for S-mode\n", why);
	else
		console_printf("abacus: RZ/Five         : 0x%lx-0x%lx uncached (PMA): S-mode's DMA pool\n",
			   RZFIVE_DMA_POOL_BASE, RZFIVE_DMA_POOL_BASE + RZFIVE_DMA_POOL_SIZE - 1);
	return memory_map_add_device(RZFIVE_LOCAL_MEMORY_BASE, RZFIVE_LOCAL_MEMORY_SIZE, "ILM/DLM") ? 0 : -1;
}

/* /reserved-memory/dma-pool@58000000, with the root's cells (Linux's RZ/Five DT: 2 and 2). */
static int rzfive_fdt_fixup(void *fdt)
{
	fdt32_t reg[4] = { 0, cpu_to_fdt32(RZFIVE_DMA_POOL_BASE), 0, cpu_to_fdt32(RZFIVE_DMA_POOL_SIZE) };
	int parent, node, err;

	if (!dma_pool_uncached)
		return 0;
	parent = fdt_path_offset(fdt, "/reserved-memory");
	if (parent < 0) {
		parent = fdt_add_subnode(fdt, 0, "reserved-memory");
		if (parent < 0)
			return parent;
		if ((err = fdt_setprop_u32(fdt, parent, "#address-cells", 2)) ||
		    (err = fdt_setprop_u32(fdt, parent, "#size-cells", 2)) ||
		    (err = fdt_setprop(fdt, parent, "ranges", NULL, 0)))
			return err;
	}
	if (fdt_address_cells(fdt, parent) != 2 || fdt_size_cells(fdt, parent) != 2)
		return -FDT_ERR_BADNCELLS;
	node = fdt_add_subnode(fdt, parent, "dma-pool@58000000");
	if (node < 0)
		return node;
	if ((err = fdt_setprop_string(fdt, node, "compatible", "shared-dma-pool")) ||
	    (err = fdt_setprop(fdt, node, "reg", reg, sizeof(reg))) ||
	    (err = fdt_setprop(fdt, node, "no-map", NULL, 0)))
		return err;
	return fdt_setprop(fdt, node, "linux,dma-default", NULL, 0);
}

static const struct pmu_platform rzfive_pmu = {
	.default_map = &andes_ax45_pmu_default_map,
};

static const char *const rzfive_compatible[] = { "renesas,r9a07g043f01", NULL };

PLATFORM_QUIRK(rzfive_quirk) = {
	.name = "Renesas RZ/Five",
	.compatible = rzfive_compatible,
	.pmu = &rzfive_pmu,
	.init = rzfive_init,
	.fdt_fixup = rzfive_fdt_fixup,
};
