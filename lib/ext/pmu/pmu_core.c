/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core: per-hart probing and the counter-description functions of
 * the SBI PMU chapter (num_counters, counter_get_info, counter_config_matching).
 * Starting, stopping and reading counters is in pmu_counters.c, events and
 * event_get_info in pmu_events.c.
 */
#include "pmu_internal.h"
#include "pmu/pmu_hw.h"
#include "console.h"

#define HPM_LAST           31
#define HPM_COUNTERS       0xfffffff8u   /* bits 3..31 */
#define FIXED_WIDTH        64            /* mcycle, time, minstret (privileged spec) */

/*
 * Filter flags of config_matching (Table 8, bits 3..7) in mhpmevent/mcyclecfg
 * position (bits 58..62), plus MINH whatever the flags say: a counter S-mode
 * reads never counts M-mode, or the firmware's work for other harts (IPIs,
 * fences, emulation) would leak into it. Table 8 makes the flags hints the
 * firmware may override "for security concerns"; Arm's PMUv3 has the same
 * rule (seed 002). Firmware work is visible only through firmware counters.
 */
static uint64_t filter_bits(unsigned long config_flags)
{
	return ((uint64_t)(config_flags & SBI_PMU_CFG_FLAG_FILTER_MASK) << 55) | MHPMEVENT_MINH;
}

/* Bits of a counter that stick after writing all-ones: its width; 0 if it does not exist. */
static unsigned int hpm_probe_width(unsigned int n)
{
	uint64_t value;
	unsigned int width = 0;

	if (!csr_try_write(CSR_NUM_MHPMCOUNTER(n), ~0ULL) || !csr_try_read(CSR_NUM_MHPMCOUNTER(n), &value))
		return 0;
	csr_try_write(CSR_NUM_MHPMCOUNTER(n), 0);
	while (value) {
		width++;
		value >>= 1;
	}
	return width;
}

/*
 * Whether - QEMU 7.2 - every counter is computed from its last write alone:
 * from the second read on, an inhibited counter reads as the value last
 * written, un-inhibiting it does not rebase it (the stopped time is
 * counted) and Sscofpmf's overflow is armed only by a write. Hardware and
 * QEMU 11.1 freeze an inhibited counter. Seen on minstret, counting M-mode
 * meanwhile (minstretcfg 0 with Smcntrpmf; MINH comes after): written while
 * inhibited, run, inhibited and read twice. A frozen counter reads the same
 * twice; QEMU 7.2 first the value counted, then the one written.
 */
static bool probe_counter_from_last_write(bool smcntrpmf)
{
	uint64_t first = 0, second = 0;

	if (smcntrpmf)
		csr_write_counter_cfg(2, 0);
	csr_inhibit_set(1u << 2);
	csr_try_write(CSR_NUM_MINSTRET, 0);   /* by number: once at boot, no inline CSR table */
	csr_inhibit_clear(1u << 2);
	csr_inhibit_set(1u << 2);
	csr_try_read(CSR_NUM_MINSTRET, &first);
	csr_try_read(CSR_NUM_MINSTRET, &second);
	return first != second;
}

