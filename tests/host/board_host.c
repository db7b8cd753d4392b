/* SPDX-License-Identifier: BSD-2-Clause */
/* Harts, DTs and region checks for the timer/IPI drivers' host tests (tests/host/board_host.h). */
#include <stdio.h>
#include <string.h>
#include <libfdt.h>
#include "board_host.h"
#include "dt_device_reg.h"
#include "trap_expect.h"

struct hart_state board_harts[BOARD_HARTS_MAX];
static struct hart_state *table[BOARD_HARTS_MAX];
struct board_checks board_checks;

void board_harts_reset(unsigned int n)
{
	memset(board_harts, 0, sizeof(board_harts));
	for (unsigned int i = 0; i < n; i++) {
		board_harts[i].hartid = i;
		board_harts[i].index = i;
		board_harts[i].intc_phandle = BOARD_INTC_PHANDLE(i);
		table[i] = &board_harts[i];
	}
	hart_table = table;
	hart_count = n;
}

int board_fdt_create(void *buf, int size, unsigned int n)
{
	int cpus, err = fdt_create_empty_tree(buf, size);

	err |= fdt_setprop_u32(buf, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(buf, 0, "#size-cells", 2);
	cpus = fdt_add_subnode(buf, 0, "cpus");
	if (err || cpus < 0)
		return -1;
	err |= fdt_setprop_u32(buf, cpus, "#address-cells", 1);
	err |= fdt_setprop_u32(buf, cpus, "#size-cells", 0);
	/* Added in reverse: fdt_add_subnode puts a new node first. */
	for (unsigned int i = n; i-- > 0;) {
		char name[16];
		int cpu, intc;
		snprintf(name, sizeof(name), "cpu@%u", i);
		cpu = fdt_add_subnode(buf, cpus, name);
		if (cpu < 0)
			return -1;
		err |= fdt_setprop_string(buf, cpu, "device_type", "cpu");
		err |= fdt_setprop_u32(buf, cpu, "reg", i);
		intc = fdt_add_subnode(buf, cpu, "interrupt-controller");
		if (intc < 0)
			return -1;
		err |= fdt_setprop_string(buf, intc, "compatible", "riscv,cpu-intc");
		err |= fdt_setprop_u32(buf, intc, "phandle", BOARD_INTC_PHANDLE(i));
	}
	return err ? -1 : 0;
}

int board_fdt_add_node(void *buf, const char *name, const char *compatible, int len, uint64_t base, uint64_t size,
		       unsigned int first, unsigned int count, const uint32_t *irqs, unsigned int nirqs)
{
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), cpu_to_fdt32(size >> 32),
			   cpu_to_fdt32((uint32_t)size) };
	fdt32_t ie[2 * 4 * BOARD_HARTS_MAX];
	unsigned int n = 0;
	int node = fdt_add_subnode(buf, 0, name), err;

	if (node < 0 || count * nirqs > 4 * BOARD_HARTS_MAX)
		return -1;
	for (unsigned int h = first; h < first + count; h++)
		for (unsigned int k = 0; k < nirqs; k++) {
			ie[n++] = cpu_to_fdt32(BOARD_INTC_PHANDLE(h));
			ie[n++] = cpu_to_fdt32(irqs[k]);
		}
	err = fdt_setprop(buf, node, "compatible", compatible, len);
	err |= fdt_setprop(buf, node, "reg", reg, sizeof(reg));
	if (n)
		err |= fdt_setprop(buf, node, "interrupts-extended", ie, n * sizeof(fdt32_t));
	return err ? -1 : node;
}

void board_checks_reset(void)
{
	memset(&board_checks, 0, sizeof(board_checks));
}

/* ---- The calls the drivers make ---- */

/* As lib/core/dt_device_reg.c checks a region's size and alignment (where it lies, RAM or not, is not modelled). */
int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	const fdt32_t *reg;
	int len;

	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < (index + 1) * 16)
		return DT_REG_ABSENT;
	reg += index * 4;
	*base = (uint64_t)fdt32_ld(&reg[0]) << 32 | fdt32_ld(&reg[1]);
	*size = (uint64_t)fdt32_ld(&reg[2]) << 32 | fdt32_ld(&reg[3]);
	if (*size < min_size) {
		dt_device_refused(fdt, node, *base, *size, "is too small");
		return DT_REG_REFUSED;
	}
	if (*base % width) {
		dt_device_refused(fdt, node, *base, *size, "is not aligned to its accesses");
		return DT_REG_REFUSED;
	}
	return 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size;
	board_checks.refusals++;
	board_checks.refused_why = why;
}

bool dt_device_own(const void *fdt, int node, uint64_t base, uint64_t size, const char *name)
{
	(void)fdt, (void)node;
	if (board_checks.owned < BOARD_OWNED_MAX) {
		board_checks.own[board_checks.owned].base = base;
		board_checks.own[board_checks.owned].size = size;
		board_checks.own[board_checks.owned].name = name;
	}
	board_checks.owned++;
	return true;
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uintptr_t a = (uintptr_t)addr;

	(void)st;
	if (a >= board_checks.fault_from && a < board_checks.fault_to)
		return false;
	*value = width == 4 ? *(volatile const uint32_t *)addr : *(volatile const uint8_t *)addr;
	return true;
}
