/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SpacemiT K1 quirk's hart set-up (platform/generic/quirks/spacemit_k1.c)
 * against simulated registers that log every access with its width
 * (tests/host/sim_mmio.h), access by access as OpenSBI 1.9 makes them
 * (platform/generic/spacemit/k1.c, lib/utils/hsm/fdt_hsm_spacemit.c,
 * include/spacemit/k1.h):
 * - cold boot: both clusters' reset vectors (0xd4282db0/b4, 0xd4282eb0/b4)
 *   at the firmware's entry, then each cluster's CCI-550 snoop control
 *   (0xd8501000, 0xd8502000) = snoops | DVM, each followed by reads of the
 *   CCI status until change_pending clears; nothing when no device answers
 *   there or the blocks lie in RAM, and a bounded wait (on the time source)
 *   for a CCI that never settles;
 * - hart_wake: the target's APMU idle configuration with bits 0, 1, 3, 4
 *   cleared (others kept), then the calling hart's wake-up register =
 *   1 << target;
 * - hart_init: MSETUP |= caches, branch prediction, prefetch, misaligned,
 *   ECC; ML2SETUP |= 1 << (hartid % 4); skipped on a core without them.
 * The quirk is reached through platform_quirk_match(), as boot does, by the
 * root compatible of Linux 7.2's K1 boards.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "host_console.h"
#include "host_memory.h"
#include "platform.h"
#include "riscv_csr.h"
#include "sim_mmio.h"
#include "spacemit_k1.h"
#include "spacemit_x60_pmu.h"
#include "test.h"
#include "timer_device.h"
#include "trap_expect.h"

TEST_MAIN_GLOBALS

#define R false
#define W true
/* The simulated window: the APMU's block at 0, the CCI's at CCI. */
#define CCI       0x8000
#define SIM_SIZE  0x10000
#define ENTRY     0x140000000ULL   /* above 4 GiB: both words of the reset vectors matter */

static struct sim_mmio sim;
static const struct platform_quirk *k1;

/* ---- The CCI: change_pending set by a snoop-control write, for `settle_reads` reads of STATUS ---- */
static unsigned int settle_reads, pending_left;

static void cci_after_write(struct sim_mmio *m, uintptr_t offset, unsigned int width, uint64_t value, uint64_t old)
{
	(void)m, (void)width, (void)value, (void)old;
	if (offset == CCI + K1_CCI_SNOOP_CTRL(0) || offset == CCI + K1_CCI_SNOOP_CTRL(1))
		pending_left = settle_reads;
}

static void cci_before_read(struct sim_mmio *m, uintptr_t offset, unsigned int width)
{
	(void)width;
	if (offset != CCI + K1_CCI_STATUS)
		return;
	sim_mmio_poke(m, offset, 4, pending_left ? K1_CCI_CHANGE_PENDING : 0);
	if (pending_left && pending_left != ~0U)
		pending_left--;
}

/* ---- A time source: one tick per look, 1 MHz ---- */
static uint64_t fake_time;
static uint64_t fake_now(void)
{
	return fake_time++;
}
static const struct timer_device fake_timer = { .now = fake_now };

/* ---- Probes: a read that answers unless `nothing_answers`; the X60's CSRs unless `no_x60_csrs` ---- */
static bool nothing_answers, no_x60_csrs, expecting, trapped;
static unsigned long msetup, ml2setup;
static unsigned int csr_writes;

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st;
	if (nothing_answers || width != 4)
		return false;
	*value = *(volatile const uint32_t *)addr;
	return true;
}

void trap_expect_begin_on(struct trap_expect *st)
{
	(void)st;
	expecting = true;
	trapped = false;
}

bool trap_expect_end_on(struct trap_expect *st)
{
	(void)st;
	expecting = false;
	return trapped;
}