uint32_t pmu_hart_init(struct pmu_hart *ph, bool isa_sscofpmf, bool isa_smcntrpmf)
{
	unsigned int min_width = FIXED_WIDTH, max_width = 0;
	uint64_t value;

	*ph = (struct pmu_hart){ 0 };
	ph->hw_present = 0x7;                  /* cycle, time, instret */
	ph->has_mcountinhibit = csr_try_read(CSR_NUM_MCOUNTINHIBIT, &value);
	ph->plain_counters = ph->has_mcountinhibit;
	ph->has_sscofpmf = isa_sscofpmf && csr_try_read(CSR_NUM_SCOUNTOVF, &value);
	ph->has_smcntrpmf = isa_smcntrpmf && csr_try_read(CSR_NUM_MCYCLECFG, &value);

	/*
	 * Without mcountinhibit (cores before privileged spec 1.11: FU540) no
	 * counter can be inhibited: mcycle/minstret run free, and a
	 * programmable counter is stopped by selecting no event. Either way,
	 * programmable counters select no event first, and are inhibited too
	 * when they can be, so that probing reads back exactly what it wrote.
	 */
	if (ph->has_mcountinhibit)
		csr_inhibit_set(HPM_COUNTERS);
	ph->num_hw = PMU_HPM_FIRST;
	ph->programmable = (1u << 0) | (1u << 2);
	for (unsigned int n = PMU_HPM_FIRST; n <= HPM_LAST; n++) {
		/* No event; also clears Sscofpmf's OF. A counter without mhpmevent is not programmable. */
		bool has_event = csr_try_write(CSR_NUM_MHPMEVENT(n), 0);
		/* A counter hardwired to zero (U74: mhpmcounter5..31) is as good as absent. */
		unsigned int width = hpm_probe_width(n);

		/*
		 * A gap (T-Head C906: mhpmcounter10-12 absent, 13-17 there) is a
		 * hole in the logical numbering, as time is: counter_get_info
		 * refuses it and nothing is ever put on it.
		 */
		if (!width)
			continue;
		ph->hw_present |= 1u << n;
		ph->num_hw = (uint8_t)(n + 1);
		if (has_event)
			ph->programmable |= 1u << n;
		min_width = width < min_width ? width : min_width;
		max_width = width > max_width ? width : max_width;
	}
	if (min_width != max_width && max_width)
		console_printf("pmu: mhpmcounters of different widths (%u..%u bits): reporting %u\n",
			   min_width, max_width, min_width);
	ph->hpm_width = (uint8_t)(min_width - 1);
	ph->num_counters = (uint8_t)(ph->num_hw + PMU_FW_COUNTERS);
	ph->programmable &= (uint32_t)(pmu_bit(ph->num_hw) - 1);
	ph->hw_free = ph->programmable;

	ph->counter_from_last_write = ph->has_mcountinhibit && probe_counter_from_last_write(ph->has_smcntrpmf);

	/* Free-running mcycle/minstret (rdcycle, rdinstret) never count M-mode either. */
	if (ph->has_smcntrpmf) {
		csr_write_counter_cfg(0, MHPMEVENT_MINH);
		csr_write_counter_cfg(2, MHPMEVENT_MINH);
	}
	if (ph->has_sscofpmf)
		csr_clear_lcofip();
	/* S-mode code reads rdcycle/rdinstret without the PMU: keep them counting. */
	if (ph->has_mcountinhibit)
		csr_inhibit_clear((1u << 0) | (1u << 2));
	return ph->hw_present;
}

bool pmu_hart_thead_overflow(struct pmu_hart *ph)
{
	uint64_t value;

	if (ph->has_sscofpmf || !ph->has_mcountinhibit || !csr_try_read(CSR_NUM_THEAD_MCOUNTERINTEN, &value))
		return false;
	/* Nothing armed or overflowed from an earlier stage: each start arms its counter. */
	csr_thead_ovf_disarm(ph->programmable & ~((1u << 0) | (1u << 2)));
	ph->plain_counters = false;
	/* Without Sscofpmf's MINH, M-mode is kept out of every count by mxstatus.PMDM. */
	csr_thead_mmode_uncounted();
	ph->vendor_mmode_uncounted = true;
	return true;
}

void pmu_hart_andes_mmode_uncounted(struct pmu_hart *ph)
{
	/* Every counter but time (bit 1); a hart without the AndeStar PMU traps: nothing changes. */
	if (!ph->has_sscofpmf && csr_try_write(CSR_NUM_ANDES_MCOUNTERMASK_M, ph->hw_present & ~(1u << 1)))
		ph->vendor_mmode_uncounted = true;
}

struct sbiret pmu_counter_get_info(struct pmu_hart *ph, unsigned long counter_idx)
{
	unsigned long width_minus_1;

