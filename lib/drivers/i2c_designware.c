/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Synopsys DesignWare I2C controller (snps,designware-i2c: the JH7110's
 * I2C5 with the VisionFive 2's AXP15060, the SG2042's with the Milk-V
 * Pioneer's board MCU, QEMU tt-atlantis's five), as a polled master for the
 * firmware's register transfers (include/i2c_bus.h).
 *
 * Register map and bits as Linux 7.2 names them (include/linux/
 * designware_i2c.h); the order of a transfer as Linux's master driver does
 * it (drivers/i2c/busses/i2c-designware-master.c: i2c_dw_xfer_init, the
 * DATA_CMD words of i2c_dw_xfer_msg with the STOP (bit 9) and RESTART (bit
 * 10) flags; i2c-designware-common.c: __i2c_dw_disable, which aborts a
 * transfer held on an empty FIFO before disabling).
 *
 * A byte read is there when RX_FULL rises with RX_TL = 0 (Linux's
 * i2c_dw_configure_mode sets RX_TL 0 and reads on RX_FULL; QEMU 11.1's
 * model does not set IC_STATUS.RFNE).
 *
 * The SCL timing registers are left as the loader or S-mode programmed them
 * for the controller's input clock, which the firmware does not know; the
 * speed field of IC_CON is kept with them (standard mode when it is 0).
 */
#include <stddef.h>
#include "drivers.h"
#include "i2c_bus.h"

#define DW_IC_CON               0x00
#define DW_IC_TAR               0x04
#define DW_IC_DATA_CMD          0x10
#define DW_IC_INTR_MASK         0x30
#define DW_IC_RAW_INTR_STAT     0x34
#define DW_IC_RX_TL             0x38
#define DW_IC_CLR_INTR          0x40
#define DW_IC_CLR_TX_ABRT       0x54
#define DW_IC_ENABLE            0x6c
#define DW_IC_STATUS            0x70
#define DW_IC_TX_ABRT_SOURCE    0x80
#define DW_IC_ENABLE_STATUS     0x9c
#define DW_IC_COMP_TYPE         0xfc
#define DW_IC_REGS_SIZE         0x100

#define DW_IC_CON_MASTER        0x001
#define DW_IC_CON_SPEED_STD     0x002
#define DW_IC_CON_SPEED_MASK    0x006
#define DW_IC_CON_RESTART_EN    0x020
#define DW_IC_CON_SLAVE_DISABLE 0x040
#define DW_IC_DATA_CMD_READ     0x100
#define DW_IC_DATA_CMD_STOP     0x200
#define DW_IC_DATA_CMD_RESTART  0x400
#define DW_IC_INTR_RX_FULL      0x0004    /* the receive FIFO holds more than RX_TL entries */
#define DW_IC_INTR_TX_ABRT      0x0040
#define DW_IC_INTR_STOP_DET     0x0200
#define DW_IC_INTR_MST_ON_HOLD  0x2000
#define DW_IC_ENABLE_ENABLE     0x1
#define DW_IC_ENABLE_ABORT      0x2
#define DW_IC_STATUS_TFNF       0x02    /* transmit FIFO not full */
#define DW_IC_STATUS_HOLD_TX_EMPTY 0x80 /* a master transfer held: its FIFO ran dry */
#define DW_IC_ABRT_NOACK        0x1f    /* address (7/10-bit), data or general call not acknowledged */
#define DW_IC_COMP_TYPE_VALUE   0x44570140  /* "DW" and 0x0140 */

#define DW_ABORTED (-100)

/* Until the bits of mask are set in reg; DW_ABORTED when the controller aborts first, I2C_ERR_TIMEOUT at the deadline. */
static int dw_wait(unsigned int reg, uint32_t mask)
{
	for (;;) {
		bool late = i2c_expired();

		if (i2c_read(DW_IC_RAW_INTR_STAT) & DW_IC_INTR_TX_ABRT)
			return DW_ABORTED;
		if ((i2c_read(reg) & mask) == mask)
			return I2C_OK;
		if (late)
			return I2C_ERR_TIMEOUT;
	}
}

