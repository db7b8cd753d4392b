/* SPDX-License-Identifier: BSD-2-Clause */
/* PMU extension (EID "PMU") glue: unpack registers, call the core, pack sbiret. */
#include "hart.h"
#include "sbi_ecall.h"
#include "pmu_internal.h"   /* the pmu_*_ecall() entries */

/* The FIDs perf does not call on every sample or context switch. */
static __attribute__((noinline)) struct sbiret pmu_ecall_other(unsigned long a0, unsigned long a1, unsigned long a2,
							      unsigned long a3, unsigned long fid)
{
	struct pmu_hart *ph = &current_hart()->pmu;

	switch (fid) {
	case SBI_PMU_NUM_COUNTERS:
		return sbiret_ok(pmu_num_counters(ph));
	case SBI_PMU_COUNTER_GET_INFO:
		return pmu_counter_get_info(ph, a0);
	case SBI_PMU_COUNTER_FW_READ_HI:
		return pmu_counter_fw_read_hi(ph, a0);
	case SBI_PMU_SNAPSHOT_SET_SHMEM:
		return pmu_snapshot_set_shmem(ph, a0, a1, a2);
	case SBI_PMU_EVENT_GET_INFO:
		return pmu_event_get_info(ph, a0, a1, a2, a3);
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}

/* The hot FIDs first, one test each (docs/bench.md, "Compilers"), then the rest. */
struct sbiret sbi_ecall_pmu(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			    unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a5;
	if (sbi_fid_is(fid, SBI_PMU_COUNTER_FW_READ))
		return pmu_counter_fw_read_ecall(a0, &current_hart()->pmu);
	if (sbi_fid_is(fid, SBI_PMU_COUNTER_START))
		return pmu_counter_start_ecall(a0, a1, a2, a3, &current_hart()->pmu);
	if (sbi_fid_is(fid, SBI_PMU_COUNTER_STOP))
		return pmu_counter_stop_ecall(a0, a1, a2, &current_hart()->pmu);
	if (sbi_fid_is(fid, SBI_PMU_COUNTER_CONFIG_MATCHING))
		return pmu_counter_config_matching_ecall(a0, a1, a2, a3, a4, &current_hart()->pmu);
	return pmu_ecall_other(a0, a1, a2, a3, fid);
}

SBI_EXTENSION(SBI_EXT_PMU, sbi_ecall_pmu, "pmu", NULL);
