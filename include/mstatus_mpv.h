/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mstatus.MPV for the coming mret, also on harts that ignore CSR writes to it
 * (QEMU 11.1: lib/common/mstatus_mpv.S says why and how). Harts with H only.
 */
#ifndef ABACUS_MSTATUS_MPV_H
#define ABACUS_MSTATUS_MPV_H

#include <stdbool.h>

void mstatus_mpv_write(bool on);

#endif
