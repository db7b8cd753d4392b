/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running counters: sbi_pmu_counter_start/stop (FIDs 3, 4), firmware counter
 * reads (FIDs 5, 6) and the snapshot shared memory (FID 7, Table 16).
 *
 * Start and stop are best effort over the set, as Linux expects: a counter
 * already in the requested state makes the call return ALREADY_STARTED /
 * ALREADY_STOPPED, but every other counter of the set is still acted on.
 * Everything that can make a call fail with INVALID_PARAM or NO_SHMEM is
 * checked before anything changes.
 */
#include "pmu_internal.h"
#include "csr_layer.h"
#include "sbi_memory.h"

/* Both address halves all-ones: disable the snapshot memory (FID 7). */
#define SNAPSHOT_DISABLE (~0UL)

static uint64_t fw_event_now(const struct pmu_hart *ph, const struct pmu_fw_counter *fc)
{
	if (fc->code == SBI_PMU_FW_PLATFORM)
		return pmu_platform->fw_event_read(fc->platform_event);
	return ph->fw_event_count[fc->code];
}

/* Current value of firmware counter k (logical index num_hw + k). */
static uint64_t fw_counter_value(const struct pmu_hart *ph, unsigned int k)
{
	const struct pmu_fw_counter *fc = &ph->fw[k];

	if (ph->started & pmu_bit(ph->num_hw + k))
		return fw_event_now(ph, fc) + fc->value_or_base;   /* wraps like a 64-bit counter */
	return fc->value_or_base;
}

void pmu_fw_counter_freeze(struct pmu_hart *ph, unsigned int k)
{
	ph->fw[k].value_or_base = fw_counter_value(ph, k);
}

static bool counter_has_event(const struct pmu_hart *ph, unsigned int idx)
{
	if (pmu_is_hw(ph, idx))
		return ph->hw_event[idx] != 0;   /* never set for time */
	return ph->fw[idx - ph->num_hw].configured;
}

void pmu_counter_start_one(struct pmu_hart *ph, unsigned int idx, bool has_value, uint64_t value)
{
	if (!pmu_is_hw(ph, idx)) {
		unsigned int k = idx - ph->num_hw;
		struct pmu_fw_counter *fc = &ph->fw[k];

		if (!has_value)
			value = fc->value_or_base;
		fc->value_or_base = value - fw_event_now(ph, fc);
		ph->started |= pmu_bit(idx);
		return;
	}

	if (!has_value)
		value = csr_read_counter(idx);       /* resume from where it stopped */
	if (ph->has_sscofpmf && idx >= PMU_HPM_FIRST)
		csr_write_mhpmevent(idx, csr_read_mhpmevent(idx) & ~MHPMEVENT_OF);
	csr_inhibit_clear(1u << idx);
	/*
	 * Always written, after the inhibit bit is cleared: QEMU 7.2 arms the
	 * overflow interrupt when the counter is written, drops it if the counter
	 * is inhibited then, and would otherwise add the stopped time to a
	 * resumed counter (platform-notes.md).
	 */
	csr_write_counter(idx, value);
	ph->started |= pmu_bit(idx);
}

/* Snapshot memory (Table 16): an 8-byte overflow bitmap, then 64 8-byte counter values. */
static volatile uint64_t *snapshot_overflow(const struct pmu_hart *ph)
{
	return (volatile uint64_t *)(uintptr_t)(ph->snapshot_addr + SBI_PMU_SNAPSHOT_OVERFLOW_OFFSET);
}

static volatile uint64_t *snapshot_value(const struct pmu_hart *ph, unsigned int slot)
{
	return (volatile uint64_t *)(uintptr_t)(ph->snapshot_addr + SBI_PMU_SNAPSHOT_VALUES_OFFSET) + slot;
}

struct sbiret pmu_counter_start(struct pmu_hart *ph, unsigned long counter_idx_base,
				unsigned long counter_idx_mask, unsigned long start_flags,
				uint64_t initial_value)
{
	const unsigned long both = SBI_PMU_START_FLAG_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT;
	struct sbiret ret = sbiret_ok(0);
	uint64_t set, m;

	if (start_flags & ~SBI_PMU_START_FLAG_ALL)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((start_flags & both) == both)   /* Table 10 note: mutually exclusive */
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((start_flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT) && !ph->snapshot_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);
	if (!pmu_counter_set(ph, counter_idx_base, counter_idx_mask, &set))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	/* A counter without an event (time included) cannot be started: an invalid counter for this call. */
	for (m = set; m; m &= m - 1)
		if (!counter_has_event(ph, pmu_lowest_bit(m)))
			return sbiret_err(SBI_ERR_INVALID_PARAM);

	for (m = set; m; m &= m - 1) {
		unsigned int idx = pmu_lowest_bit(m);
		uint64_t value = initial_value;

		if (ph->started & pmu_bit(idx)) {
			ret.error = SBI_ERR_ALREADY_STARTED;
			continue;
		}
		if (start_flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT)
			value = *snapshot_value(ph, idx - counter_idx_base);
		pmu_counter_start_one(ph, idx, start_flags & both, value);
	}
	return ret;
}

static void counter_stop_one(struct pmu_hart *ph, unsigned int idx)
{
	if (pmu_is_hw(ph, idx)) {
		csr_inhibit_set(1u << idx);
		/* QEMU 7.2 returns the counter's last *written* value once it is
		 * inhibited: write the value it stopped at, so S-mode reads that. */
		csr_write_counter(idx, csr_read_counter(idx));
	} else
		pmu_fw_counter_freeze(ph, idx - ph->num_hw);
	ph->started &= ~pmu_bit(idx);
}

