/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA at boot (lib/drivers/aia.c): the machine-level interrupt
 * controllers are the firmware's, the supervisor-level ones S-mode's. Their
 * DT description is include/aia_dt.h, the APLIC include/aplic.h, the IMSIC
 * include/imsic.h.
 */
#ifndef ABACUS_AIA_H
#define ABACUS_AIA_H

#include "aia_dt.h"
#include "dt_driver.h"

/*
 * Notes each IMSIC and APLIC node of a walk over the DT (boot's walk for the
 * ACLINT, firmware/boot_devices.c: each walk costs about 370,000
 * instructions on QEMU virt), for aia_probe_dt.
 */
/*
 * Cold boot, after that walk: finds the AIA nodes and registers the M-level
 * APLICs and IMSIC files as firmware devices (PMP).
 */
void aia_probe_dt(const void *fdt);
/*
 * The boot hart on its own stack, once set up (each access may fault on a
 * wrong DT and is then skipped): sets up every M-level APLIC domain.
 */
void aia_setup_aplics(void);
/* The boot log lines (one per M-level domain and IMSIC); nothing without AIA. */
void aia_log(void);
/* Cold boot's scan of the firmware's DT copy (for aia_dt_fixup on that layout, and the IMSIC doorbells). */
const struct aia_dt *aia_boot_scan(void);

#endif
