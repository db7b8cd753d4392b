/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Renesas RIIC's registers (i2c_models.h), RZ/A and RZ/G2L layout, by
 * byte offset, as Linux 7.2's i2c-riic.c (riic_rz_a_regs) and U-Boot's
 * rz_riic.c expect the hardware to behave: ICCR2.ST/RS raise ICSR2.START
 * and take the next ICDRT byte as the address; ICDRT empties at once
 * (TDRE, TEND); a byte or address not acknowledged sets NACKF; after an
 * address with R, RDRF rises and a dummy read of ICDRR starts the clock;
 * with ICMR3.RDRFS each byte waits at RDRF for ACKBT (written only with
 * ACKWP) to say ACK or NACK, which the bus sees when ICDRR is read;
 * ICCR2.SP ends the transfer (after that byte, when one is being read) and
 * raises STOP; ICSR2 flags clear by writing 0. At power-on ICCR1 reads
 * 0x1f (ICE clear: the controller off the pins; SCL and SDA high). ICCR1
 * written with IICRST and not ICE puts every register back as at
 * power-on; while ICE is clear or IICRST set, ST, RS and SP do nothing
 * (Linux's riic_init_hw: off, or in its reset until set up). The other
 * power-on values (ICMR1 0x08, ICSER 0x09, ICBRL and ICBRH 0xff) are the
 * RIIC's of Renesas's RX manuals, no RZ/Five manual being at hand: what
 * the tests need of them is that they are not what the firmware writes.
 */
#include <string.h>
#include "i2c_models.h"

#define RIIC_ICCR1 0x00
#define RIIC_ICCR2 0x04
#define RIIC_ICMR1 0x08
#define RIIC_ICMR3 0x10
#define RIIC_ICSER 0x18
#define RIIC_ICIER 0x1c
#define RIIC_ICSR2 0x24
#define RIIC_ICBRL 0x34
#define RIIC_ICBRH 0x38
#define RIIC_ICDRT 0x3c
#define RIIC_ICDRR 0x40

#define CR1_ICE    0x80
#define CR1_IICRST 0x40
#define CR1_SOWP   0x10
#define CR2_BBSY  0x80
#define CR2_SP    0x08
#define CR2_RS    0x04
#define CR2_ST    0x02
#define MR3_ACKWP 0x10
#define MR3_ACKBT 0x08
#define SR2_TDRE  0x80
#define SR2_TEND  0x40
#define SR2_RDRF  0x20
#define SR2_NACKF 0x10
#define SR2_STOP  0x08
#define SR2_START 0x04

enum { RIIC_IDLE, RIIC_ADDRESS, RIIC_WRITING, RIIC_READ_FIRST, RIIC_READING };

void i2c_riic_model_init(struct i2c_riic_model *m, struct i2c_wires *w)
{
	memset(m, 0, sizeof(*m));
	m->wires = w;
	m->cr1 = 0x1f;
	m->mr1 = 0x08;
	m->ser = 0x09;
	m->brl = m->brh = 0xff;
}

/* ICCR1 written with IICRST, ICE clear: every register as at power-on (the wires, the faults and the counts kept). */
static void reset_registers(struct i2c_riic_model *m)
{
	struct i2c_riic_model keep = *m;

	i2c_riic_model_init(m, keep.wires);
	m->stuck = keep.stuck;
	m->busy_forever = keep.busy_forever;
	m->dummy_reads = keep.dummy_reads;
	m->cr1 = 0x1c | (keep.cr1 & 0x03);      /* the lines as they were */
}

/* A read of ICDRR: the dummy read that starts the clock, or the byte read (ACK or NACK as ACKBT says). */
static uint32_t read_data(struct i2c_riic_model *m)
{
	if (m->state == RIIC_READ_FIRST) {
		m->dummy_reads++;
		m->state = RIIC_READING;
		m->byte_waiting = true;          /* the next byte's 8 clocks: RDRF, SCL held for ACKBT */
		m->sr2 |= SR2_RDRF;
		return m->drr;
	}
	if (m->state != RIIC_READING || !m->byte_waiting)
		return m->drr;
	m->drr = i2c_wires_recv(m->wires, !(m->mr3 & MR3_ACKBT));
	m->sr2 &= ~SR2_RDRF;
	if (m->stop_after_byte) {
		i2c_wires_stop(m->wires);
		m->sr2 |= SR2_STOP;
		m->state = RIIC_IDLE;
		m->byte_waiting = m->stop_after_byte = false;
	} else {
		m->sr2 |= SR2_RDRF;
	}
	return m->drr;
}

uint32_t i2c_riic_model_read(struct i2c_riic_model *m, unsigned int offset)
{
	switch (offset) {
	case RIIC_ICCR1:
		return m->cr1;
	case RIIC_ICMR1:
		return m->mr1;
	case RIIC_ICSER:
		return m->ser;
	case RIIC_ICBRL:
		return m->brl;
	case RIIC_ICBRH:
		return m->brh;
	case RIIC_ICCR2:
		return m->cr2 | (m->busy_forever || m->state != RIIC_IDLE ? CR2_BBSY : 0);
	case RIIC_ICMR3:
		return m->mr3;
	case RIIC_ICIER:
		return m->ier;
	case RIIC_ICSR2:
		return m->sr2;
	case RIIC_ICDRR:
		return read_data(m);
	}
	return 0;
}

static void write_data(struct i2c_riic_model *m, uint32_t v)
{
	bool ack;

	m->sr2 &= ~(SR2_TDRE | SR2_TEND);
	if (m->state == RIIC_ADDRESS) {
		ack = i2c_wires_start(m->wires, (uint8_t)v);
		m->state = ack && v & 1 ? RIIC_READ_FIRST : RIIC_WRITING;
		if (m->state == RIIC_READ_FIRST)
			m->sr2 |= SR2_RDRF;
	} else if (m->state == RIIC_IDLE) {
		m->sr2 |= SR2_TDRE | SR2_TEND;
		return;                          /* no start: nothing on the wires */
	} else {
		ack = i2c_wires_send(m->wires, (uint8_t)v);
	}
	if (!ack)
		m->sr2 |= SR2_NACKF;
	m->sr2 |= SR2_TDRE | SR2_TEND;
}

void i2c_riic_model_write(struct i2c_riic_model *m, unsigned int offset, uint32_t v)
{
	bool working = (m->cr1 & (CR1_ICE | CR1_IICRST)) == CR1_ICE && !m->stuck;

	if (m->writes_lost) {
		m->writes_lost--;
		return;
	}
	switch (offset) {
	case RIIC_ICCR1:
		if ((v & (CR1_ICE | CR1_IICRST)) == CR1_IICRST)
			reset_registers(m);
		/* SOWP reads 1; SCLI and SDAI (the lines) read only; SCLO, SDAO written only without SOWP. */
		m->cr1 = (v & (CR1_ICE | CR1_IICRST)) | CR1_SOWP |
			 ((v & CR1_SOWP ? m->cr1 : v) & 0x0c) | (m->cr1 & 0x03);
		break;
	case RIIC_ICMR1:
		m->mr1 = v & 0xff;
		break;
	case RIIC_ICSER:
		m->ser = v & 0xff;
		break;
	case RIIC_ICBRL:
		m->brl = v & 0xff;
		break;
	case RIIC_ICBRH:
		m->brh = v & 0xff;
		break;
	case RIIC_ICCR2:
		if (v & (CR2_ST | CR2_RS) && working) {
			m->sr2 |= SR2_START;
			m->state = RIIC_ADDRESS;
		}
		if (v & CR2_SP && working) {
			if (m->state == RIIC_READING && m->byte_waiting) {
				m->stop_after_byte = true;
			} else if (m->state != RIIC_IDLE) {
				i2c_wires_stop(m->wires);
				m->sr2 |= SR2_STOP;
				m->state = RIIC_IDLE;
			}
		}
		break;
	case RIIC_ICMR3:
		m->mr3 = (m->mr3 & MR3_ACKBT) | (v & 0xff & ~MR3_ACKBT);
		if (v & MR3_ACKWP)
			m->mr3 = (m->mr3 & ~MR3_ACKBT) | (v & MR3_ACKBT);
		break;
	case RIIC_ICIER:
		m->ier = v & 0xff;
		break;
	case RIIC_ICSR2:
		m->sr2 &= v;                     /* 0 clears a flag, 1 leaves it */
		break;
	case RIIC_ICDRT:
		write_data(m, v & 0xff);
		break;
	}
}