static unsigned long *csr_slot(unsigned int csr)
{
	if (!expecting)
		abort();   /* an access the quirk did not guard: the firmware would stop on a core without it */
	if (no_x60_csrs) {
		trapped = true;
		return NULL;
	}
	return csr == CSR_K1_MSETUP ? &msetup : csr == CSR_K1_ML2SETUP ? &ml2setup : NULL;
}

void host_csr_read_expecting_trap(unsigned int csr, unsigned long *value)
{
	unsigned long *slot = csr_slot(csr);

	if (slot)
		*value = *slot;
}

void host_csr_write_expecting_trap(unsigned int csr, unsigned long value)
{
	unsigned long *slot = csr_slot(csr);

	if (slot) {
		*slot = value;
		csr_writes++;
	}
}

static void test_setup(void)
{
	static char blob[512];
	static const char root[] = "bananapi,bpi-f3\0spacemit,k1";

	if (!sim.base)
		sim_mmio_init(&sim, SIM_SIZE);
	sim_mmio_reset(&sim);
	sim.after_write = cci_after_write;
	sim.before_read = cci_before_read;
	spacemit_k1_regs.apmu = (uintptr_t)sim.base;
	spacemit_k1_regs.cci = (uintptr_t)sim.base + CCI;
	settle_reads = 0;
	pending_left = 0;
	nothing_answers = no_x60_csrs = false;
	msetup = ml2setup = 0;
	csr_writes = 0;
	fake_time = 1000;
	timer_device_set(&fake_timer);
	timer_set_hz(1000000);
	host_memory_reset();
	memory_map.fw_base = ENTRY;
	memory_map.fw_size = 0x40000;
	host_console_clear();
	if (fdt_create_empty_tree(blob, sizeof(blob)) || fdt_setprop(blob, 0, "compatible", root, sizeof(root)))
		exit(2);
	k1 = platform_quirk_match(blob);
}

static char match_blob[1024];

static const void *root(const char *compatible, int len)
{
	if (fdt_create_empty_tree(match_blob, sizeof(match_blob)) || fdt_setprop(match_blob, 0, "compatible", compatible, len))
		exit(2);
	return match_blob;
}
#define ROOT(lit) root(lit, sizeof(lit))

TEST(k1_boards_get_the_k1_quirk_and_the_x60_map)
{
	const struct platform_quirk *q = platform_quirk_match(ROOT("bananapi,bpi-f3\0spacemit,k1"));

	CHECK(!strcmp(q->name, "SpacemiT K1"));
	CHECK(q->pmu && q->pmu->default_map == &spacemit_x60_pmu_default_map);
	CHECK(!q->pmu->fw_event_lookup && !q->trap_flushes_tlb && !q->hooks->system_reset);
	CHECK_EQ(platform_quirk_match(ROOT("milkv,jupiter\0spacemit,k1")), q);
	CHECK_EQ(platform_quirk_match(ROOT("spacemit,musepi-pro\0spacemit,k1")), q);
	CHECK_EQ(platform_quirk_match(ROOT("xunlong,orangepi-rv2\0spacemit,k1")), q);
	/* The vendor's own DTs say "spacemit,k1-x"; the K3 is another SoC. */
	CHECK_EQ(platform_quirk_match(ROOT("spacemit,k1-x")), &platform_quirk_generic);
	CHECK_EQ(platform_quirk_match(ROOT("spacemit,k3")), &platform_quirk_generic);
}

#define LOGGED(i, rw, off, val) CHECK(sim_mmio_logged(&sim, i, rw, off, 4, val))

