/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/i2c_designware.c on the host, against a model of the
 * DesignWare I2C controller's registers (the behaviour Linux 7.2's driver
 * relies on: a DATA_CMD word per byte, READ bit 8, STOP bit 9, RESTART bit
 * 10; TX_ABRT with TX_ABRT_SOURCE when a byte is not acknowledged; STOP_DET
 * at the stop; RX_FULL while the receive FIFO holds a byte: the model the dry
 * run and the fuzzer use too, tests/host/i2c_models/designware.c) driving
 * the simulated bus of tests/host/i2c_sim.c. Checks the wires for a register
 * write and a register read, what the driver sets up first (the controller
 * disabled, an abort of a transfer S-mode left held, master mode with the
 * speed kept, interrupts masked), and that a device that does not answer or
 * a controller that never finishes is an error within the deadline.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "i2c_sim.h"
#include "test.h"

extern const struct dt_driver i2c_designware_driver;

TEST_MAIN_GLOBALS

#define IC_CON          0x00
#define IC_TAR          0x04
#define IC_DATA_CMD     0x10
#define IC_INTR_MASK    0x30
#define IC_RAW_INTR     0x34
#define IC_RX_TL        0x38
#define IC_CLR_INTR     0x40
#define IC_CLR_TX_ABRT  0x54
#define IC_ENABLE       0x6c
#define IC_STATUS       0x70
#define IC_ABRT_SOURCE  0x80
#define IC_ENABLE_STAT  0x9c
#define IC_COMP_TYPE    0xfc

#define INTR_RX_FULL    0x0004
#define INTR_TX_ABRT    0x0040
#define INTR_STOP_DET   0x0200
#define INTR_MST_ON_HOLD 0x2000

/* ---- The controller: the shared model (tests/host/i2c_models/designware.c) ---- */
static struct i2c_dw_model dw;

static uint32_t dw_read(unsigned int reg)
{
	return i2c_dw_model_read(&dw, reg);
}

static void dw_write(unsigned int reg, uint32_t v)
{
	i2c_dw_model_write(&dw, reg, v);
}

static void test_setup(void)
{
	sim_reset(0x36);
	i2c_dw_model_init(&dw, &sim_wires);
	dw.rx_tl = 7;                           /* not what the driver wants: it must set it */
	sim_read = dw_read;
	sim_write = dw_write;
}

/* Probes a node for the model; the bus it added, or NULL. */
static const struct i2c_bus *probe(uint64_t size)
{
	void *fdt = sim_fdt("snps,designware-i2c", SIM_BASE, size, NULL, 0, NULL, 0);
	int ok = fdt && i2c_designware_driver.probe(fdt, sim_fdt_node(fdt)) == 0;

	free(fdt);
	return ok ? &sim_bus : NULL;
}

static int reg_write(const struct i2c_bus *bus, uint8_t reg, uint8_t value)
{
	uint8_t w[2] = { reg, value };
	struct i2c_xfer x = { .addr = 0x36, .wlen = 2, .w = w };

	return bus->transfer(bus, &x);
}

static int reg_read(const struct i2c_bus *bus, uint8_t addr, uint8_t reg, uint8_t *value)
{
	struct i2c_xfer x = { .addr = addr, .wlen = 1, .rlen = 1, .w = &reg, .r = value };

	return bus->transfer(bus, &x);
}

TEST(probe_checks_the_component_type)
{
	CHECK(probe(0x10000) != NULL);
	CHECK_EQ(sim_asked_min_size, 0x100);       /* up to IC_COMP_TYPE */
	CHECK_EQ(sim_asked_width, 4);          /* 32-bit registers (DesignWare databook) */
	CHECK_EQ(sim_bus.io_width, 4);
	CHECK_EQ(sim_wires.events, 0);               /* nothing on the bus at probe */
	dw.comp_type = 0x12345678;
	CHECK(probe(0x10000) == NULL);
	CHECK(strstr(sim_refused_why, "DesignWare") != NULL);
	dw.comp_type = 0x44570140;
	sim_fault_from = SIM_BASE, sim_fault_to = SIM_BASE + 0x1000;
	CHECK(probe(0x10000) == NULL);
	CHECK(strcmp(sim_refused_why, "faults when read") == 0);
	sim_fault_from = sim_fault_to = 0;
	CHECK(probe(0x80) == NULL);                /* too small for IC_COMP_TYPE */
	CHECK_EQ(sim_bus_adds, 1);
}

/* The AXP15060's power-off: 0x80 to register 0x32, on the wires as Linux's SMBus byte write. */
TEST(register_write_is_start_address_register_value_stop)
{
	const struct i2c_bus *bus = probe(0x10000);

	CHECK(bus);
	dw.con = 0x4;                              /* fast mode, as Linux left it */
	dw.enable = 1;
	CHECK_EQ(reg_write(bus, 0x32, 0x80), I2C_OK);
	CHECK(strcmp(sim_wires.log, "S6c W32 W80 P") == 0);
	CHECK_EQ(sim_device->regs[0x32], 0x80);
	/* Set up while disabled: master, restarts, no slave, its speed kept; interrupts masked. */
	CHECK(!dw.writes_while_enabled);
	CHECK_EQ(dw.con, 0x4 | 0x1 | 0x20 | 0x40);
	CHECK_EQ(dw.tar, 0x36);
	CHECK_EQ(dw.intr_mask, 0);
	CHECK(sim_write_index(IC_ENABLE, 0) < sim_write_index(IC_TAR, ~0U));
	CHECK(sim_write_index(IC_TAR, ~0U) < sim_write_index(IC_ENABLE, 1));
	CHECK_EQ(dw.enable, 0);                    /* left disabled */
	CHECK(!dw.abort_seen);
}

