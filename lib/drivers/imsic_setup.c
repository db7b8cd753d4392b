/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The calling hart's machine-level IMSIC interrupt file (include/imsic.h).
 * Pure: every access goes through the miselect/mireg seam, so the sequence
 * is tested on the host against a model of an interrupt file
 * (tests/host/test_aia.c).
 *
 * AIA 5.3: eidelivery (0x70) 1 = interrupt delivery enabled; eithreshold
 * (0x72) 0 = no threshold; eie (0xC0 + k) enable bits, 64 identities per
 * register on RV64, where only the even-numbered registers exist.
 */
#include "imsic.h"

/* RV64: eie/eip k (even) holds identities 32k..32k+63. */
#define IDS_PER_REG 64

enum imsic_setup_status imsic_mfile_setup(const struct imsic_csr *csr, uint32_t num_ids, bool ipi)
{
	unsigned long v;

	/* Delivery off while the file changes: no half-set-up state interrupts M-mode. */
	if (!csr->write(csr->ctx, IMSIC_EIDELIVERY, 0))
		return IMSIC_SETUP_NO_CSRS;
	csr->write(csr->ctx, IMSIC_EITHRESHOLD, 0);
	/*
	 * Every identity disabled but the IPI's: nothing else may interrupt
	 * M-mode (the M-level APLIC forwards nothing here, but a previous boot
	 * may have left bits). Pending bits stay: an IPI sent to this hart
	 * before its set-up (the boot hart's wake-up) must still be seen.
	 */
	for (uint32_t first = 0; first <= num_ids; first += IDS_PER_REG) {
		unsigned long isel = IMSIC_EIE0 + 2 * (first / IDS_PER_REG);
		csr->write(csr->ctx, isel, ipi && first == 0 ? 1UL << IMSIC_IPI_ID : 0);
	}
	if (!ipi)
		return IMSIC_SETUP_OK;
	if (!csr->read(csr->ctx, IMSIC_EIE0, &v) || !(v & (1UL << IMSIC_IPI_ID)))
		return IMSIC_SETUP_NO_IPI_ENABLE;
	csr->write(csr->ctx, IMSIC_EIDELIVERY, 1);
	if (!csr->read(csr->ctx, IMSIC_EIDELIVERY, &v) || v != 1)
		return IMSIC_SETUP_NO_DELIVERY;
	return IMSIC_SETUP_OK;
}