/* Cold boot, the CCI settling at once: the probe's two reads, the four vector words, each snoop enable. */
TEST(cold_boot_points_both_clusters_at_the_firmware_and_enables_the_cci)
{
	CHECK(!strcmp(k1->name, "SpacemiT K1"));
	CHECK(k1->hooks && k1->hooks->init && k1->hooks->hart_init && k1->hooks->hart_wake);
	CHECK_EQ(k1->hooks->init(NULL), 0);
	CHECK_EQ(sim.count, 10);
	LOGGED(0, R, 0x5b0, 0);
	LOGGED(1, R, CCI + 0xc, 0);
	LOGGED(2, W, 0x5b0, 0x40000000);   /* 0xd4282db0: cluster 0, low word */
	LOGGED(3, W, 0x5b4, 0x1);          /* high word */
	LOGGED(4, W, 0x6b0, 0x40000000);   /* 0xd4282eb0: cluster 1 */
	LOGGED(5, W, 0x6b4, 0x1);
	LOGGED(6, W, CCI + 0x1000, 0x3);   /* 0xd8501000: slave interface 0, snoops | DVM */
	LOGGED(7, R, CCI + 0xc, 0);        /* 0xd850000c: change_pending clear */
	LOGGED(8, W, CCI + 0x2000, 0x3);   /* interface 1 */
	LOGGED(9, R, CCI + 0xc, 0);
	CHECK_EQ(sim.bad, 0);
	CHECK(host_console_contains("abacus: K1 harts        : vectors 0x140000000, CCI on: harts can wake\n"));
}

/* The CCI reports its change pending for three reads: read until it clears, then the next interface. */
TEST(cold_boot_waits_for_the_cci_to_take_each_change)
{
	settle_reads = 3;
	CHECK_EQ(k1->hooks->init(NULL), 0);
	CHECK_EQ(sim.count, 6 + 2 * (1 + 4));
	LOGGED(6, W, CCI + 0x1000, 0x3);
	for (unsigned int i = 7; i < 10; i++)
		LOGGED(i, R, CCI + 0xc, K1_CCI_CHANGE_PENDING);
	LOGGED(10, R, CCI + 0xc, 0);
	LOGGED(11, W, CCI + 0x2000, 0x3);
	LOGGED(15, R, CCI + 0xc, 0);
	CHECK_EQ(k1->hooks->hart_wake(1, 0), 0);
}

/* A CCI that never settles: given up after K1_CCI_SETTLE_MS on the time source; no hart is woken. */
TEST(a_cci_that_never_settles_is_given_up_on_time)
{
	uint64_t start = fake_time;

	settle_reads = ~0U;
	CHECK_EQ(k1->hooks->init(NULL), 0);
	CHECK(fake_time - start >= 1000 * K1_CCI_SETTLE_MS);
	CHECK(fake_time - start <= 1000 * K1_CCI_SETTLE_MS + 2);
	CHECK_EQ(sim_mmio_count_at(&sim, CCI + 0x2000, 4, true), 0);   /* interface 1 not touched */
	CHECK(host_console_contains("abacus: K1 harts        : CCI refused snoops: no hart can be woken\n"));
	sim_mmio_clear_log(&sim);
	CHECK_EQ(k1->hooks->hart_wake(1, 0), -1);
	CHECK_EQ(sim.count, 0);
}

/* A K1 DT on another machine (QEMU virt): nothing answers there; nothing is written. */
TEST(no_apmu_there_means_no_write_and_no_wake)
{
	nothing_answers = true;
	CHECK_EQ(k1->hooks->init(NULL), 0);
	CHECK_EQ(sim.count, 0);
	CHECK(host_console_contains("abacus: K1 harts        : no APMU/CCI: no hart can be woken\n"));
	CHECK_EQ(k1->hooks->hart_wake(3, 0), -1);
	CHECK_EQ(sim.count, 0);
}

/* ... or RAM lies there (virt with 4 GiB): not even read. */
TEST(blocks_in_ram_are_never_touched)
{
	CHECK(memory_map_add_ram(spacemit_k1_regs.cci & ~0xfffULL, 0x1000000));
	CHECK_EQ(k1->hooks->init(NULL), 0);
	CHECK_EQ(sim.count, 0);
	CHECK(host_console_contains("abacus: K1 harts        : APMU/CCI in RAM or firmware: no hart can be woken\n"));
	CHECK_EQ(k1->hooks->hart_wake(3, 0), -1);
}

