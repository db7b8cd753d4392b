/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * From reset to the next stage.
 *
 * boot_cold_main (one hart, on the static boot stack): validate and copy the
 * DTB, find RAM, harts and devices, lay out per-hart memory, then release the
 * other harts. boot_warm_main (every hart, on its own stack): per-hart M-mode
 * set-up; the boot hart then finishes the platform (PMU map, DT fixups, boot
 * log) and the hart chosen for the next stage enters it. The others wait in
 * HSM's stopped state.
 */
#include <libfdt.h>
#include "console.h"
#include "drivers.h"
#include "fdt_helpers.h"
#include "fw_dynamic.h"
#include "hart_ext.h"
#include "platform.h"
#include "riscv_csr.h"
#include "sbi_boot.h"
#include "sbi_ecall.h"
#include "sbi_heap.h"
#include "sbi_hsm.h"
#include "sbi_memory.h"
#include "sbi_string.h"

#define FW_BASE_ADDR      0x80000000UL
#define FDT_FIXUP_ROOM    FDT_FIXUP_ROOM_BYTES

extern char _fw_start[], _fw_image_end[], _fw_end[];
extern volatile unsigned int boot_release;
extern void hart_enter_block(unsigned long hartid) __attribute__((noreturn));
extern void park(void) __attribute__((noreturn));

/* Read by firmware/entry.S: the stack top of each hart, by hartid. */
unsigned long *hart_sp_table;
unsigned long hart_sp_table_len;

struct boot_info boot_info;
static volatile unsigned int harts_ready;

static void __attribute__((noreturn)) boot_fail(const char *what, int err)
{
	sbi_printf("abacus: FATAL: %s", what);
	if (err)
		sbi_printf(" (%s)", fdt_strerror(err));
	sbi_printf("; halting\n");
	park();
}

/* Counts the DT's cpu nodes and the highest hartid. */
static unsigned int scan_cpus(const void *fdt, unsigned long *max_hartid)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int n = 0;

	*max_hartid = 0;
	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_hartid(fdt, node);
		if (id < 0)
			continue;
		if ((unsigned long)id > *max_hartid)
			*max_hartid = id;
		n++;
	}
	return n;
}

static void scan_memory(const void *fdt)
{
	int node;

	fdt_for_each_subnode(node, fdt, 0) {
		int len;
		const char *type = fdt_getprop(fdt, node, "device_type", &len);
		uint64_t base, size;
		if (!type || len != 7 || memcmp(type, "memory", 7) || !fdt_node_is_enabled(fdt, node))
			continue;
		for (int i = 0; fdt_read_reg(fdt, node, i, &base, &size) == 0; i++)
			if (size && !sbi_memory_add_ram(base, size))
				sbi_printf("abacus: memory region 0x%lx+0x%lx ignored (table full)\n",
					   (unsigned long)base, (unsigned long)size);
	}
}

/* Smallest power of two >= x (x > 0). */
static unsigned long pow2_roundup(unsigned long x)
{
	unsigned long p = 1;

	while (p < x)
		p <<= 1;
	return p;
}

static void layout_harts(const void *fdt, unsigned int n, unsigned long max_hartid)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int i = 0;
	struct hart_ext *ext;

	hart_table = sbi_heap_alloc(sizeof(*hart_table) * n, 8);
	hart_sp_table = sbi_heap_alloc(sizeof(*hart_sp_table) * (max_hartid + 1), 8);
	/* SSE/FWFT/DBTR state, one array: the 2 KiB blocks keep their alignment.
	 * Right after hart_sp_table, before the blocks: tests/fuzz/stress-canary.py
	 * finds it there. */
	ext = sbi_heap_alloc(sizeof(*ext) * n, 64);
	if (!hart_table || !hart_sp_table || !ext)
		boot_fail("no firmware memory for the hart table", 0);
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_hartid(fdt, node);
		char *block;
		struct hart_state *hs;
		if (id < 0)
			continue;
		if (hart_sp_table[id]) {
			sbi_printf("abacus: DT lists hartid %ld twice; second cpu node ignored\n", id);
			continue;
		}
		block = sbi_heap_alloc(HART_BLOCK_SIZE, HART_BLOCK_SIZE);
		if (!block)
			boot_fail("too many harts for the firmware region", 0);
		hs = (struct hart_state *)(block + HART_BLOCK_SIZE - sizeof(struct hart_state));
		hs->ext = &ext[i];
		hs->hartid = id;
		hs->index = i;
		hs->isa_features = fdt_cpu_isa_features(fdt, node);
		hs->intc_phandle = fdt_cpu_intc_phandle(fdt, node);
		hs->hsm_state = SBI_HSM_STATE_STOPPED;
		hart_table[i++] = hs;
		hart_sp_table[id] = hart_stack_top(hs);
	}
	hart_count = i;
	hart_sp_table_len = max_hartid + 1;
}

