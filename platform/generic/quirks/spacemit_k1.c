/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SpacemiT K1 (Banana Pi BPI-F3, Milk-V Jupiter, ...): two clusters of
 * four X60 cores.
 * - PMU: Linux's K1 DTs have no riscv,pmu node: the X60's event map is the
 *   quirk's (spacemit_x60_pmu.c); a DT node, where a DT has one, wins over
 *   it (lib/ext/pmu/pmu_dt.c).
 * - Harts: U-Boot SPL starts hart 0 alone; the others stay powered down
 *   until something wakes them. Cold boot points both clusters' reset
 *   vectors at the firmware's entry and lets the CCI-550 carry snoops and
 *   DVM messages for both clusters; a hart_start of a hart that has not come
 *   powers it up and wakes it through the APMU (k1_hart_wake), and HSM waits
 *   for it to set itself up (include/hart_run.h). Each hart first turns on
 *   its caches, branch prediction, prefetch, misaligned access and ECC
 *   (MSETUP) and its core's L2 bit (ML2SETUP) (k1_hart_init).
 * Every register, bit and step is OpenSBI 1.9's (spacemit_k1.h names the
 * files); none of it has run on a K1 here (docs/porting.md).
 */
#include <stdbool.h>
#include "console.h"
#include "mmio.h"
#include "platform.h"
#include "riscv_csr.h"
#include "memory_map.h"
#include "spacemit_k1.h"
#include "spacemit_x60_pmu.h"
#include "timer_device.h"
#include "trap_expect.h"

#define K1_LOG "abacus: K1 harts        : "

/* Per hart, offsets from the APMU's base (OpenSBI 1.9's PMU_AP_CORE<n>_IDLE_CFG and _WAKEUP). */
const uint16_t k1_apmu_idle_cfg[K1_HARTS] = { 0x124, 0x128, 0x160, 0x164, 0x304, 0x308, 0x30c, 0x310 };
const uint16_t k1_apmu_wakeup[K1_HARTS] = { 0x12c, 0x130, 0x134, 0x138, 0x324, 0x328, 0x32c, 0x330 };

struct spacemit_k1_regs spacemit_k1_regs = { K1_APMU_BASE, K1_CCI_BASE };

/* Cold boot pointed the reset vectors at the firmware and set the CCI up: a hart may be woken. */
static bool k1_can_wake;

static volatile void *apmu(unsigned int offset)
{
	return (volatile void *)(spacemit_k1_regs.apmu + offset);
}

static volatile void *cci(unsigned int offset)
{
	return (volatile void *)(spacemit_k1_regs.cci + offset);
}