/* hart_start of hart 5 by hart 0, of hart 1 by hart 6: power-up, then the caller's wake-up register. */
TEST(hart_wake_powers_the_hart_up_and_wakes_it_through_the_callers_register)
{
	CHECK_EQ(k1->hooks->init(NULL), 0);
	sim_mmio_poke(&sim, 0x308, 4, 0x1b | 0x300);     /* hart 5 powered down; other bits kept */
	sim_mmio_poke(&sim, 0x128, 4, 0x1b);
	sim_mmio_clear_log(&sim);
	CHECK_EQ(k1->hooks->hart_wake(5, 0), 0);
	CHECK_EQ(sim.count, 3);
	LOGGED(0, R, 0x308, 0x31b);   /* 0xd4282b08: PMU_AP_CORE5_IDLE_CFG */
	LOGGED(1, W, 0x308, 0x300);
	LOGGED(2, W, 0x12c, 1 << 5);  /* 0xd428292c: core 0's wake-up register */
	sim_mmio_clear_log(&sim);
	CHECK_EQ(k1->hooks->hart_wake(1, 6), 0);
	CHECK_EQ(sim.count, 3);
	LOGGED(0, R, 0x128, 0x1b);
	LOGGED(1, W, 0x128, 0);
	LOGGED(2, W, 0x32c, 1 << 1);  /* core 6's */
	/* Past the K1's eight harts: nothing touched. */
	sim_mmio_clear_log(&sim);
	CHECK_EQ(k1->hooks->hart_wake(8, 0), -1);
	CHECK_EQ(k1->hooks->hart_wake(1, 8), -1);
	CHECK_EQ(sim.count, 0);
	/* Every hart's registers are OpenSBI 1.9's PMU_AP_CORE<n>_IDLE_CFG / _WAKEUP. */
	static const uint16_t idle[] = { 0x124, 0x128, 0x160, 0x164, 0x304, 0x308, 0x30c, 0x310 };
	static const uint16_t wake[] = { 0x12c, 0x130, 0x134, 0x138, 0x324, 0x328, 0x32c, 0x330 };
	for (unsigned int h = 0; h < K1_HARTS; h++) {
		CHECK_EQ(k1_apmu_idle_cfg[h], idle[h]);
		CHECK_EQ(k1_apmu_wakeup[h], wake[h]);
	}
}

TEST(each_hart_turns_on_its_caches_and_its_l2_bit)
{
	msetup = 0x100;
	ml2setup = 0x1;
	k1->hooks->hart_init(6);
	CHECK_EQ(msetup, 0x100 | 0x10073);   /* DE IE BPE PFE MME ECCE */
	CHECK_EQ(ml2setup, 0x1 | 0x4);       /* core 2 of cluster 1 */
	k1->hooks->hart_init(3);
	CHECK_EQ(ml2setup, 0x1 | 0x4 | 0x8);
	CHECK(!expecting);
}

/* A core without the X60's CSRs (a K1 DT moved onto QEMU virt): each access traps and is skipped. */
TEST(a_core_without_the_x60_csrs_is_left_alone)
{
	no_x60_csrs = true;
	k1->hooks->hart_init(0);
	CHECK_EQ(csr_writes, 0);
	CHECK(!expecting);
}

int main(void)
{
	RUN(k1_boards_get_the_k1_quirk_and_the_x60_map);
	RUN(cold_boot_points_both_clusters_at_the_firmware_and_enables_the_cci);
	RUN(cold_boot_waits_for_the_cci_to_take_each_change);
	RUN(a_cci_that_never_settles_is_given_up_on_time);
	RUN(no_apmu_there_means_no_write_and_no_wake);
	RUN(blocks_in_ram_are_never_touched);
	RUN(hart_wake_powers_the_hart_up_and_wakes_it_through_the_callers_register);
	RUN(each_hart_turns_on_its_caches_and_its_l2_bit);
	RUN(a_core_without_the_x60_csrs_is_left_alone);
	sim_mmio_free(&sim);
	return TEST_EXIT_CODE;
}
