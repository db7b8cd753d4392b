/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * I2C buses as the firmware uses them (lib/core/i2c_bus.c): a device on a
 * bus (a PMIC a reset driver talks to) reads and writes its registers
 * (i2c_transfer) through its controller's driver without naming it. A controller driver
 * (lib/drivers/i2c_*.c, DT_DRIVER(i2c, ...)) is probed on demand: the first
 * device that asks for the bus of its parent node gets that node probed by
 * the first i2c driver that matches it, no walk of the tree.
 *
 * The firmware shares the controllers with S-mode (Linux drives them too):
 * they are never firmware-owned (no PMP), and every transfer starts by
 * bringing the controller to a known state from whatever S-mode left. Every
 * wait of a transfer ends at its deadline, I2C_TRANSFER_TIMEOUT_MS after it
 * began, on `time` (or a count of polls, without time): a bus that never
 * completes is an error, never a hang.
 */
#ifndef ABACUS_I2C_BUS_H
#define ABACUS_I2C_BUS_H

#include <stdbool.h>
#include <stdint.h>

/* What a transfer returns. */
#define I2C_OK           0
#define I2C_ERR_TIMEOUT  (-1)   /* the controller did not finish by the deadline */
#define I2C_ERR_NACK     (-2)   /* no device acknowledged the address, or a byte */
#define I2C_ERR_BUS      (-3)   /* arbitration lost or a bus error */
#define I2C_ERR_NODEV    (-4)   /* (reset drivers) the device answered, but is not the one named */

/*
 * A transfer may take this long: at 100 kHz a register access is under
 * half a millisecond; SMBus lets a device stretch the clock 25 ms at most.
 */
#define I2C_TRANSFER_TIMEOUT_MS 25
/*
 * The deadline is a struct timer_deadline (include/timer_device.h), which
 * also ends after TIMER_STUCK_LOOKS looks at a time that does not move (an
 * mtime that reads 0, as QEMU 11.1's tt-atlantis has). Without a time
 * source (a DT without a timer) a transfer gives up after this many polls:
 * more than 25 ms of MMIO reads take on any hardware.
 */
#define I2C_POLLS_MAX 10000000

struct i2c_bus;

/*
 * One transaction to the 7-bit address addr: wlen bytes of w, then, when
 * rlen > 0, a repeated start and rlen bytes read into r; a stop at the end.
 * At most I2C_READ_MAX bytes read (a DesignWare controller's FIFOs hold 2
 * at the least, and its driver queues every command first).
 */
#define I2C_READ_MAX 2
struct i2c_xfer {
	uint8_t addr, wlen, rlen;
	const uint8_t *w;
	uint8_t *r;
};

/* A controller driver's transfer: runs x on bus (its registers through i2c_read() and i2c_write()),
 * I2C_OK or I2C_ERR_*; every wait through i2c_wait() or i2c_expired(). */
typedef int (*i2c_transfer_fn)(const struct i2c_bus *bus, const struct i2c_xfer *x);

/*
 * A register write that turns a controller's clock (or its module) on,
 * which the DT names but does not say how to enable: the SoC's quirk knows
 * (i2c_set_power_hook). S-mode may have turned it off while the bus was
 * idle (Linux's runtime PM gates the JH7110's and the RZ/Five's I2C clocks
 * between transfers), so each transfer first writes, 32 bits wide,
 * *reg = (*reg & ~clear) | set.
 */
struct i2c_bus_power {
	uintptr_t reg;
	uint32_t clear, set;
};

/* A controller, as its driver's probe registers it (i2c_bus_add). */
struct i2c_bus {
	i2c_transfer_fn transfer;   /* its driver's */
	uintptr_t base;             /* its registers, checked by dt_device_reg */
	uint8_t reg_shift;          /* register r at base + (r << reg_shift) */
	uint8_t io_width;           /* accessed 1 or 4 bytes wide */
	uint8_t nr_power;           /* power[0 .. nr_power - 1], before every transfer */
	uint32_t flags;             /* the driver's own (bus speed, ...) */
	int node;                   /* the DT node (while the firmware boots) */
	const struct i2c_bus_power *power;
	char name[24];              /* the node's name, for the log (printable, cut short) */
};

/* The most controllers the firmware uses (a board's reset needs one). */
#define I2C_BUSES_MAX 4

/* A device on a bus: a PMIC, say. */
struct i2c_device {
	const struct i2c_bus *bus;
	uint8_t addr;
};

/*
 * For a controller driver's probe: the bus of node, registers at base, each
 * named by its byte offset and accessed 4 bytes wide (the driver may change
 * reg_shift/io_width/flags of what it gets). NULL when the table is full
 * (one boot-log line).
 */
struct i2c_bus *i2c_bus_add(const void *fdt, int node, i2c_transfer_fn transfer, uintptr_t base);

/*
 * A controller driver's probe, from its node to its bus: the node's first
 * region, at least size bytes and aligned to width (dt_device_reg); its
 * register at byte offset reg read width bytes wide without a fault, and
 * when not_id is set, reading id (else refused: not_id says why); then
 * i2c_bus_add, its registers accessed width bytes wide. NULL when refused
 * (one boot-log line).
 */
struct i2c_bus *i2c_bus_probe(const void *fdt, int node, i2c_transfer_fn transfer, uint64_t size, unsigned int width,
			      unsigned int reg, uint32_t id, const char *not_id);

/*
 * A SoC quirk's way to power a controller: called for each controller as
 * its driver adds it (before its first transfer), it fills bus->power and
 * bus->nr_power when it knows the controller's clock (its entries on the
 * boot heap: a board without such a quirk pays nothing). Boot installs it
 * before the devices are probed (firmware/boot_devices.c).
 */
typedef void (*i2c_power_hook_t)(const void *fdt, struct i2c_bus *bus);
void i2c_set_power_hook(i2c_power_hook_t hook);

/*
 * For a device's driver: node is a device on an I2C bus (its reg, one cell,
 * is the 7-bit address; its parent the controller), what the driver calls
 * it (the log's). Fills dev and returns 0; else one boot-log line naming
 * the node, what and why (a bad address, a bus no driver took or that was
 * refused: its driver said why just before), and < 0.
 */
int i2c_device_init(const void *fdt, int node, const char *what, struct i2c_device *dev);
/* That line, "abacus: <node> (<what>): <why>; not used", for a device found unusable. */
void i2c_device_refused(const void *fdt, int node, const char *what, const char *why);

/* A transaction on bus (under the I2C lock, with its deadline): a register
 * write is { reg, value } written, a read { reg } written and 1 byte read. */
int i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x);
/* "timeout", "no ack", ... for the log. */
const char *i2c_error_name(int err);

/*
 * For controller drivers, inside a transfer: register reg of the bus the
 * transfer is on (at base + (reg << reg_shift)), which i2c_transfer holds
 * as it holds the deadline: no driver passes it on to each access.
 */
uint32_t i2c_read(unsigned int reg);
void i2c_write(unsigned int reg, uint32_t value);
/* Polls reg until (value & mask) == want: true; false when the deadline passed first. */
bool i2c_wait(unsigned int reg, uint32_t mask, uint32_t want);
/* The transfer's deadline has passed. */
bool i2c_expired(void);

#endif
