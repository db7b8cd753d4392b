/* SPDX-License-Identifier: BSD-2-Clause */
/* Device regions from the DT, checked before a driver first uses them (include/dt_device_reg.h). */
#include "console.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "sbi_format.h"
#include "sbi_memory.h"
#include <libfdt.h>

/* A node name for the log, only the characters the DT spec allows in one: a name cannot fake a log line. */
static void print_node_name(const void *fdt, int node)
{
	const char *name = fdt_get_name(fdt, node, NULL);

	if (!name || !*name)
		name = "?";
	for (; *name; name++) {
		char c = *name;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ',' ||
			  c == '.' || c == '_' || c == '+' || c == '-' || c == '@';
		sbi_putc(ok ? c : '?');
	}
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	sbi_printf("abacus: ");
	print_node_name(fdt, node);
	if (size && base + size - 1 >= base)
		sbi_printf(": reg 0x%lx-0x%lx %s; device refused\n", (unsigned long)base,
			   (unsigned long)(base + size - 1), why);
	else
		sbi_printf(": reg 0x%lx size 0x%lx %s; device refused\n", (unsigned long)base, (unsigned long)size, why);
}

bool dt_device_region_ok(const void *fdt, int node, uint64_t base, uint64_t size)
{
	struct sbi_memory_region conflict = { 0, 0, NULL };
	const char *why = sbi_memory_device_conflict(base, size, &conflict);
	char line[96];

	if (!why)
		return true;
	if (conflict.size) {
		sbi_snprintf(line, sizeof(line), "%s (0x%lx-0x%lx)", why, (unsigned long)conflict.base,
			     (unsigned long)(conflict.base + conflict.size - 1));
		why = line;
	}
	dt_device_refused(fdt, node, base, size, why);
	return false;
}

int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, uint64_t *base, uint64_t *size)
{
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	if (!dt_device_region_ok(fdt, node, *base, *size))
		return DT_REG_REFUSED;
	if (*size < min_size) {
		char line[64];
		sbi_snprintf(line, sizeof(line), "is smaller than the 0x%lx bytes the driver uses", (unsigned long)min_size);
		dt_device_refused(fdt, node, *base, *size, line);
		return DT_REG_REFUSED;
	}
	return 0;
}