/* Whatever S-mode left: a transfer held on an empty FIFO is aborted, then the controller disabled. */
static int dw_stop_controller(void)
{
	if ((i2c_read(DW_IC_RAW_INTR_STAT) & DW_IC_INTR_MST_ON_HOLD) ||
	    (i2c_read(DW_IC_STATUS) & DW_IC_STATUS_HOLD_TX_EMPTY)) {
		i2c_write(DW_IC_ENABLE, DW_IC_ENABLE_ENABLE | DW_IC_ENABLE_ABORT);
		if (!i2c_wait(DW_IC_ENABLE, DW_IC_ENABLE_ABORT, 0))
			return I2C_ERR_TIMEOUT;
	}
	i2c_write(DW_IC_ENABLE, 0);
	return i2c_wait(DW_IC_ENABLE_STATUS, DW_IC_ENABLE_ENABLE, 0) ? I2C_OK : I2C_ERR_TIMEOUT;
}

static int dw_i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	uint32_t speed = i2c_read(DW_IC_CON) & DW_IC_CON_SPEED_MASK;
	unsigned int n = x->wlen + x->rlen;
	int rc = dw_stop_controller();

	(void)bus;      /* its registers: i2c_read(), i2c_write() */
	if (rc)
		return rc;
	/* Master, 7-bit addresses, repeated starts; no interrupts, none pending. */
	i2c_write(DW_IC_CON, (speed ? speed : DW_IC_CON_SPEED_STD) | DW_IC_CON_MASTER | DW_IC_CON_RESTART_EN |
		  DW_IC_CON_SLAVE_DISABLE);
	i2c_write(DW_IC_TAR, x->addr);
	i2c_write(DW_IC_INTR_MASK, 0);
	i2c_write(DW_IC_RX_TL, 0);
	(void)i2c_read(DW_IC_CLR_INTR);
	i2c_write(DW_IC_ENABLE, DW_IC_ENABLE_ENABLE);

	/*
	 * One command word per byte: the bytes to write, then a read per byte
	 * to read, all queued before the first byte read is taken, so that the
	 * transmit FIFO never runs dry mid-way (the controller would end the
	 * transfer there with a stop): at most I2C_READ_MAX reads.
	 */
	for (unsigned int i = 0; i < n && !rc; i++) {
		uint32_t cmd = i < x->wlen ? x->w[i] : DW_IC_DATA_CMD_READ;

		if (i == x->wlen && i)
			cmd |= DW_IC_DATA_CMD_RESTART;
		if (i == n - 1)
			cmd |= DW_IC_DATA_CMD_STOP;
		rc = dw_wait(DW_IC_STATUS, DW_IC_STATUS_TFNF);
		if (!rc)
			i2c_write(DW_IC_DATA_CMD, cmd);
	}
	/* Each byte read as it comes, then the stop on the bus; or the controller's abort. */
	for (unsigned int i = 0; i <= x->rlen && !rc; i++) {
		rc = dw_wait(DW_IC_RAW_INTR_STAT, i < x->rlen ? DW_IC_INTR_RX_FULL : DW_IC_INTR_STOP_DET);
		if (!rc && i < x->rlen)
			x->r[i] = (uint8_t)i2c_read(DW_IC_DATA_CMD);
	}
	if (rc == DW_ABORTED) {
		rc = i2c_read(DW_IC_TX_ABRT_SOURCE) & DW_IC_ABRT_NOACK ? I2C_ERR_NACK : I2C_ERR_BUS;
		(void)i2c_read(DW_IC_CLR_TX_ABRT);
	}
	/* Disabled, as S-mode's driver expects to find it (it sets the controller up per transfer). */
	i2c_write(DW_IC_ENABLE, 0);
	return rc;
}

/* Refused: a region too small, a component type register that faults or is not DesignWare's. */
static int dw_i2c_probe(const void *fdt, int node)
{
	return i2c_bus_probe(fdt, node, dw_i2c_transfer, DW_IC_REGS_SIZE, 4, DW_IC_COMP_TYPE, DW_IC_COMP_TYPE_VALUE,
			     "is not DesignWare I2C (IC_COMP_TYPE)") ? 0 : -1;
}

DT_DRIVER(i2c, i2c_designware_driver, "designware-i2c") = {
	DT_COMPATIBLE("snps,designware-i2c"), dw_i2c_probe
};
