/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SpacemiT K1 I2C controller (spacemit,k1-i2c: the Banana Pi BPI-F3's I2C8,
 * where its SpacemiT P1 PMIC sits), polled, one byte at a time, for the
 * firmware's register transfers (include/i2c_bus.h).
 *
 * Registers and bits as Linux 7.2's driver names them (drivers/i2c/busses/
 * i2c-k1.c: SPACEMIT_ICR/ISR/IDBR/IRCR, CR_START/STOP/ACKNAK/TB/UR/SCLE/
 * IUE/GCD/MODE_FAST, SR_BED/ALD), set up as it does (spacemit_i2c_reset:
 * unit reset, held (5 us), cleared; spacemit_i2c_init: SCL enabled, general call
 * ignored, fast mode for a 400 kHz bus, the SDA glitch fix bypassed so that
 * a repeated start is not delayed, status cleared), without interrupts: a
 * byte is sent by writing it to IDBR and setting TB (with START/STOP as it
 * needs), and the controller clears TB when the byte is done.
 */
#include <stddef.h>
#include "drivers.h"
#include "fdt_helpers.h"
#include "i2c_bus.h"
#include "timer_device.h"

#define K1_ICR          0x00
#define K1_ISR          0x04
#define K1_IDBR         0x0c
#define K1_IRCR         0x18
#define K1_REGS_SIZE    0x1c

#define K1_CR_START     (1U << 0)
#define K1_CR_STOP      (1U << 1)
#define K1_CR_ACKNAK    (1U << 2)   /* answer a read byte with NACK (the last one) */
#define K1_CR_TB        (1U << 3)   /* transfer a byte; the controller clears it when done */
#define K1_CR_MODE_FAST (1U << 8)
#define K1_CR_UR        (1U << 10)  /* unit reset */
#define K1_CR_SCLE      (1U << 13)  /* drive SCL */
#define K1_CR_IUE       (1U << 14)  /* unit enable */
#define K1_CR_GCD       (1U << 21)  /* ignore the general call address */
#define K1_SR_ALD       (1U << 18)  /* arbitration lost */
#define K1_SR_BED       (1U << 22)  /* bus error: no ACK where one was due */
#define K1_SR_ALL       0xfdfc0000U /* the status bits software clears (by writing 1) */
#define K1_RCR_SDA_GLITCH_NOFIX (1U << 7)

#define K1_FAST_MODE_HZ 400000

/* One byte out (or in, rx), ICR written cr: I2C_OK, or what went wrong. */
static __attribute__((noinline)) int k1_byte(uint32_t cr, uint8_t *byte, bool rx)
{
	uint32_t status;

	if (!rx)
		i2c_write(K1_IDBR, *byte);
	i2c_write(K1_ICR, cr | K1_CR_TB);
	if (!i2c_wait(K1_ICR, K1_CR_TB, 0))
		return I2C_ERR_TIMEOUT;
	status = i2c_read(K1_ISR);
	i2c_write(K1_ISR, status & K1_SR_ALL);
	if (status & K1_SR_ALD)
		return I2C_ERR_BUS;
	if (status & K1_SR_BED)
		return I2C_ERR_NACK;
	if (rx)
		*byte = (uint8_t)i2c_read(K1_IDBR);
	return I2C_OK;
}

static void k1_unit_reset(void)
{
	i2c_write(K1_ICR, K1_CR_UR);
	timer_delay_ms(1);      /* Linux holds it 5 us */
	i2c_write(K1_ICR, 0);
}

static int k1_i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	uint8_t byte;
	int rc = I2C_OK;

	/* From whatever S-mode left: a unit reset, then a master without interrupts. */
	k1_unit_reset();
	i2c_write(K1_ICR, bus->flags);
	i2c_write(K1_IRCR, i2c_read(K1_IRCR) | K1_RCR_SDA_GLITCH_NOFIX);
	i2c_write(K1_ISR, K1_SR_ALL);

	/* Step i: the address to write (a start), the bytes to write, the address to read (a repeated start), the bytes read; a stop with the last. */
	for (unsigned int i = 0, end = x->wlen + (x->rlen ? x->rlen + 1u : 0); i <= end && !rc; i++) {
		bool rx = i > x->wlen + 1u;
		uint8_t *p = rx ? &x->r[i - x->wlen - 2] : &byte;
		uint32_t cr = i == end ? K1_CR_STOP : 0;

		if (rx)
			cr |= i == end ? K1_CR_ACKNAK : 0;
		else if (i && i <= x->wlen)
			byte = x->w[i - 1];
		else {
			byte = (uint8_t)(x->addr << 1 | (i != 0));
			cr = K1_CR_START;
		}
		rc = k1_byte(bus->flags | cr, p, rx);
	}
	/* A failed transfer leaves the unit mid-way: reset it (S-mode's driver sets it up per transfer). */
	if (rc)
		k1_unit_reset();
	return rc;
}

/* Refused: a region too small, a control register that faults. */
static int k1_i2c_probe(const void *fdt, int node)
{
	struct i2c_bus *bus = i2c_bus_probe(fdt, node, k1_i2c_transfer, K1_REGS_SIZE, 4, K1_ICR, 0, NULL);

	if (!bus)
		return -1;
	/* What every byte's ICR write keeps set. */
	bus->flags = K1_CR_IUE | K1_CR_SCLE | K1_CR_GCD |
		     (fdt_read_u32(fdt, node, "clock-frequency", 0) == K1_FAST_MODE_HZ ? K1_CR_MODE_FAST : 0);
	return 0;
}

DT_DRIVER(i2c, i2c_k1_driver, "k1-i2c") = { DT_COMPATIBLE("spacemit,k1-i2c"), k1_i2c_probe };
