/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart's run state (hart_state.run_state): whether it runs S-mode, waits
 * in M-mode to be started, or waits suspended, and the service around it
 * (lib/trap/hart_run.c): the stopped hart's wait, its wake-up, and the
 * platform's way to wake a hart that has not come. Boot parks the harts it
 * does not start here and starts the next stage's hart through it; HSM's
 * SBI functions (lib/ext/hsm/) are built on it. The values are the SBI
 * HSM chapter's hart states (HSM answers hart_get_status with them as they
 * are; lib/ext/hsm/hsm.c checks that they agree). Each change another hart
 * may race with is atomic (hart_run_move()).
 */
#ifndef ABACUS_HART_RUN_H
#define ABACUS_HART_RUN_H

#include <stdbool.h>
#include "hart.h"

#define HART_RUN_STARTED       0   /* runs S-mode (or the firmware on its behalf) */
#define HART_RUN_STOPPED       1   /* waits in hart_run_stopped_loop() to be started */
#define HART_RUN_START_PENDING 2   /* given its start parameters: leaves its wait for them */
#define HART_RUN_STOP_PENDING  3   /* stopping itself */
#define HART_RUN_SUSPENDED     4   /* waits in M-mode for an interrupt S-mode enabled */

/* Moves hs from run state `from` to `to` if it is still in `from` (atomic). */
static inline bool hart_run_move(struct hart_state *hs, long from, long to)
{
	long expected = from;

	return __atomic_compare_exchange_n(&hs->run_state, &expected, to, false, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);
}

/*
 * A stopped hart waits here (wfi, woken by an IPI) until its state is
 * START_PENDING, then enters start_mode at start_addr with a1 = start_arg1
 * on its emptied stack. The caller has set hs->run_state to STOPPED (or it
 * still is, from boot). Never returns.
 */
void hart_run_stopped_loop(struct hart_state *hs) __attribute__((noreturn));

/* Wakes hs from the stopped or suspended wait (after a change it must see: START_PENDING). */
void hart_run_wake(struct hart_state *hs);

/* Serves this hart's machine interrupts by hand while M-mode waits with MIE clear. */
void hart_run_serve_interrupts(void);

/*
 * The platform's way to wake a hart that has not come (its board quirk's
 * hart_wake, include/platform.h), set at boot; NULL when it has none, and
 * then hart_start of such a hart is FAILED at once. With one, hart_start
 * asks it (on behalf of the calling hart, from_hartid; 0 when asked), then
 * waits up to HSM_WAKE_WAIT_MS on the time source for the hart to set
 * itself up, and starts it (lib/ext/hsm/hsm.c; docs/boot.md, "Harts that
 * come late"). Only that start pays for it: a hart already set up is
 * started as before.
 */
extern int (*hart_run_waker)(unsigned long hartid, unsigned long from_hartid);

#endif
