/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RISC-V Advanced Interrupt Architecture (AIA): the machine-level interrupt
 * controllers are the firmware's, the supervisor-level ones S-mode's.
 *
 * - DT discovery (lib/drivers/aia_dt.c, pure): APLIC domains ("riscv,aplic",
 *   "qemu,aplic") and IMSIC nodes ("riscv,imsics", "qemu,imsics"), the level
 *   of each (interrupts-extended to a hart's IRQ 11 = machine, 9 =
 *   supervisor; an APLIC in MSI mode has its msi-parent's level), the
 *   riscv,children and riscv,delegation lists (QEMU 7.2 writes
 *   "riscv,delegate"), the IMSIC geometry (riscv,num-ids, guest/hart/group
 *   index bits, group index shift) and where each hart's interrupt file is.
 * - The M-level APLIC set-up (lib/drivers/aplic_setup.c, pure, through an
 *   MMIO seam): as the root domain, every source of the DT's delegation
 *   ranges delegated to its S-level child, the others inactive; MSI mode
 *   with the MSI address configuration of both levels (then locked), or
 *   direct mode with every machine-level IDC's delivery off (the firmware
 *   takes no wired interrupts).
 * - The M-level IMSIC interrupt file of each hart (lib/drivers/imsic_setup.c,
 *   pure, through a CSR seam over miselect/mireg): every identity disabled
 *   but the firmware's IPI identity on a hart that has no ACLINT MSWI slot,
 *   whose M-mode IPIs then go through its interrupt file.
 * - lib/drivers/aia.c sets up the APLIC domains on the hardware, registers
 *   the M-level regions for PMP and prints the boot log lines;
 *   lib/drivers/imsic.c sets up each hart's M-level interrupt file and makes
 *   it the IPI doorbell of a hart without an MSWI slot; the DT S-mode gets
 *   has the M-level nodes disabled (aia_dt_fixup).
 * Spec: "The RISC-V Advanced Interrupt Architecture" 1.0, chapters 3
 * (CSRs), 4 (APLIC) and 5 (IMSIC); DT bindings riscv,aplic.yaml and
 * riscv,imsics.yaml.
 */
#ifndef ABACUS_AIA_DT_H
#define ABACUS_AIA_DT_H

#include <stdbool.h>
#include <stdint.h>

/* ---- DT discovery (lib/drivers/aia_dt.c) ---- */

#define AIA_MAX_IMSICS       4     /* IMSIC nodes: one per level per machine, usually */
#define AIA_MAX_IMSIC_REGS   8     /* reg entries of an IMSIC node: one per hart group (socket) */
#define AIA_MAX_APLICS       8     /* APLIC domains: two per socket on QEMU virt */
#define AIA_MAX_CHILDREN     8     /* riscv,children of one domain */
#define AIA_MAX_DELEGATIONS  16    /* riscv,delegation triples of one domain */
#define AIA_MAX_SOURCES      1023  /* AIA 4.2: identities 1..1023 */

/* The hart interrupt each controller signals (AIA chapter 2; mip bits). */
#define AIA_IRQ_S_EXT 9
#define AIA_IRQ_M_EXT 11

enum aia_level {
	AIA_LEVEL_UNKNOWN = 0,
	AIA_LEVEL_M,
	AIA_LEVEL_S,
};

struct aia_imsic {
	int node;                     /* offset in the DT scanned, valid only for it */
	uint32_t phandle;
	enum aia_level level;
	unsigned int nr_files;        /* interrupts-extended entries: one interrupt file each */
	uint32_t num_ids;             /* riscv,num-ids: identities 1..num_ids */
	uint32_t guest_index_bits;    /* riscv,guest-index-bits (default 0) */
	uint32_t hart_index_bits;     /* riscv,hart-index-bits (default: enough for nr_files) */
	uint32_t group_index_bits;    /* riscv,group-index-bits (default 0) */
	uint32_t group_index_shift;   /* riscv,group-index-shift (default 24) */
	uint64_t base;                /* the files' base address: hart, guest and group bits clear */
	unsigned int nr_regs;
	uint64_t reg_base[AIA_MAX_IMSIC_REGS], reg_size[AIA_MAX_IMSIC_REGS];
};

struct aia_delegation {
	uint16_t child_index;         /* position of the child in riscv,children */
	uint16_t first, last;         /* sources, inclusive (1..1023) */
};

