/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core: the rules of the SBI PMU chapter (../docs/pmu.md).
 * One function per SBI function, with the spec's names and argument order;
 * each acts on one hart's state and reaches hardware only through the CSR
 * layer (pmu_hw.h), so the same code runs in the host unit tests.
 *
 * Logical counter numbering (what S-mode sees):
 *   0 .. num_hw-1      hardware counters; index i is CSR cycle+i (0 = cycle,
 *                      1 = time, never configurable, 2 = instret, 3.. = hpmcounterN;
 *                      time and counters missing below num_hw are holes: not
 *                      described by counter_get_info, never handed out)
 *   num_hw .. +PMU_FW_COUNTERS-1   firmware counters
 */
#ifndef ABACUS_PMU_H
#define ABACUS_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "sbi_spec.h"
#include "sbi_types.h"

#define PMU_HW_COUNTER_MAX 32   /* CSR offsets 0..31 */
#define PMU_FW_COUNTERS    24   /* all 22 standard firmware events at once, plus platform ones */
#define PMU_COUNTER_MAX    (PMU_HW_COUNTER_MAX + PMU_FW_COUNTERS)
#define PMU_COUNTER_TIME   1

/* ---- Event -> counter map (from the DT or a platform default table) ---- */
#define PMU_MAP_MAX_ROWS 64

struct pmu_event_range {          /* riscv,event-to-mhpmcounters row */
	uint32_t first, last;         /* event_idx range, inclusive */
	uint32_t counters;            /* bit N = mhpmcounterN (0 = mcycle, 2 = minstret) */
};

struct pmu_event_selector {       /* riscv,event-to-mhpmevent row */
	uint32_t event_idx;
	uint64_t selector;            /* value for mhpmevent */
};

struct pmu_raw_range {            /* riscv,raw-event-to-mhpmcounters row */
	uint64_t match, mask;         /* event_data matches when (data & mask) == match */
	uint32_t counters;
};

/*
 * Standard hardware events (type 0, Table 2; type 1, Tables 3-5) in slots
 * type << 6 | code: what pmu_event_map_index() precomputes from the rows, so
 * that matching a counter for them scans no table (docs/bench.md).
 */
#define PMU_HW_EVENT_SLOTS   128
#define PMU_HW_EVENT_DEFINED (1ULL << 63)   /* hw_events[]: the spec defines this event */

struct pmu_event_map {
	/* Derived from the rows below by pmu_event_map_index(): per slot, PMU_HW_EVENT_DEFINED
	 * and the counters (bits 0..31) that can count the event, and its selector.
	 * First in the struct: their address is the map's (one instruction less on the hot path). */
	uint64_t hw_events[PMU_HW_EVENT_SLOTS];
	uint64_t hw_selectors[PMU_HW_EVENT_SLOTS];
	struct pmu_event_range ranges[PMU_MAP_MAX_ROWS];
	unsigned int range_count;
	struct pmu_event_selector selectors[PMU_MAP_MAX_ROWS];
	unsigned int selector_count;
	struct pmu_raw_range raw[PMU_MAP_MAX_ROWS];
	unsigned int raw_count;
};

/*
 * Fills the derived part of map from its rows: call it whenever the rows
 * change (pmu_dt_parse() does, for the DT's rows and for a default map).
 */
void pmu_event_map_index(struct pmu_event_map *map);

/*
 * A board's built-in event map, used when its DT has no riscv,pmu node (a
 * quirk gives it: include/platform.h), kept compact: what the DT's three
 * properties would say, without their repetitions, which
 * pmu_default_map_expand() turns into the same rows once, at boot.
 *
 * - events: one row per hardware event (types 0 and 1), its event_idx and
 *   its mhpmevent value, 4 bytes (PMU_BUILTIN_EVENT): a
 *   riscv,event-to-mhpmevent row each. The riscv,event-to-mhpmcounters rows
 *   follow: a run of rows with consecutive event_idx and the same counters
 *   is one range, so a range's events are listed in order.
 * - raw: intervals of event_data [first, last] whose event number field,
 *   from bit raw_shift up, runs from first's to last's (the bits below it,
 *   such as a class, the same in both); each is cut into the fewest
 *   riscv,raw-event-to-mhpmcounters rows (match, mask) that cover it
 *   exactly: aligned power-of-two blocks of the field. event_data with a
 *   bit above 31 matches none.
 * - counters: the counters every row may use (bit N = mhpmcounterN) or,
 *   with counter_offset set, those a row may choose its one counter from:
 *   then event n counts only on mhpmcounter n + counter_offset (n: an
 *   event's selector, a raw event's number field; the T-Head C906's rule),
 *   and each raw event of an interval gets a row of its own.
 *
 * No part gives more rows than the map holds (PMU_MAP_MAX_ROWS).
 */
