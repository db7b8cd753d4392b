/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_HSM_H
#define ABACUS_HSM_H

#include "hart.h"
#include "hart_switch.h"
#include "sbi_types.h"

/* Stopped harts wait here until hart_start; never returns. */
void sbi_hsm_stopped_loop(struct hart_state *hs) __attribute__((noreturn));

/* Wakes hs from the stopped or suspended loop (after a change it must see: START_PENDING). */
void sbi_hsm_hart_wake(struct hart_state *hs);

/*
 * The platform's way to wake a hart that has not come (its board quirk's
 * hart_wake, include/platform.h), set at boot; NULL when it has none, and
 * then hart_start of such a hart is FAILED at once. With one, hart_start
 * asks it (on behalf of the calling hart, from_hartid; 0 when asked), then
 * waits up to HSM_WAKE_WAIT_MS on the time source for the hart to set
 * itself up, and starts it (docs/boot.md, "Harts that come late"). Only
 * that start pays for it: a hart already set up is started as before.
 */
extern int (*sbi_hsm_hart_waker)(unsigned long hartid, unsigned long from_hartid);
/* Room for a hart's set-up from reset, short for an SBI call (Linux then waits a second for the CPU). */
#define HSM_WAKE_WAIT_MS 20

struct sbiret sbi_hsm_hart_start(unsigned long hartid, unsigned long start_addr, unsigned long opaque);
/* Returns only on failure. */
struct sbiret sbi_hsm_hart_stop(struct hart_state *hs);
struct sbiret sbi_hsm_hart_get_status(unsigned long hartid);
struct sbiret sbi_hsm_hart_suspend(struct hart_state *hs, uint32_t type, unsigned long resume_addr,
				   unsigned long opaque);


#endif
