/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Sdtrig trigger module of the calling hart, as the DBTR core uses it
 * (lib/ext/dbtr/dbtr_hw.c with tselect/tdata1-3; tests/host/sim_triggers.c).
 */
#ifndef ABACUS_DBTR_HW_H
#define ABACUS_DBTR_HW_H

#include <stdint.h>

/*
 * Programs trigger idx with tdata[0..2] = tdata1..3 (disabling it first, so
 * tdata2/3 may be written whatever they held: Sdtrig "tdata1") and returns
 * in readback[0..2] what the three registers then read.
 */
void dbtr_hw_write(unsigned int idx, const unsigned long tdata[3], unsigned long readback[3]);
/* Leaves trigger idx unable to fire, tdata2/tdata3 cleared. */
void dbtr_hw_clear(unsigned int idx);
/*
 * Boot probing, firmware only: the hart's triggers (tselect values that
 * stick), up to max; type_mask[i] gets trigger i's tinfo (bit t: type t).
 * Each is left cleared.
 */
unsigned int dbtr_hw_probe(uint16_t *type_mask, unsigned int max);

#endif
