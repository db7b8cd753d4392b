/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * From reset to the next stage.
 *
 * boot_cold_main (one hart, on the static boot stack): validate and copy the
 * DTB, find RAM, harts and devices, lay out per-hart memory, then release the
 * other harts. Harts whose cpu node is not "okay", or that have no MSWI slot
 * (they could never be woken), are not released and never offered.
 * boot_warm_main (every released hart, on its own stack): per-hart M-mode
 * set-up; the boot hart waits for the others until a deadline, then
 * finishes the platform (the services' boot hooks, DT fixups, boot log) and
 * the hart chosen for the next stage enters it. The others wait stopped
 * (include/hart_run.h). A
 * hart not set up by the deadline is not lost: it joins whenever it comes,
 * as a STOPPED hart S-mode may start (no time decides which harts exist).
 */
#include <libfdt.h>
#include "aia.h"
#include "console.h"
#include "fdt_helpers.h"
#include "fw_config.h"
#include "fw_payload.h"
#include "hart.h"
#include "hart_ext.h"
#include "hart_lifecycle.h"
#include "ipi_device.h"
#include "platform.h"
#include "riscv_csr.h"
#include "boot.h"
#include "heap.h"
#include "sbi_ecall.h"
#include "hart_run.h"
#include "memory_map.h"
#include "libc_string.h"
#include "timer_device.h"
#include "trap_report.h"

extern char _fw_start[], _fw_end[];

/* Read by firmware/entry.S: the stack top of each hart, by hartid. */
unsigned long *hart_sp_table;
unsigned long hart_sp_table_len;
/*
 * Read by firmware/entry.S: the other harts wait for it. In .data, like the
 * boot lottery: a waiting hart may read it before the winner has cleared the
 * BSS, which after a warm reboot still holds the last boot's values.
 */
volatile unsigned int boot_release __attribute__((section(".data")));

/*
 * The boot deadline: how long the boot hart waits, from the moment it
 * waits, for every hart the DT lists to be set up before it goes on; one
 * that is not joins later, when it comes. Generous: QEMU -smp 512 on two
 * busy host cores takes seconds.
 */
#define BOOT_WAIT_BASE_MS        1000
#define BOOT_WAIT_PER_HART_MS    20
#define BOOT_DEFAULT_TIMEBASE_HZ 10000000UL   /* when the DT has no timebase-frequency */
#define BOOT_POLLS_PER_TICK      16           /* no time source at all: polls count as time */
#define BOOT_DEEP_STACK_SIZE     4096         /* as the static boot stack (entry.S) */

static volatile unsigned int harts_ready;
/* The hart that finishes boot (boot_hartid's hart_state); READY harts wake it while it waits. */
static struct hart_state *boot_hart;
static volatile bool boot_waiting;

static void __attribute__((noreturn)) boot_fail(const char *what, int err)
{
	fatal_record_halt(what);   /* for a debugger, also when there is no console */
	console_printf("abacus: FATAL: %s", what);
	if (err)
		console_printf(" (%s)", fdt_strerror(err));
	console_printf("; halting\n");
	park();
}

/*
 * Counts the DT's cpu nodes (*all) and those the firmware may use (enabled,
 * with a hartid: the return value), and the highest hartid among the latter.
 */
static unsigned int scan_cpus(const void *fdt, unsigned long *max_hartid, unsigned int *all)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int n = 0;

	*max_hartid = 0;
	*all = 0;
	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_hartid(fdt, node);
		if (id < 0)
			continue;
		(*all)++;
		if (!fdt_node_is_enabled(fdt, node))
			continue;
		if ((unsigned long)id > *max_hartid)
			*max_hartid = id;
		n++;
	}
	return n;
}

