/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The shared I2C models themselves (tests/host/i2c_models/), where the
 * controller tests do not reach: a controller of a DT with a device at each
 * address its children name (dt.c) and nothing answering elsewhere; the
 * DA9063's DEVICE_ID behind PAGE_CON (chips.c, as Linux 7.2's
 * da9063-i2c.c reads it) and the DA9062's (da9062-core.c); an OpenCores
 * core's registers 1 << reg-shift apart; a RIIC's as at power-on; the
 * wires' log, cut when full and saying so.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "i2c_models/i2c_models.h"
#include "test.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* A controller node (compatible, reg-shift) and children: "name", "compatible" (NULL: none), reg cells. */
struct child {
	const char *name, *compatible;
	uint32_t reg[2];
	int cells;
	int compatible_len;      /* 0: one string */
};

static void *tree(const char *compatible, int reg_shift, const struct child *children, unsigned int n, int *bus)
{
	static uint8_t fdt[8192];
	fdt32_t reg[4] = { 0, cpu_to_fdt32(0x10000000), 0, cpu_to_fdt32(0x1000) };
	int err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	*bus = fdt_add_subnode(fdt, 0, "i2c@10000000");
	err |= *bus < 0;
	err |= fdt_setprop_string(fdt, *bus, "compatible", compatible);
	err |= fdt_setprop(fdt, *bus, "reg", reg, sizeof(reg));
	if (reg_shift >= 0)
		err |= fdt_setprop_u32(fdt, *bus, "reg-shift", (uint32_t)reg_shift);
	/* Last first: libfdt puts a new subnode before its siblings. */
	for (unsigned int i = n; i-- > 0 && !err;) {
		int node = fdt_add_subnode(fdt, *bus, children[i].name);
		fdt32_t cells[2] = { cpu_to_fdt32(children[i].reg[0]), cpu_to_fdt32(children[i].reg[1]) };

		err |= node < 0;
		if (children[i].compatible)
			err |= fdt_setprop(fdt, node, "compatible", children[i].compatible,
					   children[i].compatible_len ? children[i].compatible_len :
					   (int)strlen(children[i].compatible) + 1);
		if (children[i].cells)
			err |= fdt_setprop(fdt, node, "reg", cells, 4 * children[i].cells);
	}
	if (err)
		abort();
	return fdt;
}

TEST(a_device_at_each_seven_bit_address_the_children_name)
{
	static const struct child children[] = {
		{ "pmic@58", "dlg,da9063", { 0x58 }, 1, 0 },
		{ "eeprom@50", "atmel,24c02", { 0x50 }, 1, 0 },
		{ "pmic@36", "vendor,thing\0x-powers,axp15060", { 0x36 }, 1, 31 },  /* a chip in its list */
		{ "ten-bit@1a", "vendor,thing", { 0x8000001a }, 1, 0 },             /* not a 7-bit address */
		{ "wide@10", "vendor,thing", { 0, 0x10 }, 2, 0 },                   /* two cells: no I2C device */
		{ "noreg", "vendor,thing", { 0 }, 0, 0 },
		{ "again@58", NULL, { 0x58 }, 1, 0 },                               /* the first of an address answers */
	};
	static struct i2c_controller_model m;
	int bus;
	void *fdt = tree("snps,designware-i2c", -1, children, 7, &bus);

	CHECK_EQ(i2c_controller_model_init(&m, fdt, bus), 0);
	CHECK_EQ(m.kind, I2C_MODEL_DESIGNWARE);
	CHECK_EQ(m.wires.nr_devices, 3);
	CHECK(i2c_wires_device(&m.wires, 0x58)->chip == i2c_chip_for("dlg,da9063"));
	CHECK_EQ(i2c_wires_device(&m.wires, 0x58)->node, fdt_subnode_offset(fdt, bus, "pmic@58"));
	CHECK(i2c_wires_device(&m.wires, 0x50)->chip == NULL);                /* no model */
	CHECK(i2c_wires_device(&m.wires, 0x36)->chip == i2c_chip_for("x-powers,axp15060"));
	CHECK(i2c_wires_device(&m.wires, 0x1a) == NULL);
	CHECK(i2c_wires_device(&m.wires, 0x10) == NULL);
	/* Nothing where no child is: the start is not acknowledged, and the address is noted. */
	CHECK(!i2c_wires_start(&m.wires, 0x10 << 1));
	CHECK(i2c_wires_start(&m.wires, 0x50 << 1));
	i2c_wires_stop(&m.wires);
	CHECK(strcmp(m.wires.log, "S20- Sa0 P") == 0);
	CHECK_EQ(m.wires.nobody[0x10 / 8], 1U << (0x10 % 8));
	CHECK(i2c_wires_device(&m.wires, 0x50)->addressed);
	CHECK(!i2c_wires_device(&m.wires, 0x58)->addressed);
}

TEST(a_compatible_list_finds_its_chip_in_any_string)
{
	static const char list[] = "vendor,thing\0x-powers,axp15060";
	static const char unterminated[3] = { 'a', ',', 'b' };

	CHECK(i2c_chip_for_list(list, sizeof(list)) == i2c_chip_for("x-powers,axp15060"));
	CHECK(strcmp(i2c_chip_for_list(list, sizeof(list))->name, "axp15060") == 0);
	CHECK(i2c_chip_for_list(list, 13) == NULL);                 /* only "vendor,thing" */
	CHECK(i2c_chip_for_list(list, sizeof(list) - 1) == NULL);   /* its last string unterminated */
	CHECK(i2c_chip_for_list(unterminated, 3) == NULL);
	CHECK(i2c_chip_for("vendor,thing") == NULL);
}

