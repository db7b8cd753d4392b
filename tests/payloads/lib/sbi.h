/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode side of the SBI: the ecall itself and one wrapper per SBI function
 * the tests use, with the spec's names and argument order.
 */
#ifndef PAYLOAD_SBI_H
#define PAYLOAD_SBI_H

#include <stdint.h>
#include "sbi_spec.h"
#include "sbi_types.h"

/* a7 = EID, a6 = FID, a0..a5 = arguments; the SEE returns error/value in a0/a1. */
static inline struct sbiret sbi_ecall(unsigned long eid, unsigned long fid,
				      unsigned long arg0, unsigned long arg1,
				      unsigned long arg2, unsigned long arg3,
				      unsigned long arg4, unsigned long arg5)
{
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = arg1;
	register unsigned long a2 __asm__("a2") = arg2;
	register unsigned long a3 __asm__("a3") = arg3;
	register unsigned long a4 __asm__("a4") = arg4;
	register unsigned long a5 __asm__("a5") = arg5;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = eid;
	struct sbiret ret;

	__asm__ volatile("ecall"
			 : "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7)
			 : "memory");
	ret.error = (long)a0;
	ret.value = a1;
	return ret;
}

/* A legacy (v0.1) call: EID only, the result is a0 alone. */
static inline long sbi_legacy_ecall(unsigned long eid, unsigned long arg0,
				    unsigned long arg1, unsigned long arg2,
				    unsigned long arg3)
{
	return sbi_ecall(eid, 0, arg0, arg1, arg2, arg3, 0, 0).error;
}

/* Base (EID 0x10). */
struct sbiret sbi_get_spec_version(void);
struct sbiret sbi_get_impl_id(void);
struct sbiret sbi_get_impl_version(void);
struct sbiret sbi_probe_extension(long extension_id);
struct sbiret sbi_get_mvendorid(void);
struct sbiret sbi_get_marchid(void);
struct sbiret sbi_get_mimpid(void);

/* Legacy extensions (EIDs 0x00..0x08). */
long sbi_legacy_set_timer(uint64_t stime_value);
long sbi_legacy_console_putchar(int ch);
long sbi_legacy_console_getchar(void);
long sbi_legacy_clear_ipi(void);
long sbi_legacy_send_ipi(const unsigned long *hart_mask);
long sbi_legacy_remote_fence_i(const unsigned long *hart_mask);
long sbi_legacy_remote_sfence_vma(const unsigned long *hart_mask,
				  unsigned long start, unsigned long size);
long sbi_legacy_remote_sfence_vma_asid(const unsigned long *hart_mask,
				       unsigned long start, unsigned long size,
				       unsigned long asid);
void sbi_legacy_shutdown(void);

/* Timer, IPI, RFENCE. */
struct sbiret sbi_set_timer(uint64_t stime_value);
struct sbiret sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base);
struct sbiret sbi_remote_fence_i(unsigned long hart_mask, unsigned long hart_mask_base);
struct sbiret sbi_remote_sfence_vma(unsigned long hart_mask, unsigned long hart_mask_base,
				    unsigned long start_addr, unsigned long size);
struct sbiret sbi_remote_sfence_vma_asid(unsigned long hart_mask, unsigned long hart_mask_base,
					 unsigned long start_addr, unsigned long size,
					 unsigned long asid);
struct sbiret sbi_remote_hfence_gvma_vmid(unsigned long hart_mask, unsigned long hart_mask_base,
					  unsigned long start_addr, unsigned long size,
					  unsigned long vmid);
struct sbiret sbi_remote_hfence_gvma(unsigned long hart_mask, unsigned long hart_mask_base,
				     unsigned long start_addr, unsigned long size);
struct sbiret sbi_remote_hfence_vvma_asid(unsigned long hart_mask, unsigned long hart_mask_base,
					  unsigned long start_addr, unsigned long size,
					  unsigned long asid);
struct sbiret sbi_remote_hfence_vvma(unsigned long hart_mask, unsigned long hart_mask_base,
				     unsigned long start_addr, unsigned long size);