TEST(speed_zero_becomes_standard_mode)
{
	const struct i2c_bus *bus = probe(0x10000);

	CHECK(bus);
	CHECK_EQ(reg_write(bus, 0x10, 0x01), I2C_OK);
	CHECK_EQ(dw.con & 0x6, 0x2);
}

TEST(register_read_is_a_write_then_a_repeated_start)
{
	const struct i2c_bus *bus = probe(0x10000);
	uint8_t v = 0;

	CHECK(bus);
	CHECK_EQ(reg_read(bus, 0x36, 0x7e, &v), I2C_OK);
	CHECK(strcmp(sim_wires.log, "S6c W7e S6d R24n P") == 0);
	CHECK_EQ(v, 0x7e ^ 0x5a);
	CHECK_EQ(dw.rx_tl, 0);                     /* RX_FULL at one byte */
	CHECK_EQ(dw.rx_count, 0);
}

/* Two bytes: both read commands queued before the first byte is taken (the FIFO never runs dry). */
TEST(two_byte_read_queues_both_commands)
{
	const struct i2c_bus *bus = probe(0x10000);
	uint8_t reg = 0x10, v[2] = { 0, 0 };
	struct i2c_xfer x = { .addr = 0x36, .wlen = 1, .rlen = I2C_READ_MAX, .w = &reg, .r = v };

	CHECK(bus);
	CHECK_EQ(bus->transfer(bus, &x), I2C_OK);
	CHECK(strcmp(sim_wires.log, "S6c W10 S6d R4a R4bn P") == 0);
	CHECK_EQ(v[0], 0x4a);
	CHECK_EQ(v[1], 0x4b);
	CHECK(sim_write_index(IC_DATA_CMD, 0x500) >= 0);                              /* READ | RESTART */
	CHECK_EQ(sim_writes[sim_write_index(IC_DATA_CMD, 0x500) + 1].value, 0x300);   /* READ | STOP, next */
}

/* S-mode left a transfer held on an empty transmit FIFO: aborted before anything else. */
TEST(held_transfer_is_aborted_first)
{
	const struct i2c_bus *bus = probe(0x10000);

	CHECK(bus);
	dw.held = true;
	dw.enable = 1;
	CHECK_EQ(reg_write(bus, 0x13, 0x02), I2C_OK);
	CHECK(dw.abort_seen);
	CHECK_EQ(sim_write_index(IC_ENABLE, 3), 0);
	CHECK(strcmp(sim_wires.log, "S6c W13 W02 P") == 0);
}

TEST(no_answer_is_nack_and_no_byte_follows)
{
	const struct i2c_bus *bus = probe(0x10000);
	uint8_t v;

	CHECK(bus);
	sim_device->present = false;
	CHECK_EQ(reg_write(bus, 0x32, 0x80), I2C_ERR_NACK);
	CHECK(strcmp(sim_wires.log, "S6c- P") == 0);
	CHECK_EQ(dw.raw & INTR_TX_ABRT, 0);        /* the abort cleared */
	CHECK_EQ(dw.enable, 0);
	sim_reset(0x36);
	sim_device->present = false;
	CHECK_EQ(reg_read(bus, 0x36, 0x00, &v), I2C_ERR_NACK);
}

TEST(controller_that_never_finishes_times_out)
{
	const struct i2c_bus *bus = probe(0x10000);

	CHECK(bus);
	dw.stuck = true;                           /* its transmit FIFO never has room */
	CHECK_EQ(reg_write(bus, 0x32, 0x80), I2C_ERR_TIMEOUT);
	CHECK(sim_budget <= 0 && sim_budget > -3);
	CHECK_EQ(sim_wires.events, 0);
	CHECK_EQ(dw.enable, 0);
	/* A controller that never disables (ENABLE_STATUS stuck): a timeout too, nothing sent. */
	sim_reset(0x36);
	dw.stuck = false;
	dw.never_disables = true;
	CHECK_EQ(reg_write(bus, 0x32, 0x80), I2C_ERR_TIMEOUT);
	CHECK(sim_budget <= 0 && sim_budget > -3);
	CHECK_EQ(sim_wires.events, 0);
}

int main(void)
{
	RUN(probe_checks_the_component_type);
	RUN(register_write_is_start_address_register_value_stop);
	RUN(speed_zero_becomes_standard_mode);
	RUN(register_read_is_a_write_then_a_repeated_start);
	RUN(two_byte_read_queues_both_commands);
	RUN(held_transfer_is_aborted_first);
	RUN(no_answer_is_nack_and_no_byte_follows);
	RUN(controller_that_never_finishes_times_out);
	return TEST_EXIT_CODE;
}
