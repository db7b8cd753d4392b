/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rig the reset-device drivers' host tests share (test_reset_*.c):
 * the simulated register window (host_mmio.h), a fake machine timer that
 * moves a fixed step at each look and notes its count at each write, and
 * the reset walk over a test's DT.
 */
#ifndef ABACUS_TEST_RESET_SIM_H
#define ABACUS_TEST_RESET_SIM_H

#include <stdint.h>
#include "host_mmio.h"
#include "test.h"

/* The fake timer's count, and its count at each write of host_mmio.writes[]. */
extern uint64_t reset_sim_time;
extern uint64_t reset_sim_write_time[HOST_MMIO_MAX_WRITES];

/*
 * Before each test: the window, its log, the console and memory cleared;
 * the timer at hz, from 0, `step` counts a look; hook (or NULL) called
 * after each write is stored, its time noted.
 */
void reset_sim_setup(uint64_t hz, uint64_t step, void (*hook)(uint64_t offset, unsigned int width, uint64_t value));

/* The reset walk (every reset driver linked) over fdt: the devices taken. */
int reset_sim_walk(const void *fdt);

/* Write i of the log: at offset off, value val, 32 bits wide. */
#define CHECK_WRITE(i, off, val) do { \
	CHECK_EQ(host_mmio.writes[i].offset, off); \
	CHECK_EQ(host_mmio.writes[i].value, val); \
	CHECK_EQ(host_mmio.writes[i].width, 4); } while (0)

#endif