void boot_cold_main(unsigned long hartid, const void *dtb, unsigned long fw_info)
{
	unsigned long max_hartid, fw_size;
	const char *why;
	unsigned int ncpus;
	void *fdt;
	int err;

	boot_hartid = hartid;
	platform.early_console_init();
	sbi_printf("\nAbacus SBI firmware %u.%u (SBI %u.%u)\n", SBI_IMPL_VERSION >> 16, SBI_IMPL_VERSION & 0xffff,
		   SBI_SPEC_VERSION_MAJOR, SBI_SPEC_VERSION_MINOR);

	/* The DTB: must be there, aligned and sane before anything reads it. */
	if (!dtb || ((unsigned long)dtb & 7))
		boot_fail(dtb ? "DTB address in a1 is not 8-byte aligned" : "no DTB passed in a1", 0);
	why = fdt_check_boot_dtb(dtb, &err);
	if (why)
		boot_fail(why, err);

	sbi_heap_init((uintptr_t)_fw_end, platform.default_next_addr);
	/* Keep our own copy: S-mode cannot overwrite it while we still read it. */
	fdt = sbi_heap_alloc(fdt_totalsize(dtb) + FDT_FIXUP_ROOM, 8);
	if (!fdt)
		boot_fail("no firmware memory for the DTB copy", 0);
	err = fdt_open_into(dtb, fdt, fdt_totalsize(dtb) + FDT_FIXUP_ROOM);
	if (err)
		boot_fail("cannot copy the DTB", err);
	boot_info.fdt = fdt;
	boot_info.orig_fdt = (void *)dtb;
	boot_info.orig_fdt_size = fdt_totalsize(dtb);
	boot_info.fw_info = fw_info;

	scan_memory(fdt);
	if (!sbi_memory.ram_count)
		boot_fail("DT has no memory node", 0);
	ncpus = scan_cpus(fdt, &max_hartid);
	if (!ncpus)
		boot_fail("DT has no cpu nodes", 0);
	if (max_hartid >= 65536)
		boot_fail("hartid above 65535 in the DT", 0);
	layout_harts(fdt, ncpus, max_hartid);
	if (!hart_by_id(hartid))
		boot_fail("the boot hart is not in the DT", 0);

	if (console_probe_dt(fdt) < 0)
		sbi_printf("abacus: no UART found in the DT; keeping the early console\n");
	if (aclint_probe_dt(fdt) < 0)
		sbi_printf("abacus: warning: no CLINT/ACLINT in the DT: no IPIs, no M-mode timer\n");
	if (reset_probe_dt(fdt) < 0 && !platform.system_reset)
		sbi_printf("abacus: warning: no reset device in the DT\n");
	if (platform.system_reset)
		reset_set_fallback(platform.system_reset);
	if (platform.init && platform.init(fdt))
		sbi_printf("abacus: warning: platform set-up reported an error\n");

	/* The firmware region: everything allocated so far, as one NAPOT range. */
	fw_size = pow2_roundup(sbi_heap_end() - FW_BASE_ADDR);
	if (FW_BASE_ADDR + fw_size > platform.default_next_addr)
		boot_fail("firmware region overlaps the next stage", 0);
	sbi_memory.fw_base = FW_BASE_ADDR;
	sbi_memory.fw_size = fw_size;
	boot_info.heap_used = sbi_heap_end() - (uintptr_t)_fw_end;

	/* Release the other harts: publish everything, then wake them. */
	__atomic_store_n(&boot_release, 1, __ATOMIC_RELEASE);
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_table[i]->hartid != hartid)
			aclint_send_ipi(hart_table[i]);
	hart_enter_block(hartid);
}

/* Every hart, on its own stack. */
void boot_warm_main(unsigned long hartid)
{
	struct hart_state *hs = current_hart();

	(void)hartid;
	hart_init_mmode(hs);
	if (hs->hartid != boot_hartid) {
		/* The last hart to arrive wakes the boot hart. */
		if (__atomic_add_fetch(&harts_ready, 1, __ATOMIC_ACQ_REL) == hart_count)
			aclint_send_ipi(hart_by_id(boot_hartid));
		sbi_hsm_stopped_loop(hs);
	}

	/*
	 * The boot hart waits for the others' probing asleep, not spinning:
	 * under QEMU -icount a spinning hart can starve the ones it waits for.
	 */
	__atomic_add_fetch(&harts_ready, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&harts_ready, __ATOMIC_ACQUIRE) < hart_count) {
		wfi();
		aclint_clear_ipi(hs);
	}
	boot_finish(hs);
}