/* Hart state management. */
struct sbiret sbi_hart_start(unsigned long hartid, unsigned long start_addr, unsigned long opaque);
struct sbiret sbi_hart_stop(void);
struct sbiret sbi_hart_get_status(unsigned long hartid);
struct sbiret sbi_hart_suspend(uint32_t suspend_type, unsigned long resume_addr,
			       unsigned long opaque);

/* System reset. */
struct sbiret sbi_system_reset(uint32_t reset_type, uint32_t reset_reason);

/* Performance monitoring unit. */
struct sbiret sbi_pmu_num_counters(void);
struct sbiret sbi_pmu_counter_get_info(unsigned long counter_idx);
struct sbiret sbi_pmu_counter_config_matching(unsigned long counter_idx_base,
					      unsigned long counter_idx_mask,
					      unsigned long config_flags,
					      unsigned long event_idx,
					      uint64_t event_data);
struct sbiret sbi_pmu_counter_start(unsigned long counter_idx_base,
				    unsigned long counter_idx_mask,
				    unsigned long start_flags,
				    uint64_t initial_value);
struct sbiret sbi_pmu_counter_stop(unsigned long counter_idx_base,
				   unsigned long counter_idx_mask,
				   unsigned long stop_flags);
struct sbiret sbi_pmu_counter_fw_read(unsigned long counter_idx);
struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long counter_idx);
struct sbiret sbi_pmu_snapshot_set_shmem(unsigned long shmem_phys_lo,
					 unsigned long shmem_phys_hi,
					 unsigned long flags);
struct sbiret sbi_pmu_event_get_info(unsigned long shmem_phys_lo,
				     unsigned long shmem_phys_hi,
				     unsigned long num_entries,
				     unsigned long flags);

/* Supervisor Software Events (attribute values through S-mode memory). */
struct sbiret sbi_sse_read_attrs(unsigned long event_id, unsigned long base_attr_id,
				 unsigned long attr_count, unsigned long output_phys_lo,
				 unsigned long output_phys_hi);
struct sbiret sbi_sse_write_attrs(unsigned long event_id, unsigned long base_attr_id,
				  unsigned long attr_count, unsigned long input_phys_lo,
				  unsigned long input_phys_hi);
struct sbiret sbi_sse_register(unsigned long event_id, unsigned long handler_entry_pc,
			       unsigned long handler_entry_arg);
struct sbiret sbi_sse_unregister(unsigned long event_id);
struct sbiret sbi_sse_enable(unsigned long event_id);
struct sbiret sbi_sse_disable(unsigned long event_id);
struct sbiret sbi_sse_complete(void);
struct sbiret sbi_sse_inject(unsigned long event_id, unsigned long hart_id);
struct sbiret sbi_sse_hart_unmask(void);
struct sbiret sbi_sse_hart_mask(void);

/* Firmware features. */
struct sbiret sbi_fwft_set(unsigned long feature, unsigned long value, unsigned long flags);
struct sbiret sbi_fwft_get(unsigned long feature);

/* Debug triggers. */
struct sbiret sbi_debug_num_triggers(unsigned long trig_tdata1);
struct sbiret sbi_debug_set_shmem(unsigned long shmem_phys_lo, unsigned long shmem_phys_hi,
				  unsigned long flags);
struct sbiret sbi_debug_read_triggers(unsigned long trig_idx_base, unsigned long trig_count);
struct sbiret sbi_debug_install_triggers(unsigned long trig_count);
struct sbiret sbi_debug_update_triggers(unsigned long trig_count);
struct sbiret sbi_debug_uninstall_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask);
struct sbiret sbi_debug_enable_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask);
struct sbiret sbi_debug_disable_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask);

/* Debug console. */
struct sbiret sbi_debug_console_write(unsigned long num_bytes, unsigned long base_addr_lo,
				      unsigned long base_addr_hi);
struct sbiret sbi_debug_console_read(unsigned long num_bytes, unsigned long base_addr_lo,
				     unsigned long base_addr_hi);
struct sbiret sbi_debug_console_write_byte(uint8_t byte);

#endif