struct aia_aplic {
	int node;
	uint32_t phandle;
	enum aia_level level;
	bool msi_mode;                /* msi-parent present: MSI delivery, else direct */
	int8_t msi_imsic;             /* index in aia_dt.imsic[] of msi-parent, or -1 */
	uint64_t base, size;
	uint32_t num_sources;         /* riscv,num-sources */
	unsigned int nr_idcs;         /* direct mode: interrupts-extended entries */
	unsigned int nr_children;
	uint32_t children[AIA_MAX_CHILDREN];   /* phandles; the index is the child index */
	int8_t child_aplic[AIA_MAX_CHILDREN];  /* index in aia_dt.aplic[], or -1 */
	unsigned int nr_delegations;
	struct aia_delegation delegation[AIA_MAX_DELEGATIONS];
};

struct aia_dt {
	unsigned int nr_imsics, nr_aplics;
	struct aia_imsic imsic[AIA_MAX_IMSICS];
	struct aia_aplic aplic[AIA_MAX_APLICS];
	unsigned int problems;        /* lines reported (each names the node and what is wrong) */
	unsigned int overflow;        /* nodes (or IMSIC regs) left out because a table above was full */
};

#define AIA_MAX_CANDIDATES   (2 * (AIA_MAX_IMSICS + AIA_MAX_APLICS))

/*
 * Finds the enabled AIA nodes of fdt. Every problem with a node is one
 * line through console_printf ("aia: <node>: <what>; <what is done>") when
 * `report`; a node that cannot be used is left out, never half-used.
 * Returns how many APLIC and IMSIC nodes were kept.
 */
unsigned int aia_dt_scan(const void *fdt, struct aia_dt *aia, bool report);
/*
 * The same over nodes found by another walk (boot: the ACLINT's, so the AIA
 * costs no walk of its own: a walk is a visible part of boot, docs/aia.md):
 * any node, those not aia_dt_is_candidate() are skipped. parents[i],
 * the parent of nodes[i] the walk knew (or NULL), spares fdt_read_reg walks.
 */
unsigned int aia_dt_scan_nodes(const void *fdt, struct aia_dt *aia, bool report, const int *nodes,
			       const int *parents, unsigned int n);
/* An IMSIC or APLIC node by its compatible (enabled or not). */
bool aia_dt_is_candidate(const void *fdt, int node);

/*
 * The address of interrupt file `i` (the i-th interrupts-extended entry) of
 * an IMSIC, as the binding lays them out: files of 2^guest_index_bits pages
 * each, packed through the reg entries in order. False when the regs end
 * before it.
 */
bool aia_imsic_file_addr(const struct aia_imsic *imsic, unsigned int i, uint64_t *addr);

/*
 * The DT S-mode gets: the machine-level IMSIC and APLIC nodes become
 * status = "disabled" (the firmware owns them; their phandles stay valid for
 * the references between domains). `scan`: aia_dt_scan()'s of a DT of this
 * very layout (the offsets are used as they are: call this before any other
 * change), or NULL to scan here. 0 or a libfdt error.
 */
int aia_dt_fixup(void *fdt, const struct aia_dt *scan);

/* ---- MSI addresses (AIA 4.5.3-4.5.4, 4.9.1) ---- */

/* mmsiaddrcfgh / smsiaddrcfgh fields */
#define APLIC_MSIADDRH_L            (1U << 31)
#define APLIC_MSIADDRH_HHXS_SHIFT   24
#define APLIC_MSIADDRH_LHXS_SHIFT   20
#define APLIC_MSIADDRH_HHXW_SHIFT   16
#define APLIC_MSIADDRH_LHXW_SHIFT   12
#define APLIC_MSIADDRH_PPN_MASK     0xfffU

struct aplic_msi_cfg {
	uint32_t addr;                /* xmsiaddrcfg: low base PPN */
	uint32_t addrh;               /* xmsiaddrcfgh: fields and high base PPN, L clear */
};

/*
 * The MSI address configuration that makes an APLIC domain's MSIs reach the
 * files of `imsic`: Base PPN = base >> 12, LHXS = guest index bits, LHXW =
 * hart index bits, HHXW = group index bits, HHXS = group index shift - 24.
 * False (with *why) when the geometry does not fit the registers' fields.
 */
bool aplic_msi_cfg_from_imsic(const struct aia_imsic *imsic, struct aplic_msi_cfg *cfg, const char **why);

#endif
