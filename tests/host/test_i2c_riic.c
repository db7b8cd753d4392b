/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/i2c_riic.c on the host, against the model of the Renesas
 * RIIC's registers the dry run and the fuzzer use too
 * (tests/host/i2c_models/riic.c: as Linux 7.2's i2c-riic.c and U-Boot's
 * rz_riic.c expect the hardware to behave) driving the simulated bus of
 * tests/host/i2c_sim.c. Checked:
 * the RZ/Five SMARC's DA9062 accesses on the wires, the order of the
 * register writes the sources give, a NACK, a controller found off (set up
 * as Linux's riic_init_hw does, for the fastest input clock) or on (its
 * timing kept), one that never leaves its module reset, a bus that stays
 * busy, a controller that never answers.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "i2c_sim.h"
#include "test.h"

extern const struct dt_driver i2c_riic_driver;

TEST_MAIN_GLOBALS

#define ICCR1 0x00
#define ICCR2 0x04
#define ICMR1 0x08
#define ICMR3 0x10
#define ICSER 0x18
#define ICIER 0x1c
#define ICSR2 0x24
#define ICBRL 0x34
#define ICBRH 0x38
#define ICDRT 0x3c
#define ICDRR 0x40

#define CR1_ICE    0x80
#define CR1_IICRST 0x40
#define CR1_SOWP   0x10
#define CR2_BBSY  0x80
#define CR2_SP    0x08
#define CR2_RS    0x04
#define CR2_ST    0x02
#define MR3_RDRFS 0x20
#define MR3_ACKWP 0x10
#define MR3_ACKBT 0x08
#define SR2_TDRE  0x80
#define SR2_TEND  0x40
#define SR2_RDRF  0x20
#define SR2_NACKF 0x10
#define SR2_STOP  0x08
#define SR2_START 0x04

/* ---- The controller: the shared model (tests/host/i2c_models/riic.c) ---- */
static struct i2c_riic_model riic;

static uint32_t riic_read(unsigned int reg)
{
	return i2c_riic_model_read(&riic, reg);
}

static void riic_write(unsigned int reg, uint32_t v)
{
	i2c_riic_model_write(&riic, reg, v);
}

static void test_setup(void)
{
	sim_reset(0x58);
	i2c_riic_model_init(&riic, &sim_wires);
	riic.cr1 = CR1_ICE | 0x1f;              /* enabled by the loader, SCL and SDA high */
	riic.ier = 0xf8;                        /* S-mode's interrupt enables */
	riic.sr2 = SR2_STOP;                    /* and a stale flag */
	sim_read = riic_read;
	sim_write = riic_write;
}

/* The RZ/Five's I2C0 node (Linux 7.2 r9a07g043.dtsi: 0x400 bytes). */
static const struct i2c_bus *probe(uint64_t size)
{
	void *fdt = sim_fdt("renesas,riic-rz", SIM_BASE, size, NULL, 0, NULL, 0);
	int ok = fdt && i2c_riic_driver.probe(fdt, sim_fdt_node(fdt)) == 0;

	free(fdt);
	return ok ? &sim_bus : NULL;
}

static int transfer(const struct i2c_bus *bus, const uint8_t *w, unsigned int wlen, uint8_t *r, unsigned int rlen)
{
	struct i2c_xfer x = { .addr = 0x58, .wlen = (uint8_t)wlen, .rlen = (uint8_t)rlen, .w = w, .r = r };

	return bus->transfer(bus, &x);
}

TEST(probe_takes_byte_wide_registers)
{
	CHECK(probe(0x400));
	CHECK_EQ(sim_asked_min_size, 0x44);    /* up to ICDRR */
	CHECK_EQ(sim_asked_width, 1);
	CHECK_EQ(sim_bus.io_width, 1);
	CHECK_EQ(sim_bus.reg_shift, 0);
	CHECK_EQ(sim_wires.events, 0);
	CHECK(!probe(0x40));
	sim_fault_from = SIM_BASE, sim_fault_to = SIM_BASE + 4;
	CHECK(!probe(0x400));
	CHECK(strcmp(sim_refused_why, "faults when read") == 0);
}

