/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated Sdtrig trigger module for the DBTR host tests: implements
 * lib/ext/dbtr/dbtr_hw.h on an array of triggers, either as QEMU 7.2 behaves
 * (mcontrol/mcontrol6 with only the access, mode and size bits, tdata3
 * reading 0) or as a full implementation keeping every writable bit.
 */
#ifndef ABACUS_SIM_TRIGGERS_H
#define ABACUS_SIM_TRIGGERS_H

#include <stdbool.h>
#include <stdint.h>

#define SIM_TRIGGERS_MAX 16

struct sim_triggers_config {
	unsigned int count;
	uint32_t types;          /* tinfo of every trigger */
	bool qemu72;             /* drop what QEMU 7.2 drops */
};

struct sim_trigger {
	unsigned long tdata1, tdata2, tdata3;
	unsigned int writes;
};

/* The calling hart's trigger module (a fuzzer swaps it per hart, like sim). */
struct sim_triggers {
	struct sim_triggers_config cfg;
	struct sim_trigger trig[SIM_TRIGGERS_MAX];
};

extern struct sim_triggers sim_triggers;
#define sim_trig (sim_triggers.trig)
void sim_triggers_reset(const struct sim_triggers_config *cfg);

enum sim_access { SIM_LOAD, SIM_STORE, SIM_EXECUTE };
enum sim_mode { SIM_U, SIM_S, SIM_VU, SIM_VS, SIM_M };
/* Does some trigger fire for this access (address match "equal" only)? */
bool sim_trigger_fires(unsigned long addr, enum sim_access access, enum sim_mode mode);

#endif