/* The write before it reaches the device before the read after it (OpenSBI's mb() there). */
static inline void io_fence(void)
{
#ifdef __riscv
	__asm__ __volatile__("fence iorw, iorw" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* The CCI has taken the last change (STATUS.change_pending clear), within K1_CCI_SETTLE_MS on the time source. */
static bool cci_settled(void)
{
	struct timer_deadline d;
	bool timed = timer_deadline_start(&d, K1_CCI_SETTLE_MS);

	/* Without a time source, only a change already taken. */
	while (mmio_read32(cci(K1_CCI_STATUS)) & K1_CCI_CHANGE_PENDING)
		if (!timed || timer_deadline_passed(&d))
			return false;
	return true;
}

/*
 * Both clusters' reset vectors at `entry`, then snoops and DVM messages on
 * for each cluster's CCI slave interface, waiting for each to be taken
 * (OpenSBI 1.9 k1.c: spacemit_k1_pre_init, cci_enable_snoop_dvm_reqs).
 * NULL when done, else why not. The registers are SoC addresses no DT
 * describes: they must not be RAM or the firmware, and must answer a read
 * (a K1 DT moved onto another machine, QEMU virt, has none there).
 */
static const char *k1_cold_setup(uint64_t entry)
{
	struct memory_region conflict;
	struct trap_expect probe;
	uint32_t value;

	if (memory_map_device_conflict(spacemit_k1_regs.apmu, K1_APMU_SIZE, &conflict) ||
	    memory_map_device_conflict(spacemit_k1_regs.cci, K1_CCI_SIZE, &conflict))
		return "APMU/CCI in RAM or firmware";
	if (!mmio_try_read(&probe, apmu(K1_APMU_C0_RVBADDR_LO), 4, &value) ||
	    !mmio_try_read(&probe, cci(K1_CCI_STATUS), 4, &value))
		return "no APMU/CCI";
	mmio_write32(apmu(K1_APMU_C0_RVBADDR_LO), (uint32_t)entry);
	mmio_write32(apmu(K1_APMU_C0_RVBADDR_HI), (uint32_t)(entry >> 32));
	mmio_write32(apmu(K1_APMU_C1_RVBADDR_LO), (uint32_t)entry);
	mmio_write32(apmu(K1_APMU_C1_RVBADDR_HI), (uint32_t)(entry >> 32));
	for (unsigned int cluster = 0; cluster < K1_HARTS / K1_HARTS_PER_CLUSTER; cluster++) {
		mmio_write32(cci(K1_CCI_SNOOP_CTRL(cluster)), K1_CCI_ENABLE_SNOOPS | K1_CCI_ENABLE_DVMS);
		io_fence();
		if (!cci_settled())
			return "CCI refused snoops";
	}
	return NULL;
}

static int k1_init(const void *fdt)
{
	uint64_t entry = memory_map.fw_base;   /* _start, the image's first byte (firmware/abacus.ld) */
	const char *why = k1_cold_setup(entry);

	(void)fdt;
	k1_can_wake = !why;
	if (why)
		console_printf(K1_LOG "%s: no hart can be woken\n", why);
	else
		console_printf(K1_LOG "vectors 0x%lx, CCI on: harts can wake\n",
			   (unsigned long)entry);
	return 0;
}

/*
 * Every hart, first: MSETUP's enables and ML2SETUP's bit of this core
 * (OpenSBI 1.9 k1.c: spacemit_k1_early_init, spacemit_cold_boot_allowed;
 * cores 4-7 use the bits of cores 0-3). Each access may trap (an X60's
 * CSRs on another core: a K1 DT moved onto QEMU virt) and is then skipped.
 */
static void k1_hart_init(unsigned long hartid)
{
	struct trap_expect probe;
	unsigned long setup = 0, l2 = 0;

	trap_expect_begin_on(&probe);
	csr_read_expecting_trap(CSR_K1_MSETUP, setup);
	csr_write_expecting_trap(CSR_K1_MSETUP, setup | K1_MSETUP_ENABLES);
	csr_read_expecting_trap(CSR_K1_ML2SETUP, l2);
	csr_write_expecting_trap(CSR_K1_ML2SETUP, l2 | 1UL << (hartid % K1_HARTS_PER_CLUSTER));
	trap_expect_end_on(&probe);
}

/*
 * Powers hart `hartid` up (its idle configuration's power-down bits
 * cleared) and wakes it (bit hartid of the calling hart's wake-up
 * register): OpenSBI 1.9 fdt_hsm_spacemit.c, spacemit_hart_start. It then
 * runs from the reset vector cold boot set: the firmware's entry.
 */
static int k1_hart_wake(unsigned long hartid, unsigned long from_hartid)
{
	volatile void *idle;

	if (!k1_can_wake || hartid >= K1_HARTS || from_hartid >= K1_HARTS)
		return -1;
	idle = apmu(k1_apmu_idle_cfg[hartid]);
	mmio_write32(idle, mmio_read32(idle) & ~K1_IDLE_POWERED_DOWN);
	mmio_write32(apmu(k1_apmu_wakeup[from_hartid]), 1U << hartid);
	return 0;
}

static const struct pmu_platform k1_pmu = {
	.default_map = &spacemit_x60_pmu_default_map,
};

PLATFORM_QUIRK(k1_quirk) = {
	.name = "SpacemiT K1",
	.compatible = DT_COMPATIBLE("spacemit,k1"),
	.pmu = &k1_pmu,
	.hooks = &(const struct platform_hooks){
		.init = k1_init,
		.hart_init = k1_hart_init,
		.hart_wake = k1_hart_wake,
	},
};
