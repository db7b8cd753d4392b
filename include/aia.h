/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RISC-V Advanced Interrupt Architecture (AIA): the machine-level interrupt
 * controllers are the firmware's, the supervisor-level ones S-mode's.
 *
 * - DT discovery (lib/fdt/fdt_aia.c, pure): APLIC domains ("riscv,aplic",
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
 * - lib/drivers/aia.c drives both on the hardware, registers the M-level
 *   regions for PMP, maps IPIs, and prints the boot log line; the DT S-mode
 *   gets has the M-level nodes disabled (aia_dt_fixup).
 * Spec: "The RISC-V Advanced Interrupt Architecture" 1.0, chapters 3
 * (CSRs), 4 (APLIC) and 5 (IMSIC); DT bindings riscv,aplic.yaml and
 * riscv,imsics.yaml.
 */
#ifndef ABACUS_AIA_H
#define ABACUS_AIA_H

/* miselect numbers of an interrupt file's registers (AIA 5.3 and 3.1). */
#define IMSIC_EIDELIVERY   0x70
#define IMSIC_EITHRESHOLD  0x72
#define IMSIC_EIP0         0x80    /* eip0..eip63; RV64 uses the even ones only */
#define IMSIC_EIE0         0xc0    /* eie0..eie63; likewise */
/*
 * The firmware's IPI identity in M-level interrupt files. Its own choice
 * (the file is M-mode's); 1, the highest priority, as S-level IPIs use.
 * An interrupt file's seteipnum_le is at offset 0: writing 1 there is the IPI.
 */
#define IMSIC_IPI_ID       1
#define IMSIC_SETEIPNUM_LE 0x000
#define IMSIC_FILE_SIZE    0x1000

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* ---- DT discovery (lib/fdt/fdt_aia.c) ---- */

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
};

#define AIA_MAX_CANDIDATES   (2 * (AIA_MAX_IMSICS + AIA_MAX_APLICS))

/*
 * Finds the enabled AIA nodes of fdt. Every problem with a node is one
 * line through sbi_printf ("aia: <node>: <what>; <what is done>") when
 * `report`; a node that cannot be used is left out, never half-used.
 * Returns how many APLIC and IMSIC nodes were kept.
 */
unsigned int aia_dt_scan(const void *fdt, struct aia_dt *aia, bool report);
/*
 * The same over nodes found by another walk (boot: the ACLINT's, so the AIA
 * costs no walk of its own; each walks about 370,000 instructions on QEMU
 * virt): any node, those not aia_dt_is_candidate() are skipped. parents[i],
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

/* ---- M-level APLIC set-up (lib/drivers/aplic_setup.c) ---- */

/* The register map of an APLIC domain (AIA 4.5, Table 4.1; 4.8.1 for IDCs). */
#define APLIC_DOMAINCFG       0x0000
#define APLIC_SOURCECFG(i)    (0x0004 + 4 * ((i) - 1))   /* i = 1..1023 */
#define APLIC_MMSIADDRCFG     0x1bc0
#define APLIC_MMSIADDRCFGH    0x1bc4
#define APLIC_SMSIADDRCFG     0x1bc8
#define APLIC_SMSIADDRCFGH    0x1bcc
#define APLIC_CLRIE(k)        (0x1f00 + 4 * (k))
#define APLIC_IDC(n)          (0x4000 + 32 * (n))
#define APLIC_IDC_IDELIVERY   0x00
#define APLIC_IDC_IFORCE      0x04
#define APLIC_IDC_ITHRESHOLD  0x08

#define APLIC_DOMAINCFG_RO80  0x80000000U   /* bits 31:24 read 0x80 */
#define APLIC_DOMAINCFG_IE    (1U << 8)
#define APLIC_DOMAINCFG_DM    (1U << 2)
#define APLIC_DOMAINCFG_BE    (1U << 0)
#define APLIC_SOURCECFG_D     (1U << 10)
#define APLIC_SOURCECFG_CHILD 0x3ffU

/* The MMIO seam: 32-bit accesses to one domain's control region. */
struct aplic_mmio {
	uint32_t (*read)(void *ctx, uint32_t offset);
	void (*write)(void *ctx, uint32_t offset, uint32_t value);
	void *ctx;
};