	if (pmu_is_hw(ph, counter_idx)) {
		/*
		 * A hardware index no event can ever be put on is a hole in the
		 * numbering: index 1, the time CSR, and a counter missing in a
		 * gap (pmu_hart_init; or one whose mhpmevent cannot be written).
		 * Linux skips indexes that answer INVALID_PARAM (its
		 * riscv_pmu_sbi expects logical counters that are not
		 * contiguous); describing time as a hardware counter made Linux
		 * count one hardware counter too many, and KVM then offered its
		 * guests an hpmcounter past the last one the hart has.
		 */
		if (!((ph->programmable >> counter_idx) & 1))
			return sbiret_err(SBI_ERR_INVALID_PARAM);
		width_minus_1 = counter_idx < PMU_HPM_FIRST ? FIXED_WIDTH - 1 : ph->hpm_width;
		return sbiret_ok((CSR_NUM_CYCLE + counter_idx) | width_minus_1 << 12);
	}
	if (counter_idx >= pmu_num_counters(ph))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	/*
	 * Table 7 says S-mode ignores csr and width here, but Linux 6.1 masks
	 * firmware counter deltas with the width: say 64 bits.
	 */
	return sbiret_ok(SBI_PMU_COUNTER_INFO_TYPE_FW | (FIXED_WIDTH - 1) << 12);
}

/* The lowest counter of candidates that has no event (started ones always have one), or -1. */
static inline long first_free_counter(const struct pmu_hart *ph, uint64_t candidates)
{
	candidates &= pmu_free_counters(ph);
	return candidates ? (long)pmu_lowest_bit(candidates) : -1;
}

/* Programs firmware counter idx (free to take, stopped) for firmware event code. */
static inline void fw_counter_configure(struct pmu_hart *ph, unsigned long idx, unsigned long flags,
					uint16_t code, int32_t platform_event)
{
	struct pmu_fw_counter *fc = &ph->fw[idx - ph->num_hw];

	fc->code = code;
	fc->platform_event = platform_event;
	pmu_counter_map_fw(ph, idx);
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		fc->value_or_base = 0;
}

/* Stops counter idx if a SKIP_MATCH reconfiguration finds it running. */
static void counter_stop_for_reconfiguration(struct pmu_hart *ph, unsigned long idx)
{
	if (!pmu_counter_started(ph, idx))
		return;
	if (!pmu_is_hw(ph, idx)) {
		pmu_fw_counter_freeze(ph, idx - ph->num_hw);
		pmu_fw_counter_set_started(ph, idx, false);
	} else {
		pmu_hw_counter_stop(ph, idx);
	}
}

/*
 * The mhpmevent value that counts word's event with config_flags' filters
 * (Sscofpmf: and MINH, and OF when overflow_pending: hw_counter_take()).
 */
static inline uint64_t hw_selector_with_filters(const struct pmu_hart *ph, uint64_t word, unsigned long flags,
						bool overflow_pending)
{
	uint64_t selector = pmu_hw_event_selector(word);

	/* Table 8 filter flags (and MINH): only Sscofpmf hardware has the bits. */
	if (ph->has_sscofpmf)
		selector = (selector & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK)) | filter_bits(flags) |
			   (overflow_pending ? MHPMEVENT_OF : 0);
	return selector;
}

/*
 * hw_counter_take() on a hart without mcountinhibit: a stopped programmable
 * counter selects no event (its selector is written at start, from the
 * word), a free-running mcycle/minstret "stops" here: its value now is what
 * a snapshot reports.
 */
static __attribute__((noinline)) struct sbiret free_running_take(struct pmu_hart *ph, unsigned long idx,
								  unsigned long flags, uint64_t word)
{
	if (idx >= PMU_HPM_FIRST)
		csr_write_mhpmevent(idx, 0);
	else if (ph->has_smcntrpmf)
		csr_write_counter_cfg(idx, filter_bits(flags));
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		csr_write_counter(idx, 0);
	if (idx < PMU_HPM_FIRST)
		ph->fixed_parked[idx >> 1] = csr_read_counter(idx);
	pmu_counter_map_hw(ph, idx, word);
	return sbiret_ok(idx);
}

