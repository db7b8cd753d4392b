/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The host "machine" the fuzzers run firmware code on (fuzz_host.c):
 *
 * - a hart table of HOST_HARTS harts, each a struct hart_state with its own
 *   simulated CSRs (tests/host/sim_hart.c has one global `sim`: selecting a
 *   hart swaps its CSRs in, so the PMU core always acts on the current one);
 * - the firmware console (lib/core/console.c) on a host device that
 *   records what it was given and reads from a queue the fuzzer fills;
 * - stand-ins, at the harness level only, for the services that need real
 *   hardware: ACLINT, timer, reset, HSM stop and suspend, remote fences,
 *   legacy calls (hart_start and hart_get_status are the firmware's). They
 *   record how they were called, so a fuzzer can check the ecall glue
 *   passed its registers through unchanged.
 *
 * The firmware's sources are built with -DABACUS_HOST (include/hart.h then
 * takes the current hart from host_current_hart) and with tests/fuzz/host
 * first on the include path (CSR accesses become host functions).
 */
#ifndef FUZZ_HOST_H
#define FUZZ_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hart.h"
#include "hart_ext.h"
#include "sim_hart.h"
#include "sim_triggers.h"

#define HOST_HARTS 5
/* Host hart 2 (hartid 2) has no S-mode, like the FU740's E51: never current. */
#define HOST_HART_NO_SMODE 2

struct host_hart {
	struct hart_state *hs;        /* what the firmware sees (hart_table) */
	struct sim_hart sim;          /* its CSRs while another hart is current */
	struct sim_triggers triggers; /* its trigger module while another hart is current */
	struct hart_ext ext;          /* its SSE, FWFT and DBTR state (hart_state.ext) */
	unsigned long ipis_raised;    /* times its doorbell was rung */
};

extern struct host_hart host_harts[HOST_HARTS];
extern unsigned int host_current;
extern const unsigned long host_hartids[HOST_HARTS];

/* Resets the machine: harts (CSRs from cfgs[i]; PMU probed), console, records. */
void host_machine_reset(const struct sim_hart_config *const cfgs[HOST_HARTS]);
/* Makes host hart i the calling hart (swaps the simulated CSRs). */
void host_select_hart(unsigned int i);

/* Fixed values of the identification CSRs the base extension reads. */
#define HOST_MVENDORID 0x489UL
#define HOST_MARCHID   0x8000000000000007UL
#define HOST_MIMPID    0x20181004UL

/* ---- Console ---- */
#define HOST_CONSOLE_KEEP 8192
struct host_console {
	uint64_t bytes;                      /* every byte written */
	uint8_t last[HOST_CONSOLE_KEEP];     /* the bytes since the last mark, up to KEEP */
	size_t since_mark;
	uint8_t input[64];                   /* what getc hands out, in order */
	size_t input_len, input_pos;
	long room;                           /* bytes the UART takes before it is full; -1: no limit */
};
extern struct host_console host_console;
/* Starts recording output afresh (since_mark = 0). */
void host_console_mark(void);

/* ---- The last call to a harness stand-in ---- */
struct host_call {
	const char *fn;               /* NULL: none since host_call_clear */
	unsigned long args[6];
	unsigned long count;          /* stand-in calls since the clear */
};
extern struct host_call host_last_call;
void host_call_clear(void);

/* What the reset stand-in supports: shutdown and cold reboot, not warm reboot. */
#define HOST_RESET_SUPPORTED(type) ((type) == 0 || (type) == 1)

#endif
