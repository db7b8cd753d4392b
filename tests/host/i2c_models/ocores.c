/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The OpenCores I2C master's registers (i2c_models.h), by index, as Linux
 * 7.2's i2c-ocores.c uses them: PRERlo/hi, CTR (EN bit 7), TXR/RXR at 3,
 * a command at 4 (STA, STO, RD, WR, ACK = answer NACK, IACK) whose status
 * reads back there: TIP while a byte moves, RXACK (bit 7) when it was not
 * acknowledged, BUSY between start and stop. The OpenCores specification's
 * reset values: the prescaler 0xffff, the core disabled.
 */
#include <string.h>
#include "i2c_models.h"

#define OC_PRERLO  0
#define OC_PRERHI  1
#define OC_CONTROL 2
#define OC_DATA    3
#define OC_CMD     4

#define CTR_EN     0x80
#define CMD_STA    0x80
#define CMD_STO    0x40
#define CMD_RD     0x20
#define CMD_WR     0x10
#define CMD_NACK   0x08
#define SR_RXACK   0x80
#define SR_BUSY    0x40
#define SR_TIP     0x02

void i2c_oc_model_init(struct i2c_oc_model *m, struct i2c_wires *w)
{
	memset(m, 0, sizeof(*m));
	m->wires = w;
	m->prer[0] = m->prer[1] = 0xff;
}

uint32_t i2c_oc_model_read(struct i2c_oc_model *m, unsigned int index)
{
	switch (index) {
	case OC_PRERLO:
	case OC_PRERHI:
		return m->prer[index];
	case OC_CONTROL:
		return m->ctr;
	case OC_DATA:
		return m->rxr;
	case OC_CMD:
		if (m->tip_polls) {
			m->tip_polls--;
			return m->sr | SR_TIP;
		}
		return m->sr | (m->busy ? SR_BUSY : 0);
	}
	return 0;
}

static void command(struct i2c_oc_model *m, uint8_t cmd)
{
	bool ack = true;

	if (!(m->ctr & CTR_EN) || m->stuck) {
		m->sr |= SR_TIP;                /* disabled or stuck: TIP for ever */
		return;
	}
	if (cmd & CMD_STA) {
		ack = i2c_wires_start(m->wires, m->txr);
		m->busy = true;
	} else if (cmd & CMD_WR) {
		ack = i2c_wires_send(m->wires, m->txr);
	} else if (cmd & CMD_RD) {
		m->rxr = i2c_wires_recv(m->wires, !(cmd & CMD_NACK));
	}
	m->sr = (uint8_t)((m->sr & ~SR_RXACK) | (ack ? 0 : SR_RXACK));
	if (cmd & CMD_STO) {
		i2c_wires_stop(m->wires);
		m->busy = false;
	}
	m->tip_polls = 3;
}

void i2c_oc_model_write(struct i2c_oc_model *m, unsigned int index, uint32_t v)
{
	switch (index) {
	case OC_PRERLO:
	case OC_PRERHI:
		m->prer[index] = (uint8_t)v;
		break;
	case OC_CONTROL:
		if (!(v & CTR_EN) && m->ctr & CTR_EN)
			m->reset_seen = true;   /* disabled: whatever was half done is dropped */
		m->ctr = (uint8_t)v;
		if (!(v & CTR_EN))
			m->sr = 0, m->busy = false, m->tip_polls = 0;
		break;
	case OC_DATA:
		m->txr = (uint8_t)v;
		break;
	case OC_CMD:
		command(m, (uint8_t)v);
		break;
	}
}
