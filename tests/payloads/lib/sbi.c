/* SPDX-License-Identifier: BSD-2-Clause */
/* One wrapper per SBI function: pack the arguments, make the ecall. */
#include "sbi.h"

struct sbiret sbi_get_spec_version(void)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_get_impl_id(void)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_get_impl_version(void)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_IMPL_VERSION, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_probe_extension(long extension_id)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, extension_id, 0, 0, 0, 0, 0);
}

struct sbiret sbi_get_mvendorid(void)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MVENDORID, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_get_marchid(void)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MARCHID, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_get_mimpid(void)
{
	return sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MIMPID, 0, 0, 0, 0, 0, 0);
}

long sbi_legacy_set_timer(uint64_t stime_value)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_SET_TIMER, stime_value, 0, 0, 0);
}

long sbi_legacy_console_putchar(int ch)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_CONSOLE_PUTCHAR, (unsigned long)ch, 0, 0, 0);
}

long sbi_legacy_console_getchar(void)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_CONSOLE_GETCHAR, 0, 0, 0, 0);
}

long sbi_legacy_clear_ipi(void)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, 0, 0);
}

/* Legacy hart masks are passed by (virtual) address, per the v0.1 spec. */
long sbi_legacy_send_ipi(const unsigned long *hart_mask)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_SEND_IPI, (unsigned long)hart_mask, 0, 0, 0);
}

long sbi_legacy_remote_fence_i(const unsigned long *hart_mask)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_REMOTE_FENCE_I, (unsigned long)hart_mask, 0, 0, 0);
}

long sbi_legacy_remote_sfence_vma(const unsigned long *hart_mask,
				  unsigned long start, unsigned long size)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, (unsigned long)hart_mask,
				start, size, 0);
}

long sbi_legacy_remote_sfence_vma_asid(const unsigned long *hart_mask,
				       unsigned long start, unsigned long size,
				       unsigned long asid)
{
	return sbi_legacy_ecall(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, (unsigned long)hart_mask,
				start, size, asid);
}

void sbi_legacy_shutdown(void)
{
	sbi_legacy_ecall(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0);
}

struct sbiret sbi_set_timer(uint64_t stime_value)
{
	return sbi_ecall(SBI_EXT_TIME, SBI_TIME_SET_TIMER, stime_value, 0, 0, 0, 0, 0);
}

struct sbiret sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base)
{
	return sbi_ecall(SBI_EXT_IPI, SBI_IPI_SEND_IPI, hart_mask, hart_mask_base, 0, 0, 0, 0);
}

struct sbiret sbi_remote_fence_i(unsigned long hart_mask, unsigned long hart_mask_base)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_FENCE_I,
			 hart_mask, hart_mask_base, 0, 0, 0, 0);
}

struct sbiret sbi_remote_sfence_vma(unsigned long hart_mask, unsigned long hart_mask_base,
				    unsigned long start_addr, unsigned long size)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_SFENCE_VMA,
			 hart_mask, hart_mask_base, start_addr, size, 0, 0);
}

struct sbiret sbi_remote_sfence_vma_asid(unsigned long hart_mask, unsigned long hart_mask_base,
					 unsigned long start_addr, unsigned long size,
					 unsigned long asid)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_SFENCE_VMA_ASID,
			 hart_mask, hart_mask_base, start_addr, size, asid, 0);
}

struct sbiret sbi_remote_hfence_gvma_vmid(unsigned long hart_mask, unsigned long hart_mask_base,
					  unsigned long start_addr, unsigned long size,
					  unsigned long vmid)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID,
			 hart_mask, hart_mask_base, start_addr, size, vmid, 0);
}

struct sbiret sbi_remote_hfence_gvma(unsigned long hart_mask, unsigned long hart_mask_base,
				     unsigned long start_addr, unsigned long size)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_HFENCE_GVMA,
			 hart_mask, hart_mask_base, start_addr, size, 0, 0);
}

