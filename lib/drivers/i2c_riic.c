/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas RIIC I2C controller, RZ/A and RZ/G2L register layout
 * (renesas,riic-rz: the RZ/Five's, whose I2C0 carries the SMARC module's
 * DA9062 PMIC at 0x58), polled, for the firmware's register transfers
 * (include/i2c_bus.h).
 *
 * Registers (8 bits wide, 4 bytes apart) and bits as Linux 7.2 names them
 * (drivers/i2c/busses/i2c-riic.c, riic_rz_a_regs: ICCR1 ICE/IICRST, ICCR2
 * BBSY/SP/RS/ST, ICMR3 RDRFS/ACKWP/ACKBT, ICSR2 NACKF/STOP) and the status
 * flags Linux waits on through interrupts, polled here as U-Boot's RZ/G2L
 * driver polls them (drivers/i2c/rz_riic.c, Renesas: ICSR2 TDRE 7, TEND 6,
 * RDRF 5, START 2, AL 1). A transfer as Linux drives one
 * (riic_xfer and its interrupt handlers):
 *  - the bus must be free (ICCR2.BBSY clear) and both lines high (ICCR1
 *    SCLI, SDAI: riic_bus_barrier, "SDA line can still be low even when
 *    BBSY = 0"; Linux then tries a bus recovery, the firmware does not),
 *    the status flags cleared;
 *  - ICCR2.ST (the first message) or ICCR2.RS (a repeated start), then the
 *    address byte into ICDRT, then each byte as ICDRT empties (TDRE), the
 *    end of a written message at TEND;
 *  - a read: the address with the R bit, one dummy read of ICDRR to start
 *    the clock, then each byte at RDRF, with ICMR3.RDRFS (the controller
 *    holds SCL after each byte's 8th clock until ACKBT says ACK or NACK;
 *    ACKWP lets ACKBT be written): the last byte is answered NACK, after
 *    the stop is requested ("STOP must come before we set ACKBT");
 *  - a NACK (ICSR2.NACKF): a dummy read of ICDRR, NACKF cleared, a stop;
 *  - the end: ICCR2.SP, then ICSR2.STOP; STOP and NACKF cleared.
 * Status flags clear by writing 0 to them (read-modify-write).
 *
 * A controller found on (ICCR1.ICE set) keeps the bit rate (ICMR1.CKS,
 * ICBRL, ICBRH) the loader or S-mode set for its input clock, which the
 * firmware does not know. One found off (as at power-on, or just out of
 * its module reset) is set up first as Linux's riic_init_hw does: ICCR1 =
 * IICRST | SOWP (ICE clear: all registers to their reset values, so ICFER
 * has the SCLE and NFE Linux's timing assumes), then ICE too (the internal
 * reset), ICMR1, ICBRH, ICBRL, ICSER, ICMR3, then IICRST cleared. Linux's
 * read-modify-writes of ICCR1 are plain writes here: its other bits read
 * only (SCLI, SDAI) or are write-protected by SOWP (SCLO, SDAO). The
 * bit rate is Linux's computation for the fastest input clock the RZ/Five's
 * RIIC can have, P0 at 100 MHz (Linux 7.2 r9a07g043-cpg.c: P0 = PLL2 (24
 * MHz EXTAL x 200 / 3) / 2 / 8 / DIVPL2A, which divides by 1 at least),
 * and 100 kHz with Linux's default rise and fall times for it (1000 and 300
 * ns): CKS 5 (P0 / 32), BRL 16, BRH 7. A slower P0 only makes SCL slower,
 * never faster than standard mode allows. Linux sets its own rate at probe.
 */
#include <stddef.h>
#include "drivers.h"
#include "i2c_bus.h"

#define RIIC_ICCR1      0x00
#define RIIC_ICCR2      0x04
#define RIIC_ICMR1      0x08
#define RIIC_ICMR3      0x10
#define RIIC_ICSER      0x18
#define RIIC_ICIER      0x1c
#define RIIC_ICSR2      0x24
#define RIIC_ICBRL      0x34
#define RIIC_ICBRH      0x38
#define RIIC_ICDRT      0x3c
#define RIIC_ICDRR      0x40
#define RIIC_REGS_SIZE  0x44