/* The DA9062's shutdown: CONTROL_F (0x13) = SHUTDOWN (0x02). */
TEST(register_write)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W13 W02 P") == 0);
	CHECK_EQ(sim_device->regs[0x13], 0x02);
	CHECK_EQ(riic.ier, 0);                                   /* no interrupts */
	CHECK_EQ(sim_write_index(ICIER, 0), 0);
	CHECK(sim_write_index(ICSR2, 0) >= 0);                   /* S-mode's flags cleared */
	CHECK(sim_write_index(ICSR2, 0) < sim_write_index(ICCR2, CR2_ST));
	CHECK(sim_write_index(ICMR3, MR3_ACKWP | MR3_RDRFS) >= 0);
	CHECK(sim_write_index(ICCR2, CR2_SP) > sim_write_index(ICDRT, 0x02));
	CHECK_EQ(riic.sr2 & (SR2_STOP | SR2_NACKF), 0);          /* cleared at the end */
	CHECK(!(riic_read(ICCR2) & CR2_BBSY));
}

/* The DA9062's probe: DEVICE_ID (0x81, page 2) read, the byte answered NACK after the stop request. */
TEST(register_read_with_repeated_start)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t reg = 0x81, v = 0;
	int sp, ackbt;

	CHECK(bus);
	sim_device->regs[0x81] = 0x62;
	CHECK_EQ(transfer(bus, &reg, 1, &v, 1), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W81 Sb1 R62n P") == 0);
	CHECK_EQ(v, 0x62);
	CHECK_EQ(riic.dummy_reads, 1);
	CHECK(sim_write_index(ICCR2, CR2_RS) >= 0);
	sp = sim_write_index(ICCR2, CR2_SP);
	ackbt = sim_write_index(ICMR3, MR3_ACKWP | MR3_RDRFS | MR3_ACKBT);
	CHECK(sp >= 0 && ackbt >= 0);
	CHECK(sp < ackbt);                                       /* "STOP must come before we set ACKBT" */
	CHECK(!(riic_read(ICCR2) & CR2_BBSY));
}

TEST(two_bytes_read_ack_then_nack)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t reg = 0x10, v[2] = { 0 };

	CHECK(bus);
	CHECK_EQ(transfer(bus, &reg, 1, v, 2), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W10 Sb1 R4a R4bn P") == 0);
	CHECK_EQ(v[0], 0x4a);
	CHECK_EQ(v[1], 0x4b);
}

TEST(no_answer_is_nack_and_a_stop)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	sim_device->present = false;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_NACK);
	CHECK(strncmp(sim_wires.log, "Sb0-", 4) == 0);
	CHECK(strcmp(sim_wires.log + strlen(sim_wires.log) - 1, "P") == 0);
	CHECK_EQ(riic.sr2 & SR2_NACKF, 0);
	CHECK(!(riic_read(ICCR2) & CR2_BBSY));
}

/*
 * Off (ICE clear), as at power-on, and its first writes lost (just out of
 * its module reset): set up in riic_init_hw's order (Linux 7.2 i2c-riic.c),
 * the first write repeated until ICCR1 reads it; the bit rate Linux
 * computes for a 100 MHz input clock (P0 at most) and 100 kHz: CKS 5,
 * BRL 16, BRH 7 (the reserved bits 7-5 written as 1); then the transfer.
 */
TEST(controller_found_off_is_set_up_then_used)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };
	static const struct { unsigned int reg; uint32_t value; } init[] = {
		{ ICCR1, CR1_IICRST | CR1_SOWP }, { ICCR1, CR1_ICE | CR1_IICRST | CR1_SOWP },
		{ ICMR1, 0x58 }, { ICBRH, 0xe7 }, { ICBRL, 0xf0 }, { ICSER, 0 },
		{ ICMR3, MR3_ACKWP | MR3_RDRFS }, { ICCR1, CR1_ICE | CR1_SOWP },
	};
	int at = -1;

	CHECK(bus);
	i2c_riic_model_init(&riic, &sim_wires);
	riic.writes_lost = 2;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W13 W02 P") == 0);
	CHECK_EQ(sim_device->regs[0x13], 0x02);
	CHECK_EQ(sim_writes[0].reg, ICCR1);
	CHECK_EQ(sim_writes[0].value, CR1_IICRST | CR1_SOWP);
	CHECK_EQ(sim_writes[1].value, CR1_IICRST | CR1_SOWP);
	for (unsigned int i = 0; i < sizeof(init) / sizeof(init[0]); i++) {
		CHECK(sim_writes[2 + i].reg == init[i].reg && sim_writes[2 + i].value == init[i].value);
		at = (int)(2 + i);
	}
	CHECK(at < sim_write_index(ICCR2, CR2_ST));
	CHECK_EQ(riic.mr1, 0x58);
	CHECK_EQ(riic.brh, 0xe7);
	CHECK_EQ(riic.brl, 0xf0);
	CHECK_EQ(riic.ser, 0);
	CHECK_EQ(riic.cr1 & (CR1_ICE | CR1_IICRST), CR1_ICE);
	/* The next transfer finds it on: no second setup. */
	sim_nr_writes = 0;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_OK);
	CHECK_EQ(sim_write_index(ICCR1, ~0U), -1);
}