struct sbiret sbi_remote_hfence_vvma_asid(unsigned long hart_mask, unsigned long hart_mask_base,
					  unsigned long start_addr, unsigned long size,
					  unsigned long asid)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID,
			 hart_mask, hart_mask_base, start_addr, size, asid, 0);
}

struct sbiret sbi_remote_hfence_vvma(unsigned long hart_mask, unsigned long hart_mask_base,
				     unsigned long start_addr, unsigned long size)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_RFENCE_REMOTE_HFENCE_VVMA,
			 hart_mask, hart_mask_base, start_addr, size, 0, 0);
}

struct sbiret sbi_hart_start(unsigned long hartid, unsigned long start_addr, unsigned long opaque)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_START, hartid, start_addr, opaque, 0, 0, 0);
}

struct sbiret sbi_hart_stop(void)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_STOP, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_hart_get_status(unsigned long hartid)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_GET_STATUS, hartid, 0, 0, 0, 0, 0);
}

struct sbiret sbi_hart_suspend(uint32_t suspend_type, unsigned long resume_addr,
			       unsigned long opaque)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, suspend_type, resume_addr, opaque,
			 0, 0, 0);
}

struct sbiret sbi_system_reset(uint32_t reset_type, uint32_t reset_reason)
{
	return sbi_ecall(SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET, reset_type, reset_reason,
			 0, 0, 0, 0);
}

struct sbiret sbi_pmu_num_counters(void)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_pmu_counter_get_info(unsigned long counter_idx)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_GET_INFO, counter_idx, 0, 0, 0, 0, 0);
}

/* On RV64 the 64-bit event_data and initial_value fit in one register. */
struct sbiret sbi_pmu_counter_config_matching(unsigned long counter_idx_base,
					      unsigned long counter_idx_mask,
					      unsigned long config_flags,
					      unsigned long event_idx,
					      uint64_t event_data)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, counter_idx_base,
			 counter_idx_mask, config_flags, event_idx, event_data, 0);
}

struct sbiret sbi_pmu_counter_start(unsigned long counter_idx_base,
				    unsigned long counter_idx_mask,
				    unsigned long start_flags,
				    uint64_t initial_value)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_START, counter_idx_base,
			 counter_idx_mask, start_flags, initial_value, 0, 0);
}

struct sbiret sbi_pmu_counter_stop(unsigned long counter_idx_base,
				   unsigned long counter_idx_mask,
				   unsigned long stop_flags)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, counter_idx_base,
			 counter_idx_mask, stop_flags, 0, 0, 0);
}

struct sbiret sbi_pmu_counter_fw_read(unsigned long counter_idx)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ, counter_idx, 0, 0, 0, 0, 0);
}

struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long counter_idx)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ_HI, counter_idx, 0, 0, 0, 0, 0);
}

struct sbiret sbi_pmu_snapshot_set_shmem(unsigned long shmem_phys_lo,
					 unsigned long shmem_phys_hi,
					 unsigned long flags)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_SNAPSHOT_SET_SHMEM, shmem_phys_lo,
			 shmem_phys_hi, flags, 0, 0, 0);
}

struct sbiret sbi_pmu_event_get_info(unsigned long shmem_phys_lo,
				     unsigned long shmem_phys_hi,
				     unsigned long num_entries,
				     unsigned long flags)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_PMU_EVENT_GET_INFO, shmem_phys_lo,
			 shmem_phys_hi, num_entries, flags, 0, 0);
}

struct sbiret sbi_debug_console_write(unsigned long num_bytes, unsigned long base_addr_lo,
				      unsigned long base_addr_hi)
{
	return sbi_ecall(SBI_EXT_DBCN, SBI_DBCN_CONSOLE_WRITE, num_bytes, base_addr_lo,
			 base_addr_hi, 0, 0, 0);
}

struct sbiret sbi_debug_console_read(unsigned long num_bytes, unsigned long base_addr_lo,
				     unsigned long base_addr_hi)
{
	return sbi_ecall(SBI_EXT_DBCN, SBI_DBCN_CONSOLE_READ, num_bytes, base_addr_lo,
			 base_addr_hi, 0, 0, 0);
}

