/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Synopsys DesignWare I2C controller's registers (i2c_models.h), as
 * Linux 7.2's driver relies on them (drivers/i2c/busses/
 * i2c-designware-core.h, -master.c, -common.c): a DATA_CMD word per byte
 * (READ bit 8, STOP bit 9, RESTART bit 10), queued and sent at once; a
 * start at the first word and at each RESTART; TX_ABRT with
 * TX_ABRT_SOURCE when an address or byte is not acknowledged, after which
 * the queued words are flushed; STOP_DET at the stop; RX_FULL while the
 * receive FIFO holds more than RX_TL entries; IC_COMP_TYPE the databook's
 * "DW" 0x0140. IC_STATUS reports no RFNE (as QEMU 11.1's model).
 */
#include <string.h>
#include "i2c_models.h"

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

#define INTR_RX_OVER     0x0002
#define INTR_RX_FULL     0x0004
#define INTR_TX_ABRT     0x0040
#define INTR_STOP_DET    0x0200
#define INTR_MST_ON_HOLD 0x2000
#define STATUS_TFNF      0x02
#define STATUS_TFE       0x04
#define STATUS_HOLD_TX   0x80
#define ABRT_7B_ADDR_NOACK 0x01
#define ABRT_TXDATA_NOACK  0x08
#define CMD_READ         0x100
#define CMD_STOP         0x200
#define CMD_RESTART      0x400

void i2c_dw_model_init(struct i2c_dw_model *m, struct i2c_wires *w)
{
	memset(m, 0, sizeof(*m));
	m->wires = w;
	m->comp_type = 0x44570140;
	m->intr_mask = 0x8ff;       /* the databook's reset value */
}

uint32_t i2c_dw_model_read(struct i2c_dw_model *m, unsigned int offset)
{
	uint32_t v;

	switch (offset) {
	case IC_CON:
		return m->con;
	case IC_TAR:
		return m->tar;
	case IC_DATA_CMD:
		if (!m->rx_count)
			return 0;
		v = m->rx[0];
		memmove(m->rx, m->rx + 1, --m->rx_count);
		return v;
	case IC_INTR_MASK:
		return m->intr_mask;
	case IC_RAW_INTR:
		return m->raw | (m->rx_count > m->rx_tl ? INTR_RX_FULL : 0) | (m->held ? INTR_MST_ON_HOLD : 0);
	case IC_RX_TL:
		return m->rx_tl;
	case IC_CLR_INTR:
		m->raw = 0;
		return 0;
	case IC_CLR_TX_ABRT:
		m->raw &= ~INTR_TX_ABRT;
		return 0;
	case IC_ENABLE:
		return m->enable;
	case IC_STATUS:
		/* Transmit FIFO not full (unless stuck) and empty. */
		return (m->stuck ? 0 : STATUS_TFNF) | STATUS_TFE | (m->held ? STATUS_HOLD_TX : 0);
	case IC_ABRT_SOURCE:
		return m->abrt_source;
	case IC_ENABLE_STAT:
		return m->never_disables ? 1 : m->enable & 1;
	case IC_COMP_TYPE:
		return m->comp_type;
	default:
		return 0;
	}
}

static void abort_transfer(struct i2c_dw_model *m, uint32_t source)
{
	m->raw |= INTR_TX_ABRT;
	m->abrt_source = source;
	i2c_wires_stop(m->wires);
	m->in_transfer = false;
}

static void command(struct i2c_dw_model *m, uint32_t cmd)
{
	bool read = cmd & CMD_READ;

	if (!(m->enable & 1) || (m->raw & INTR_TX_ABRT))
		return;                         /* disabled, or flushed after an abort */
	if (!m->in_transfer || (cmd & CMD_RESTART)) {
		if (!i2c_wires_start(m->wires, (uint8_t)(m->tar << 1 | read))) {
			abort_transfer(m, ABRT_7B_ADDR_NOACK);
			return;
		}
		m->in_transfer = true;
	}
	if (read) {
		uint8_t byte = i2c_wires_recv(m->wires, !(cmd & CMD_STOP));

		if (m->rx_count < sizeof(m->rx))
			m->rx[m->rx_count++] = byte;
		else
			m->raw |= INTR_RX_OVER;
	} else if (!i2c_wires_send(m->wires, (uint8_t)cmd)) {
		abort_transfer(m, ABRT_TXDATA_NOACK);
		return;
	}
	if (cmd & CMD_STOP) {
		i2c_wires_stop(m->wires);
		m->in_transfer = false;
		m->raw |= INTR_STOP_DET;
	}
}

void i2c_dw_model_write(struct i2c_dw_model *m, unsigned int offset, uint32_t v)
{
	if (m->enable & 1 && (offset == IC_CON || offset == IC_TAR))
		m->writes_while_enabled = true;  /* the databook forbids it */
	switch (offset) {
	case IC_CON:
		m->con = v;
		break;
	case IC_TAR:
		m->tar = v & 0x3ff;
		break;
	case IC_DATA_CMD:
		if (!m->stuck)
			command(m, v);
		break;
	case IC_INTR_MASK:
		m->intr_mask = v;
		break;
	case IC_RX_TL:
		m->rx_tl = v & 0xff;
		break;
	case IC_ENABLE:
		if (v & 2) {                    /* ABORT: the held transfer ends, the bit clears */
			m->abort_seen = true;
			m->held = false;
			v &= ~2U;
		}
		if (!(v & 1) && !m->never_disables) {
			/* Disabled: a transfer under way ends with a stop, the FIFOs are flushed. */
			if (m->in_transfer)
				i2c_wires_stop(m->wires);
			m->in_transfer = false;
			m->rx_count = 0;
		}
		m->enable = v;
		break;
	}
}
