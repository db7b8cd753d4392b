/* SPDX-License-Identifier: BSD-2-Clause */
/* The simulated device space (devices.h). */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>
#include "devices.h"
#include "fdt_helpers.h"
#include "machine.h"
#include "mmio.h"

struct device_space devices;
static bool in_probe;

/*
 * Register models: the bits a driver waits for, which a register file of
 * zeros would never show. By compatible, for the devices whose drivers poll.
 */
enum {
	MODEL_MEMORY,          /* reads return the last write */
	MODEL_16550,           /* LSR (register 5): transmitter empty (THRE, TEMT), nothing received */
	MODEL_SIFIVE_UART,     /* txdata never full, rxdata empty */
	MODEL_APLIC,           /* domaincfg: bits 31:24 read 0x80 (AIA 4.5.1), IE/DM/BE as written */
	MODEL_TIMER,           /* a CLINT or MTIMER: its 64-bit reads are mtime, which advances (machine.time) */
};

static const struct {
	const char *compatible;
	unsigned int model;
} models[] = {
	{ "ns16550a", MODEL_16550 }, { "ns16550", MODEL_16550 }, { "snps,dw-apb-uart", MODEL_16550 },
	{ "intel,xscale-uart", MODEL_16550 }, { "mrvl,pxa-uart", MODEL_16550 },
	{ "sifive,uart0", MODEL_SIFIVE_UART }, { "sifive,fu540-c000-uart", MODEL_SIFIVE_UART },
	{ "sifive,fu740-c000-uart", MODEL_SIFIVE_UART },
	{ "riscv,aplic", MODEL_APLIC }, { "qemu,aplic", MODEL_APLIC },
	{ "riscv,clint0", MODEL_TIMER }, { "sifive,clint0", MODEL_TIMER }, { "riscv,aclint-mtimer", MODEL_TIMER },
};

static unsigned int model_of(const void *fdt, int node)
{
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		if (fdt_node_check_compatible(fdt, node, models[i].compatible) == 0)
			return models[i].model;
	return MODEL_MEMORY;
}

static bool is_memory_node(const void *fdt, int node)
{
	int len;
	const char *type = fdt_getprop(fdt, node, "device_type", &len);

	return type && (strcmp(type, "memory") == 0 || strcmp(type, "cpu") == 0);
}

int devices_init(const void *fdt)
{
	unsigned int cap = 0;
	int node, depth = 0;

	memset(&devices, 0, sizeof(devices));
	if (!fdt)
		return 0;      /* no DT to read: no device */
	for (node = fdt_next_node(fdt, -1, &depth); node >= 0; node = fdt_next_node(fdt, node, &depth)) {
		uint64_t base, size;

		if (is_memory_node(fdt, node))
			continue;
		for (int i = 0; fdt_read_reg(fdt, node, i, &base, &size) == 0; i++) {
			struct device_region *r;

			if (!size || base + size < base)
				continue;
			if (devices.nr_regions == cap) {
				cap = cap ? 2 * cap : 64;
				r = realloc(devices.regions, cap * sizeof(*r));
				if (!r)
					return -1;
				devices.regions = r;
			}
			r = &devices.regions[devices.nr_regions++];
			memset(r, 0, sizeof(*r));
			r->base = base;
			r->size = size;
			r->node = node;
			r->model = model_of(fdt, node);
			r->reg_shift = fdt_read_u32(fdt, node, "reg-shift", 0);
			/* An I2C controller's registers are its first reg (the drivers use no other). */
			if (i == 0 && i2c_model_kind_of(fdt, node) != I2C_MODEL_NONE) {
				r->i2c = malloc(sizeof(*r->i2c));
				if (!r->i2c || i2c_controller_model_init(r->i2c, fdt, node) != 0)
					return -1;
			}
		}
	}
	return 0;
}

struct device_region *devices_region_at(uint64_t addr)
{
	for (unsigned int i = 0; i < devices.nr_regions; i++) {
		struct device_region *r = &devices.regions[i];
		if (addr >= r->base && addr - r->base < r->size)
			return r;
	}
	return NULL;
}

void devices_in_probe(bool probe)
{
	in_probe = probe;
}

static uint64_t width_mask(unsigned int width)
{
	return width >= 8 ? ~0ULL : (1ULL << (8 * width)) - 1;
}

/* The last value written at addr, as wide as asked; 0 when nothing was. */
static uint64_t last_written(uint64_t addr, unsigned int width)
{
	for (unsigned int i = devices.nr_writes; i-- > 0;)
		if (devices.writes[i].addr == addr)
			return devices.writes[i].value & width_mask(width);
	return 0;
}

uint64_t host_mmio_read(const volatile void *addr, unsigned int width)
{
	uint64_t a = (uintptr_t)addr, v, offset;
	struct device_region *r = devices_region_at(a);

	if (!r || a + width - r->base > r->size) {
		machine_trap("hart %lu read %u bytes at 0x%lx, in no DT node's reg", machine.current->hartid, width,
			     (unsigned long)a);
		return 0;
	}
	r->reads++;
	offset = a - r->base;
	if (r->i2c)
		return i2c_controller_model_read(r->i2c, offset, width);
	v = last_written(a, width);
	switch (r->model) {
	case MODEL_16550:
		if (offset == (5U << r->reg_shift))
			v = 0x60;
		break;
	case MODEL_SIFIVE_UART:
		if (offset == 0)
			v &= ~(1ULL << 31);
		else if (offset == 4)
			v |= 1ULL << 31;
		break;
	case MODEL_APLIC:
		if (offset == 0)
			v = (v & 0x105) | 0x80000000U;
		break;
	case MODEL_TIMER:
		/* Time passes as the firmware reads it, so a wait on it ends (the boot deadline). */
		if (width == 8)
			v = machine.time += 1000;
		break;
	}
	return v & width_mask(width);
}

void host_mmio_write(volatile void *addr, unsigned int width, uint64_t value)
{
	uint64_t a = (uintptr_t)addr;
	struct device_region *r = devices_region_at(a);
	struct device_write *w;

	if (!r || a + width - r->base > r->size) {
		machine_trap("hart %lu wrote %u bytes at 0x%lx, in no DT node's reg", machine.current->hartid, width,
			     (unsigned long)a);
		return;
	}
	if (devices.nr_writes == devices.cap_writes) {
		unsigned int cap = devices.cap_writes ? 2 * devices.cap_writes : 256;
		w = realloc(devices.writes, cap * sizeof(*w));
		if (!w)
			abort();
		devices.writes = w;
		devices.cap_writes = cap;
	}
	w = &devices.writes[devices.nr_writes++];
	w->addr = a;
	w->value = value & width_mask(width);
	w->width = width;
	w->region = r;
	w->hartid = machine.current->hartid;
	w->in_probe = in_probe;
	r->writes++;
	r->probe_writes += in_probe;
	if (r->i2c)
		i2c_controller_model_write(r->i2c, a - r->base, width, (uint32_t)w->value);
}

/* A load that traps leaves *value as it was (include/mmio.h). */
void host_mmio_access_expecting_trap(volatile void *addr, bool write, uint32_t *value)
{
	struct device_region *r = devices_region_at((uintptr_t)addr);

	if (!r || (uintptr_t)addr + 4 - r->base > r->size)
		machine_trap("hart %lu %s 4 bytes at 0x%lx", machine.current->hartid, write ? "wrote" : "read",
			     (unsigned long)(uintptr_t)addr);
	else if (write)
		host_mmio_write(addr, 4, *value);
	else
		*value = (uint32_t)host_mmio_read(addr, 4);
}