/*
 * Takes hardware counter idx (programmable, free) for the event of
 * hw_event[] word `word` and leaves it stopped: what a matching does once it
 * found the counter (fast_config_matching, config_matching), on a hart with
 * mcountinhibit (inhibitable_take) or without (free_running_take).
 */
static inline __attribute__((always_inline)) struct sbiret inhibitable_take(struct pmu_hart *ph,
									    unsigned long idx,
									    unsigned long flags, uint64_t word,
									    bool overflow_pending)
{
	/*
	 * Inhibited while programmed, so no event is counted under the old
	 * selector. An unmapped programmable counter is inhibited already; a
	 * free-running mcycle/minstret is not: its value is written back for
	 * QEMU 7.2, which otherwise reads an inhibited counter as its last
	 * written value (CLEAR_VALUE writes 0 below anyway). On every hart:
	 * where counters freeze it writes the value they hold, and testing
	 * counter_from_last_write would cost QEMU 7.2 as much as it saves
	 * elsewhere.
	 */
	csr_inhibit_set(1UL << idx);
	if (idx >= PMU_HPM_FIRST) {
		csr_write_mhpmevent(idx, hw_selector_with_filters(ph, word, flags, overflow_pending));
	} else {
		if (!(flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE))
			csr_counter_freeze(idx);
		if (ph->has_smcntrpmf)
			csr_write_counter_cfg(idx, filter_bits(flags));
	}
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		csr_write_counter(idx, 0);
	pmu_counter_map_hw(ph, idx, word);
	return sbiret_ok(idx);
}

/*
 * inhibitable_take() out of line, one copy for both callers below (an
 * overflow interrupt can be pending only with Sscofpmf: never on the
 * harts special_take() serves).
 */
static __attribute__((noinline)) struct sbiret take_inhibited(struct pmu_hart *ph, unsigned long idx,
							     unsigned long flags, uint64_t word)
{
	return inhibitable_take(ph, idx, flags, word, ph->has_sscofpmf && csr_lcofi_pending());
}

/*
 * hw_counter_take() where counters are not plain: without mcountinhibit; or
 * with a vendor's overflow interrupt, which no counter raises until it is
 * started for its new event (T-Head's; a pmu_vendor_counters', which also
 * sets the counter's mode filters from flags).
 */
static __attribute__((noinline)) struct sbiret special_take(struct pmu_hart *ph, unsigned long idx,
							   unsigned long flags, uint64_t word)
{
	if (!ph->has_mcountinhibit)
		return free_running_take(ph, idx, flags, word);
	if (idx >= PMU_HPM_FIRST && ph->vendor_counters)
		pmu_vendor_counters->take(idx, flags);
	else if (idx >= PMU_HPM_FIRST)
		csr_thead_ovf_disarm(1u << idx);
	return take_inhibited(ph, idx, flags, word);
}

/*
 * Takes hardware counter idx for the event of hw_event[] word `word`, on
 * any hart (the slow path; fast_config_matching() takes counters itself on
 * plain harts while no overflow interrupt is pending).
 *
 * Sscofpmf: a counter taken while an overflow interrupt is pending gets OF.
 * That interrupt may be for a counter S-mode reset since (Linux unmaps a
 * task's counters at a context switch with interrupts off): its handler
 * must find an OF bit, or Linux's leaves every counter of the CPU stopped.
 * The new counter has it, counter_start keeps it while the interrupt is
 * pending, the handler's restart clears it (docs/pmu.md, "Sscofpmf
 * overflow").
 */
static __attribute__((noinline)) struct sbiret hw_counter_take(struct pmu_hart *ph, unsigned long idx,
							      unsigned long flags, uint64_t word)
{
	if (__builtin_expect(!ph->plain_counters, 0))
		return special_take(ph, idx, flags, word);
	return take_inhibited(ph, idx, flags, word);
}

/* Programs counter idx (free to take, right kind) for ev; leaves it stopped. */
static void counter_configure(struct pmu_hart *ph, unsigned long idx, unsigned long flags,
			      const struct pmu_event *ev)
{
	counter_stop_for_reconfiguration(ph, idx);
	if (!pmu_is_hw(ph, idx))
		fw_counter_configure(ph, idx, flags, ev->fw_code, ev->platform_event);
	else
		hw_counter_take(ph, idx, flags, pmu_hw_event_word(ev));
}

