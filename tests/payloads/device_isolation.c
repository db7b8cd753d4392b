/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The devices the firmware owns are out of S-mode's reach: every region of
 * every CLINT / ACLINT MSWI and MTIMER node (one per socket on QEMU virt,
 * aclint=on with -numa nodes: 12 regions on 4 sockets), and of the M-level
 * APLICs and IMSICs (the nodes the firmware hands on disabled), faults on
 * S-mode loads and stores (PMP), with the address in stval: at its start,
 * middle and last word.
 *
 * And the attack that showed it mattered: with one hart clearing another
 * hart's msip in a loop, remote fences sent to that other hart from a third
 * could be lost and never return. The target is the last hart (the last
 * socket's MSWI: past the eighth region, where a fixed 8-entry table once
 * stopped); its msip is found as the firmware finds it (its slot in the
 * node's interrupts-extended). The clearing stores fault (and are skipped),
 * and every fence completes within a generous bound of `time`.
 */
#include <libfdt.h>
#include "payload.h"

#define CAUSE_STORE_ACCESS 7
#define MAX_REGIONS 64
#define MAX_HARTS 64
#define IRQ_M_SOFT 3
#define FENCES 200
#define ATTACK_US (3 * 1000 * 1000)

static const char *const owned_compatible[] = {
	"riscv,clint0", "sifive,clint0", "riscv,aclint-mswi", "riscv,aclint-mtimer",
};
/* Only their machine-level nodes, which S-mode's DT has disabled (S-mode keeps its own). */
static const char *const mlevel_compatible[] = { "riscv,aplic", "qemu,aplic", "riscv,imsics", "qemu,imsics" };
static const char *const msip_compatible[] = { "riscv,clint0", "sifive,clint0", "riscv,aclint-mswi" };

static struct {
	uint64_t base, size;
} regions[MAX_REGIONS];
static int nregions;

static volatile unsigned long faults, last_cause, last_tval;

static bool count_fault(struct trap_frame *frame)
{
	if (frame->scause != CAUSE_LOAD_ACCESS && frame->scause != CAUSE_STORE_ACCESS)
		return false;
	__atomic_fetch_add(&faults, 1, __ATOMIC_RELAXED);
	last_cause = frame->scause;
	last_tval = frame->stval;
	frame->sepc += 4;              /* the accesses below are 4-byte instructions */
	return true;
}

static void add_node_regions(const void *fdt, int node)
{
	for (int i = 0; nregions < MAX_REGIONS; i++) {
		uint64_t base, size;
		bool seen = false;
		if (!dt_node_reg(fdt, node, i, &base, &size))
			break;
		for (int r = 0; r < nregions; r++)
			seen |= regions[r].base == base;
		if (seen)      /* a node with two of these compatibles */
			continue;
		regions[nregions].base = base;
		regions[nregions].size = size;
		nregions++;
	}
}

static void find_regions(void)
{
	const void *fdt = dt_fdt();

	for (unsigned int c = 0; c < ARRAY_SIZE(owned_compatible); c++)
		for (int node = fdt_node_offset_by_compatible(fdt, -1, owned_compatible[c]); node >= 0;
		     node = fdt_node_offset_by_compatible(fdt, node, owned_compatible[c]))
			add_node_regions(fdt, node);
	for (unsigned int c = 0; c < ARRAY_SIZE(mlevel_compatible); c++)
		for (int node = fdt_node_offset_by_compatible(fdt, -1, mlevel_compatible[c]); node >= 0;
		     node = fdt_node_offset_by_compatible(fdt, node, mlevel_compatible[c]))
			if (!dt_node_enabled(fdt, node))
				add_node_regions(fdt, node);
}

/* The hartid of the cpu whose interrupt controller has this phandle, or ~0UL. */
static unsigned long intc_hartid(const void *fdt, uint32_t phandle)
{
	int intc = fdt_node_offset_by_phandle(fdt, phandle);
	int cpu = intc >= 0 ? fdt_parent_offset(fdt, intc) : -1;
	uint64_t id, size;

	if (cpu < 0 || !dt_node_reg(fdt, cpu, 0, &id, &size))
		return ~0UL;
	return id;
}

/* hartid's msip: its slot (each cpu once, in interrupts-extended order) in its MSWI/CLINT node; 0 if none. */
static unsigned long msip_addr(unsigned long hartid)
{
	const void *fdt = dt_fdt();

	for (unsigned int c = 0; c < ARRAY_SIZE(msip_compatible); c++) {
		for (int node = fdt_node_offset_by_compatible(fdt, -1, msip_compatible[c]); node >= 0;
		     node = fdt_node_offset_by_compatible(fdt, node, msip_compatible[c])) {
			int len, slot = -1;
			uint32_t last = 0;
			uint64_t base, size;
			const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
			if (!ie || !dt_node_reg(fdt, node, 0, &base, &size))
				continue;
			for (int i = 0; i + 1 < len / 4; i += 2) {
				uint32_t phandle = fdt32_to_cpu(ie[i]);
				if (phandle != last || slot < 0) {
					slot++;
					last = phandle;
				}
				if (fdt32_to_cpu(ie[i + 1]) == IRQ_M_SOFT && intc_hartid(fdt, phandle) == hartid)
					return (unsigned long)base + 4 * slot;
			}
		}
	}
	return 0;
}

static unsigned long load32(unsigned long addr)
{
	unsigned long v = 0x5a5a;
	__asm__ volatile(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop" : "+&r"(v) : "r"(addr) : "memory");
	return v;
}

static void store32(unsigned long addr, unsigned long v)
{
	__asm__ volatile(".option push\n.option norvc\nsw %0, 0(%1)\n.option pop" : : "r"(v), "r"(addr) : "memory");
}

static void check_access_faults(void)
{
	for (int r = 0; r < nregions; r++) {
		const unsigned long probes[] = { regions[r].base, regions[r].base + regions[r].size / 2,
						 regions[r].base + regions[r].size - 4 };
		for (unsigned int p = 0; p < ARRAY_SIZE(probes); p++) {
			faults = 0;
			CHECK_EQ(load32(probes[p]), 0x5a5a);
			if (!CHECK_EQ(faults, 1) || !CHECK_EQ(last_cause, CAUSE_LOAD_ACCESS))
				printf("  S-mode load from 0x%lx (a firmware device) did not fault\n", probes[p]);
			CHECK_EQ(last_tval, probes[p]);
			faults = 0;
			store32(probes[p], 0);
			if (!CHECK_EQ(faults, 1) || !CHECK_EQ(last_cause, CAUSE_STORE_ACCESS))
				printf("  S-mode store to 0x%lx (a firmware device) did not fault\n", probes[p]);
			CHECK_EQ(last_tval, probes[p]);
		}
	}
}

/* --- the msip-clearing attack ---------------------------------------------- */

static volatile unsigned long attack_stop, target_stop, attacker_running, target_running;
static unsigned long attacked_msip;

static void attacker_job(void *arg)
{
	(void)arg;
	payload_trap_handler = count_fault;
	__atomic_store_n(&attacker_running, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&attack_stop, __ATOMIC_ACQUIRE))
		store32(attacked_msip, 0);
}

static void target_job(void *arg)
{
	(void)arg;
	__atomic_store_n(&target_running, 1, __ATOMIC_RELEASE);
	wait_flag(&target_stop, 1, 60 * 1000 * 1000);
}

static void check_msip_attack(unsigned long self, const unsigned long *ids, int n)
{
	unsigned long attacker = ~0UL, target = ~0UL;
	uint64_t worst = 0;

	/* The last hart (the last socket's) as the target; the attacker another hart than this one. */
	for (int i = n - 1; i >= 0; i--) {
		if (ids[i] == self)
			continue;
		if (target == ~0UL)
			target = ids[i];
		else if (attacker == ~0UL)
			attacker = ids[i];
	}
	if (!CHECK(attacker != ~0UL))
		return;
	attacked_msip = msip_addr(target);
	if (!CHECK(attacked_msip != 0))
		return;
	printf("hart %lu's msip at 0x%lx\n", target, attacked_msip);
	CHECK_EQ(hart_run(target, target_job, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&target_running, 1, 10 * 1000 * 1000));
	CHECK_EQ(hart_run(attacker, attacker_job, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&attacker_running, 1, 10 * 1000 * 1000));

	uint64_t end = time_deadline_us(ATTACK_US);
	unsigned int done = 0;
	while (done < FENCES && !time_passed(end)) {
		uint64_t t0 = rdtime();
		struct sbiret ret = sbi_remote_fence_i(1, target);
		uint64_t dt = rdtime() - t0;
		if (!CHECK_EQ(ret.error, SBI_SUCCESS))
			break;
		worst = dt > worst ? dt : worst;
		done++;
	}
	__atomic_store_n(&attack_stop, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&target_stop, 1, __ATOMIC_RELEASE);
	CHECK(hart_wait_state(attacker, SBI_HSM_STATE_STOPPED, 10 * 1000 * 1000));
	CHECK(hart_wait_state(target, SBI_HSM_STATE_STOPPED, 10 * 1000 * 1000));
	printf("msip attack: %u remote_fence_i to hart %lu while hart %lu stored to its msip %lu times "
	       "(all faulted); slowest fence %lu us\n", done, target, attacker, faults,
	       (unsigned long)(worst * 1000000 / time_ticks_per_sec()));
	CHECK(done > 0);
	CHECK(faults > 0);
	/* Generous: a fence takes microseconds; a lost IPI never returns at all. */
	CHECK(worst < time_us_to_ticks(2 * 1000 * 1000));
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[MAX_HARTS];
	int n = dt_hartids(ids, MAX_HARTS);

	(void)dtb;
	test_start("device_isolation");
	payload_trap_handler = count_fault;
	find_regions();
	if (!CHECK(nregions > 0))
		test_fail();
	for (int r = 0; r < nregions; r++)
		printf("firmware device 0x%lx-0x%lx\n", (unsigned long)regions[r].base,
		       (unsigned long)(regions[r].base + regions[r].size - 1));
	printf("DEVICE-ISOLATION-REGIONS %d\n", nregions);
	check_access_faults();
	if (!CHECK(n <= MAX_HARTS))
		n = MAX_HARTS;
	if (n >= 3 && msip_addr(hartid))   /* with an MSWI (aia=aplic-imsic has none) */
		check_msip_attack(hartid, ids, n);
	printf("DEVICE-ISOLATION-ATTACK-%s\n", n >= 3 && msip_addr(hartid) ? "yes" : "no");
}