/* Unmaps a stopped counter (STOP_FLAG_RESET). */
static void counter_reset_one(struct pmu_hart *ph, unsigned int idx)
{
	if (!pmu_is_hw(ph, idx)) {
		ph->fw[idx - ph->num_hw].configured = 0;   /* the value stays (Table 12) */
		return;
	}
	if (!ph->hw_event[idx])
		return;   /* not mapped (time never is): nothing to undo */
	ph->hw_event[idx] = 0;
	if (idx >= PMU_HPM_FIRST) {
		csr_write_mhpmevent(idx, 0);
		return;
	}
	if (ph->has_smcntrpmf)
		csr_write_counter_cfg(idx, 0);
	/* An unmapped mcycle/minstret counts freely again, as after boot. */
	csr_inhibit_clear(1u << idx);
}

/* Table 16: the values of the set, and which of its hardware counters overflowed. */
static void snapshot_take(struct pmu_hart *ph, unsigned long base, uint64_t set)
{
	uint64_t overflowed = ph->has_sscofpmf ? csr_read_scountovf() : 0;
	uint64_t bitmap = 0;

	for (uint64_t m = set; m; m &= m - 1) {
		unsigned int idx = pmu_lowest_bit(m);
		unsigned int slot = idx - base;   /* < 64: the set came from a 64-bit mask */

		if (!pmu_is_hw(ph, idx)) {
			*snapshot_value(ph, slot) = fw_counter_value(ph, idx - ph->num_hw);
		} else if (idx != PMU_COUNTER_TIME) {
			/* time is not read: M-mode cannot read it on every hart (U74 traps) */
			*snapshot_value(ph, slot) = csr_read_counter(idx);
			if (overflowed & pmu_bit(idx))
				bitmap |= pmu_bit(slot);
		}
	}
	*snapshot_overflow(ph) = bitmap;
}

struct sbiret pmu_counter_stop(struct pmu_hart *ph, unsigned long counter_idx_base,
			       unsigned long counter_idx_mask, unsigned long stop_flags)
{
	struct sbiret ret = sbiret_ok(0);
	uint64_t set, m;

	if (stop_flags & ~SBI_PMU_STOP_FLAG_ALL)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((stop_flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT) && !ph->snapshot_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);
	if (!pmu_counter_set(ph, counter_idx_base, counter_idx_mask, &set))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!set)
		return ret;

	for (m = set; m; m &= m - 1) {
		unsigned int idx = pmu_lowest_bit(m);

		if (ph->started & pmu_bit(idx))
			counter_stop_one(ph, idx);
		else
			ret.error = SBI_ERR_ALREADY_STOPPED;
	}
	if (stop_flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT)
		snapshot_take(ph, counter_idx_base, set);
	/* Linux stops, then stops again with RESET: unmap even counters already stopped. */
	if (stop_flags & SBI_PMU_STOP_FLAG_RESET)
		for (m = set; m; m &= m - 1)
			counter_reset_one(ph, pmu_lowest_bit(m));
	return ret;
}

/* A started SBI_PMU_FW_PLATFORM counter: out of line, so that the common
 * case of pmu_counter_fw_read needs no stack frame. */
static __attribute__((noinline)) uint64_t fw_platform_counter_value(const struct pmu_fw_counter *fc)
{
	return pmu_platform->fw_event_read(fc->platform_event) + fc->value_or_base;
}

struct sbiret pmu_counter_fw_read(struct pmu_hart *ph, unsigned long counter_idx)
{
	/* Wraps to a huge k for hardware counters, so one comparison rejects both. */
	unsigned long k = counter_idx - ph->num_hw;
	const struct pmu_fw_counter *fc;

	if (k >= PMU_FW_COUNTERS)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	fc = &ph->fw[k];
	if (!(ph->started & pmu_bit(counter_idx)))
		return sbiret_ok(fc->value_or_base);
	/* Started: event count + base, wrapping like a 64-bit counter. */
	if (__builtin_expect(fc->code == SBI_PMU_FW_PLATFORM, 0))
		return sbiret_ok(fw_platform_counter_value(fc));
	return sbiret_ok(ph->fw_event_count[fc->code] + fc->value_or_base);
}

struct sbiret pmu_counter_fw_read_hi(struct pmu_hart *ph, unsigned long counter_idx)
{
	if (counter_idx - ph->num_hw >= PMU_FW_COUNTERS)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	return sbiret_ok(0);   /* Table 15: always 0 on RV64 */
}

struct sbiret pmu_snapshot_set_shmem(struct pmu_hart *ph, unsigned long shmem_phys_lo,
				     unsigned long shmem_phys_hi, unsigned long flags)
{
	if (flags != 0)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (shmem_phys_lo == SNAPSHOT_DISABLE && shmem_phys_hi == SNAPSHOT_DISABLE) {
		ph->snapshot_enabled = false;
		ph->snapshot_addr = 0;
		return sbiret_ok(0);
	}
	if (shmem_phys_lo % SBI_PMU_SNAPSHOT_SIZE != 0)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!sbi_memory_smode_range_ok(shmem_phys_lo, shmem_phys_hi, SBI_PMU_SNAPSHOT_SIZE))
		return sbiret_err(SBI_ERR_INVALID_ADDRESS);
	/* The memory itself is touched only by start/stop with the snapshot flags. */
	ph->snapshot_addr = shmem_phys_lo;
	ph->snapshot_enabled = true;
	return sbiret_ok(0);
}