#define ICCR1_ICE       0x80    /* the controller drives SCL/SDA */
#define ICCR1_IICRST    0x40    /* reset: of all registers with ICE clear, of the bus state with ICE set */
#define ICCR1_SOWP      0x10    /* SCLO and SDAO not written */
#define ICCR1_SCLI      0x02    /* SCL reads high */
#define ICCR1_SDAI      0x01    /* SDA reads high */
#define ICCR2_BBSY      0x80    /* the bus is busy */
#define ICCR2_SP        0x08    /* stop condition request */
#define ICCR2_RS        0x04    /* repeated start request */
#define ICCR2_ST        0x02    /* start condition request */
#define ICMR3_RDRFS     0x20    /* RDRF at the 8th clock, SCL held until ACKBT is written */
#define ICMR3_ACKWP     0x10    /* ACKBT may be written */
#define ICMR3_ACKBT     0x08    /* answer the byte being read with NACK */
#define ICMR1_CKS_100MHZ_100KHZ 0x58    /* CKS 5 (input clock / 32) and BCWP (CKS written) */
#define ICBR_RESERVED   0xe0    /* bits 7-5 written as 1 */
#define ICBRL_100MHZ_100KHZ 16
#define ICBRH_100MHZ_100KHZ 7
#define ICSR2_TDRE      0x80    /* ICDRT is empty */
#define ICSR2_TEND      0x40    /* the last byte written has gone */
#define ICSR2_RDRF      0x20    /* ICDRR holds a byte */
#define ICSR2_NACKF     0x10    /* a byte or the address was not acknowledged */
#define ICSR2_STOP      0x08    /* a stop condition was detected */
#define ICSR2_START     0x04    /* a start (or repeated start) condition was detected */
#define ICSR2_AL        0x02    /* arbitration lost */

static void riic_clear_flags(uint32_t flags)
{
	i2c_write(RIIC_ICSR2, i2c_read(RIIC_ICSR2) & ~flags);
}

/* Until ICSR2 has a flag of want: I2C_OK; a NACK or lost arbitration first, or the deadline: what went wrong. */
static int riic_wait(uint32_t want)
{
	for (;;) {
		bool late = i2c_expired();
		uint32_t sr = i2c_read(RIIC_ICSR2);

		if (sr & ICSR2_AL)
			return I2C_ERR_BUS;
		if (sr & ICSR2_NACKF)
			return I2C_ERR_NACK;
		if (sr & want)
			return I2C_OK;
		if (late)
			return I2C_ERR_TIMEOUT;
	}
}

/* A start (ST) or repeated start (RS), then the address byte. */
static int riic_address(uint32_t start, uint8_t addr_rw)
{
	int rc;

	i2c_write(RIIC_ICCR2, start);
	rc = riic_wait(ICSR2_START);
	if (rc)
		return rc;
	riic_clear_flags(ICSR2_START);
	i2c_write(RIIC_ICDRT, addr_rw);
	return I2C_OK;
}

/* The bytes of a write, each as ICDRT empties; I2C_OK once the last has gone (TEND). */
static int riic_send(const uint8_t *w, unsigned int n)
{
	int rc = I2C_OK;

	for (unsigned int i = 0; i < n && !rc; i++) {
		rc = riic_wait(ICSR2_TDRE);
		if (!rc)
			i2c_write(RIIC_ICDRT, w[i]);
	}
	return rc ? rc : riic_wait(ICSR2_TEND);
}

/* The bytes of a read (after the address with R): the last answered NACK after the stop is requested. */
static int riic_receive(uint8_t *r, unsigned int n)
{
	int rc = riic_wait(ICSR2_RDRF);

	if (rc)
		return rc;
	(void)i2c_read(RIIC_ICDRR);        /* the dummy read that starts the clock */
	for (unsigned int i = 0; i < n; i++) {
		uint32_t mr3 = i2c_read(RIIC_ICMR3) | ICMR3_ACKWP;

		rc = riic_wait(ICSR2_RDRF);
		if (rc)
			return rc;
		if (i == n - 1) {
			riic_clear_flags(ICSR2_STOP);
			i2c_write(RIIC_ICCR2, ICCR2_SP);
			i2c_write(RIIC_ICMR3, mr3 | ICMR3_ACKBT);
		} else {
			i2c_write(RIIC_ICMR3, mr3 & ~ICMR3_ACKBT);
		}
		r[i] = (uint8_t)i2c_read(RIIC_ICDRR);
	}
	return I2C_OK;
}

