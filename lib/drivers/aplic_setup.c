/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A machine-level APLIC domain set up as the AIA's root domain of a machine
 * whose wired interrupts all belong to S-mode (include/aplic.h). Pure: every
 * register access goes through the MMIO seam, so the sequence is tested on
 * the host against a model of the domain (tests/host/test_aia.c).
 *
 * AIA references: 4.5.1 domaincfg (IE, DM, BE; bits 31:24 read 0x80),
 * 4.5.2 sourcecfg (D = 1 with a child index delegates a source; a source
 * not delegated and Inactive is inactive here), 4.5.3-4.5.4 MSI address
 * configuration (written early by M-mode, then locked with mmsiaddrcfgh.L),
 * 4.8.1 IDCs (idelivery = 0: no interrupt reaches the hart at this level).
 */
#include "aplic.h"
#include "console.h"

/* The fields of smsiaddrcfgh the AIA defines (4.5.4): LHXS and the high PPN. */
#define SMSIADDRH_DEFINED ((7U << APLIC_MSIADDRH_LHXS_SHIFT) | APLIC_MSIADDRH_PPN_MASK)

void aplic_setup_from_dt(const struct aia_dt *aia, const struct aia_aplic *a, struct aplic_setup *setup)
{
	const char *why;

	setup->num_sources = a->num_sources;
	setup->msi_mode = a->msi_mode;
	setup->nr_delegations = a->nr_delegations;
	for (unsigned int i = 0; i < a->nr_delegations; i++)
		setup->delegation[i] = a->delegation[i];
	setup->nr_idcs = a->msi_mode ? 0 : a->nr_idcs;
	setup->has_mmsi = setup->has_smsi = false;
	if (!a->msi_mode)
		return;

	/* Machine level: this domain's own IMSIC (its msi-parent). */
	if (aplic_msi_cfg_from_imsic(&aia->imsic[a->msi_imsic], &setup->mmsi, &why))
		setup->has_mmsi = true;
	else
		console_printf("aia: APLIC @0x%lx: machine-level MSI addresses not set (%s)\n", (unsigned long)a->base, why);

	/* Supervisor level: the IMSIC its first supervisor-level child in MSI mode forwards to. */
	for (unsigned int c = 0; c < a->nr_children && !setup->has_smsi; c++) {
		const struct aia_aplic *child = a->child_aplic[c] >= 0 ? &aia->aplic[a->child_aplic[c]] : NULL;
		const struct aia_imsic *s;

		if (!child || child->level != AIA_LEVEL_S || !child->msi_mode)
			continue;
		s = &aia->imsic[child->msi_imsic];
		if (!aplic_msi_cfg_from_imsic(s, &setup->smsi, &why)) {
			console_printf("aia: APLIC @0x%lx: supervisor-level MSI addresses not set (%s)\n",
				   (unsigned long)a->base, why);
			continue;
		}
		setup->has_smsi = true;
		/*
		 * Supervisor-level MSIs take the hart and group index layout
		 * (LHXW, HHXW, HHXS) from mmsiaddrcfgh (AIA 4.9.1): both levels'
		 * IMSICs must lay their files out alike.
		 */
		if (setup->has_mmsi && (setup->smsi.addrh & ~SMSIADDRH_DEFINED) != (setup->mmsi.addrh & ~SMSIADDRH_DEFINED))
			console_printf("aia: APLIC @0x%lx: the machine- and supervisor-level IMSICs number harts differently "
				   "(hart/group index bits): supervisor-level MSIs may miss their hart\n",
				   (unsigned long)a->base);
	}
}

/* The child index source i is delegated to, or -1. */
static int delegated_to(const struct aplic_setup *setup, uint32_t source)
{
	for (unsigned int k = 0; k < setup->nr_delegations; k++)
		if (source >= setup->delegation[k].first && source <= setup->delegation[k].last)
			return (int)setup->delegation[k].child_index;
	return -1;
}

