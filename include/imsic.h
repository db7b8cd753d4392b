/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The IMSIC (AIA chapter 5): an M-level interrupt file per hart. Its
 * registers; the set-up of the calling hart's file (lib/drivers/imsic_setup.c,
 * pure, through a CSR seam the host tests replace with a model); and the
 * driver (lib/drivers/imsic.c): each hart's file set up at hart set-up, and
 * the file as the IPI doorbell of a hart without an ACLINT MSWI slot.
 */
#ifndef ABACUS_IMSIC_H
#define ABACUS_IMSIC_H

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

/* ---- The driver (lib/drivers/imsic.c) ---- */

struct aia_dt;
struct hart_state;
/*
 * Cold boot, after the ACLINT probe (whose MSWI slots come first) and
 * before harts are kept or left out: each hart without an IPI doorbell
 * whose M-level interrupt file the DT describes gets that file as its
 * doorbell (aia: the AIA nodes found, aia_boot_scan()).
 */
void imsic_probe_ipi(const void *fdt, const struct aia_dt *aia);
/* Every hart, in its M-mode set-up: its M-level interrupt file (the IPI identity only when it is the doorbell). */
void imsic_hart_init(struct hart_state *hs);
/* The boot log's warning when a hart could not set up its file for IPIs. */
void imsic_log(void);

#endif /* __ASSEMBLER__ */
#endif