struct pmu_builtin_event {
	uint16_t event;               /* event_idx: type in bits 15:12, code in 11:0 */
	uint16_t selector;
};
/*
 * A row of events. Every core's selectors so far fit 16 bits; a wider one
 * does not build (GCC's -Woverflow, clang's -Wconstant-conversion, both
 * errors here): then the field grows. The standard events' codes fit 12.
 */
#define PMU_BUILTIN_EVENT(event_idx, selector) \
	{ (uint16_t)(SBI_PMU_EVENT_IDX_TYPE(event_idx) << 12 | ((event_idx) & 0xfff)), (selector) }

struct pmu_builtin_raw {
	uint32_t first, last;         /* event_data, inclusive */
};

struct pmu_default_map {
	const struct pmu_builtin_event *events;
	const struct pmu_builtin_raw *raw;
	uint32_t counters;
	uint8_t event_count, raw_count;
	uint8_t raw_shift;            /* below 32 */
	uint8_t counter_offset;       /* 0: every row uses counters */
};

/* Writes the rows default_map describes, and their counts, into map (pmu_dt_parse() calls it). */
void pmu_default_map_expand(struct pmu_event_map *map, const struct pmu_default_map *default_map);

/* ---- Platform hooks (SBI_PMU_FW_PLATFORM events, default table) ---- */
struct pmu_platform {
	/* Maps SBI_PMU_FW_PLATFORM's event_data to a platform event id >= 0, or -1 if unsupported. */
	long (*fw_event_lookup)(uint64_t event_data);
	/* Current count of a platform event on the calling hart. */
	uint64_t (*fw_event_read)(long platform_event);
	/* Used when the DT has no riscv,pmu node (may be NULL). */
	const struct pmu_default_map *default_map;
};

/* Shared by all harts; written once at boot, before any hart enters S-mode. */
extern struct pmu_event_map pmu_event_map;
extern const struct pmu_platform *pmu_platform;
/*
 * What offers the snapshot shared memory (FID 7) to S-mode, or NULL when it
 * is withheld, the default (pmu_snapshot_offered_by(), at boot). While
 * withheld, snapshot_set_shmem answers SBI_ERR_NOT_SUPPORTED on every hart,
 * so stock Linux 6.12 and 7.2 run without snapshots (docs/linux.md).
 */
extern const char *pmu_snapshot_offered;

/* ---- Per-hart state ---- */
struct pmu_fw_counter {
	/* While stopped: the counter value. While started: value = event count + base. */
	uint64_t value_or_base;
	int32_t platform_event;       /* for SBI_PMU_FW_PLATFORM */
	uint16_t code;                /* firmware event code; valid when configured */
	uint8_t configured;
	/* This counter's bit of pmu_hart.started, next to code: counter_fw_read
	 * loads both with one address (docs/bench.md). Changed only by
	 * pmu_fw_counter_set_started(). */
	uint8_t started;
};

struct pmu_hart {
	/* Found at boot by pmu_hart_init (probing). */
	uint32_t hw_present;          /* bit N: counter N exists (bit 1, time, included) */
	uint8_t num_hw;               /* logical hardware counters (0 .. num_hw-1) */
	uint8_t num_counters;         /* num_hw + PMU_FW_COUNTERS (pmu_num_counters) */
	uint8_t hpm_width;            /* mhpmcounter width - 1 */
	bool has_mcountinhibit;
	bool has_sscofpmf;
	bool has_smcntrpmf;
	/* Counters delegated (Smcdeleg, pmu_counters_delegated()) on a hart with
	 * Sscofpmf: a programmable counter that counts nothing keeps MINH. */
	bool idle_minh;
	/*
	 * mcountinhibit and nothing vendor-specific: hardware counters start
	 * and take an event on the fast path. False without mcountinhibit,
	 * and on a T-Head hart with its own overflow interrupt
	 * (pmu_hart_thead_overflow) or a hart with vendor_counters: the slow
	 * path arms it at each start.
	 */
	bool plain_counters;
	/*
	 * Hardware counters S-mode may give an event (bit N = counter N): mcycle,
	 * minstret and the programmable counters with an mhpmevent, never time.
	 * Without mcountinhibit too: mcycle/minstret then run free (a stop keeps
	 * the value for the snapshot and a resume) and a stopped programmable
	 * counter selects no event.
	 */
	uint32_t programmable;