/*
 * The counter matching takes from candidates (free or not): the lowest free
 * one; where programmable counters overflow with an interrupt (hpm_first:
 * Sscofpmf, vendor_counters), mcycle/minstret only as a last resort, since
 * they raise none (Linux samples cycles and instructions).
 */
static inline long pick_counter(uint64_t free_candidates, bool hpm_first)
{
	const uint64_t fixed = pmu_bit(0) | pmu_bit(2);

	if (hpm_first && (free_candidates & ~fixed))
		free_candidates &= ~fixed;
	return free_candidates ? (long)pmu_lowest_bit(free_candidates) : -1;
}

/* pmu_counter_config_matching, any case: the counter index, or a (negative) SBI error. */
static __attribute__((noinline)) long config_matching(struct pmu_hart *ph, unsigned long counter_idx_base,
						      unsigned long counter_idx_mask,
						      unsigned long config_flags, unsigned long event_idx,
						      uint64_t event_data)
{
	struct pmu_event ev;
	uint64_t set, candidates;
	unsigned long idx;

	if (config_flags & ~SBI_PMU_CFG_FLAG_ALL)
		return SBI_ERR_INVALID_PARAM;
	if (!pmu_counter_set(ph, counter_idx_base, counter_idx_mask, &set))
		return SBI_ERR_INVALID_PARAM;
	if (!set)   /* SKIP_MATCH has no "first counter" to take; matching finds none */
		return config_flags & SBI_PMU_CFG_FLAG_SKIP_MATCH ? SBI_ERR_INVALID_PARAM :
								   SBI_ERR_NOT_SUPPORTED;
	if (pmu_event_decode(event_idx, event_data, &ev) != SBI_SUCCESS)
		return SBI_ERR_NOT_SUPPORTED;

	if (config_flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) {
		/* Table 8 note: the first counter of the set, unconditionally (Linux: cycle/instret). */
		idx = pmu_lowest_bit(set);
		if (pmu_is_hw(ph, idx) != (ev.type != SBI_PMU_EVENT_TYPE_FW) ||
		    (pmu_is_hw(ph, idx) && !(ph->programmable & pmu_bit(idx))))
			return SBI_ERR_NOT_SUPPORTED;
	} else {
		/* The lowest counter of the set that can count the event and is neither mapped nor running. */
		candidates = set & pmu_event_counters(ph, &ev);
		long found = pick_counter(candidates & pmu_free_counters(ph), ph->has_sscofpmf || ph->vendor_counters);
		if (found < 0)
			return SBI_ERR_NOT_SUPPORTED;
		idx = (unsigned long)found;
	}

	counter_configure(ph, idx, config_flags, &ev);
	if (config_flags & SBI_PMU_CFG_FLAG_AUTO_START)
		pmu_counter_start_one(ph, idx, false, 0);   /* Table 8 note: value untouched */
	return idx;
}

/*
 * config_matching() as an sbiret, out of line, with the glue's argument
 * order: every path of the entry below ends in a tail call that moves no
 * register (docs/bench.md, "Compilers").
 */
static __attribute__((noinline)) struct sbiret config_matching_any(unsigned long base, unsigned long mask,
								     unsigned long flags, unsigned long event_idx,
								     uint64_t event_data, struct pmu_hart *ph)
{
	long idx = config_matching(ph, base, mask, flags, event_idx, event_data);

	return idx < 0 ? sbiret_err(idx) : sbiret_ok(idx);
}

/*
 * An error sbiret, out of line, reached by a tail call: the fast path below
 * gets no frame it would need only to fail (docs/bench.md, "Compilers").
 */
static __attribute__((noinline)) struct sbiret config_error(long error)
{
	return sbiret_err(error);
}

