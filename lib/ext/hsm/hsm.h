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

struct sbiret sbi_hsm_hart_start(unsigned long hartid, unsigned long start_addr, unsigned long opaque);
/* Returns only on failure. */
struct sbiret sbi_hsm_hart_stop(struct hart_state *hs);
struct sbiret sbi_hsm_hart_get_status(unsigned long hartid);
struct sbiret sbi_hsm_hart_suspend(struct hart_state *hs, uint32_t type, unsigned long resume_addr,
				   unsigned long opaque);


#endif