	/* Counter state. */
	uint64_t started;             /* bit = logical counter index */
	/*
	 * Which counters have no event, so matching may take them (a started
	 * counter always has one): programmable hardware counters whose
	 * hw_event[] word is 0 (bit = counter), firmware counters configured
	 * (bit = logical index). pmu_internal.h keeps them in step.
	 */
	uint32_t hw_free;
	uint64_t fw_mapped;
	uint64_t hw_event[PMU_HW_COUNTER_MAX];   /* what counter N counts (pmu_internal.h), 0 = free */
	uint64_t fixed_parked[2];     /* without mcountinhibit: mcycle, minstret at their last stop */
	struct pmu_fw_counter fw[PMU_FW_COUNTERS];
	/* Always-on per-hart counts of the standard firmware events. */
	uint64_t fw_event_count[SBI_PMU_FW_EVENT_COUNT];

	bool snapshot_enabled;
	/*
	 * Found at boot (here, where the struct had room): the hart has
	 * mcountinhibit, but its counters are computed from their last write
	 * (QEMU 7.2): an inhibited counter does not keep the value it stopped
	 * at, so a stop writes it back and a resume writes it again after
	 * un-inhibiting. False where inhibiting freezes a counter (hardware,
	 * QEMU 11.1). pmu_hart_init probes it; docs/pmu.md section 5.
	 */
	bool counter_from_last_write;
	/* A vendor CSR keeps every counter from counting M-mode (T-Head's
	 * mxstatus.PMDM, Andes's mcountermask_m): harts without Sscofpmf.
	 * Here, in the padding before snapshot_addr: hart_state keeps its layout. */
	bool vendor_mmode_uncounted;
	/* The programmable counters' overflow interrupt and mode filters are
	 * pmu_vendor_counters' (the Andes AX45MP's); plain_counters is false.
	 * In the same padding. */
	bool vendor_counters;
	uint64_t snapshot_addr;
};

/*
 * Counter delegation granted on this hart: from now on a programmable counter
 * that counts nothing keeps mhpmevent.MINH set (with Sscofpmf), so an event
 * S-mode selects itself through sireg2 (where MINH is read-only 0) never
 * counts M-mode either (lib/ext/pmu/pmu_counters.c).
 */
void pmu_counters_delegated(struct pmu_hart *ph);

/* Firmware event counting site: one call where the firmware does the work. */
static inline void pmu_fw_event_count(struct pmu_hart *ph, unsigned int fw_event)
{
	ph->fw_event_count[fw_event]++;
}

/*
 * Probes the calling hart's counters (which exist, their width, mcountinhibit,
 * Sscofpmf, Smcntrpmf; the isa_* flags come from the DT ISA string and are
 * confirmed by probing), stops and clears the programmable counters, and
 * returns the mcounteren mask that lets S-mode read every present counter.
 */
uint32_t pmu_hart_init(struct pmu_hart *ph, bool isa_sscofpmf, bool isa_smcntrpmf);
/*
 * After pmu_hart_init, on a T-Head C9xx hart (mvendorid T-Head, marchid and
 * mimpid 0, as Linux's T-Head PMU erratum checks): uses T-Head's own
 * counter overflow interrupt (THEAD_IRQ_PMU_OVF) where the hart has no
 * Sscofpmf, has mcountinhibit and mcounterinten reads; true when it does
 * (the caller delegates the interrupt to S-mode). Such a hart also stops
 * every counter in M-mode (mxstatus.PMDM): M-mode is never counted.
 */
bool pmu_hart_thead_overflow(struct pmu_hart *ph);
/*
 * After pmu_hart_init, on an Andes hart (mvendorid Andes) without
 * Sscofpmf: no counter counts M-mode, through mcountermask_m where the
 * hart has it (OpenSBI's andes_pmu.c sets it the same way).
 */
void pmu_hart_andes_mmode_uncounted(struct pmu_hart *ph);
/* The hart uses T-Head's overflow interrupt (pmu_hart_thead_overflow). */
static inline bool pmu_thead_overflow(const struct pmu_hart *ph)
{
	return ph->has_mcountinhibit && !ph->plain_counters && !ph->vendor_counters;
}

