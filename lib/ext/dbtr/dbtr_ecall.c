/* SPDX-License-Identifier: BSD-2-Clause */
/* DBTR extension (EID 0x44425452) glue: the calling hart's triggers. */
#include "hart_ext.h"
#include "sbi_ecall.h"
#include "hsm/hsm.h"

bool sbi_dbtr_available(void)
{
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_offered_to_smode(hart_table[i]) && hart_table[i]->ext->dbtr.trig_max)
			return true;
	return false;
}

struct sbiret sbi_ecall_dbtr(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5, unsigned long fid)
{
	struct dbtr_hart *dh = &current_hart()->ext->dbtr;

	(void)a3, (void)a4, (void)a5;
	switch (fid) {
	case SBI_DBTR_NUM_TRIGGERS:
		return sbi_debug_num_triggers(dh, a0);
	case SBI_DBTR_SET_SHMEM:
		return sbi_debug_set_shmem(dh, a0, a1, a2);
	case SBI_DBTR_READ_TRIGGERS:
		return sbi_debug_read_triggers(dh, a0, a1);
	case SBI_DBTR_INSTALL_TRIGGERS:
		return sbi_debug_install_triggers(dh, a0);
	case SBI_DBTR_UPDATE_TRIGGERS:
		return sbi_debug_update_triggers(dh, a0);
	case SBI_DBTR_UNINSTALL_TRIGGERS:
		return sbi_debug_uninstall_triggers(dh, a0, a1);
	case SBI_DBTR_ENABLE_TRIGGERS:
		return sbi_debug_enable_triggers(dh, a0, a1);
	case SBI_DBTR_DISABLE_TRIGGERS:
		return sbi_debug_disable_triggers(dh, a0, a1);
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}

SBI_EXTENSION(SBI_EXT_DBTR, sbi_ecall_dbtr, "dbtr", sbi_dbtr_available);
