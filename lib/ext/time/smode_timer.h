/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_SMODE_TIMER_H
#define ABACUS_SMODE_TIMER_H

#include <stdint.h>

/* Programs the S-mode timer of the calling hart (Sstc or ACLINT MTIMER). */
void smode_timer_set(uint64_t stime_value);
/* Machine timer interrupt: pass it on to S-mode as STIP. */
void smode_timer_process(void);

#endif