/*
 * A vendor's own overflow interrupt and privilege-mode filters for the
 * programmable counters (3..31) of harts without Sscofpmf, which a hart's
 * probe installs (the Andes AX45MP's, platform/generic/quirks/andes_ax45_pmu.c)
 * and marks in pmu_hart.vendor_counters. Only the slow paths, which such a
 * hart always takes (plain_counters false), call it; by CSR number, through
 * the CSR layer's probing accessors.
 */
struct pmu_vendor_counters {
	/* Counter idx takes an event: its interrupt off, config_flags' SINH/UINH as its filters. */
	void (*take)(unsigned long idx, unsigned long config_flags);
	/* Counter idx starts: its interrupt on, its overflow bit cleared unless one is pending. */
	void (*start)(unsigned long idx);
	/* The counters' overflow bits (bit n: counter n), for a snapshot. */
	uint32_t (*overflowed)(void);
	/* Hart reset: interrupts off, overflow bits and filters cleared, nothing pending. */
	void (*hart_reset)(uint32_t counters);
};
extern const struct pmu_vendor_counters *pmu_vendor_counters;
/*
 * The probe of the Andes cores' own overflow interrupt and mode filters
 * (andes_ax45_pmu_hart_init, platform/generic/quirks/andes_ax45_pmu.c),
 * which the PMU's discovery runs on an Andes hart after pmu_hart_init
 * (pmu_hart.c): the platform layer, above the PMU, hands it over at boot
 * (platform_choose()). NULL: none.
 */
extern bool (*pmu_andes_hart_probe)(struct pmu_hart *ph);

/*
 * Puts the calling hart's PMU back as pmu_hart_init left it: every counter
 * stopped and free, no snapshot memory, no pending overflow; what boot found
 * and the firmware event totals stay (pmu_counters.c). For HSM hart_stop.
 */
void pmu_hart_reset(struct pmu_hart *ph);

static inline unsigned long pmu_num_counters(const struct pmu_hart *ph)
{
	return ph->num_counters;
}

struct sbiret pmu_counter_get_info(struct pmu_hart *ph, unsigned long counter_idx);
struct sbiret pmu_counter_config_matching(struct pmu_hart *ph, unsigned long counter_idx_base,
					  unsigned long counter_idx_mask, unsigned long config_flags,
					  unsigned long event_idx, uint64_t event_data);
struct sbiret pmu_counter_start(struct pmu_hart *ph, unsigned long counter_idx_base,
				unsigned long counter_idx_mask, unsigned long start_flags,
				uint64_t initial_value);
struct sbiret pmu_counter_stop(struct pmu_hart *ph, unsigned long counter_idx_base,
			       unsigned long counter_idx_mask, unsigned long stop_flags);
struct sbiret pmu_counter_fw_read(struct pmu_hart *ph, unsigned long counter_idx);
struct sbiret pmu_counter_fw_read_hi(struct pmu_hart *ph, unsigned long counter_idx);
struct sbiret pmu_snapshot_set_shmem(struct pmu_hart *ph, unsigned long shmem_phys_lo,
				     unsigned long shmem_phys_hi, unsigned long flags);
struct sbiret pmu_event_get_info(struct pmu_hart *ph, unsigned long shmem_phys_lo,
				 unsigned long shmem_phys_hi, unsigned long num_entries,
				 unsigned long flags);

/* ---- Device tree (lib/ext/pmu/pmu_dt.c) ---- */
/*
 * Fills pmu_event_map from the riscv,pmu node of fdt, or from the platform's
 * default table when there is none. Every bad row gets one log line naming
 * the property, the row and the reason, and is skipped; good rows are kept.
 * present_counters: counters that exist on some hart that runs S-mode (bit N = counter N);
 * the core still checks each hart's own counters when matching.
 * Returns the number of rows rejected.
 */
int pmu_dt_parse(const void *fdt, struct pmu_event_map *map, uint32_t present_counters,
		 const struct pmu_default_map *default_map);
/*
 * Whether the snapshot memory is offered, and what asked for it: the build
 * option (make PMU_SNAPSHOT=y) or the DT property /chosen/abacus,pmu-snapshot;
 * NULL when it is withheld (neither). Value for pmu_snapshot_offered.
 */
const char *pmu_snapshot_offered_by(const void *fdt);
/* Removes the firmware-only mapping properties (and the /chosen property above)
 * before the DT goes to S-mode. */
int pmu_dt_fixup(void *fdt);

#endif
