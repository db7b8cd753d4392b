/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode IPIs (lib/ext/ipi/smode_ipi.c): the IPI extension's and legacy send_ipi's. */
#ifndef ABACUS_SMODE_IPI_H
#define ABACUS_SMODE_IPI_H

#include "hart.h"
#include "ipi.h"

/* Its IPI reason: the target raises SSIP for S-mode. */
extern const struct ipi_reason smode_ipi_reason;

/*
 * An S-mode IPI from self to target: counts IPI_SENT on self and, once the
 * target takes it, IPI_RECEIVED there, one each per request, so the harts'
 * IPI_SENT and IPI_RECEIVED totals agree (docs/pmu.md) even when two
 * requests meet in one interrupt.
 */
void ipi_send_smode(struct hart_state *self, struct hart_state *target);

#endif