/* RAM from the DT's memory nodes; why it cannot be recorded, or NULL. */
static const char *scan_memory(const void *fdt)
{
	int node;

	fdt_for_each_subnode(node, fdt, 0) {
		int len;
		const char *type = fdt_getprop(fdt, node, "device_type", &len);
		uint64_t base, size;
		if (!type || len != 7 || memcmp(type, "memory", 7) || !fdt_node_is_enabled(fdt, node))
			continue;
		for (int i = 0; fdt_read_reg(fdt, node, i, &base, &size) == 0; i++)
			if (size && !memory_map_add_ram(base, size))
				return "memory node reg wraps, or no room to record it";
	}
	return memory_map.ram_count ? NULL : "DT has no memory node";
}

/* Smallest power of two >= x (x > 0). */
static unsigned long pow2_roundup(unsigned long x)
{
	unsigned long p = 1;

	while (p < x)
		p <<= 1;
	return p;
}

/* One hart_state block per usable cpu node; disabled ones get none (never woken, never offered). */
static void layout_harts(const void *fdt, unsigned int n, unsigned long max_hartid)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int i = 0, ordinal = 0;
	struct hart_ext *ext;

	hart_table = heap_alloc(sizeof(*hart_table) * n, 8);
	hart_sp_table = heap_alloc(sizeof(*hart_sp_table) * (max_hartid + 1), 8);
	/* The extensions' per-hart state (struct hart_ext), one array: the 2 KiB blocks keep their alignment.
	 * Right after hart_sp_table, before the blocks: tests/fuzz/stress-canary.py
	 * finds it there. */
	ext = heap_alloc(sizeof(*ext) * n, 64);
	if (!hart_table || !hart_sp_table || !ext)
		boot_fail("no firmware memory for the hart table", 0);
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_enabled_hartid(fdt, node);
		char *block;
		struct hart_state *hs;
		if (id < 0) {
			ordinal++;
			continue;
		}
		if (hart_sp_table[id]) {
			console_printf("abacus: DT lists hartid %ld twice; second cpu node ignored\n", id);
			ordinal++;
			continue;
		}
		block = heap_alloc(HART_BLOCK_SIZE, HART_BLOCK_SIZE);
		if (!block)
			boot_fail("too many harts for the firmware region", 0);
		hs = (struct hart_state *)(block + HART_BLOCK_SIZE - sizeof(struct hart_state));
		hs->ext = &ext[i];
		hs->hartid = id;
		hs->index = i;
		hs->dt_cpu_ordinal = ordinal++;
		hs->presence = HART_WAITING;
		hs->isa_features = fdt_cpu_isa_features(fdt, node);
		/* Until its own set-up says otherwise (a hart may come late): what the DT offers. */
		hs->features = HART_HAS_S | (hs->isa_features & HART_HAS_H);
		hs->intc_phandle = fdt_cpu_intc_phandle(fdt, node);
		hs->run_state = HART_RUN_STOPPED;
		hart_lifecycle_prepare(hs);   /* what other harts may ask of it until it comes */
		hart_table[i++] = hs;
		hart_sp_table[id] = hart_stack_top(hs);
	}
	hart_count = i;
	boot_info.hart_blocks = i;
	hart_sp_table_len = max_hartid + 1;
}

/* A hart left out (no IPI doorbell): it parks if it ever wakes (firmware/entry.S, hart_enter_block). */
static void forget_left_out_stacks(void)
{
	for (unsigned int i = hart_count; i < hart_count + hart_left_out_count; i++)
		hart_sp_table[hart_table[i]->hartid] = 0;
}

/*
 * The console, from the start: the DT's (stdout-path, else its first UART),
 * once the DTB has passed its checks, never a fixed address. Before that,
 * and without a DTB or a UART in it, there is none.
 */
static void boot_console(const void *dtb, const char *dtb_why)
{
	if (!dtb_why)
		boot_probe_console(dtb);   /* its region checked against RAM and the firmware (dt_device_reg) */
	console_printf("\nAbacus SBI firmware %u.%u (SBI %u.%u)\n", SBI_IMPL_VERSION >> 16, SBI_IMPL_VERSION & 0xffff,
		   SBI_SPEC_VERSION_MAJOR, SBI_SPEC_VERSION_MINOR);
}

