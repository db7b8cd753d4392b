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
 *
 * A firmware counter's value_or_base is its value while stopped, and its
 * value minus the event count while started.
 *
 * Linux starts and stops one counter per call (mask 1). That case has a
 * path of its own, with the same rules and helpers as the general one but
 * no loop and no call but tail calls, so it needs no stack frame: that
 * decides most of what start and stop cost (docs/bench.md, "Compilers").
 * Whatever needs a call (the
 * platform's hook for SBI_PMU_FW_PLATFORM counters, the snapshot memory)
 * takes the general path.
 */
#include "pmu_internal.h"
#include "pmu/pmu_hw.h"
#include "memory_map.h"

/* The platform's count of a SBI_PMU_FW_PLATFORM counter's event: out of line, it is a call. */
static __attribute__((noinline)) uint64_t fw_platform_event_now(const struct pmu_fw_counter *fc)
{
	return pmu_platform->fw_event_read(fc->platform_event);
}

/* The event count of a configured firmware counter. */
static inline uint64_t fw_event_now(const struct pmu_hart *ph, const struct pmu_fw_counter *fc)
{
	if (pmu_fw_counter_is_platform(fc))
		return fw_platform_event_now(fc);
	return pmu_fw_event_total(ph, fc->code);
}

/* A started SBI_PMU_FW_PLATFORM counter's value. */
static __attribute__((noinline)) uint64_t fw_platform_counter_value(const struct pmu_fw_counter *fc)
{
	return fw_platform_event_now(fc) + fc->value_or_base;
}

/* Current value of firmware counter k (logical index num_hw + k). */
static uint64_t fw_counter_value(const struct pmu_hart *ph, unsigned long k)
{
	const struct pmu_fw_counter *fc = &ph->fw[k];

	if (fc->started)
		return fw_event_now(ph, fc) + fc->value_or_base;   /* wraps like a 64-bit counter */
	return fc->value_or_base;
}

void pmu_fw_counter_freeze(struct pmu_hart *ph, unsigned long k)
{
	ph->fw[k].value_or_base = fw_counter_value(ph, k);
}

static inline bool counter_has_event(const struct pmu_hart *ph, unsigned long idx)
{
	return pmu_counter_mapped(ph, idx);   /* never time */
}

/*
 * The result of start/stop over a set (one rule for both, docs/pmu.md
 * "Start and stop"): a counter without an event is an invalid counter
 * (INVALID_PARAM, Tables 11 and 13) and wins over one already started or
 * stopped (ALREADY_STARTED/ALREADY_STOPPED); every other counter of the set
 * is acted on.
 */
static inline long pmu_set_error(long so_far, long this_counter)
{
	return so_far == SBI_ERR_INVALID_PARAM ? so_far : this_counter;
}

/*
 * Starts firmware counter idx (stopped, configured) from value, or from
 * where it stopped without has_value; now: its event count.
 */
static inline void fw_counter_start(struct pmu_hart *ph, unsigned long idx, bool has_value, uint64_t value,
				    uint64_t now)
{
	struct pmu_fw_counter *fc = &ph->fw[idx - ph->num_hw];

	if (!has_value)
		value = fc->value_or_base;
	fc->value_or_base = value - now;
	pmu_fw_counter_set_started(ph, idx, true);
}

/*
 * A hart without mcountinhibit: mcycle/minstret run free, so "stopped" means
 * the firmware kept their value at the stop (fixed_parked), which a resume
 * writes back; a programmable counter is stopped by selecting no event and
 * started by selecting its event again (from its hw_event[] word).
 */
static inline __attribute__((always_inline)) void free_running_start(struct pmu_hart *ph, unsigned long idx,
								     bool has_value, uint64_t value)
{
	if (idx < PMU_HPM_FIRST) {
		csr_write_counter(idx, has_value ? value : ph->fixed_parked[idx >> 1]);
	} else {
		if (has_value)
			csr_write_counter(idx, value);
		csr_write_mhpmevent(idx, pmu_hw_event_selector(ph->hw_event[idx]));
	}
	ph->started |= pmu_bit(idx);
}

/*
 * Sscofpmf: a start clears OF, so that the next wrap interrupts again, but
 * not while an overflow interrupt is pending (mip.LCOFIP): its handler has
 * yet to read OF. Linux restarts a counter with interrupts off at each tick,
 * and finding no OF its handler left every counter of the CPU stopped
 * (docs/pmu.md, "Sscofpmf overflow"). Most starts find OF clear: no write.
 */
static inline __attribute__((always_inline)) void overflow_rearm(unsigned long idx)
{
	uint64_t event = csr_read_mhpmevent(idx);

	if ((event & MHPMEVENT_OF) && !csr_lcofi_pending())
		csr_write_mhpmevent(idx, event & ~MHPMEVENT_OF);
}

/* hw_counter_start with mcountinhibit. */
static inline __attribute__((always_inline)) void inhibitable_start(struct pmu_hart *ph, unsigned long idx,
								    bool has_value, uint64_t value)
{
	if (ph->has_sscofpmf && idx >= PMU_HPM_FIRST)
		overflow_rearm(idx);
	if (!has_value) {
		/* A counter that froze when stopped resumes by itself. */
		if (__builtin_expect(!ph->counter_from_last_write, 1)) {
			csr_inhibit_clear(1UL << idx);
			ph->started |= pmu_bit(idx);
			return;
		}
		/* QEMU 7.2 would count the stopped time: written where it stopped. */
		value = csr_read_counter(idx);
	}
	csr_inhibit_clear(1UL << idx);
	/*
	 * Written after un-inhibiting: QEMU 7.2 arms the overflow interrupt at
	 * the write and drops it if the counter is inhibited then; without
	 * privilege filtering this also keeps M-mode out of the count.
	 */
	csr_write_counter(idx, value);
	ph->started |= pmu_bit(idx);
}

/*
 * hw_counter_start where counters are not plain: without mcountinhibit; or
 * where each start arms a vendor's overflow interrupt (T-Head's, the bit
 * cleared first as OpenSBI does on C9xx; pmu_vendor_counters') before the
 * start inhibitable_start makes, by CSR number (no second inline copy).
 */
static __attribute__((noinline)) void special_start(struct pmu_hart *ph, unsigned long idx, bool has_value,
						   uint64_t value)
{
	if (!ph->has_mcountinhibit) {
		free_running_start(ph, idx, has_value, value);
		return;
	}
	if (idx >= PMU_HPM_FIRST && ph->vendor_counters)
		pmu_vendor_counters->start(idx);
	else if (idx >= PMU_HPM_FIRST)
		csr_thead_ovf_arm(1u << idx);
	if (!has_value)
		csr_try_read(CSR_NUM_MHPMCOUNTER(idx), &value);
	csr_inhibit_clear(1UL << idx);
	csr_try_write(CSR_NUM_MHPMCOUNTER(idx), value);   /* after the inhibit bit, as inhibitable_start */
	ph->started |= pmu_bit(idx);
}

/* Starts hardware counter idx (stopped, mapped) from value, or from where it stopped. */
static inline __attribute__((always_inline)) void hw_counter_start(struct pmu_hart *ph, unsigned long idx,
								   bool has_value, uint64_t value)
{
	if (__builtin_expect(!ph->plain_counters, 0)) {
		special_start(ph, idx, has_value, value);
		return;
	}
	inhibitable_start(ph, idx, has_value, value);
}

void pmu_counter_start_one(struct pmu_hart *ph, unsigned long idx, bool has_value, uint64_t value)
{
	if (pmu_is_hw(ph, idx))
		hw_counter_start(ph, idx, has_value, value);
	else
		fw_counter_start(ph, idx, has_value, value, fw_event_now(ph, &ph->fw[idx - ph->num_hw]));
}

/*
 * On QEMU 7.2: a counter of cycles or instructions, whose stop writes its
 * value back with no event selected, out of the fast path (mcycle and
 * minstret too: testing for them costs more than it saves).
 */
static inline __attribute__((always_inline)) bool qemu72_counts_time(const struct pmu_hart *ph,
								     unsigned long idx)
{
	return ph->hw_event[idx] - SBI_PMU_HW_CPU_CYCLES <= SBI_PMU_HW_INSTRUCTIONS - SBI_PMU_HW_CPU_CYCLES;
}

/*
 * QEMU 7.2's stop write-back on the general path (out of line: one copy of
 * the table). A qemu72_counts_time() counter is written with no event
 * selected: then the write arms no overflow timer, which for a value that
 * wrapped would be due already and end the hart's turn under -icount
 * (docs/pmu.md section 5). By CSR number: a slow path.
 */
static __attribute__((noinline)) void qemu72_write_back(const struct pmu_hart *ph, unsigned long idx)
{
	uint64_t value = 0, selector = 0;

	if (!qemu72_counts_time(ph, idx)) {
		csr_counter_write_back(idx);
		return;
	}
	csr_try_read(CSR_NUM_MHPMCOUNTER(idx), &value);
	csr_try_read(CSR_NUM_MHPMEVENT(idx), &selector);
	csr_try_write(CSR_NUM_MHPMEVENT(idx), 0);
	csr_try_write(CSR_NUM_MHPMCOUNTER(idx), value);
	csr_try_write(CSR_NUM_MHPMEVENT(idx), selector);
}

/*
 * Stops hardware counter idx (started). one_counter: the one-counter path,
 * which never brings qemu72_counts_time() counters on QEMU 7.2 here.
 */
static inline __attribute__((always_inline)) void hw_counter_stop(struct pmu_hart *ph, unsigned long idx,
								  bool one_counter)
{
	if (ph->counter_from_last_write) {
		/*
		 * QEMU 7.2 reads an inhibited counter as its last written value
		 * (from the second read on): the value it stopped at is written.
		 */
		csr_inhibit_set(1UL << idx);
		if (one_counter)
			csr_counter_write_back(idx);
		else
			qemu72_write_back(ph, idx);
	} else if (__builtin_expect(ph->has_mcountinhibit, 1)) {
		csr_inhibit_set(1UL << idx);   /* the counter keeps the value it stopped at */
	} else if (idx < PMU_HPM_FIRST) {
		ph->fixed_parked[idx >> 1] = csr_read_counter(idx);   /* it runs on */
	} else {
		csr_write_mhpmevent(idx, 0);
	}
	ph->started &= ~pmu_bit(idx);
}

void pmu_hw_counter_stop(struct pmu_hart *ph, unsigned long idx)
{
	hw_counter_stop(ph, idx, false);
}

/* Stops counter idx (started); now: the event count of a firmware counter. one_counter: hw_counter_stop's. */
static inline __attribute__((always_inline)) void counter_stop_one(struct pmu_hart *ph, unsigned long idx,
								   uint64_t now, bool one_counter)
{
	if (pmu_is_hw(ph, idx)) {
		hw_counter_stop(ph, idx, one_counter);
	} else {
		ph->fw[idx - ph->num_hw].value_or_base += now;   /* base -> value */
		pmu_fw_counter_set_started(ph, idx, false);
	}
}

/* Snapshot memory (Table 16): an 8-byte overflow bitmap, then 64 8-byte counter values. */
static volatile uint64_t *snapshot_overflow(const struct pmu_hart *ph)
{
	return (volatile uint64_t *)(uintptr_t)(ph->snapshot_addr + SBI_PMU_SNAPSHOT_OVERFLOW_OFFSET);
}

static volatile uint64_t *snapshot_value(const struct pmu_hart *ph, unsigned long slot)
{
	return (volatile uint64_t *)(uintptr_t)(ph->snapshot_addr + SBI_PMU_SNAPSHOT_VALUES_OFFSET) + slot;
}

/* pmu_counter_start once the flags are checked, for any set. */
static __attribute__((noinline)) long counters_start(struct pmu_hart *ph, unsigned long base,
						     unsigned long mask, unsigned long start_flags,
						     uint64_t initial_value)
{
	bool has_value = start_flags & (SBI_PMU_START_FLAG_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT);
	long error = SBI_SUCCESS;
	uint64_t set, m;

	if (!pmu_counter_set(ph, base, mask, &set))
		return SBI_ERR_INVALID_PARAM;
	for (m = set; m; m &= m - 1) {
		unsigned long idx = pmu_lowest_bit(m);
		uint64_t value = initial_value;

		if (pmu_counter_started(ph, idx)) {
			error = pmu_set_error(error, SBI_ERR_ALREADY_STARTED);
			continue;
		}
		if (!counter_has_event(ph, idx)) {
			error = SBI_ERR_INVALID_PARAM;   /* no event: an invalid counter */
			continue;
		}
		if (start_flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT)
			value = *snapshot_value(ph, idx - base);
		pmu_counter_start_one(ph, idx, has_value, value);
	}
	return error;
}

struct sbiret pmu_counter_start(struct pmu_hart *ph, unsigned long counter_idx_base,
				unsigned long counter_idx_mask, unsigned long start_flags,
				uint64_t initial_value)
{
	return pmu_counter_start_ecall(counter_idx_base, counter_idx_mask, start_flags, initial_value, ph);
}

struct sbiret pmu_counter_start_ecall(unsigned long counter_idx_base, unsigned long counter_idx_mask,
				      unsigned long start_flags, uint64_t initial_value, struct pmu_hart *ph)
{
	const unsigned long both = SBI_PMU_START_FLAG_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT;
	unsigned long idx = counter_idx_base;
	const struct pmu_fw_counter *fc;

	if (start_flags & ~SBI_PMU_START_FLAG_ALL)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((start_flags & both) == both)   /* Table 10 note: mutually exclusive */
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((start_flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT) && !ph->snapshot_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);

	/* One counter (idx), no snapshot: counters_start() without loop or call. */
	if (counter_idx_mask == 1 && !(start_flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT)) {
		bool has_value = start_flags & SBI_PMU_START_FLAG_SET_INIT_VALUE;

		if (idx >= pmu_num_counters(ph))   /* pmu_counter_set() for one counter */
			return sbiret_err(SBI_ERR_INVALID_PARAM);
		if (!counter_has_event(ph, idx))
			return sbiret_err(SBI_ERR_INVALID_PARAM);
		if (pmu_counter_started(ph, idx))
			return sbiret_err(SBI_ERR_ALREADY_STARTED);
		if (pmu_is_hw(ph, idx)) {
			hw_counter_start(ph, idx, has_value, initial_value);
			return sbiret_ok(0);
		}
		fc = &ph->fw[idx - ph->num_hw];
		if (!pmu_fw_counter_is_platform(fc)) {
			fw_counter_start(ph, idx, has_value, initial_value, pmu_fw_event_total(ph, fc->code));
			return sbiret_ok(0);
		}
		/* A platform counter: its hook is a call, counters_start() makes it. */
	}
	return sbiret_err(counters_start(ph, counter_idx_base, counter_idx_mask, start_flags, initial_value));
}

void pmu_counters_delegated(struct pmu_hart *ph)
{
	ph->idle_minh = ph->has_sscofpmf;
	/* (Once, at boot: the probe's out-of-line CSR access, not another CSR table.) */
	for (unsigned int idx = PMU_HPM_FIRST; idx < ph->num_hw && ph->idle_minh; idx++)
		if ((ph->programmable >> idx) & 1)
			csr_try_write(CSR_NUM_MHPMEVENT(idx), MHPMEVENT_MINH);
}

/* Unmaps a stopped counter (STOP_FLAG_RESET). */
static inline __attribute__((always_inline)) void counter_reset_one(struct pmu_hart *ph, unsigned long idx)
{
	if (!pmu_is_hw(ph, idx)) {
		pmu_counter_unmap(ph, idx);   /* the value stays (Table 12) */
		return;
	}
	if (!pmu_counter_mapped(ph, idx))
		return;   /* not mapped (time never is): nothing to undo */
	pmu_counter_unmap(ph, idx);
	if (idx >= PMU_HPM_FIRST) {
		pmu_hpm_select_none(ph, idx);
		return;
	}
	if (ph->has_smcntrpmf)
		csr_write_counter_cfg(idx, MHPMEVENT_MINH);   /* as after boot: never M-mode */
	/* An unmapped mcycle/minstret counts freely again, as after boot. */
	if (ph->has_mcountinhibit)
		csr_inhibit_clear(1UL << idx);
}

/* Table 16: the values of the set, and which of its hardware counters overflowed. */
static void snapshot_take(struct pmu_hart *ph, unsigned long base, uint64_t set)
{
	uint64_t overflowed = ph->has_sscofpmf ? csr_read_scountovf() :
			      pmu_thead_overflow(ph) ? csr_thead_ovf_read() :
			      ph->vendor_counters ? pmu_vendor_counters->overflowed() : 0;
	uint64_t bitmap = 0;

	for (uint64_t m = set; m; m &= m - 1) {
		unsigned long idx = pmu_lowest_bit(m);
		unsigned long slot = idx - base;   /* < 64: the set came from a 64-bit mask */

		/*
		 * Only the set's counters with an event (Table 12: "all the
		 * stopped counters"): the others are invalid counters for stop
		 * and their slots stay as they are. time never has one (M-mode
		 * cannot read it on every hart: U74 traps).
		 */
		if (!counter_has_event(ph, idx))
			continue;
		if (!pmu_is_hw(ph, idx)) {
			*snapshot_value(ph, slot) = fw_counter_value(ph, idx - ph->num_hw);
		} else {
			/* A stopped free-running mcycle/minstret reports its value at the stop. */
			*snapshot_value(ph, slot) = !ph->has_mcountinhibit && idx < PMU_HPM_FIRST &&
						    !pmu_counter_started(ph, idx) ?
						    ph->fixed_parked[idx >> 1] : csr_read_counter(idx);
			if (overflowed & pmu_bit(idx))
				bitmap |= pmu_bit(slot);
		}
	}
	*snapshot_overflow(ph) = bitmap;
}

/* pmu_counter_stop once the flags are checked, for any set. */
static long counters_stop(struct pmu_hart *ph, unsigned long base, unsigned long mask, unsigned long stop_flags)
{
	long error = SBI_SUCCESS;
	uint64_t set, m;

	if (!pmu_counter_set(ph, base, mask, &set))
		return SBI_ERR_INVALID_PARAM;
	if (!set)
		return SBI_SUCCESS;   /* nothing to stop, no snapshot written */
	for (m = set; m; m &= m - 1) {
		unsigned long idx = pmu_lowest_bit(m);

		if (!pmu_counter_started(ph, idx))
			error = pmu_set_error(error, counter_has_event(ph, idx) ? SBI_ERR_ALREADY_STOPPED
									  : SBI_ERR_INVALID_PARAM);
		else
			counter_stop_one(ph, idx,
					 pmu_is_hw(ph, idx) ? 0 : fw_event_now(ph, &ph->fw[idx - ph->num_hw]), false);
	}
	if (stop_flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT)
		snapshot_take(ph, base, set);
	/* Linux stops, then stops again with RESET: unmap even counters already stopped. */
	if (stop_flags & SBI_PMU_STOP_FLAG_RESET)
		for (m = set; m; m &= m - 1)
			counter_reset_one(ph, pmu_lowest_bit(m));
	return error;
}

/*
 * The paths the one-counter stop leaves by a tail call, out of line, their
 * arguments in the order it has them: it stays a leaf (docs/bench.md,
 * "Compilers").
 */
static __attribute__((noinline)) struct sbiret counters_stop_general(unsigned long base, unsigned long mask,
								    unsigned long stop_flags, struct pmu_hart *ph)
{
	return sbiret_err(counters_stop(ph, base, mask, stop_flags));
}

/* A stop with RESET of one counter, once it is stopped: error is the stop's. */
static __attribute__((noinline)) struct sbiret counter_stop_reset(unsigned long idx, long error, struct pmu_hart *ph)
{
	counter_reset_one(ph, idx);
	return sbiret_err(error);
}

struct sbiret pmu_counter_stop(struct pmu_hart *ph, unsigned long counter_idx_base,
			       unsigned long counter_idx_mask, unsigned long stop_flags)
{
	return pmu_counter_stop_ecall(counter_idx_base, counter_idx_mask, stop_flags, ph);
}

struct sbiret pmu_counter_stop_ecall(unsigned long counter_idx_base, unsigned long counter_idx_mask,
				     unsigned long stop_flags, struct pmu_hart *ph)
{
	unsigned long idx = counter_idx_base;
	long error = SBI_SUCCESS;

	if (stop_flags & ~SBI_PMU_STOP_FLAG_ALL)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if ((stop_flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT) && !ph->snapshot_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);

	/* One counter (idx), no snapshot: counters_stop() without loop or call. */
	if (counter_idx_mask == 1 && !(stop_flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT)) {
		if (idx >= pmu_num_counters(ph))   /* pmu_counter_set() for one counter */
			return sbiret_err(SBI_ERR_INVALID_PARAM);
		if (!pmu_counter_started(ph, idx)) {
			error = counter_has_event(ph, idx) ? SBI_ERR_ALREADY_STOPPED : SBI_ERR_INVALID_PARAM;
		} else if (pmu_is_hw(ph, idx)) {
			if (ph->counter_from_last_write && qemu72_counts_time(ph, idx))
				goto general;   /* its write-back is out of line */
			counter_stop_one(ph, idx, 0, true);
		} else {
			const struct pmu_fw_counter *fc = &ph->fw[idx - ph->num_hw];

			if (pmu_fw_counter_is_platform(fc))
				goto general;   /* its hook is a call */
			counter_stop_one(ph, idx, pmu_fw_event_total(ph, fc->code), true);
		}
		if (stop_flags & SBI_PMU_STOP_FLAG_RESET)
			return counter_stop_reset(idx, error, ph);
		return sbiret_err(error);
	}
general:
	return counters_stop_general(counter_idx_base, counter_idx_mask, stop_flags, ph);
}

struct sbiret pmu_counter_fw_read_ecall(unsigned long counter_idx, const struct pmu_hart *ph)
{
	/* Wraps to a huge k for hardware counters, so one comparison rejects both. */
	unsigned long k = counter_idx - ph->num_hw;
	const struct pmu_fw_counter *fc;

	if (k >= PMU_FW_COUNTERS)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	fc = &ph->fw[k];
	if (!fc->started)
		return sbiret_ok(fc->value_or_base);
	/* Event count + base, wrapping like a 64-bit counter. */
	if (pmu_fw_counter_is_platform(fc))
		return sbiret_ok(fw_platform_counter_value(fc));
	return sbiret_ok(pmu_fw_event_total(ph, fc->code) + fc->value_or_base);
}

struct sbiret pmu_counter_fw_read(struct pmu_hart *ph, unsigned long counter_idx)
{
	return pmu_counter_fw_read_ecall(counter_idx, ph);
}

struct sbiret pmu_counter_fw_read_hi(struct pmu_hart *ph, unsigned long counter_idx)
{
	if (counter_idx - ph->num_hw >= PMU_FW_COUNTERS)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	return sbiret_ok(0);   /* Table 15: always 0 on RV64 */
}

/*
 * The calling hart stops (HSM hart_stop): whoever starts it next (the same
 * kernel bringing a CPU back, or a new one after kexec) must find the PMU as
 * boot left it, not the old kernel's counters still counting, mapped and
 * able to write into a page the old kernel registered. So every counter is
 * stopped and unmapped, the programmable ones inhibited with no event and
 * value 0 (which also clears Sscofpmf's OF bit; MINH stays where S-mode
 * programs counters itself), mcycle/minstret count freely again (never
 * M-mode, with Smcntrpmf), the firmware counters are unconfigured with
 * value 0, a pending overflow interrupt (a vendor's too) is cleared and the
 * snapshot memory forgotten. What stays: what boot found, and the hart's
 * firmware event totals, which S-mode sees only as counter differences.
 */
void pmu_hart_reset(struct pmu_hart *ph)
{
	uint32_t hpm = ph->programmable & ~((1u << 0) | (1u << 2));

	/* Inhibited first, where possible: nothing counts or overflows under the old selectors. */
	if (ph->has_mcountinhibit)
		csr_inhibit_set(hpm);
	for (unsigned int idx = PMU_HPM_FIRST; idx < ph->num_hw; idx++) {
		if (!(hpm & (1u << idx)))
			continue;
		pmu_hpm_select_none(ph, idx);   /* no event: stopped even without mcountinhibit */
		csr_write_counter(idx, 0);
	}
	if (ph->has_smcntrpmf) {
		csr_write_counter_cfg(0, MHPMEVENT_MINH);
		csr_write_counter_cfg(2, MHPMEVENT_MINH);
	}
	if (ph->has_mcountinhibit)
		csr_inhibit_clear((1u << 0) | (1u << 2));
	if (ph->has_sscofpmf)
		csr_clear_lcofip();   /* after the counters stopped: no overflow can raise it again */
	if (pmu_thead_overflow(ph))
		csr_thead_ovf_disarm(hpm);
	else if (ph->vendor_counters)
		pmu_vendor_counters->hart_reset(hpm);

	ph->started = 0;
	for (unsigned int idx = 0; idx < PMU_HW_COUNTER_MAX; idx++)
		ph->hw_event[idx] = 0;
	ph->hw_free = ph->programmable;
	ph->fixed_parked[0] = ph->fixed_parked[1] = 0;
	for (unsigned int k = 0; k < PMU_FW_COUNTERS; k++)
		ph->fw[k] = (struct pmu_fw_counter){ 0 };
	ph->fw_mapped = 0;
	ph->snapshot_enabled = false;
	ph->snapshot_addr = 0;
}
