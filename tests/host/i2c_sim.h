/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The controller drivers' host tests (tests/host/test_i2c_*.c): a
 * controller model of tests/host/i2c_models/ on the wires of a simulated
 * bus with one device, and the layer-1 calls those drivers make
 * (include/i2c_bus.h, dt_device_reg, mmio_try_read) faked over it:
 *
 *  - the bus: sim_wires, its one device sim_device (an address, registers
 *    behind a register pointer, the SMBus way) and its log of what happened
 *    on the wires (i2c_models.h: "S6c W32 W80 P");
 *  - the controller: the test's model (sim_read/sim_write reach it);
 *  - the deadline: a budget of polls (sim_budget): i2c_wait and i2c_expired
 *    spend it, and a transfer whose controller never finishes sees its
 *    deadline pass when it is spent.
 */
#ifndef ABACUS_TEST_I2C_SIM_H
#define ABACUS_TEST_I2C_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include "i2c_bus.h"
#include "i2c_models/i2c_models.h"

/* The wires, and the device on them. */
extern struct i2c_wires sim_wires;
extern struct i2c_sim_device *sim_device;

/* The controller's registers: what the driver's i2c_read/i2c_write reach (reg as the driver names it). */
extern uint32_t (*sim_read)(unsigned int reg);
extern void (*sim_write)(unsigned int reg, uint32_t value);
/* Every register write, in order. */
struct sim_access { unsigned int reg; uint32_t value; };
extern struct sim_access sim_writes[512];
extern unsigned int sim_nr_writes;
/* The index in sim_writes of the first write of value to reg (value ~0: any), or -1. */
int sim_write_index(unsigned int reg, uint32_t value);

/* The deadline: polls left. */
extern long sim_budget;
#define SIM_BUDGET 10000

/* The fake layer 1: the bus the driver's probe added, refusals, faults. */
extern struct i2c_bus sim_bus;
extern unsigned int sim_bus_adds, sim_refusals;
extern const char *sim_refused_why;
extern uint64_t sim_asked_min_size;
/* The access width the driver asked dt_device_reg to check the base against. */
extern unsigned int sim_asked_width;
extern uintptr_t sim_fault_from, sim_fault_to;   /* mmio_try_read faults here */
extern unsigned int sim_delays;                   /* timer_delay_ms calls */
/* mmio_try_read at 0x10000000 + offset reads register offset >> sim_probe_shift (0 after sim_reset). */
extern unsigned int sim_probe_shift;
#define SIM_BASE 0x10000000

/* Everything back to a fresh bus with its device at addr, registers 0..255 = i ^ 0x5a. */
void sim_reset(uint8_t addr);
/* A DT with one controller node: compatible, reg base/size, and a u32 property (name NULL: none). */
void *sim_fdt(const char *compatible, uint64_t base, uint64_t size, const char *prop, uint32_t value,
	      const char *prop2, uint32_t value2);
/* The first node with a compatible (the controller). */
int sim_fdt_node(const void *fdt);

#endif