#ifdef ABACUS_TEST_HOOKS
/*
 * The test-hook image: harts held back at boot (bootargs "abacus.hold=MASK",
 * hartids below 64) until S-mode releases each (ABACUS_TEST_RELEASE_HART),
 * so a test makes late harts on demand, whatever the host's speed. With
 * "abacus.hold-wake=MASK" instead, a hart_start of a held hart releases it,
 * as a board's hart_wake wakes a hart its loader never started (the K1's):
 * the platform waker's wake-and-wait path (include/hart_run.h) on QEMU.
 */
static unsigned long test_hold_mask;

/* The hexadecimal value of bootargs key (with its '='), with or without 0x; false when absent. */
static bool test_bootarg_hex(const void *fdt, const char *key, unsigned long *value)
{
	int chosen = fdt_path_offset(fdt, "/chosen"), len;
	const char *args = chosen < 0 ? NULL : fdt_getprop(fdt, chosen, "bootargs", &len);
	unsigned long n = strlen(key), v = 0;

	for (int i = 0; args && i + (int)n < len; i++) {
		const char *p = args + i;
		if ((i && p[-1] != ' ' && p[-1] != ',') || memcmp(p, key, n))
			continue;
		for (p += n + (p[n] == '0' && p[n + 1] == 'x' ? 2 : 0);; p++) {
			unsigned int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : 16;
			if (d > 15)
				break;
			v = v << 4 | d;
		}
		*value = v;
		return true;
	}
	return false;
}

static void test_hold_parse(const void *fdt)
{
	bool wake = false;

	if (!test_bootarg_hex(fdt, "abacus.hold=", &test_hold_mask) &&
	    !(wake = test_bootarg_hex(fdt, "abacus.hold-wake=", &test_hold_mask)))
		return;
	if (wake)
		hart_run_waker = test_wake_held_hart;
	console_printf("abacus: test: harts held back at boot (bootargs): mask 0x%lx%s\n", test_hold_mask,
		   wake ? "; hart_start wakes them" : "");
}

static void test_hold(struct hart_state *hs)
{
	unsigned long bit = hs->hartid < 64 ? 1UL << hs->hartid : 0;

	while (test_hold_mask & bit & ~__atomic_load_n(&test_hold_released, __ATOMIC_ACQUIRE)) {
		wfi();
		ipi_device_clear(hs);
	}
}
#endif

