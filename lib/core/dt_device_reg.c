/* SPDX-License-Identifier: BSD-2-Clause */
/* Device regions from the DT, checked before a driver first uses them (include/dt_device_reg.h). */
#include "console.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "format.h"
#include "memory_map.h"
#include <libfdt.h>

/* The one line of a refusal; conflict: the RAM range or firmware region it overlaps, or NULL. */
static void refuse(const void *fdt, int node, uint64_t base, uint64_t size, const char *why,
		   const struct memory_region *conflict)
{
	char name[64];   /* the node's name, printable ASCII only: a name cannot fake a log line */

	console_printf("abacus: %s: reg 0x%lx-0x%lx %s", format_printable(name, sizeof(name), fdt_get_name(fdt, node, NULL),
								     SIZE_MAX),
		   (unsigned long)base, (unsigned long)(base + size - (size != 0)), why);
	if (conflict)
		console_printf(" (0x%lx-0x%lx)", (unsigned long)conflict->base,
			   (unsigned long)(conflict->base + conflict->size - 1));
	console_printf("; device refused\n");
}

/* The line for a region whose base is no multiple of the driver's access width. */
static void refuse_width(const void *fdt, int node, uint64_t base, uint64_t size, unsigned int width)
{
	char why[48];

	format_snprintf(why, sizeof(why), "is not aligned to its %u-byte accesses", width);
	refuse(fdt, node, base, size, why, NULL);
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	refuse(fdt, node, base, size, why, NULL);
}

bool dt_device_region_ok(const void *fdt, int node, uint64_t base, uint64_t size)
{
	struct memory_region conflict = { 0, 0, NULL };
	const char *why = memory_map_device_conflict(base, size, &conflict);

	if (why)
		refuse(fdt, node, base, size, why, conflict.size ? &conflict : NULL);
	return !why;
}

/* A width a driver can use for a register access: 1, 2, 4 or 8 bytes. */
static bool access_width_ok(unsigned int width)
{
	return width && width <= 8 && !(width & (width - 1));
}

int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	if (!dt_device_region_ok(fdt, node, *base, *size))
		return DT_REG_REFUSED;
	if (*size < min_size) {
		refuse(fdt, node, *base, *size, "is too small for its registers", NULL);
		return DT_REG_REFUSED;
	}
	/* A misaligned MMIO access traps on many harts (QEMU 7.2 too): refused now, never at use. */
	if (!access_width_ok(width) || *base % width) {
		refuse_width(fdt, node, *base, *size, width);
		return DT_REG_REFUSED;
	}
	return 0;
}

bool dt_device_reg_in(const void *fdt, int node, uint64_t base, uint64_t size, uint64_t offset, unsigned int width)
{
	uint64_t reg = base + offset;

	if (offset > size || size - offset < width) {
		refuse(fdt, node, reg, width, "lies outside the region it is an offset into", NULL);
		return false;
	}
	if (!access_width_ok(width) || reg % width) {
		refuse_width(fdt, node, reg, width, width);
		return false;
	}
	return true;
}

bool dt_device_own(const void *fdt, int node, uint64_t base, uint64_t size, const char *name)
{
	if (memory_map_add_device(base, size, name))
		return true;
	refuse(fdt, node, base, size, "cannot be recorded for PMP", NULL);
	return false;
}
