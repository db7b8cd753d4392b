/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The APLIC (AIA chapter 4): its register map, and the set-up of an M-level
 * domain (lib/drivers/aplic_setup.c, pure, through an MMIO seam the host
 * tests replace with a model; lib/drivers/aia.c drives it on the hardware).
 */
#ifndef ABACUS_APLIC_H
#define ABACUS_APLIC_H

#include <stdbool.h>
#include <stdint.h>
#include "aia_dt.h"

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

#endif