void boot_cold_main(unsigned long hartid, const void *dtb, unsigned long fw_info, void *boot_stack_top,
		    unsigned long image_end)
{
	unsigned long max_hartid, fw_base = (unsigned long)_fw_start, fw_size, room;
	const void *loader_dtb = dtb;
	const char *why = NULL, *mem_why;
	unsigned int ncpus, all_cpus;
	struct hart_state *finisher;
	void *fdt;
	int err = 0;

	/* An image built with FW_FDT_PATH: its DT is the platform's, whatever a1 holds. */
	if (fw_config.fdt_size)
		dtb = fw_embedded_fdt;
	/* The DTB: must be there, aligned and sane before anything reads it. */
	if (!dtb || ((unsigned long)dtb & 7))
		why = dtb ? "DTB address in a1 is not 8-byte aligned" : "no DTB passed in a1";
	else
		why = fdt_check_boot_dtb(dtb, &err);
	/*
	 * RAM and all the firmware may use, before any device is probed (the
	 * console first): no device may lie there (dt_device_reg). The heap
	 * holds the RAM table, then the DTB copy.
	 */
	heap_init((uintptr_t)_fw_end, fw_memory_limit());
	memory_map_set_firmware(fw_base, fw_memory_limit() - fw_base);
	mem_why = why ? NULL : scan_memory(dtb);
	boot_console(dtb, why);
	if (!why)
		why = mem_why;
	if (why)
		boot_fail(why, err);
	if (dtb != loader_dtb)
		console_printf("abacus: DT              : built into the image (FW_FDT_PATH), %lu bytes; a1 (%p) not used\n",
			   (unsigned long)fdt_totalsize(dtb), loader_dtb);

	/* The loader's cpu nodes: how much room the copy needs for fixups. */
	ncpus = scan_cpus(dtb, &max_hartid, &all_cpus);
	/* Keep our own copy: S-mode cannot overwrite it while we still read it. */
	room = fdt_fixup_room(all_cpus);
	fdt = heap_alloc(fdt_totalsize(dtb) + room, 8);
	if (!fdt)
		boot_fail("no firmware memory for the DTB copy", 0);
	err = fdt_open_into(dtb, fdt, fdt_totalsize(dtb) + room);
	if (err)
		boot_fail("cannot copy the DTB", err);
	boot_info.fdt = fdt;
	platform_choose(fdt);
	boot_info.orig_fdt = (void *)dtb;
	boot_info.orig_fdt_size = fdt_totalsize(dtb);
	boot_info.fdt_buf_size = fdt_totalsize(dtb) + room;
	boot_info.fw_info = fw_info;
	boot_info.image_end = image_end;

	if (!all_cpus)
		boot_fail("DT has no cpu nodes", 0);
	if (!ncpus)
		boot_fail("DT has no enabled cpu node", 0);
	if (max_hartid >= 65536)
		boot_fail("hartid above 65535 in the DT", 0);
	layout_harts(fdt, ncpus, max_hartid);
	boot_info.cpus_disabled = all_cpus - ncpus;
#ifdef ABACUS_TEST_HOOKS
	test_hold_parse(fdt);
#endif

	boot_probe_devices(fdt);
	if (platform->hooks && platform->hooks->init && platform->hooks->init(fdt))
		console_printf("abacus: warning: platform set-up reported an error\n");

	/*
	 * The hart that finishes boot. When it is not this one (this hart's cpu
	 * node is disabled or absent, or it has no MSWI slot), this hart parks
	 * once the others are released, and the finisher needs a stack of its
	 * own for the deep DT work: the static boot stack is this hart's until
	 * it has parked.
	 */
	finisher = hart_table_keep_wakeable(hartid);
	if (!finisher)
		boot_fail("no MSWI in the DT and the boot hart has no enabled cpu node", 0);
	forget_left_out_stacks();
	boot_hart = finisher;
	boot_hartid = finisher->hartid;
	boot_info.cold_hartid = hartid;
	boot_info.deep_stack_top = boot_stack_top;   /* this hart's, idle once it is on its own */
	if (finisher->hartid != hartid) {
		char *stack = heap_alloc(BOOT_DEEP_STACK_SIZE, 16);
		if (!stack)
			boot_fail("no firmware memory for the boot stack", 0);
		boot_info.deep_stack_top = stack + BOOT_DEEP_STACK_SIZE;
	}

	/* What PMP will deny S-mode: the devices merged (the last allocation). */
	if (!memory_map_plan_denied())
		boot_fail("no firmware memory for the PMP plan", 0);

	/*
	 * The firmware region: everything allocated so far, from where the
	 * image runs, rounded up to a power of two: one PMP NAPOT range when
	 * the loader put the image at a multiple of that size, else two
	 * entries (TOR).
	 */
	fw_size = pow2_roundup(heap_end() - fw_base);
	if (fw_base + fw_size > fw_memory_limit())
		boot_fail(fw_payload_size() ? "firmware region overlaps the embedded payload" :
					      "firmware region overlaps the next stage", 0);
	memory_map_set_firmware(fw_base, fw_size);
	heap_seal();   /* anything allocated now would lie outside the protected region */
	boot_info.heap_used = heap_end() - (uintptr_t)_fw_end;

	/* Release the other harts: publish everything, then wake them. */
	boot_waiting = true;   /* until boot_wait_for_harts gives up on the harts not here */
	__atomic_store_n(&boot_release, 1, __ATOMIC_RELEASE);
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_table[i]->hartid != hartid)
			ipi_device_send(hart_table[i]);
	if (finisher->hartid != hartid)
		park();
	/* firmware/entry.S moves this hart onto its own stack, as the others. */
}