struct sbiret sbi_debug_console_write_byte(uint8_t byte)
{
	return sbi_ecall(SBI_EXT_DBCN, SBI_DBCN_CONSOLE_WRITE_BYTE, byte, 0, 0, 0, 0, 0);
}

struct sbiret sbi_sse_read_attrs(unsigned long event_id, unsigned long base_attr_id,
				 unsigned long attr_count, unsigned long output_phys_lo,
				 unsigned long output_phys_hi)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_READ_ATTRS, event_id, base_attr_id, attr_count,
			 output_phys_lo, output_phys_hi, 0);
}

struct sbiret sbi_sse_write_attrs(unsigned long event_id, unsigned long base_attr_id,
				  unsigned long attr_count, unsigned long input_phys_lo,
				  unsigned long input_phys_hi)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_WRITE_ATTRS, event_id, base_attr_id, attr_count,
			 input_phys_lo, input_phys_hi, 0);
}

struct sbiret sbi_sse_register(unsigned long event_id, unsigned long handler_entry_pc,
			       unsigned long handler_entry_arg)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_REGISTER, event_id, handler_entry_pc, handler_entry_arg,
			 0, 0, 0);
}

struct sbiret sbi_sse_unregister(unsigned long event_id)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_UNREGISTER, event_id, 0, 0, 0, 0, 0);
}

struct sbiret sbi_sse_enable(unsigned long event_id)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_ENABLE, event_id, 0, 0, 0, 0, 0);
}

struct sbiret sbi_sse_disable(unsigned long event_id)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_DISABLE, event_id, 0, 0, 0, 0, 0);
}

struct sbiret sbi_sse_complete(void)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_COMPLETE, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_sse_inject(unsigned long event_id, unsigned long hart_id)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_INJECT, event_id, hart_id, 0, 0, 0, 0);
}

struct sbiret sbi_sse_hart_unmask(void)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_HART_UNMASK, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_sse_hart_mask(void)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_SSE_HART_MASK, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_fwft_set(unsigned long feature, unsigned long value, unsigned long flags)
{
	return sbi_ecall(SBI_EXT_FWFT, SBI_FWFT_SET, feature, value, flags, 0, 0, 0);
}

struct sbiret sbi_fwft_get(unsigned long feature)
{
	return sbi_ecall(SBI_EXT_FWFT, SBI_FWFT_GET, feature, 0, 0, 0, 0, 0);
}

struct sbiret sbi_debug_num_triggers(unsigned long trig_tdata1)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_NUM_TRIGGERS, trig_tdata1, 0, 0, 0, 0, 0);
}

struct sbiret sbi_debug_set_shmem(unsigned long shmem_phys_lo, unsigned long shmem_phys_hi,
				  unsigned long flags)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, shmem_phys_lo, shmem_phys_hi, flags, 0, 0, 0);
}

struct sbiret sbi_debug_read_triggers(unsigned long trig_idx_base, unsigned long trig_count)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_READ_TRIGGERS, trig_idx_base, trig_count, 0, 0, 0, 0);
}

struct sbiret sbi_debug_install_triggers(unsigned long trig_count)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_INSTALL_TRIGGERS, trig_count, 0, 0, 0, 0, 0);
}

struct sbiret sbi_debug_update_triggers(unsigned long trig_count)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_UPDATE_TRIGGERS, trig_count, 0, 0, 0, 0, 0);
}

struct sbiret sbi_debug_uninstall_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_UNINSTALL_TRIGGERS, trig_idx_base, trig_idx_mask, 0, 0, 0, 0);
}

struct sbiret sbi_debug_enable_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_ENABLE_TRIGGERS, trig_idx_base, trig_idx_mask, 0, 0, 0, 0);
}

struct sbiret sbi_debug_disable_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask)
{
	return sbi_ecall(SBI_EXT_DBTR, SBI_DBTR_DISABLE_TRIGGERS, trig_idx_base, trig_idx_mask, 0, 0, 0, 0);
}