/* On (ICE set), as the loader left it: its timing and ICCR1 untouched. */
TEST(controller_found_on_keeps_its_timing)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	riic.mr1 = 0x38, riic.brl = 0xf8, riic.brh = 0xe5, riic.ser = 0;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_OK);
	CHECK(strcmp(sim_wires.log, "Sb0 W13 W02 P") == 0);
	CHECK_EQ(sim_write_index(ICCR1, ~0U), -1);
	CHECK_EQ(sim_write_index(ICMR1, ~0U), -1);
	CHECK_EQ(sim_write_index(ICBRL, ~0U), -1);
	CHECK_EQ(sim_write_index(ICBRH, ~0U), -1);
	CHECK_EQ(sim_write_index(ICSER, ~0U), -1);
	CHECK(riic.mr1 == 0x38 && riic.brl == 0xf8 && riic.brh == 0xe5);
}

/* Never out of its module reset (every write lost): a bus error once the deadline passes, nothing on the wires. */
TEST(controller_that_never_leaves_reset_is_a_bus_error)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	i2c_riic_model_init(&riic, &sim_wires);
	riic.writes_lost = ~0U;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_BUS);
	CHECK(sim_budget <= 0);
	CHECK_EQ(sim_wires.events, 0);
	CHECK_EQ(sim_write_index(ICCR2, ~0U), -1);
	CHECK_EQ(sim_write_index(ICCR1, CR1_ICE | CR1_IICRST | CR1_SOWP), -1);
}

TEST(bus_that_stays_busy_is_a_bus_error)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	riic.busy_forever = true;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_BUS);
	CHECK(sim_budget <= 0);
	CHECK_EQ(sim_wires.events, 0);
	CHECK_EQ(sim_write_index(ICCR2, ~0U), -1);               /* no start requested */
}

/* BBSY clear but SDA held low (Linux's riic_bus_barrier): a bus error, no start. */
TEST(line_held_low_is_a_bus_error)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	riic.cr1 &= ~0x01U;                                      /* SDAI */
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_BUS);
	CHECK_EQ(sim_wires.events, 0);
	CHECK_EQ(sim_write_index(ICCR2, ~0U), -1);
}

TEST(controller_that_never_starts_times_out)
{
	const struct i2c_bus *bus = probe(0x400);
	uint8_t w[2] = { 0x13, 0x02 };

	CHECK(bus);
	riic.stuck = true;
	CHECK_EQ(transfer(bus, w, 2, NULL, 0), I2C_ERR_TIMEOUT);
	CHECK(sim_budget <= 0);
	CHECK_EQ(sim_wires.events, 0);
	CHECK(sim_write_index(ICCR2, CR2_SP) >= 0);              /* a stop asked for, whatever came of it */
}

int main(void)
{
	RUN(probe_takes_byte_wide_registers);
	RUN(register_write);
	RUN(register_read_with_repeated_start);
	RUN(two_bytes_read_ack_then_nack);
	RUN(no_answer_is_nack_and_a_stop);
	RUN(controller_found_off_is_set_up_then_used);
	RUN(controller_found_on_keeps_its_timing);
	RUN(controller_that_never_leaves_reset_is_a_bus_error);
	RUN(bus_that_stays_busy_is_a_bus_error);
	RUN(line_held_low_is_a_bus_error);
	RUN(controller_that_never_starts_times_out);
	return TEST_EXIT_CODE;
}
