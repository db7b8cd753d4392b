/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_HSM_H
#define ABACUS_HSM_H

#include "hart.h"
#include "hart_run.h"
#include "sbi_types.h"

/* How long hart_start waits for a hart the platform woke (hart_run_waker, include/hart_run.h):
 * room for a hart's set-up from reset, short for an SBI call (Linux then waits a second for the CPU). */
#define HSM_WAKE_WAIT_MS 20

struct sbiret sbi_hsm_hart_start(unsigned long hartid, unsigned long start_addr, unsigned long opaque);
/* Returns only on failure. */
struct sbiret sbi_hsm_hart_stop(struct hart_state *hs);
struct sbiret sbi_hsm_hart_get_status(unsigned long hartid);
struct sbiret sbi_hsm_hart_suspend(struct hart_state *hs, uint32_t type, unsigned long resume_addr,
				   unsigned long opaque);


#endif
