/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Debug Triggers (SBI DBTR chapter, EID 0x44425452): the core
 * (lib/ext/dbtr/dbtr_core.c). Per hart: the Sdtrig triggers found at boot
 * (lib/ext/dbtr/dbtr_hw.h), offered as trig_idx 0..trig_max-1 (logical index =
 * hardware index), S-mode's configuration of each, and the shared memory.
 *
 * S-mode may program mcontrol (type 2) and mcontrol6 (type 6) triggers that
 * raise a breakpoint exception (action 0) in U, S, VU or VS mode; never in
 * M-mode (tdata1.m and dmode must be 0), and never on an address in the
 * firmware's region (docs/sbi3.md). What the hardware cannot do is found by
 * writing the trigger and reading it back: SBI_ERR_NOT_SUPPORTED.
 */
#ifndef ABACUS_DBTR_H
#define ABACUS_DBTR_H

#include <stdbool.h>
#include <stdint.h>
#include "sbi_spec.h"
#include "sbi_types.h"

#define DBTR_MAX_TRIGGERS 8   /* triggers offered per hart (more are left unused) */

/* tdata1 fields (Sdtrig 1.0, RV64). */
#define TDATA1_TYPE_SHIFT      60
#define TDATA1_TYPE(t)         ((unsigned long)(t) >> TDATA1_TYPE_SHIFT)
#define TDATA1_DMODE           (1UL << 59)
#define TDATA1_TYPE_MCONTROL   2
#define TDATA1_TYPE_MCONTROL6  6
#define MCONTROL_LOAD          (1UL << 0)
#define MCONTROL_STORE         (1UL << 1)
#define MCONTROL_EXECUTE       (1UL << 2)
#define MCONTROL_U             (1UL << 3)
#define MCONTROL_S             (1UL << 4)
#define MCONTROL_M             (1UL << 6)
#define MCONTROL_MATCH_SHIFT   7
#define MCONTROL_MATCH         (0xfUL << 7)
#define MCONTROL_CHAIN         (1UL << 11)
#define MCONTROL_ACTION_SHIFT  12
#define MCONTROL_ACTION        (0xfUL << 12)
#define MCONTROL_SIZELO        (3UL << 16)
#define MCONTROL_TIMING        (1UL << 18)
#define MCONTROL_SELECT        (1UL << 19)
#define MCONTROL_HIT           (1UL << 20)
#define MCONTROL_SIZEHI        (3UL << 21)
#define MCONTROL6_UNCERTAINEN  (1UL << 5)
#define MCONTROL6_SIZE         (7UL << 16)
#define MCONTROL6_SELECT       (1UL << 21)
#define MCONTROL6_HIT0         (1UL << 22)
#define MCONTROL6_VU           (1UL << 23)
#define MCONTROL6_VS           (1UL << 24)

struct dbtr_trigger {
	unsigned long state;            /* trig_state (SBI_DBTR_STATE_*) */
	unsigned long tdata1, tdata2, tdata3;   /* as S-mode configured them (mode bits cleared while disabled) */
};

/* Every hart has one (struct hart_ext): its size counts once per hart in the firmware region. */
struct dbtr_hart {
	unsigned int trig_max;
	bool more_unused;                       /* the hart has more than DBTR_MAX_TRIGGERS: the boot log says so */
	bool shmem_enabled;
	uint16_t type_mask[DBTR_MAX_TRIGGERS];  /* bit t: trigger can be of type t (tinfo.info, 16 bits) */
	struct dbtr_trigger trig[DBTR_MAX_TRIGGERS];
	unsigned long shmem;                    /* physical address, checked when set */
};

/* Boot: the triggers the hart has (trig_max may exceed DBTR_MAX_TRIGGERS: the rest stay unused). */
void dbtr_hart_init(struct dbtr_hart *dh, unsigned int trig_max, const uint16_t *type_mask);
/* Hart reset (HSM stop): every trigger uninstalled, shared memory disabled. */
void dbtr_hart_reset(struct dbtr_hart *dh);

struct sbiret sbi_debug_num_triggers(struct dbtr_hart *dh, unsigned long trig_tdata1);
struct sbiret sbi_debug_set_shmem(struct dbtr_hart *dh, unsigned long shmem_phys_lo,
				  unsigned long shmem_phys_hi, unsigned long flags);
struct sbiret sbi_debug_read_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
				      unsigned long trig_count);
struct sbiret sbi_debug_install_triggers(struct dbtr_hart *dh, unsigned long trig_count);
struct sbiret sbi_debug_update_triggers(struct dbtr_hart *dh, unsigned long trig_count);
struct sbiret sbi_debug_uninstall_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
					   unsigned long trig_idx_mask);
struct sbiret sbi_debug_enable_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
					unsigned long trig_idx_mask);
struct sbiret sbi_debug_disable_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
					 unsigned long trig_idx_mask);

#endif