/*
 * The fast path of pmu_counter_config_matching(), for flags without
 * SKIP_MATCH or AUTO_START, with its arguments in the order the ecall glue
 * has them (ph last, so nothing moves): a set that does not name counters
 * that all exist is INVALID_PARAM and an empty one NOT_SUPPORTED, as in
 * config_matching().
 * - A standard firmware event (perf's firmware events): the lowest free
 *   firmware counter of the set (filter flags are hints firmware counters
 *   ignore; the Sscofpmf order only concerns mcycle/minstret).
 * - A standard hardware event (perf stat -e cycles, instructions, cache
 *   events): the counters that can count it come from the boot-time index
 *   (pmu_event_map_index), with no table scan and no event decoding (the
 *   index knows which events Tables 2-5 define).
 * Anything else goes to config_matching(). Every way out is a tail call or
 * a plain return, so no path keeps a stack frame (docs/bench.md).
 */
static __attribute__((noinline)) struct sbiret fast_config_matching(unsigned long base, unsigned long mask,
								      unsigned long flags, unsigned long event_idx,
								      uint64_t event_data, struct pmu_hart *ph)
{
	uint64_t set, info;
	long idx;

	/*
	 * (Harts without mcountinhibit, rare, and T-Head's overflow take
	 * config_matching().) The expect is a layout hint only: each path
	 * keeps its own return (docs/bench.md, "Compilers").
	 */
	if (__builtin_expect(pmu_is_hw_event(event_idx) && ph->plain_counters, 0)) {
		if (!pmu_counter_set(ph, base, mask, &set))
			return config_error(SBI_ERR_INVALID_PARAM);
		info = pmu_event_map.hw_events[pmu_hw_event_slot(event_idx)];
		if (!(info & PMU_HW_EVENT_DEFINED))
			return config_error(SBI_ERR_NOT_SUPPORTED);
		set &= info & ph->hw_free;
		/*
		 * Sscofpmf: its own order of counters, and OF while an overflow
		 * interrupt is pending, out of line; one test of has_sscofpmf
		 * (docs/bench.md, "Compilers").
		 */
		if (__builtin_expect(ph->has_sscofpmf, 0)) {
			idx = pick_counter(set, true);
			if (idx < 0)
				return config_error(SBI_ERR_NOT_SUPPORTED);
			return hw_counter_take(ph, idx, flags, event_idx);
		}
		if (!set)
			return config_error(SBI_ERR_NOT_SUPPORTED);
		return inhibitable_take(ph, pmu_lowest_bit(set), flags, event_idx, false);
	}
	if (pmu_event_is_standard_fw(event_idx)) {
		if (!pmu_counter_set(ph, base, mask, &set))
			return config_error(SBI_ERR_INVALID_PARAM);
		idx = first_free_counter(ph, set & pmu_fw_counters(ph));
		if (idx < 0)
			return config_error(SBI_ERR_NOT_SUPPORTED);
		fw_counter_configure(ph, idx, flags, SBI_PMU_EVENT_IDX_CODE(event_idx), -1);
		return sbiret_ok(idx);
	}
	return config_matching_any(base, mask, flags, event_idx, event_data, ph);
}

struct sbiret pmu_counter_config_matching_ecall(unsigned long counter_idx_base, unsigned long counter_idx_mask,
						unsigned long config_flags, unsigned long event_idx,
						uint64_t event_data, struct pmu_hart *ph)
{
	const unsigned long fast_flags = SBI_PMU_CFG_FLAG_ALL &
					 ~(SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_AUTO_START);

	if (!(config_flags & ~fast_flags))
		return fast_config_matching(counter_idx_base, counter_idx_mask, config_flags, event_idx, event_data,
					    ph);
	return config_matching_any(counter_idx_base, counter_idx_mask, config_flags, event_idx, event_data, ph);
}

struct sbiret pmu_counter_config_matching(struct pmu_hart *ph, unsigned long counter_idx_base,
					  unsigned long counter_idx_mask, unsigned long config_flags,
					  unsigned long event_idx, uint64_t event_data)
{
	return pmu_counter_config_matching_ecall(counter_idx_base, counter_idx_mask, config_flags, event_idx,
						 event_data, ph);
}
