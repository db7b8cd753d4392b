/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot, on the host: the firmware's own boot_cold_main on the hart that
 * wins the boot lottery, then boot_warm_main on every hart it released (the
 * others first, as they would be ready before the boot hart stops waiting),
 * the boot hart last, until it places S-mode's DT. Where the firmware would
 * leave C for good (park, HSM's stopped loop, the next stage), the hart's
 * run ends (machine_stop). The image is where a loader puts it on the
 * board: its symbols are the layout of the image built with this program
 * (image_layout.h), moved to the load address, and the boot heap (after the
 * image, up to the default next stage) is host memory behind those
 * addresses (heap_host_offset, lib/common/heap.c).
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>
#include "devices.h"
#include "dryrun.h"
#include "fdt_helpers.h"
#include "fdt_placement.h"
#include "fw_config.h"
#include "fw_dynamic.h"
#include "fw_payload.h"
#include "hart_switch.h"
#include "image_layout.h"
#include "riscv_csr.h"
#include "boot.h"
#include "hart_run.h"

/* firmware/boot.c, called from firmware/entry.S: no header declares them. */
void boot_cold_main(unsigned long hartid, const void *dtb, unsigned long fw_info, void *boot_stack_top,
		    unsigned long image_end);
void boot_warm_main(unsigned long hartid);
extern volatile unsigned int boot_release;
extern intptr_t heap_host_offset;

/* The image's symbols (scripts/abacus-dryrun/host/fw_image.h) and its build's defaults. */
char (*dryrun_fw_start)[], (*dryrun_fw_end)[], (*dryrun_bss_start)[], (*dryrun_bss_end)[];
char (*dryrun_fw_payload_start)[], (*dryrun_fw_payload_end)[];
const struct fw_config fw_config = {
	IMAGE_FW_CONFIG_JUMP_ADDR, IMAGE_FW_CONFIG_JUMP_OFFSET, IMAGE_FW_CONFIG_FDT_ADDR,
	IMAGE_FW_CONFIG_FDT_OFFSET, IMAGE_FW_CONFIG_OPTIONS, 0,
};
const char fw_embedded_fdt[8];
char trap_entry[4], trap_entry_flush_tlb[4];   /* mtvec's values: never run here */

static struct dryrun_result *result;
void *dryrun_heap;           /* the firmware's boot heap: its tables stay there for the report */

/* ---- Where the firmware leaves C ---- */

void park(void)
{
	machine_stop(STOP_PARKED, "parked");
}

void call_on_stack(void (*fn)(void *), void *arg, void *stack_top)
{
	(void)stack_top;     /* the host's stack is deep enough */
	fn(arg);
}

/* Reached only when S-mode's DT was not placed (the fixups failed): the boot goes on without it. */
void hart_enter_next_mode(unsigned long a0, unsigned long a1, unsigned long addr, unsigned long mode,
			  unsigned long stack_top)
{
	(void)a0, (void)a1, (void)stack_top;
	result->finished = true;
	machine_stop(STOP_BOOT_DONE, "entered %s-mode at 0x%lx", mode == PRV_S ? "S" : "U", addr);
}

void hart_run_stopped_loop(struct hart_state *hs)
{
	/* The boot hart ends here when no hart can run S-mode: the end of boot. */
	if (hs->hartid == boot_hartid)
		result->finished = true;
	machine_stop(STOP_HSM_STOPPED, "hart %lu waits in HSM's stopped state", hs->hartid);
}

void hart_run_wake(struct hart_state *hs)
{
	(void)hs;
}

/* What boot hands the hart run service for the harts not here (the quirk's hart_wake); no hart_start runs in a dry run. */
int (*hart_run_waker)(unsigned long hartid, unsigned long from_hartid);

void mstatus_mpv_write(bool on)
{
	(void)on;
	machine_trap("mstatus.MPV written at boot");
}

/* One hart runs at a time: no IPI is ever pending while another waits. */
void ipi_serve_pending(void)
{
}

/*
 * The loader passes no fw_dynamic_info: the build's default next stage
 * (firmware/fw_payload.c). What a loader puts there is not known on the
 * host, so it is never found empty.
 */
void next_stage_choose(unsigned long info_addr, const void *fdt, void *deep_stack_top, struct next_stage *next)
{
	(void)info_addr, (void)fdt, (void)deep_stack_top;
	next_stage_default(next);
	next->empty_why = NULL;
	next->empty_region = NULL;
}

void next_stage_log_empty(const struct next_stage *next)
{
	(void)next;
}

/*
 * The end of the dry run: the boot hart has fixed up S-mode's DT (fdt, packed)
 * and would now place it in the board's memory for the next stage.
 */
enum fdt_place fdt_place_for_smode(struct fdt_placement *p, const void *fdt, uint64_t *addr)
{
	(void)addr;
	free(result->smode_fdt);
	result->smode_fdt = malloc(p->new_size);
	if (result->smode_fdt) {
		memcpy(result->smode_fdt, fdt, p->new_size);
		result->smode_fdt_size = p->new_size;
	}
	result->finished = true;
	machine_stop(STOP_BOOT_DONE, "S-mode's DT fixed up (%lu bytes)", (unsigned long)p->new_size);
}

/* ---- The run ---- */

/* Where a loader puts the image: at the lowest RAM address (QEMU's -bios, U-Boot SPL). */
static uint64_t lowest_ram(const void *fdt)
{
	uint64_t lowest = UINT64_MAX, base, size;
	int node;

	fdt_for_each_subnode(node, fdt, 0) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		if (!type || strcmp(type, "memory") != 0)
			continue;
		for (int i = 0; fdt_read_reg(fdt, node, i, &base, &size) == 0; i++)
			if (size && base < lowest)
				lowest = base;
	}
	return lowest == UINT64_MAX ? 0x80000000ULL : lowest;
}

