/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated device space (include/mmio.h's host side): every region a
 * DT node's reg names answers reads with what was last written there (0 at
 * first), plus the status bits a driver polls for on the devices that have
 * them (a UART's transmitter empty, an APLIC's domaincfg): plausible values,
 * so the drivers' own code runs. Writes are recorded, not done. An address
 * no node names traps.
 */
#ifndef ABACUS_DRYRUN_DEVICES_H
#define ABACUS_DRYRUN_DEVICES_H

#include <stdbool.h>
#include <stdint.h>
#include "i2c_models/i2c_models.h"

struct device_region {
	uint64_t base, size;
	int node;
	unsigned int model;          /* devices.c's register model */
	unsigned int reg_shift;      /* 16550: registers 1 << reg_shift apart */
	struct i2c_controller_model *i2c;   /* an I2C controller's model (its first reg), or NULL */
	unsigned int reads, writes;
	unsigned int probe_writes;   /* writes made while a driver probed */
};

struct device_write {
	uint64_t addr, value;
	unsigned int width;
	struct device_region *region;
	unsigned long hartid;
	bool in_probe;
};

struct device_space {
	struct device_region *regions;
	unsigned int nr_regions;
	struct device_write *writes;
	unsigned int nr_writes, cap_writes;
};

extern struct device_space devices;

/* The regions of every node's reg (memory nodes and cpus excepted); fdt NULL: none. */
int devices_init(const void *fdt);
/* The region that holds addr, or NULL. */
struct device_region *devices_region_at(uint64_t addr);
/* Writes made now count as a probe's (the probe watch, watch.c). */
void devices_in_probe(bool in_probe);

#endif
