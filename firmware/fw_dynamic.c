/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>
#include <libfdt.h>
#include "console.h"
#include "fdt_helpers.h"
#include "fw_dynamic.h"
#include "hart.h"
#include "riscv_csr.h"
#include "hart_switch.h"
#include "memory_map.h"
#include "trap_expect.h"

/*
 * a2 may hold anything: read it as a probe, so a bad pointer cannot fault.
 * The probe's state is on this stack, not the hart's block: this runs on
 * the boot stack, where current_hart() names no hart.
 */
static bool read_ulong_safe(unsigned long addr, unsigned long *out)
{
	struct trap_expect st;
	unsigned long v = 0;

	trap_expect_begin_on(&st);
	__asm__ __volatile__(".option push\n.option norvc\nld %0, 0(%1)\n.option pop"
			     : "+&r"(v) : "r"(addr) : "memory");
	if (trap_expect_end_on(&st))
		return false;
	*out = v;
	return true;
}

/*
 * Why S-mode cannot start at addr (NULL: it can). Anywhere the loader put
 * it - RAM, flash, ROM - but the firmware and the devices it owns, which PMP
 * denies S-mode (*region: which one), and only where an instruction is.
 */
static const char *next_addr_problem(unsigned long addr, const struct memory_region **region)
{
	unsigned long parcel;

	*region = memory_map_denied_at(addr);
	if (*region)
		return "lies in";
	if (addr & 1)
		return "is misaligned";
	/* Its first 16 bits, from the aligned word (a probe: nothing may answer there). */
	if (!read_ulong_safe(addr & ~7UL, &parcel))
		return "cannot be read";
	parcel = (parcel >> ((addr & 6) * 8)) & 0xffff;
	/*
	 * The ISA keeps the all-zero and all-one encodings illegal so that a
	 * jump into zeroed memory or unprogrammed flash traps (unprivileged
	 * spec, "Base Instruction-Length Encoding"): either means nothing was
	 * loaded there. QEMU zeroes RAM; erased flash reads all ones.
	 */
	if (parcel == 0 || parcel == 0xffff)
		return "holds nothing to run";
	return NULL;
}

/* "0xADDR why", or "0xADDR lies in NAME 0xBASE-0xEND, denied to S-mode". */
static void log_addr_problem(unsigned long addr, const char *why, const struct memory_region *region)
{
	console_printf("0x%lx %s", addr, why);
	if (region)
		console_printf(" %s 0x%lx-0x%lx, denied to S-mode", region->name, (unsigned long)region->base,
			   (unsigned long)(region->base + region->size - 1));
}

/* The loader's block at info_addr into *next; false when there is none or it cannot be used (one line says why). */
static bool fw_dynamic_read(unsigned long info_addr, const void *fdt, struct next_stage *next)
{
	unsigned long f[sizeof(struct fw_dynamic_info) / sizeof(unsigned long)] = { 0 };
	struct fw_dynamic_info *info = (struct fw_dynamic_info *)f;
	const struct memory_region *region = NULL;
	const char *field = "block", *why = "cannot be read";
	unsigned long value = info_addr;
	unsigned int words = 5;

	if (!info_addr || (info_addr & 7) || !read_ulong_safe(info_addr, &f[0]) || f[0] != FW_DYNAMIC_INFO_MAGIC)
		return false;   /* no block: nothing to say */
	if (!read_ulong_safe(info_addr + 8, &f[1]))
		goto rejected;
	field = "version";
	value = info->version;
	why = "is not supported";
	if (info->version == 0 || info->version > FW_DYNAMIC_INFO_VERSION_MAX)
		goto rejected;
	if (info->version >= 2)
		words = 6;
	field = "block";
	value = info_addr;
	why = "cannot be read";
	for (unsigned int i = 2; i < words; i++)
		if (!read_ulong_safe(info_addr + 8 * i, &f[i]))
			goto rejected;
	/* next_addr 0: nothing loaded (QEMU without -kernel); the default runs. */
	field = "next_mode";
	value = info->next_mode;
	why = "is not S or U";
	if (info->next_addr != 0 && info->next_mode != PRV_S && info->next_mode != PRV_U)
		goto rejected;
	field = "next_addr";
	value = info->next_addr;
	if (info->next_addr != 0 && (why = next_addr_problem(info->next_addr, &region)))
		goto rejected;
	if (words == 6 && info->boot_hart != -1UL) {
		struct hart_state *hs = hart_by_id(info->boot_hart);
		field = "boot_hart";
		value = info->boot_hart;
		why = "is not in the DT";
		if (!hs && fdt_cpu_node_by_hartid(fdt, info->boot_hart) < 0)
			goto rejected;
		/*
		 * boot_hart is the hart the loader ran on (OpenSBI uses it for its
		 * own cold boot). QEMU sifive_u passes 0, and U-Boot SPL on the
		 * FU740 may too: a hart without S-mode. Then, and when the hart is
		 * not offered (its cpu node disabled, or left out at boot), the
		 * firmware picks the hart for the next stage itself.
		 */
		if (hs && hart_offered_to_smode(hs))
			next->boot_hart = info->boot_hart;
	}
	next->options = info->options;
	if (info->next_addr != 0) {
		next->addr = info->next_addr;
		next->mode = info->next_mode;
		next->source = "fw_dynamic";
	}
	return true;
rejected:
	/* Loud, with NO_BOOT_PRINTS too (a rejected block's options do not count). */
	console_printf("abacus: WARNING: rejecting fw_dynamic_info at 0x%lx: %s ", info_addr, field);
	log_addr_problem(value, why, region);
	console_printf("; using the default next stage\n");
	return false;
}

struct next_stage_work {
	unsigned long info_addr;
	const void *fdt;
	struct next_stage *next;
};

/*
 * On the idle boot stack: libfdt and the boot log's formatting go deeper
 * than a hart's M-mode stack should. Nothing here may use current_hart().
 */
static void next_stage_choose_deep(void *arg)
{
	struct next_stage_work *w = arg;

	next_stage_default(w->next);
	if (!fw_dynamic_read(w->info_addr, w->fdt, w->next))
		next_stage_default(w->next);   /* nothing of a rejected block is used */
	/* The default, too, runs only where something was put (a loaded next stage is checked twice: cheap). */
	w->next->empty_why = next_addr_problem(w->next->addr, &w->next->empty_region);
}

void next_stage_choose(unsigned long info_addr, const void *fdt, void *deep_stack_top, struct next_stage *next)
{
	struct next_stage_work w = { info_addr, fdt, next };

	call_on_stack(next_stage_choose_deep, &w, deep_stack_top);
}

void next_stage_log_empty(const struct next_stage *next)
{
	console_printf("abacus: next stage      : none (%s): ", next->source);
	log_addr_problem(next->addr, next->empty_why, next->empty_region);
	console_printf("; the harts wait\n");
}
