/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared set-up for the PMU host tests: a simulated hart, one struct
 * pmu_hart, a QEMU-7.2-like event map, a fake platform for
 * SBI_PMU_FW_PLATFORM events and a "RAM" buffer registered with memory_map.
 */
#ifndef ABACUS_PMU_FIXTURE_H
#define ABACUS_PMU_FIXTURE_H

#include <stdint.h>
#include "pmu/pmu_hw.h"
#include "pmu/pmu.h"
#include "sim_hart.h"

#define FIXTURE_PAGE 4096
#define FIXTURE_RAM_PAGES 4
/* The last page of the RAM buffer is registered as the firmware's own region. */
#define FIXTURE_FW_PAGE (FIXTURE_RAM_PAGES - 1)
#define FIXTURE_PATTERN 0xa5

extern struct pmu_hart ph;
extern uint8_t *fixture_ram;               /* FIXTURE_RAM_PAGES pages, page-aligned */
extern uint64_t fixture_platform_count;    /* what fw_event_read returns for platform event 3 */
extern const struct pmu_platform fixture_platform;   /* data 0x77 -> event 3, else -1 */

#define FIXTURE_PLATFORM_DATA  0x77
#define FIXTURE_PLATFORM_EVENT 3

/* event_idx values used often. */
#define EV_CYCLES       SBI_PMU_HW_CPU_CYCLES
#define EV_INSTRUCTIONS SBI_PMU_HW_INSTRUCTIONS
#define EV_DTLB_RD_MISS 0x10019
#define EV_DTLB_WR_MISS 0x1001b
#define EV_ITLB_RD_MISS 0x10021
#define EV_RAW          0x20000
#define EV_RAW_V2       0x30000
#define EV_FW(code)     (0xf0000 | (code))

/* Resets everything: the sim hart (cfg), the map (empty), no platform, RAM, console; then pmu_hart_init. */
uint32_t fixture_init(const struct sim_hart_config *cfg, bool isa_sscofpmf, bool isa_smcntrpmf);
/* The riscv,pmu map of QEMU 7.2's DT (platform-notes.md). */
void fixture_qemu_map(void);
/* Fills the RAM buffer with FIXTURE_PATTERN. */
void fixture_fill_ram(void);
/* Address (as S-mode passes it) of RAM page n. */
unsigned long fixture_page(unsigned int n);
/* Number of bytes of [from, to) in the RAM buffer that differ from the pattern. */
size_t fixture_changed_bytes(size_t from, size_t to);

#endif
