/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SpacemiT K1's registers its quirk uses (spacemit_k1.c): the facts of
 * OpenSBI 1.9's K1 code (platform/generic/include/spacemit/k1.h, used by
 * platform/generic/spacemit/k1.c and lib/utils/hsm/fdt_hsm_spacemit.c).
 * None is in Linux's K1 DT: the reset vectors lie past the 0x400 bytes of
 * its APMU node (syscon@d4282800) and the CCI-550 has no node.
 */
#ifndef ABACUS_SPACEMIT_K1_H
#define ABACUS_SPACEMIT_K1_H

#include <stdint.h>

/* Two clusters of four X60 cores; hartid = cluster * 4 + core. */
#define K1_HARTS                 8
#define K1_HARTS_PER_CLUSTER     4

/* The X60's own CSRs: MSETUP's enables, and ML2SETUP's bit per core of a cluster (the L2's snoops). */
#define CSR_K1_MSETUP            0x7c0
#define CSR_K1_ML2SETUP          0x7f0
#define K1_MSETUP_DCACHE         (1UL << 0)
#define K1_MSETUP_ICACHE         (1UL << 1)
#define K1_MSETUP_BRANCH_PRED    (1UL << 4)
#define K1_MSETUP_PREFETCH       (1UL << 5)
#define K1_MSETUP_MISALIGNED     (1UL << 6)
#define K1_MSETUP_ECC            (1UL << 16)
#define K1_MSETUP_ENABLES        (K1_MSETUP_DCACHE | K1_MSETUP_ICACHE | K1_MSETUP_BRANCH_PRED | \
				  K1_MSETUP_PREFETCH | K1_MSETUP_MISALIGNED | K1_MSETUP_ECC)

/* The APMU (application power management unit), offsets from its base. */
#define K1_APMU_BASE             0xd4282800UL
#define K1_APMU_C0_RVBADDR_LO    0x5b0   /* cluster 0's reset vector, low and high words */
#define K1_APMU_C0_RVBADDR_HI    0x5b4
#define K1_APMU_C1_RVBADDR_LO    0x6b0   /* cluster 1's */
#define K1_APMU_C1_RVBADDR_HI    0x6b4
#define K1_APMU_SIZE             0x6b8   /* the registers the quirk uses */
/* Each core's idle configuration: these bits set keep it powered down. */
#define K1_IDLE_PWRDWN           (1U << 0)
#define K1_IDLE_SRAM_PWRDWN      (1U << 1)
#define K1_IDLE_WAKE_MCE         (1U << 3)
#define K1_IDLE_MC_SW_REQ        (1U << 4)
#define K1_IDLE_POWERED_DOWN     (K1_IDLE_PWRDWN | K1_IDLE_SRAM_PWRDWN | K1_IDLE_WAKE_MCE | K1_IDLE_MC_SW_REQ)

/* The CCI-550 interconnect: one slave interface per cluster. */
#define K1_CCI_BASE              0xd8500000UL
#define K1_CCI_STATUS            0x000c
#define K1_CCI_CHANGE_PENDING    (1U << 0)
#define K1_CCI_SNOOP_CTRL(iface) (0x1000 + 0x1000 * (iface))
#define K1_CCI_ENABLE_SNOOPS     (1U << 0)
#define K1_CCI_ENABLE_DVMS       (1U << 1)
#define K1_CCI_SIZE              0x3000

/* How long cold boot waits for the CCI to take a change (ms, on the time source). */
#define K1_CCI_SETTLE_MS         10

/* Offsets from the APMU's base of hart n's idle configuration and wake-up registers. */
extern const uint16_t k1_apmu_idle_cfg[K1_HARTS], k1_apmu_wakeup[K1_HARTS];

/* Where the registers are: the SoC's addresses (a host test points them at simulated registers). */
struct spacemit_k1_regs {
	uintptr_t apmu, cci;
};
extern struct spacemit_k1_regs spacemit_k1_regs;

#endif