static void msi_config(const struct aplic_mmio *mmio, const struct aplic_setup *setup, struct aplic_result *result)
{
	uint32_t h = mmio->read(mmio->ctx, APLIC_MMSIADDRCFGH);

	if (h & APLIC_MSIADDRH_L) {
		/*
		 * Locked by an earlier boot (a warm reset keeps it) or by the
		 * hardware. Fields hidden (0 and 0x80000000) are hardwired or kept
		 * internally: nothing to check; visible ones must be ours.
		 */
		uint32_t l = mmio->read(mmio->ctx, APLIC_MMSIADDRCFG);
		result->msi_locked_before = true;
		if ((h == APLIC_MSIADDRH_L && !l) || !setup->has_mmsi)
			return;
		result->msi_mismatch = l != setup->mmsi.addr || (h & ~APLIC_MSIADDRH_L) != setup->mmsi.addrh;
		if (setup->has_smsi)
			result->msi_mismatch |= mmio->read(mmio->ctx, APLIC_SMSIADDRCFG) != setup->smsi.addr ||
				((mmio->read(mmio->ctx, APLIC_SMSIADDRCFGH) ^ setup->smsi.addrh) & SMSIADDRH_DEFINED);
		return;
	}
	if (setup->has_mmsi) {
		mmio->write(mmio->ctx, APLIC_MMSIADDRCFG, setup->mmsi.addr);
		mmio->write(mmio->ctx, APLIC_MMSIADDRCFGH, setup->mmsi.addrh);
		result->msi_mismatch |= mmio->read(mmio->ctx, APLIC_MMSIADDRCFG) != setup->mmsi.addr ||
					mmio->read(mmio->ctx, APLIC_MMSIADDRCFGH) != setup->mmsi.addrh;
	}
	if (setup->has_smsi) {
		/*
		 * smsiaddrcfgh defines only LHXS and the high PPN; QEMU 7.2 also
		 * reads LHXW, HHXW and HHXS for S-level MSIs there (not from
		 * mmsiaddrcfgh), so they are written too: bits the AIA reserves
		 * read as zeros and are ignored by a conforming APLIC.
		 */
		mmio->write(mmio->ctx, APLIC_SMSIADDRCFG, setup->smsi.addr);
		mmio->write(mmio->ctx, APLIC_SMSIADDRCFGH, setup->smsi.addrh);
		result->msi_mismatch |= mmio->read(mmio->ctx, APLIC_SMSIADDRCFG) != setup->smsi.addr ||
			((mmio->read(mmio->ctx, APLIC_SMSIADDRCFGH) ^ setup->smsi.addrh) & SMSIADDRH_DEFINED);
	}
	/*
	 * Locked (AIA 4.5.3: configure early after reset, then lock): MSI
	 * addresses steer writes past PMP, so not even a later M-mode bug may
	 * change them. S-mode cannot reach the domain anyway (PMP).
	 */
	if (setup->has_mmsi)
		mmio->write(mmio->ctx, APLIC_MMSIADDRCFGH, setup->mmsi.addrh | APLIC_MSIADDRH_L);
}

void aplic_setup_mlevel(const struct aplic_mmio *mmio, const struct aplic_setup *setup, struct aplic_result *result)
{
	uint32_t dm = setup->msi_mode ? APLIC_DOMAINCFG_DM : 0;
	uint32_t v;

	*result = (struct aplic_result){ 0 };
	/*
	 * domaincfg first, IE clear, little-endian: 0 reads the same in either
	 * byte order (the AIA's (x << 24) | x rule with x = 0). Then bits 31:24
	 * must read 0x80, else this is no APLIC domain and nothing else is written.
	 */
	mmio->write(mmio->ctx, APLIC_DOMAINCFG, 0);
	v = mmio->read(mmio->ctx, APLIC_DOMAINCFG);
	if ((v & 0xff000000U) != APLIC_DOMAINCFG_RO80) {
		result->domaincfg = v;
		return;
	}
	result->ok = true;
	mmio->write(mmio->ctx, APLIC_DOMAINCFG, dm);

	/* Every source: delegated to its child, or inactive here (which also clears its pending and enable bits). */
	for (uint32_t i = 1; i <= setup->num_sources; i++) {
		int child = delegated_to(setup, i);
		mmio->write(mmio->ctx, APLIC_SOURCECFG(i),
			    child >= 0 ? APLIC_SOURCECFG_D | ((uint32_t)child & APLIC_SOURCECFG_CHILD) : 0);
	}

	if (setup->msi_mode) {
		msi_config(mmio, setup, result);
	} else {
		/* Direct mode: no hart takes this domain's interrupts (the firmware takes none). */
		for (unsigned int n = 0; n < setup->nr_idcs; n++) {
			mmio->write(mmio->ctx, APLIC_IDC(n) + APLIC_IDC_IDELIVERY, 0);
			mmio->write(mmio->ctx, APLIC_IDC(n) + APLIC_IDC_IFORCE, 0);
			mmio->write(mmio->ctx, APLIC_IDC(n) + APLIC_IDC_ITHRESHOLD, 0);
		}
	}

	/*
	 * IE in MSI mode: the domain is live, with no active source of its own
	 * (every source delegated or inactive), so it forwards nothing itself.
	 * In direct mode IE stays clear as well as every IDC's delivery.
	 */
	mmio->write(mmio->ctx, APLIC_DOMAINCFG, dm | (setup->msi_mode ? APLIC_DOMAINCFG_IE : 0));
	result->domaincfg = mmio->read(mmio->ctx, APLIC_DOMAINCFG);
	result->dm_mismatch = (result->domaincfg & APLIC_DOMAINCFG_DM) != dm;

	/* A child index the APLIC has no domain for does not stick (4.5.2: WLRL; a leaf domain reads 0). */
	for (uint32_t i = 1; i <= setup->num_sources; i++) {
		int child = delegated_to(setup, i);
		if (child < 0)
			continue;
		if (mmio->read(mmio->ctx, APLIC_SOURCECFG(i)) == (APLIC_SOURCECFG_D | (uint32_t)child))
			result->delegated++;
		else
			result->not_delegated++;
	}
}
