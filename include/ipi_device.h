/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An IPI doorbell: how one hart interrupts another in M-mode. Each hart has
 * one, chosen at boot by the first driver that claims the hart (the ACLINT
 * MSWI slot or the Andes PLICSW context, else its M-level IMSIC interrupt
 * file: lib/drivers/), with the hart's own register in that device. The IPI
 * transport (lib/ipi/ipi.c) rings it; a hart with none can only be the
 * lone hart of a machine (firmware/boot.c).
 */
#ifndef ABACUS_IPI_DEVICE_H
#define ABACUS_IPI_DEVICE_H

#include "hart.h"

struct ipi_device {
	unsigned long mip;     /* the machine interrupt it raises (MIP_MSIP, MIP_MEIP): mie enables it */
	/* Rings target's doorbell (target->ipi_reg). */
	void (*send)(struct hart_state *target);
	/* Clears the calling hart's doorbell; only ever for self. */
	void (*clear)(struct hart_state *self);
	const char *name;      /* the boot log's */
};

/* A driver's probe: hs's doorbell is dev, at register reg, unless it has one already (false then). */
static inline bool hart_set_ipi_device(struct hart_state *hs, const struct ipi_device *dev, volatile void *reg)
{
	if (hs->ipi_dev)
		return false;
	hs->ipi_reg = reg;
	hs->ipi_dev = dev;
	return true;
}

/* Rings hs's doorbell, if it has one. */
static inline void ipi_device_send(struct hart_state *hs)
{
	if (hs->ipi_dev)
		hs->ipi_dev->send(hs);
}

/* Clears the calling hart's doorbell, if it has one. */
static inline void ipi_device_clear(struct hart_state *self)
{
	if (self->ipi_dev)
		self->ipi_dev->clear(self);
}

#endif