/* da9063_get_device_type: PAGE_CON = 2, read 0x81 (DEVICE_ID, 0x181); page 0 again. */
TEST(da9063_device_id_is_behind_page_con)
{
	static struct i2c_wires w;
	struct i2c_sim_device *d;

	i2c_wires_init(&w);
	d = i2c_wires_add(&w, 0x58, i2c_chip_for("dlg,da9063"));
	CHECK(d);
	CHECK(i2c_wires_start(&w, 0xb0) && i2c_wires_send(&w, 0x00) && i2c_wires_send(&w, 0x02));
	i2c_wires_stop(&w);
	CHECK(i2c_wires_start(&w, 0xb0) && i2c_wires_send(&w, 0x81) && i2c_wires_start(&w, 0xb1));
	CHECK_EQ(i2c_wires_recv(&w, false), 0x61);
	i2c_wires_stop(&w);
	CHECK(i2c_wires_start(&w, 0xb0) && i2c_wires_send(&w, 0x00) && i2c_wires_send(&w, 0x00));
	i2c_wires_stop(&w);
	CHECK(i2c_wires_start(&w, 0xb0) && i2c_wires_send(&w, 0x81) && i2c_wires_start(&w, 0xb1));
	CHECK_EQ(i2c_wires_recv(&w, false), 0x00);                  /* page 0's 0x81 */
	i2c_wires_stop(&w);
	CHECK(strcmp(w.log, "Sb0 W00 W02 P Sb0 W81 Sb1 R61n P Sb0 W00 W00 P Sb0 W81 Sb1 R00n P") == 0);
	/* Nobody driving the bus reads as its pull-ups. */
	CHECK_EQ(i2c_wires_recv(&w, false), 0xff);
}

TEST(ocores_registers_are_reg_shift_apart)
{
	static struct i2c_controller_model m;
	int bus;
	void *fdt = tree("sifive,i2c0", 2, NULL, 0, &bus);

	CHECK_EQ(i2c_controller_model_init(&m, fdt, bus), 0);
	CHECK_EQ(m.kind, I2C_MODEL_OCORES);
	CHECK_EQ(m.reg_shift, 2);
	CHECK_EQ(i2c_controller_model_read(&m, 0, 1), 0xff);         /* PRERlo at reset */
	i2c_controller_model_write(&m, 2 << 2, 1, 0x80);             /* CTR: enabled */
	CHECK_EQ(i2c_controller_model_read(&m, 2 << 2, 1), 0x80);
	CHECK_EQ(i2c_controller_model_read(&m, (2 << 2) + 1, 1), 0); /* between registers: nothing */
	i2c_controller_model_write(&m, (2 << 2) + 1, 1, 0);
	CHECK_EQ(m.oc.ctr, 0x80);
	CHECK_EQ(i2c_controller_model_init(&m, tree("vendor,i2c", -1, NULL, 0, &bus), bus), -1);
	CHECK_EQ(m.kind, I2C_MODEL_NONE);
}

/*
 * The RZ/Five SMARC's I2C0 (renesas,riic-rz) with its DA9062: ICCR1 at
 * power-on 0x1f (ICE clear), and the DA9062's DEVICE_ID 0x62 behind page 2.
 */
TEST(riic_with_a_da9062)
{
	static const struct child children[] = { { "pmic@58", "dlg,da9062", { 0x58 }, 1, 0 } };
	static struct i2c_controller_model m;
	int bus;
	void *fdt = tree("renesas,riic-rz", -1, children, 1, &bus);

	CHECK_EQ(i2c_controller_model_init(&m, fdt, bus), 0);
	CHECK_EQ(m.kind, I2C_MODEL_RIIC);
	CHECK(strcmp(m.name, "riic") == 0);
	CHECK_EQ(i2c_controller_model_read(&m, 0x00, 1), 0x1f);      /* ICCR1 */
	CHECK(i2c_wires_device(&m.wires, 0x58)->chip == i2c_chip_for("dlg,da9062"));
	CHECK(i2c_wires_start(&m.wires, 0xb0) && i2c_wires_send(&m.wires, 0x00) && i2c_wires_send(&m.wires, 0x02));
	CHECK(i2c_wires_start(&m.wires, 0xb0) && i2c_wires_send(&m.wires, 0x81) && i2c_wires_start(&m.wires, 0xb1));
	CHECK_EQ(i2c_wires_recv(&m.wires, false), 0x62);
}

TEST(log_is_cut_when_full_and_says_so)
{
	static struct i2c_wires w;

	i2c_wires_init(&w);
	for (unsigned int i = 0; i < 3000; i++)
		i2c_wires_stop(&w);
	CHECK_EQ(w.events, 3000);
	CHECK(w.log_cut);
	CHECK(w.log_len < sizeof(w.log));
	CHECK_EQ(strlen(w.log), w.log_len);
	CHECK(strcmp(w.log + w.log_len - 6, " P ...") == 0);
}

int main(void)
{
	RUN(a_device_at_each_seven_bit_address_the_children_name);
	RUN(a_compatible_list_finds_its_chip_in_any_string);
	RUN(da9063_device_id_is_behind_page_con);
	RUN(ocores_registers_are_reg_shift_apart);
	RUN(riic_with_a_da9062);
	RUN(log_is_cut_when_full_and_says_so);
	return TEST_EXIT_CODE;
}
