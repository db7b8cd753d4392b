/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SpacemiT K1 I2C controller's registers (i2c_models.h), by byte
 * offset, as Linux 7.2's i2c-k1.c uses them: a byte in IDBR, ICR with TB
 * (transfer it) and START/STOP/ACKNAK, TB cleared by the controller when
 * the byte is done; ISR's BED (bit 22) when no ACK came, written 1 to
 * clear; UR (bit 10) a unit reset; IUE (bit 14) the unit enabled. Whether
 * a byte after a start is read or written follows the start's direction bit.
 */
#include <string.h>
#include "i2c_models.h"

#define K1_ICR  0x00
#define K1_ISR  0x04
#define K1_IDBR 0x0c
#define K1_IRCR 0x18

#define CR_START  0x1
#define CR_STOP   0x2
#define CR_ACKNAK 0x4
#define CR_TB     0x8
#define CR_UR     0x400
#define CR_IUE    0x4000
#define SR_BED    0x400000

void i2c_k1_model_init(struct i2c_k1_model *m, struct i2c_wires *w)
{
	memset(m, 0, sizeof(*m));
	m->wires = w;
}

uint32_t i2c_k1_model_read(struct i2c_k1_model *m, unsigned int offset)
{
	switch (offset) {
	case K1_ICR:
		if (m->tb_polls) {
			m->tb_polls--;
			return m->icr | CR_TB;
		}
		return m->icr;
	case K1_ISR:
		return m->isr;
	case K1_IDBR:
		return m->idbr;
	case K1_IRCR:
		return m->ircr;
	}
	return 0;
}

/* A byte on the wires for an ICR write with TB. */
static void byte(struct i2c_k1_model *m, uint32_t cr)
{
	bool ack = true;

	if (!(cr & CR_IUE) || m->stuck)
		return;                         /* TB stays set */
	if (!(cr & CR_START) && m->reading) {
		m->idbr = i2c_wires_recv(m->wires, !(cr & CR_ACKNAK));
	} else {
		if (cr & CR_START) {
			m->reading = m->idbr & 1;
			ack = i2c_wires_start(m->wires, (uint8_t)m->idbr);
		} else {
			ack = i2c_wires_send(m->wires, (uint8_t)m->idbr);
		}
		if (!ack)
			m->isr |= SR_BED;
	}
	if (cr & CR_STOP && ack)
		i2c_wires_stop(m->wires);
	m->icr &= ~CR_TB;
	m->tb_polls = 2;
}

void i2c_k1_model_write(struct i2c_k1_model *m, unsigned int offset, uint32_t v)
{
	switch (offset) {
	case K1_ICR:
		if (v & CR_UR) {
			m->unit_resets++;
			m->isr = 0;
			m->reading = false;
			m->tb_polls = 0;
		}
		m->icr = v;
		if (v & CR_TB)
			byte(m, v);
		break;
	case K1_ISR:
		m->isr &= ~v;
		break;
	case K1_IDBR:
		m->idbr = v & 0xff;
		break;
	case K1_IRCR:
		m->ircr = v;
		break;
	}
}
