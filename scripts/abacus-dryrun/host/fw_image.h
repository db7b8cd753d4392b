/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Forced into every firmware file the dry run builds for the host
 * (-include): the image's linker symbols (firmware/abacus.ld), which the
 * firmware declares as `extern char _fw_start[]` and so on, become the dry
 * run's variables, set to where the simulated loader put the image on the
 * board (scripts/abacus-dryrun/boot_run.c). The firmware's sources stay as
 * they are: `(uintptr_t)_fw_start` reads the variable.
 */
#ifndef ABACUS_DRYRUN_FW_IMAGE_H
#define ABACUS_DRYRUN_FW_IMAGE_H

extern char (*dryrun_fw_start)[], (*dryrun_fw_end)[], (*dryrun_bss_start)[], (*dryrun_bss_end)[];
extern char (*dryrun_fw_payload_start)[], (*dryrun_fw_payload_end)[];

#define _fw_start (*dryrun_fw_start)
#define _fw_end (*dryrun_fw_end)
#define _bss_start (*dryrun_bss_start)
#define _bss_end (*dryrun_bss_end)
#define _fw_payload_start (*dryrun_fw_payload_start)
#define _fw_payload_end (*dryrun_fw_payload_end)

#endif
