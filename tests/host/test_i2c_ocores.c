/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/i2c_ocores.c on the host, against a model of the OpenCores
 * I2C master's registers (as Linux 7.2's i2c-ocores.c uses them: TXR then a
 * command of STA/STO/RD/WR/ACK(NACK)/IACK; status TIP while a byte moves,
 * RXACK when it was not acknowledged, BUSY between start and stop: the model
 * the dry run and the fuzzer use too, tests/host/i2c_models/ocores.c)
 * driving the simulated bus of tests/host/i2c_sim.c: the HiFive Unmatched's
 * DA9063 accesses on the wires, a device that does not answer, a core that
 * never finishes, and the DT's register spacing and width.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "i2c_sim.h"
#include "test.h"

extern const struct dt_driver i2c_ocores_driver;

TEST_MAIN_GLOBALS

#define OC_PRERLO  0
#define OC_PRERHI  1
#define OC_CONTROL 2
#define OC_DATA    3
#define OC_CMD     4

/* ---- The core: the shared model (tests/host/i2c_models/ocores.c) ---- */
static struct i2c_oc_model oc;

static uint32_t oc_read(unsigned int reg)
{
	return i2c_oc_model_read(&oc, reg);
}

static void oc_write(unsigned int reg, uint32_t v)
{
	i2c_oc_model_write(&oc, reg, v);
}

static void test_setup(void)
{
	sim_reset(0x58);
	i2c_oc_model_init(&oc, &sim_wires);
	oc.ctr = 0xc0;                          /* S-mode left it enabled with interrupts */
	oc.prer[0] = 0x3b, oc.prer[1] = 0x01;   /* and its prescaler */
	sim_read = oc_read;
	sim_write = oc_write;
}

/* The FU740's node: reg-shift 2, reg-io-width 1. */
static const struct i2c_bus *probe(uint32_t shift, uint32_t width, uint64_t size)
{
	void *fdt = sim_fdt("sifive,i2c0", SIM_BASE, size, "reg-shift", shift, "reg-io-width", width);
	int ok;

	sim_probe_shift = shift;
	ok = fdt && i2c_ocores_driver.probe(fdt, sim_fdt_node(fdt)) == 0;
	free(fdt);
	return ok ? &sim_bus : NULL;
}

static int transfer(const struct i2c_bus *bus, const uint8_t *w, unsigned int wlen, uint8_t *r, unsigned int rlen)
{
	struct i2c_xfer x = { .addr = 0x58, .wlen = (uint8_t)wlen, .rlen = (uint8_t)rlen, .w = w, .r = r };

	return bus->transfer(bus, &x);
}

TEST(probe_takes_spacing_and_width_from_the_dt)
{
	const struct i2c_bus *bus = probe(2, 1, 0x1000);

	CHECK(bus);
	CHECK_EQ(bus->reg_shift, 2);
	CHECK_EQ(bus->io_width, 1);
	CHECK_EQ(sim_asked_min_size, (4 << 2) + 4);
	CHECK_EQ(sim_asked_width, 1);
	CHECK_EQ(sim_wires.events, 0);
	CHECK(probe(2, 4, 0x1000));
	CHECK_EQ(sim_bus.io_width, 4);
	CHECK_EQ(sim_asked_width, 4);
	CHECK(!probe(0, 4, 0x1000));               /* 4-byte accesses 1 byte apart: misaligned, overlapping */
	CHECK(!probe(3, 1, 0x1000));               /* a spacing it does not do */
	CHECK(strstr(sim_refused_why, "reg-shift") != NULL);
	CHECK(!probe(2, 2, 0x1000));               /* nor a width */
	CHECK(!probe(2, 1, 0x10));                 /* too small for the status register */
	sim_fault_from = SIM_BASE, sim_fault_to = SIM_BASE + 0x100;
	CHECK(!probe(2, 1, 0x1000));
	CHECK(strcmp(sim_refused_why, "faults when read") == 0);
}

/* The DA9063's shutdown: page 0, then 0x02 to CONTROL_F (0x13). */
TEST(writes_go_out_with_start_and_a_stop_of_their_own)
{
	const struct i2c_bus *bus = probe(2, 1, 0x1000);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W13 W02 P") == 0);
	CHECK_EQ(sim_device->regs[0x13], 0x02);
	CHECK(oc.reset_seen);                      /* disabled and enabled again first */
	CHECK_EQ(oc.ctr, 0x80);                    /* enabled, interrupts off */
	CHECK_EQ(oc.prer[0], 0x3b);                /* the prescaler kept */
	CHECK_EQ(oc.prer[1], 0x01);
	CHECK(!oc.busy);
}

/* The DA9063's id: register 0x81 after a page select, read with a repeated start, answered NACK. */
TEST(reads_use_a_repeated_start_and_nack_the_last_byte)
{
	const struct i2c_bus *bus = probe(2, 1, 0x1000);
	uint8_t reg = 0x81, v[2] = { 0, 0 };

	CHECK(bus);
	sim_device->regs[0x81] = 0x61;
	CHECK_EQ(transfer(bus, &reg, 1, v, 1), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W81 Sb1 R61n P") == 0);
	CHECK_EQ(v[0], 0x61);
	sim_reset(0x58);
	CHECK_EQ(transfer(bus, &reg, 1, v, 2), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W81 Sb1 Rdb Rd8n P") == 0);
}

TEST(no_answer_is_nack_and_the_bus_is_released)
{
	const struct i2c_bus *bus = probe(2, 1, 0x1000);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	sim_device->present = false;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_NACK);
	CHECK(strcmp(sim_wires.log, "Sb0- P") == 0);
	CHECK(!oc.busy);
}

TEST(core_that_never_finishes_times_out)
{
	const struct i2c_bus *bus = probe(2, 1, 0x1000);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	oc.stuck = true;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_TIMEOUT);
	CHECK(sim_budget <= 0);
	CHECK_EQ(sim_wires.events, 0);
}

int main(void)
{
	RUN(probe_takes_spacing_and_width_from_the_dt);
	RUN(writes_go_out_with_start_and_a_stop_of_their_own);
	RUN(reads_use_a_repeated_start_and_nack_the_last_byte);
	RUN(no_answer_is_nack_and_the_bus_is_released);
	RUN(core_that_never_finishes_times_out);
	return TEST_EXIT_CODE;
}
