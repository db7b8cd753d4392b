/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OpenCores I2C master (opencores,i2c-ocores) and SiFive's copy of it
 * (sifive,i2c0: the FU540's and FU740's, where the HiFive Unmatched's
 * DA9063 PMIC sits), polled, for the firmware's register transfers
 * (include/i2c_bus.h). Registers 1 << reg-shift bytes apart, each
 * reg-io-width (1 or 4) bytes wide.
 *
 * Register map, bits and commands as Linux 7.2's driver names them
 * (drivers/i2c/busses/i2c-ocores.c: OCI2C_CONTROL, OCI2C_CMD_START = STA |
 * WR | IACK, OCI2C_CMD_READ_NACK, OCI2C_STAT_TIP/NACK/ARBLOST/BUSY), in the
 * order of its polled transfer (ocores_process: address with START, the
 * bytes, a STOP of its own; the last byte read answered with NACK).
 * ocores_init programs the prescaler from the input clock's rate, which the
 * firmware does not know: it keeps the prescaler the loader or S-mode set.
 */
#include <stddef.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "i2c_bus.h"

/* Registers, by index (each at index << reg-shift). */
#define OC_CONTROL   2
#define OC_DATA      3   /* transmit (write), receive (read) */
#define OC_CMD       4   /* command (write), status (read) */
#define OC_STATUS    4

#define OC_CTRL_EN   0x80
#define OC_CMD_STA   0x80
#define OC_CMD_STO   0x40
#define OC_CMD_RD    0x20
#define OC_CMD_WR    0x10
#define OC_CMD_NACK  0x08   /* answer a read byte with NACK (the last one) */
#define OC_CMD_IACK  0x01
#define OC_STAT_NACK 0x80   /* the device did not acknowledge the byte */
#define OC_STAT_BUSY 0x40
#define OC_STAT_AL   0x20   /* arbitration lost */
#define OC_STAT_TIP  0x02   /* transfer in progress */

/* One command; its byte done: I2C_OK, or what went wrong. */
static int oc_command(uint32_t cmd)
{
	uint32_t status;

	i2c_write(OC_CMD, cmd | OC_CMD_IACK);
	if (!i2c_wait(OC_STATUS, OC_STAT_TIP, 0))
		return I2C_ERR_TIMEOUT;
	status = i2c_read(OC_STATUS);
	if (status & OC_STAT_AL)
		return I2C_ERR_BUS;
	return (cmd & OC_CMD_WR) && (status & OC_STAT_NACK) ? I2C_ERR_NACK : I2C_OK;
}

static int oc_send(uint8_t byte, uint32_t cmd)
{
	i2c_write(OC_DATA, byte);
	return oc_command(cmd | OC_CMD_WR);
}

static int oc_i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	int rc = I2C_OK;

	(void)bus;      /* its registers: i2c_read(), i2c_write() */
	/* Disabling the core drops whatever S-mode left half done; enabled again, interrupts off. */
	i2c_write(OC_CONTROL, 0);
	i2c_write(OC_CONTROL, OC_CTRL_EN);
	i2c_write(OC_CMD, OC_CMD_IACK);

	/* Step i: the address to write (a start), the bytes to write, the address to read (a repeated start), the bytes read. */
	for (unsigned int i = 0, end = x->wlen + (x->rlen ? x->rlen + 1u : 0); i <= end && !rc; i++) {
		unsigned int r = i - x->wlen - 2;    /* the byte read at step i */

		if (i > x->wlen + 1u) {
			rc = oc_command(OC_CMD_RD | (r == x->rlen - 1u ? OC_CMD_NACK : 0));
			x->r[r] = (uint8_t)i2c_read(OC_DATA);
		} else if (i && i <= x->wlen)
			rc = oc_send(x->w[i - 1], 0);
		else
			rc = oc_send((uint8_t)(x->addr << 1 | (i != 0)), OC_CMD_STA);
	}
	/* A stop in any case but a lost arbitration (the bus is another master's), and the bus free. */
	if (rc != I2C_ERR_BUS) {
		i2c_write(OC_CMD, OC_CMD_STO | OC_CMD_IACK);
		if (!i2c_wait(OC_STATUS, OC_STAT_BUSY, 0) && !rc)
			rc = I2C_ERR_TIMEOUT;
	}
	return rc;
}

/* Refused: a spacing or width the driver does not do, a status register that faults. */
static int oc_i2c_probe(const void *fdt, int node)
{
	uint32_t shift = fdt_read_u32(fdt, node, "reg-shift", 0), width = fdt_read_u32(fdt, node, "reg-io-width", 1);
	uint64_t size = ((uint64_t)OC_STATUS << (shift & 3)) + 4, base;
	struct i2c_bus *bus;

	/* Registers 1 << shift bytes apart, each accessed width bytes wide: a width wider than the spacing would overlap. */
	if (shift > 2 || (width != 1 && width != 4) || (width == 4 && shift < 2)) {
		if (!dt_device_reg(fdt, node, 0, size, width == 4 ? 4 : 1, &base, &size))
			dt_device_refused(fdt, node, base, size, "has a reg-shift/reg-io-width not supported");
		return -1;
	}
	bus = i2c_bus_probe(fdt, node, oc_i2c_transfer, size, width, OC_STATUS << shift, 0, NULL);
	if (!bus)
		return -1;
	bus->reg_shift = (uint8_t)shift;
	return 0;
}

DT_DRIVER(i2c, i2c_ocores_driver, "ocores-i2c") = {
	DT_COMPATIBLE("sifive,i2c0", "opencores,i2c-ocores"), oc_i2c_probe
};
