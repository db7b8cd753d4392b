/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core: per-hart probing and the counter-description functions of
 * the SBI PMU chapter (num_counters, counter_get_info, counter_config_matching).
 * Starting, stopping and reading counters is in pmu_counters.c, events and
 * event_get_info in pmu_events.c.
 */
#include "pmu_internal.h"
#include "csr_layer.h"
#include "console.h"

struct pmu_event_map pmu_event_map;
const struct pmu_platform *pmu_platform;

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

uint32_t pmu_hart_init(struct pmu_hart *ph, bool isa_sscofpmf, bool isa_smcntrpmf)
{
	unsigned int min_width = FIXED_WIDTH, max_width = 0;
	uint64_t value;
	bool contiguous = true;

	*ph = (struct pmu_hart){ 0 };
	ph->hw_present = 0x7;                  /* cycle, time, instret */
	ph->has_mcountinhibit = csr_try_read(CSR_NUM_MCOUNTINHIBIT, &value);
	ph->has_sscofpmf = isa_sscofpmf && csr_try_read(CSR_NUM_SCOUNTOVF, &value);
	ph->has_smcntrpmf = isa_smcntrpmf && csr_try_read(CSR_NUM_MCYCLECFG, &value);

	/*
	 * Without mcountinhibit no counter can be stopped: cycle, time and
	 * instret are listed (S-mode reads them directly) but no event can be
	 * configured on them, since counter_stop could not keep its promise
	 * (the spec allows a firmware to refuse hardware counters then).
	 * Firmware counters work as everywhere.
	 */
	if (!ph->has_mcountinhibit) {
		ph->num_hw = PMU_HPM_FIRST;
		sbi_printf("pmu: no mcountinhibit CSR: cycle/time/instret readable but not configurable\n");
		return ph->hw_present;
	}

	/* Stop the programmable counters first so that probing reads back exactly what it wrote. */
	csr_inhibit_set(HPM_COUNTERS);
	ph->num_hw = PMU_HPM_FIRST;
	for (unsigned int n = PMU_HPM_FIRST; n <= HPM_LAST; n++) {
		/* A counter hardwired to zero (U74: mhpmcounter5..31) is as good as absent. */
		unsigned int width = hpm_probe_width(n);

		if (!width) {
			contiguous = false;
			continue;
		}
		ph->hw_present |= 1u << n;
		csr_try_write(CSR_NUM_MHPMEVENT(n), 0);   /* no event; also clears Sscofpmf's OF */
		if (!contiguous)
			continue;                  /* readable by S-mode, but not a logical counter */
		ph->num_hw = (uint8_t)(n + 1);
		min_width = width < min_width ? width : min_width;
		max_width = width > max_width ? width : max_width;
	}
	if (min_width != max_width && max_width)
		sbi_printf("pmu: mhpmcounters of different widths (%u..%u bits): reporting %u\n",
			   min_width, max_width, min_width);
	ph->hpm_width = (uint8_t)(min_width - 1);

	/* Free-running mcycle/minstret (rdcycle, rdinstret) never count M-mode either. */
	if (ph->has_smcntrpmf) {
		csr_write_counter_cfg(0, MHPMEVENT_MINH);
		csr_write_counter_cfg(2, MHPMEVENT_MINH);
	}
	if (ph->has_sscofpmf)
		csr_clear_lcofip();
	/* S-mode code reads rdcycle/rdinstret without the PMU: keep them counting. */
	csr_inhibit_clear((1u << 0) | (1u << 2));
	return ph->hw_present;
}

struct sbiret pmu_counter_get_info(struct pmu_hart *ph, unsigned long counter_idx)
{
	unsigned long width_minus_1;

	/*
	 * Index 1 is the time CSR, not a counter: no event can ever be put on
	 * it. Linux skips indexes that answer INVALID_PARAM as holes in the
	 * numbering; describing time as a hardware counter made Linux count one
	 * hardware counter too many, and KVM then offered its guests an
	 * hpmcounter past the last one the hart has.
	 */
	if (counter_idx >= pmu_num_counters(ph) || counter_idx == PMU_COUNTER_TIME)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!pmu_is_hw(ph, counter_idx))
		/*
		 * Table 7 says S-mode ignores csr and width here, but Linux 6.1
		 * masks firmware counter deltas with the width: say 64 bits.
		 */
		return sbiret_ok(SBI_PMU_COUNTER_INFO_TYPE_FW | (FIXED_WIDTH - 1) << 12);
	width_minus_1 = counter_idx < PMU_HPM_FIRST ? FIXED_WIDTH - 1 : ph->hpm_width;
	return sbiret_ok((CSR_NUM_CYCLE + counter_idx) | width_minus_1 << 12);
}

static inline bool counter_is_free(const struct pmu_hart *ph, unsigned long idx)
{
	if (pmu_is_hw(ph, idx))
		return ph->hw_event[idx] == 0;
	return !ph->fw[idx - ph->num_hw].configured;
}

