/* SPDX-License-Identifier: BSD-2-Clause */
/* A PMIC's reset by register sequences over its I2C bus (include/i2c_reset.h). */
#include <stddef.h>
#include "console.h"
#include "i2c_bus.h"
#include "i2c_reset.h"
#include "reset_device.h"
#include "lock.h"
#include "format.h"
#include "sbi_spec.h"
#include "timer_device.h"

static const struct i2c_reset_pmic *pmic;
static struct i2c_device pmic_dev;
/* "abacus: reset: " and the PMIC's name (the reset device's, from PMIC_NAME on): the failure line's start. */
#define PMIC_NAME 15
static char pmic_line[PMIC_NAME + 64];

/* One sequence at a time (two harts may ask for a reset at once): run's state is static. */
static spinlock_t run_lock;
static uint8_t run_buf[2], run_value;
static struct i2c_xfer run_xfer = { .w = run_buf, .r = &run_value };

/* I2C_OK, or the first error (the rest is not run). */
static int run(const struct i2c_device *dev, const struct i2c_reset_op *op)
{
	int rc = I2C_OK;

	spin_lock(&run_lock);
	run_xfer.addr = dev->addr;
	for (; op->kind != I2C_RESET_END && !rc; op++) {
		/* A read first, but for a write; then the write, but for a value the read found unchanged. */
		bool read = op->kind != I2C_RESET_WRITE;

		run_buf[0] = op->reg;
		run_buf[1] = op->value;
		do {
			run_xfer.rlen = read;
			run_xfer.wlen = 2 - read;
			rc = i2c_transfer(dev->bus, &run_xfer);
			if (rc || !read)
				break;
			read = false;
			if (op->kind == I2C_RESET_EXPECT && run_value != op->value)
				rc = I2C_ERR_NODEV;
			run_buf[1] = op->kind == I2C_RESET_SET ? run_value | op->value :
				     op->kind == I2C_RESET_CLEAR ? run_value & ~op->value : run_value;
		} while (!rc && run_buf[1] != run_value);
	}
	spin_unlock(&run_lock);
	return rc;
}

/* p's sequence n (0 the probe, 1 the shutdown, 2 the reboot: include/i2c_reset.h); NULL when it is empty. */
static const struct i2c_reset_op *sequence_of(const struct i2c_reset_pmic *p, unsigned int n)
{
	const struct i2c_reset_op *op = p->ops;

	for (; n; op++)
		if (op->kind == I2C_RESET_END)
			n--;
	return op->kind == I2C_RESET_END ? NULL : op;
}

static const struct i2c_reset_op *sequence(unsigned long type)
{
	if (type == SBI_SRST_TYPE_SHUTDOWN)
		return sequence_of(pmic, 1);
	return type == SBI_SRST_TYPE_COLD_REBOOT || type == SBI_SRST_TYPE_WARM_REBOOT ? sequence_of(pmic, 2) : NULL;
}

static bool i2c_reset_supported(unsigned long type)
{
	return sequence(type) != NULL;
}

static void i2c_reset(unsigned long type, unsigned long reason)
{
	int rc = run(&pmic_dev, sequence(type));

	(void)reason;
	if (rc) {
		/* Not console_printf: this runs deep in an ecall's stack (scripts/stack-check.py). */
		console_puts(pmic_line);
		console_puts(": ");
		console_puts(i2c_error_name(rc));
		console_puts("\n");
	} else
		timer_delay_ms(I2C_RESET_WAIT_MS);
}

static const struct reset_device i2c_reset_device = {
	.name = pmic_line + PMIC_NAME,
	.slot = RESET_SLOT_PMIC,
	.supported = i2c_reset_supported,
	.reset = i2c_reset,
};

int i2c_reset_probe(const void *fdt, int node, const struct i2c_reset_pmic *p)
{
	const struct i2c_reset_op *shutdown = sequence_of(p, 1), *reboot = sequence_of(p, 2);
	struct i2c_device dev;
	int rc;

	if (i2c_device_init(fdt, node, p->name, &dev))
		return -1;
	rc = run(&dev, p->ops);
	if (rc) {
		i2c_device_refused(fdt, node, p->name, i2c_error_name(rc));
		return -1;
	}
	pmic = p;
	pmic_dev = dev;
	format_snprintf(pmic_line, sizeof(pmic_line), "abacus: reset: %s at 0x%02x on %s (%s)", p->name, pmic_dev.addr,
		     pmic_dev.bus->name, shutdown ? (reboot ? "shutdown, reboot" : "shutdown") : reboot ? "reboot" : "");
	reset_device_add(&i2c_reset_device);
	return 0;
}
