/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>
#include <libfdt.h>
#include "fdt_helpers.h"
#include "fw_dynamic.h"
#include "hart.h"
#include "riscv_csr.h"
#include "hart_switch.h"
#include "hsm/hsm.h"
#include "memory_map.h"
#include "trap_expect.h"

/* a2 may hold anything: read it as a probe, so a bad pointer cannot fault. */
static bool read_ulong_safe(unsigned long addr, unsigned long *out)
{
	unsigned long v = 0;

	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\nld %0, 0(%1)\n.option pop"
			     : "+&r"(v) : "r"(addr) : "memory");
	if (trap_expect_end())
		return false;
	*out = v;
	return true;
}

struct cpu_node_lookup {
	const void *fdt;
	unsigned long hartid;
	int node;
};

static void cpu_node_lookup(void *arg)
{
	struct cpu_node_lookup *l = arg;

	l->node = fdt_cpu_node_by_hartid(l->fdt, l->hartid);
}

void fw_dynamic_read(unsigned long info_addr, const void *fdt, void *deep_stack_top, struct next_stage *next,
		     const char **why)
{
	unsigned long f[sizeof(struct fw_dynamic_info) / sizeof(unsigned long)] = { 0 };
	struct fw_dynamic_info *info = (struct fw_dynamic_info *)f;
	unsigned int words = 5;

	next_stage_default(next);
	*why = NULL;

	if (!info_addr || (info_addr & 7) || !read_ulong_safe(info_addr, &f[0]) || f[0] != FW_DYNAMIC_INFO_MAGIC)
		return;
	if (!read_ulong_safe(info_addr + 8, &f[1]))
		goto unreadable;
	if (info->version == 0 || info->version > FW_DYNAMIC_INFO_VERSION_MAX) {
		*why = "unsupported version";
		return;
	}
	if (info->version >= 2)
		words = 6;
	for (unsigned int i = 2; i < words; i++)
		if (!read_ulong_safe(info_addr + 8 * i, &f[i]))
			goto unreadable;
	/* next_addr 0: nothing loaded (QEMU without -kernel); the default runs. */
	if (info->next_addr != 0 && info->next_mode != PRV_S && info->next_mode != PRV_U) {
		*why = "next_mode is not S or U";
		return;
	}
	if (info->next_addr != 0 && !sbi_memory_smode_addr_ok(info->next_addr)) {
		*why = "next_addr is not in RAM outside the firmware";
		return;
	}
	if (words == 6 && info->boot_hart != -1UL) {
		struct hart_state *hs = hart_by_id(info->boot_hart);
		struct cpu_node_lookup l = { .fdt = fdt, .hartid = info->boot_hart };
		/* The DT walk on the idle boot stack: libfdt goes deeper than the
		 * hart's M-mode stack should (docs/boot.md "Memory"). */
		if (!hs)
			call_on_stack(cpu_node_lookup, &l, deep_stack_top);
		if (!hs && l.node < 0) {
			*why = "boot_hart is not in the DT";
			return;
		}
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
	return;
unreadable:
	*why = "block is not readable";
}
