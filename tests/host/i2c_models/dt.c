/* SPDX-License-Identifier: BSD-2-Clause */
/* A controller of a DT and the devices its children name (i2c_models.h). */
#include <string.h>
#include <libfdt.h>
#include "i2c_models.h"

/* The compatibles of the firmware's controller drivers (lib/drivers/i2c_*.c). */
static const struct {
	const char *compatible;
	enum i2c_model_kind kind;
} kinds[] = {
	{ "snps,designware-i2c", I2C_MODEL_DESIGNWARE },
	{ "sifive,i2c0", I2C_MODEL_OCORES },
	{ "opencores,i2c-ocores", I2C_MODEL_OCORES },
	{ "spacemit,k1-i2c", I2C_MODEL_K1 },
	{ "renesas,riic-rz", I2C_MODEL_RIIC },
};

enum i2c_model_kind i2c_model_kind_of(const void *fdt, int node)
{
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (fdt_node_check_compatible(fdt, node, kinds[i].compatible) == 0)
			return kinds[i].kind;
	return I2C_MODEL_NONE;
}

static uint32_t u32_prop(const void *fdt, int node, const char *name, uint32_t dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p && len == 4 ? fdt32_to_cpu(*p) : dflt;
}

int i2c_controller_model_init(struct i2c_controller_model *m, const void *fdt, int node)
{
	enum i2c_model_kind kind = i2c_model_kind_of(fdt, node);
	int child;

	memset(m, 0, sizeof(*m));
	if (kind == I2C_MODEL_NONE)
		return -1;
	m->kind = kind;
	i2c_wires_init(&m->wires);
	switch (kind) {
	case I2C_MODEL_DESIGNWARE:
		m->name = "designware";
		i2c_dw_model_init(&m->dw, &m->wires);
		break;
	case I2C_MODEL_OCORES:
		m->name = "ocores";
		m->reg_shift = u32_prop(fdt, node, "reg-shift", 0);
		i2c_oc_model_init(&m->oc, &m->wires);
		break;
	case I2C_MODEL_K1:
		m->name = "k1";
		i2c_k1_model_init(&m->k1, &m->wires);
		break;
	default:
		m->name = "riic";
		i2c_riic_model_init(&m->riic, &m->wires);
		break;
	}
	/* A device at each 7-bit address a child's reg names (the first of an address answers). */
	fdt_for_each_subnode(child, fdt, node) {
		int len;
		const fdt32_t *reg;
		const char *compat;
		struct i2c_sim_device *d;
		uint32_t addr;

		reg = fdt_getprop(fdt, child, "reg", &len);
		if (!reg || len != 4 || (addr = fdt32_to_cpu(*reg)) > 0x7f || i2c_wires_device(&m->wires, (uint8_t)addr))
			continue;
		compat = fdt_getprop(fdt, child, "compatible", &len);
		d = i2c_wires_add(&m->wires, (uint8_t)addr, compat ? i2c_chip_for_list(compat, len) : NULL);
		if (!d) {
			m->dt_devices_dropped++;
			continue;
		}
		d->node = child;
	}
	return 0;
}

/* The register an offset names, or -1 (between an OpenCores core's spaced registers). */
static long reg_of(const struct i2c_controller_model *m, uint64_t offset)
{
	if (m->kind != I2C_MODEL_OCORES)
		return offset < 0x1000 ? (long)offset : -1;
	if (m->reg_shift >= 32 || offset & ((1ULL << m->reg_shift) - 1))
		return -1;
	return (long)(offset >> m->reg_shift);
}

uint32_t i2c_controller_model_read(struct i2c_controller_model *m, uint64_t offset, unsigned int width)
{
	long reg = reg_of(m, offset);
	uint32_t v = 0;

	if (reg < 0)
		return 0;
	switch (m->kind) {
	case I2C_MODEL_DESIGNWARE:
		v = i2c_dw_model_read(&m->dw, (unsigned int)reg);
		break;
	case I2C_MODEL_OCORES:
		v = i2c_oc_model_read(&m->oc, (unsigned int)reg);
		break;
	case I2C_MODEL_K1:
		v = i2c_k1_model_read(&m->k1, (unsigned int)reg);
		break;
	case I2C_MODEL_RIIC:
		v = i2c_riic_model_read(&m->riic, (unsigned int)reg);
		break;
	default:
		break;
	}
	return width >= 4 ? v : v & ((1U << (8 * width)) - 1);
}

void i2c_controller_model_write(struct i2c_controller_model *m, uint64_t offset, unsigned int width, uint32_t value)
{
	long reg = reg_of(m, offset);

	if (reg < 0)
		return;
	if (width < 4)
		value &= (1U << (8 * width)) - 1;
	switch (m->kind) {
	case I2C_MODEL_DESIGNWARE:
		i2c_dw_model_write(&m->dw, (unsigned int)reg, value);
		break;
	case I2C_MODEL_OCORES:
		i2c_oc_model_write(&m->oc, (unsigned int)reg, value);
		break;
	case I2C_MODEL_K1:
		i2c_k1_model_write(&m->k1, (unsigned int)reg, value);
		break;
	case I2C_MODEL_RIIC:
		i2c_riic_model_write(&m->riic, (unsigned int)reg, value);
		break;
	default:
		break;
	}
}
