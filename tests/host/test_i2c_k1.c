/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/i2c_k1.c on the host, against a model of the SpacemiT K1 I2C
 * controller's registers (as Linux 7.2's i2c-k1.c uses them: a byte in
 * IDBR, ICR with TB and START/STOP/ACKNAK, TB cleared by the controller
 * when the byte is done; ISR BED when no ACK came, written 1 to clear; UR a
 * unit reset: the model the dry run and the fuzzer use too,
 * tests/host/i2c_models/k1.c) driving the simulated bus of
 * tests/host/i2c_sim.c: the BPI-F3's P1 PMIC accesses on the wires, a
 * device that does not answer, a controller that never finishes, and what
 * it sets up first.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "i2c_sim.h"
#include "test.h"

extern const struct dt_driver i2c_k1_driver;

TEST_MAIN_GLOBALS

#define K1_ICR  0x00
#define K1_ISR  0x04
#define K1_IDBR 0x0c
#define K1_IRCR 0x18

#define CR_START 0x1
#define CR_STOP  0x2
#define CR_ACKNAK 0x4
#define CR_TB    0x8
#define CR_UR    0x400
#define CR_SCLE  0x2000
#define CR_IUE   0x4000
#define CR_GCD   0x200000
#define CR_FAST  0x100
#define SR_BED   0x400000

/* ---- The controller: the shared model (tests/host/i2c_models/k1.c) ---- */
static struct i2c_k1_model k1;

static uint32_t k1_read(unsigned int reg)
{
	return i2c_k1_model_read(&k1, reg);
}

static void k1_write(unsigned int reg, uint32_t v)
{
	i2c_k1_model_write(&k1, reg, v);
}

static void test_setup(void)
{
	sim_reset(0x41);
	i2c_k1_model_init(&k1, &sim_wires);
	k1.icr = 0x1f00000 | CR_IUE;            /* S-mode's interrupt enables */
	k1.isr = 0x08000000;                    /* and a stale status bit */
	sim_read = k1_read;
	sim_write = k1_write;
}

/* The BPI-F3's node: a 400 kHz bus. */
static const struct i2c_bus *probe(uint32_t hz, uint64_t size)
{
	void *fdt = sim_fdt("spacemit,k1-i2c", SIM_BASE, size, "clock-frequency", hz, NULL, 0);
	int ok = fdt && i2c_k1_driver.probe(fdt, sim_fdt_node(fdt)) == 0;

	free(fdt);
	return ok ? &sim_bus : NULL;
}

static int transfer(const struct i2c_bus *bus, const uint8_t *w, unsigned int wlen, uint8_t *r, unsigned int rlen)
{
	struct i2c_xfer x = { .addr = 0x41, .wlen = (uint8_t)wlen, .rlen = (uint8_t)rlen, .w = w, .r = r };

	return bus->transfer(bus, &x);
}

TEST(probe_takes_the_bus_speed)
{
	CHECK(probe(400000, 0x38));
	CHECK_EQ(sim_asked_min_size, 0x1c);
	CHECK_EQ(sim_asked_width, 4);
	CHECK_EQ(sim_bus.flags, CR_IUE | CR_SCLE | CR_GCD | CR_FAST);
	CHECK(probe(100000, 0x38));
	CHECK_EQ(sim_bus.flags, CR_IUE | CR_SCLE | CR_GCD);
	CHECK_EQ(sim_wires.events, 0);
	CHECK(!probe(400000, 0x10));
	sim_fault_from = SIM_BASE, sim_fault_to = SIM_BASE + 4;
	CHECK(!probe(400000, 0x38));
	CHECK(strcmp(sim_refused_why, "faults when read") == 0);
}

/* The P1's power-off, second half: 0x04 set in PWR_CTRL2 (0x7e). */
TEST(write_after_a_unit_reset)
{
	const struct i2c_bus *bus = probe(400000, 0x38);
	uint8_t w[2] = { 0x7e, 0x04 };

	CHECK(bus);
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_OK);
	CHECK(strcmp(sim_wires.log, "S82 W7e W04 P") == 0);
	CHECK_EQ(sim_device->regs[0x7e], 0x04);
	CHECK_EQ(k1.unit_resets, 1);
	CHECK_EQ(sim_write_index(K1_ICR, CR_UR), 0);         /* the reset first, held, then cleared */
	CHECK_EQ(sim_write_index(K1_ICR, 0), 1);
	CHECK(sim_delays >= 1);
	CHECK(k1.ircr & 0x80);                               /* SDA glitch fix bypassed */
	CHECK(sim_write_index(K1_ISR, 0xfdfc0000) >= 0);     /* status cleared */
	CHECK(sim_write_index(K1_ICR, CR_IUE | CR_SCLE | CR_GCD | CR_FAST) == 2);
	CHECK_EQ(k1.icr & 0x1f00000 & ~CR_GCD, 0);           /* no interrupts */
}

/* The P1's power-off, first half: PWR_CTRL2 read, the last byte answered NACK with the stop. */
TEST(read_with_repeated_start)
{
	const struct i2c_bus *bus = probe(400000, 0x38);
	uint8_t reg = 0x7e, v = 0;

	CHECK(bus);
	sim_device->regs[0x7e] = 0x10;
	CHECK_EQ(transfer(bus, &reg, 1, &v, 1), I2C_OK);
	CHECK(strcmp(sim_wires.log, "S82 W7e S83 R10n P") == 0);
	CHECK_EQ(v, 0x10);
}

TEST(no_answer_is_nack_and_a_unit_reset)
{
	const struct i2c_bus *bus = probe(400000, 0x38);
	uint8_t w[2] = { 0x7e, 0x04 };

	CHECK(bus);
	sim_device->present = false;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_NACK);
	CHECK(strcmp(sim_wires.log, "S82-") == 0);
	CHECK_EQ(k1.unit_resets, 2);                         /* before, and after the failure */
}

TEST(controller_that_never_finishes_times_out)
{
	const struct i2c_bus *bus = probe(400000, 0x38);
	uint8_t w[2] = { 0x7e, 0x04 };

	CHECK(bus);
	k1.stuck = true;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_TIMEOUT);
	CHECK(sim_budget <= 0);
	CHECK_EQ(sim_wires.events, 0);
	CHECK_EQ(k1.unit_resets, 2);
}

int main(void)
{
	RUN(probe_takes_the_bus_speed);
	RUN(write_after_a_unit_reset);
	RUN(read_with_repeated_start);
	RUN(no_answer_is_nack_and_a_unit_reset);
	RUN(controller_that_never_finishes_times_out);
	return TEST_EXIT_CODE;
}