/* Ticks of the boot deadline: generous for hundreds of emulated harts on a busy host. */
static uint64_t boot_wait_ticks(unsigned int harts)
{
	uint64_t hz = timer_hz() ? timer_hz() : BOOT_DEFAULT_TIMEBASE_HZ;

	boot_info.hart_wait_ms = BOOT_WAIT_BASE_MS + (unsigned long)BOOT_WAIT_PER_HART_MS * harts;
	return hz * boot_info.hart_wait_ms / 1000;
}

/*
 * The boot hart waits for the others' set-up asleep, not spinning (under
 * QEMU -icount a spinning hart can starve the ones it waits for): each
 * hart sends it an IPI when READY (or when it goes, include/hart.h), and
 * the M-mode timer wakes it at the deadline. Without an M-mode timer it
 * polls, and without any time source it counts its polls. A hart not READY
 * by then joins when it comes (boot_warm_main).
 */
static void boot_wait_for_harts(struct hart_state *self)
{
	unsigned int others = hart_count - 1;
	bool timer = timer_present() && self->timer_dev;
	bool clock = timer_present();
	uint64_t deadline = (clock ? timer_now() : 0) + boot_wait_ticks(hart_count);
	uint64_t polls = 0;

	if (!others)
		goto done;
	if (timer) {
		timer_set_compare(self, deadline);
		csr_set(CSR_MIE, MIP_MTIP);
	}
	while (__atomic_load_n(&harts_ready, __ATOMIC_ACQUIRE) + __atomic_load_n(&harts_gone_unready, __ATOMIC_ACQUIRE) <
	       others) {
		uint64_t now = clock ? timer_now() : polls++ / BOOT_POLLS_PER_TICK;
		if (now >= deadline)
			break;
		if (timer)
			wfi();
		ipi_device_clear(self);
	}
	if (timer) {
		csr_clear(CSR_MIE, MIP_MTIP);
		timer_set_compare(self, -1ULL);
	}
done:
	/* Before the boot log lists the harts not here: one READY after this says it joined itself. */
	__atomic_store_n(&boot_waiting, false, __ATOMIC_SEQ_CST);
}


/*
 * A hart that came after the boot deadline, now set up: it joins as a
 * STOPPED hart - or, when its set-up withheld S-mode (no S-mode, or a PMP
 * that cannot deny the firmware), which S-mode's DT could no longer say,
 * it is gone: it is never started. One line each.
 */
static void hart_joined_late(struct hart_state *hs)
{
	bool smode = hart_offered_to_smode(hs);

	if (!smode)
		hart_mark_gone(hs, NULL);
	if (!boot_info.quiet || !smode)
		console_printf("abacus: hart %lu: set up after the boot deadline; %s\n", hs->hartid,
			   smode ? "joins as a STOPPED hart" :
				   "cannot run S-mode (no S-mode, or its PMP cannot deny the firmware): it is never started");
	if (!smode)
		park();
}

/* Every hart, on its own stack. */
void boot_warm_main(unsigned long hartid)
{
	struct hart_state *hs = current_hart();

	(void)hartid;
	if (platform->hooks && platform->hooks->hart_init)
		platform->hooks->hart_init(hs->hartid);
	if (hs != boot_hart) {
#ifdef ABACUS_TEST_HOOKS
		test_hold(hs);
#endif
		/* Only this hart moves itself out of WAITING: a failure is a firmware bug. */
		if (!hart_presence_move(hs, HART_WAITING, HART_ARRIVED))
			park();
		hart_init_mmode(hs);
		if (!hart_presence_move(hs, HART_ARRIVED, HART_READY))
			park();
		if (__atomic_load_n(&boot_waiting, __ATOMIC_SEQ_CST)) {
			__atomic_add_fetch(&harts_ready, 1, __ATOMIC_ACQ_REL);
			ipi_device_send(boot_hart);
		} else {
			hart_joined_late(hs);
		}
		hart_run_stopped_loop(hs);
	}
	hs->presence = HART_READY;
	hart_init_mmode(hs);
	aia_setup_aplics();     /* on this hart's stack: each access may fault on a wrong DT */
	boot_wait_for_harts(hs);
	boot_finish(hs);
}