struct aplic_setup {
	uint32_t num_sources;
	bool msi_mode;
	/* Sources delegated to a child (ranges checked and made disjoint by the scan); the rest become inactive. */
	unsigned int nr_delegations;
	struct aia_delegation delegation[AIA_MAX_DELEGATIONS];
	bool has_mmsi, has_smsi;      /* MSI mode: the configurations below are known */
	struct aplic_msi_cfg mmsi, smsi;
	unsigned int nr_idcs;         /* direct mode: IDCs whose delivery is turned off */
};

/* What the set-up found; the boot log line is made of it. */
struct aplic_result {
	bool ok;                      /* it is an APLIC (domaincfg bits 31:24 read 0x80) */
	unsigned int delegated;       /* sources whose sourcecfg reads back delegated as planned */
	unsigned int not_delegated;   /* planned delegations that did not stick (no such child) */
	bool dm_mismatch;             /* domaincfg.DM reads other than the DT's mode */
	bool msi_locked_before;       /* mmsiaddrcfgh.L was already set (a previous boot) */
	bool msi_mismatch;            /* the MSI configuration reads back other than written */
	uint32_t domaincfg;           /* as read back at the end */
};

/* Fills `setup` from the DT's description of M-level domain `a` (children, delegation, MSI targets). */
void aplic_setup_from_dt(const struct aia_dt *aia, const struct aia_aplic *a, struct aplic_setup *setup);

/*
 * Sets up an M-level domain as the AIA says for a root domain that hands
 * its sources to S-mode: IE off while it changes, every sourcecfg written
 * (delegated to its child, or inactive), MSI addresses written and locked,
 * or IDC delivery off; then domaincfg (DM as the mode, IE on in MSI mode),
 * everything read back into `result`.
 */
void aplic_setup_mlevel(const struct aplic_mmio *mmio, const struct aplic_setup *setup, struct aplic_result *result);

/* ---- M-level IMSIC interrupt files (lib/drivers/imsic_setup.c) ---- */

/* The CSR seam: miselect/mireg of the calling hart. false when the access trapped. */
struct imsic_csr {
	bool (*read)(void *ctx, unsigned long isel, unsigned long *value);
	bool (*write)(void *ctx, unsigned long isel, unsigned long value);
	void *ctx;
};

enum imsic_setup_status {
	IMSIC_SETUP_OK = 0,
	IMSIC_SETUP_NO_CSRS,          /* miselect/mireg trapped: no M-level interrupt file here */
	IMSIC_SETUP_NO_DELIVERY,      /* eidelivery did not read back 1 */
	IMSIC_SETUP_NO_IPI_ENABLE,    /* the IPI identity's eie bit did not stick */
};

/*
 * The calling hart's M-level interrupt file, num_ids identities: delivery
 * off while it changes, threshold 0, every identity disabled but
 * IMSIC_IPI_ID when `ipi` (pending bits are left alone: an IPI sent before
 * this must not be lost); then delivery on when `ipi`, off otherwise.
 */
enum imsic_setup_status imsic_mfile_setup(const struct imsic_csr *csr, uint32_t num_ids, bool ipi);

/* ---- The firmware side (lib/drivers/aia.c) ---- */

struct hart_state;
/*
 * Cold boot, after the ACLINT probe and before harts are kept or left out:
 * finds the AIA nodes, registers the M-level APLICs and IMSIC files as
 * firmware devices (PMP), and gives each hart without an MSWI slot its
 * M-level interrupt file as IPI device.
 */
void aia_probe_dt(const void *fdt);
/*
 * The boot hart on its own stack, once set up (each access may fault on a
 * wrong DT and is then skipped): sets up every M-level APLIC domain.
 */
void aia_setup_aplics(void);
/* Every hart, in its M-mode set-up: its M-level interrupt file. Returns the mie bit its IPIs raise. */
unsigned long aia_hart_init(struct hart_state *hs);
/* True when `reg` (a hart's msip pointer) is an M-level IMSIC interrupt file. */
bool aia_is_imsic_file(const volatile void *reg);
/* Claims the calling hart's pending IPI identity (mtopei). */
void aia_imsic_ipi_clear(void);
/* The boot log lines (one per M-level domain and IMSIC); nothing without AIA. */
void aia_log(void);
/* Cold boot's scan of the firmware's DT copy (for aia_dt_fixup on that layout). */
const struct aia_dt *aia_boot_scan(void);
/* Records an IMSIC/APLIC node (and its parent, or -1) the ACLINT walk met, for aia_probe_dt. */
void aia_note_node(int node, int parent);
/* How IPIs reach harts, for the boot log's timer/IPI line. */
const char *aia_ipi_description(void);

#endif /* __ASSEMBLER__ */
#endif