static void set_image_symbols(uint64_t base)
{
	dryrun_fw_start = (char (*)[])(uintptr_t)base;
	dryrun_fw_end = (char (*)[])(uintptr_t)(base + IMAGE_FW_END);
	dryrun_bss_start = (char (*)[])(uintptr_t)(base + IMAGE_BSS_START);
	dryrun_bss_end = (char (*)[])(uintptr_t)(base + IMAGE_BSS_END);
	dryrun_fw_payload_start = (char (*)[])(uintptr_t)(base + IMAGE_FW_PAYLOAD_START);
	dryrun_fw_payload_end = (char (*)[])(uintptr_t)(base + IMAGE_FW_PAYLOAD_END);
}

struct cold_args {
	unsigned long hartid;
	const void *dtb;
	void *stack_top;
	unsigned long image_end;
};

static void run_cold(void *arg)
{
	struct cold_args *a = arg;

	boot_cold_main(a->hartid, a->dtb, 0, a->stack_top, a->image_end);
}

static void run_warm(void *arg)
{
	boot_warm_main(*(unsigned long *)arg);
}

/* The hart that wins the boot lottery: asked for, else the first enabled cpu node's, else the first one's. */
static struct machine_hart *cold_hart(const struct dryrun_options *o)
{
	if (o->boot_hart_set)
		return machine_hart_by_id(o->boot_hart);
	for (unsigned int i = 0; i < machine.nr_harts; i++)
		if (machine.harts[i].enabled)
			return &machine.harts[i];
	return &machine.harts[0];
}

int dryrun_boot(const void *fdt, const struct dryrun_options *o, struct dryrun_result *r)
{
	static uint64_t boot_stack[1024];
	struct cold_args cold;
	struct machine_hart *h;
	uint64_t heap_base, limit;
	enum machine_stop stop;

	result = r;
	memset(r, 0, sizeof(*r));
	r->dtb_refused = o->dtb_refused;
	r->fw_base = o->fw_base_set ? o->fw_base : o->dtb_refused ? 0x80000000ULL : lowest_ram(fdt);
	set_image_symbols(r->fw_base);
	/* The boot heap: from the image's end up to the default next stage (fw_memory_limit). */
	heap_base = (r->fw_base + IMAGE_FW_END) & ~4095ULL;
	limit = fw_memory_limit();
	if (limit <= heap_base || limit - heap_base > (64UL << 20)) {
		fprintf(stderr, "abacus-dryrun: no room for the firmware between 0x%lx and its next stage 0x%lx\n",
			(unsigned long)r->fw_base, (unsigned long)limit);
		return -1;
	}
	dryrun_heap = aligned_alloc(4096, (limit - heap_base + 4095) & ~4095ULL);
	if (!dryrun_heap)
		return -1;
	heap_host_offset = (intptr_t)((uintptr_t)dryrun_heap - heap_base);

	h = cold_hart(o);
	if (!h) {
		fprintf(stderr, "abacus-dryrun: --boot-hart %lu: no cpu node has that hartid\n", o->boot_hart);
		return -1;
	}
	r->cold_hartid = h->hartid;
	machine_select(h);
	cold = (struct cold_args){ h->hartid, fdt, &boot_stack[1024], (unsigned long)(r->fw_base + IMAGE_BYTES) };
	stop = machine_run(run_cold, &cold);
	r->released = boot_release;
	if (!r->released) {
		r->stop_why = h->stop_detail;
		return 0;
	}
	(void)stop;    /* parked when another hart finishes boot */

	/* The released harts, in the hart table's order; the boot hart last. */
	for (unsigned int i = 0; i < hart_count; i++) {
		struct hart_state *hs = hart_table[i];
		unsigned long id = hs->hartid;

		if (id == boot_hartid)
			continue;
		machine_select(machine_hart_by_id(id));
		machine_run(run_warm, &id);
	}
	h = machine_hart_by_id(boot_hartid);
	machine_select(h);
	{
		unsigned long id = boot_hartid;
		machine_run(run_warm, &id);
	}
	boot_log_flush();
	if (!r->finished)
		r->stop_why = h->stop_detail;
	return 0;      /* the heap stays: the report reads the firmware's tables there */
}