/*
 * A controller found off, set up as above (Linux 7.2 riic_init_hw's order).
 * Its first write is repeated until ICCR1 reads it back: just out of its
 * module reset (renesas_rzfive.c), the controller may ignore writes until
 * the CPG has released it (Linux polls the CPG's reset monitor for that).
 * A controller that never takes it: I2C_ERR_BUS.
 */
/* The writes after the first, { register, value }: one call in a loop, not a call each. */
static const uint8_t riic_setup[][2] = {
	{ RIIC_ICCR1, ICCR1_ICE | ICCR1_IICRST | ICCR1_SOWP },
	{ RIIC_ICMR1, ICMR1_CKS_100MHZ_100KHZ },
	{ RIIC_ICBRH, ICBR_RESERVED | ICBRH_100MHZ_100KHZ },
	{ RIIC_ICBRL, ICBR_RESERVED | ICBRL_100MHZ_100KHZ },
	{ RIIC_ICSER, 0 },
	{ RIIC_ICMR3, ICMR3_ACKWP | ICMR3_RDRFS },
	{ RIIC_ICCR1, ICCR1_ICE | ICCR1_SOWP },
};

static int riic_init(void)
{
	do {
		if (i2c_expired())
			return I2C_ERR_BUS;
		i2c_write(RIIC_ICCR1, ICCR1_IICRST | ICCR1_SOWP);
	} while (!(i2c_read(RIIC_ICCR1) & ICCR1_IICRST));
	for (unsigned int i = 0; i < sizeof(riic_setup) / sizeof(riic_setup[0]); i++)
		i2c_write(riic_setup[i][0], riic_setup[i][1]);
	return I2C_OK;
}

static int riic_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	int rc, stop;

	(void)bus;      /* its registers: i2c_read(), i2c_write() */
	if (!(i2c_read(RIIC_ICCR1) & ICCR1_ICE) && riic_init())
		return I2C_ERR_BUS;
	/* From whatever S-mode left: no interrupts (its handlers do not run here), the bus free, flags clear. */
	i2c_write(RIIC_ICIER, 0);
	if (!i2c_wait(RIIC_ICCR2, ICCR2_BBSY, 0) ||
	    (i2c_read(RIIC_ICCR1) & (ICCR1_SCLI | ICCR1_SDAI)) != (ICCR1_SCLI | ICCR1_SDAI))
		return I2C_ERR_BUS;
	i2c_write(RIIC_ICSR2, 0);
	i2c_write(RIIC_ICMR3, ICMR3_ACKWP | ICMR3_RDRFS);

	rc = riic_address(ICCR2_ST, (uint8_t)(x->addr << 1));
	if (!rc)
		rc = riic_send(x->w, x->wlen);
	if (!rc && x->rlen) {
		rc = riic_address(ICCR2_RS, (uint8_t)(x->addr << 1 | 1));
		if (!rc)
			rc = riic_receive(x->r, x->rlen);
	}
	if (rc == I2C_ERR_NACK) {
		(void)i2c_read(RIIC_ICDRR);
		riic_clear_flags(ICSR2_NACKF);
	}
	/* The stop: requested already at the last byte read; else now (after the write, or the failure). */
	if (rc || !x->rlen) {
		riic_clear_flags(ICSR2_STOP);
		i2c_write(RIIC_ICCR2, ICCR2_SP);
	}
	stop = i2c_wait(RIIC_ICSR2, ICSR2_STOP, ICSR2_STOP) ? I2C_OK : I2C_ERR_TIMEOUT;
	riic_clear_flags(ICSR2_STOP | ICSR2_NACKF);
	return rc ? rc : stop;
}

/* Refused: a region too small, a control register that faults. */
static int riic_probe(const void *fdt, int node)
{
	return i2c_bus_probe(fdt, node, riic_transfer, RIIC_REGS_SIZE, 1, RIIC_ICCR1, 0, NULL) ? 0 : -1;
}

/* renesas,riic-rz: the RZ/A2, RZ/G2L, RZ/G2UL, RZ/Five ... RIIC (their own strings come first in the DT). */
DT_DRIVER(i2c, i2c_riic_driver, "riic") = { DT_COMPATIBLE("renesas,riic-rz"), riic_probe };