/* The lowest free counter of candidates, or -1. */
static inline long first_free_counter(const struct pmu_hart *ph, uint64_t candidates)
{
	for (; candidates; candidates &= candidates - 1) {
		unsigned long idx = pmu_lowest_bit(candidates);

		if (counter_is_free(ph, idx))
			return idx;
	}
	return -1;
}

/* Programs firmware counter idx (free to take, stopped) for firmware event code. */
static inline void fw_counter_configure(struct pmu_hart *ph, unsigned long idx, unsigned long flags,
					uint16_t code, int32_t platform_event)
{
	struct pmu_fw_counter *fc = &ph->fw[idx - ph->num_hw];

	fc->code = code;
	fc->platform_event = platform_event;
	fc->configured = 1;
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		fc->value_or_base = 0;
}

/* Programs counter idx (free to take, right kind) for ev; leaves it stopped. */
static void counter_configure(struct pmu_hart *ph, unsigned long idx, unsigned long flags,
			      const struct pmu_event *ev)
{
	if (pmu_counter_started(ph, idx)) {
		/* SKIP_MATCH may name a running counter: reprogramming stops it. */
		if (!pmu_is_hw(ph, idx))
			pmu_fw_counter_freeze(ph, idx - ph->num_hw);
		ph->started &= ~pmu_bit(idx);
	}

	if (!pmu_is_hw(ph, idx)) {
		fw_counter_configure(ph, idx, flags, ev->fw_code, ev->platform_event);
		return;
	}

	/* Inhibited while programmed, so no event is counted under the old
	 * selector; the value is written back for QEMU 7.2, which otherwise
	 * reads an inhibited counter as its last written value. */
	csr_inhibit_set(1u << idx);
	csr_write_counter(idx, csr_read_counter(idx));
	if (idx >= PMU_HPM_FIRST) {
		uint64_t selector = pmu_event_selector(ev);

		/* Table 8 filter flags (and MINH): only Sscofpmf hardware has the bits (OF stays 0). */
		if (ph->has_sscofpmf)
			selector = (selector & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK)) | filter_bits(flags);
		csr_write_mhpmevent(idx, selector);
	} else if (ph->has_smcntrpmf) {
		csr_write_counter_cfg(idx, filter_bits(flags));
	}
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		csr_write_counter(idx, 0);
	ph->hw_event[idx] = ev->idx;
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
		if (idx == PMU_COUNTER_TIME || pmu_is_hw(ph, idx) != (ev.type != SBI_PMU_EVENT_TYPE_FW) ||
		    (pmu_is_hw(ph, idx) && !ph->has_mcountinhibit))
			return SBI_ERR_NOT_SUPPORTED;
	} else {
		/* The lowest counter of the set that can count the event and is neither mapped nor running. */
		candidates = set & pmu_event_counters(ph, &ev) & ~ph->started;
		/*
		 * With Sscofpmf, mcycle/minstret only as a last resort: they raise
		 * no overflow interrupt (Linux samples cycles and instructions).
		 */
		long found = -1;
		if (ph->has_sscofpmf)
			found = first_free_counter(ph, candidates & ~(pmu_bit(0) | pmu_bit(2)));
		if (found < 0)
			found = first_free_counter(ph, candidates);
		if (found < 0)
			return SBI_ERR_NOT_SUPPORTED;
		idx = (unsigned long)found;
	}

	counter_configure(ph, idx, config_flags, &ev);
	if (config_flags & SBI_PMU_CFG_FLAG_AUTO_START)
		pmu_counter_start_one(ph, idx, false, 0);   /* Table 8 note: value untouched */
	return idx;
}

struct sbiret pmu_counter_config_matching(struct pmu_hart *ph, unsigned long counter_idx_base,
					  unsigned long counter_idx_mask, unsigned long config_flags,
					  unsigned long event_idx, uint64_t event_data)
{
	const unsigned long fast_flags = SBI_PMU_CFG_FLAG_ALL &
					 ~(SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_AUTO_START);
	uint64_t set;
	long idx;

	/*
	 * A standard firmware event without SKIP_MATCH or AUTO_START (perf's
	 * firmware events): what config_matching() does then, the lowest free
	 * firmware counter of the set (filter flags are hints firmware counters
	 * ignore; the Sscofpmf order only concerns mcycle/minstret), without DT
	 * map, CSR or call, so without a stack frame (docs/bench.md).
	 */
	if (!(config_flags & ~fast_flags) && pmu_event_is_standard_fw(event_idx) &&
	    pmu_counter_set(ph, counter_idx_base, counter_idx_mask, &set) && set) {
		idx = first_free_counter(ph, set & pmu_fw_counters(ph) & ~ph->started);
		if (idx < 0)
			return sbiret_err(SBI_ERR_NOT_SUPPORTED);
		fw_counter_configure(ph, idx, config_flags, SBI_PMU_EVENT_IDX_CODE(event_idx), -1);
		return sbiret_ok(idx);
	}

	idx = config_matching(ph, counter_idx_base, counter_idx_mask, config_flags, event_idx, event_data);
	return idx < 0 ? sbiret_err(idx) : sbiret_ok(idx);
}
