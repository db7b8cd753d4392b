/* SPDX-License-Identifier: BSD-2-Clause */
/* The wires of a simulated I2C bus (i2c_models.h). */
#include <stdio.h>
#include <string.h>
#include "i2c_models.h"

static void log_token(struct i2c_wires *w, const char *fmt, unsigned int v)
{
	char token[8];
	size_t n = (size_t)snprintf(token, sizeof(token), fmt, v);

	w->events++;
	if (w->log_cut)
		return;
	/* Room for " token", and after it for " ..." should the next one not fit. */
	if (w->log_len + 1 + n + sizeof(" ...") > sizeof(w->log)) {
		memcpy(w->log + w->log_len, w->log_len ? " ..." : "...", w->log_len ? 5 : 4);
		w->log_len += w->log_len ? 4 : 3;
		w->log_cut = true;
		return;
	}
	if (w->log_len)
		w->log[w->log_len++] = ' ';
	memcpy(w->log + w->log_len, token, n + 1);
	w->log_len += n;
}

void i2c_wires_init(struct i2c_wires *w)
{
	memset(w, 0, sizeof(*w));
}

struct i2c_sim_device *i2c_wires_add(struct i2c_wires *w, uint8_t addr, const struct i2c_chip *chip)
{
	struct i2c_sim_device *d;

	if (w->nr_devices == I2C_WIRES_DEVICES)
		return NULL;
	d = &w->devices[w->nr_devices++];
	memset(d, 0, sizeof(*d));
	d->addr = addr & 0x7f;
	d->present = true;
	d->chip = chip;
	d->node = -1;
	if (chip && chip->power_on)
		chip->power_on(d);
	return d;
}

struct i2c_sim_device *i2c_wires_device(struct i2c_wires *w, uint8_t addr)
{
	for (unsigned int i = 0; i < w->nr_devices; i++)
		if (w->devices[i].addr == addr)
			return &w->devices[i];
	return NULL;
}

bool i2c_wires_start(struct i2c_wires *w, uint8_t addr_rw)
{
	struct i2c_sim_device *d = i2c_wires_device(w, addr_rw >> 1);
	bool ack = d && d->present;

	log_token(w, ack ? "S%02x" : "S%02x-", addr_rw);
	if (d)
		d->addressed = true;
	else
		w->nobody[(addr_rw >> 1) / 8] |= (uint8_t)(1U << ((addr_rw >> 1) % 8));
	w->active = ack ? d : NULL;
	w->reading = addr_rw & 1;
	w->pointer_next = ack && !w->reading;
	return ack;
}

bool i2c_wires_send(struct i2c_wires *w, uint8_t byte)
{
	struct i2c_sim_device *d = w->active;
	bool ack = d && !w->reading;

	log_token(w, ack ? "W%02x" : "W%02x-", byte);
	if (!ack)
		return false;
	if (w->pointer_next)
		d->ptr = byte;
	else
		d->regs[i2c_sim_device_reg(d, d->ptr++)] = byte;
	w->pointer_next = false;
	return true;
}

uint8_t i2c_wires_recv(struct i2c_wires *w, bool ack)
{
	struct i2c_sim_device *d = w->active;
	uint8_t v = d && w->reading ? d->regs[i2c_sim_device_reg(d, d->ptr++)] : 0xff;

	log_token(w, ack ? "R%02x" : "R%02xn", v);
	return v;
}

void i2c_wires_stop(struct i2c_wires *w)
{
	log_token(w, "P", 0);
	w->active = NULL;
	w->reading = w->pointer_next = false;
}
