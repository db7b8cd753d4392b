/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * 16550-compatible UART, polled: ns16550a, and Synopsys DesignWare's
 * snps,dw-apb-uart (JH7110, TH1520, CV18xx), whose registers are 4 bytes
 * apart (reg-shift = <2>) and read 32 bits wide (reg-io-width = <4>). The
 * firmware does not set the baud rate: the loader (or QEMU) already has,
 * and reprogramming it would garble the output of whatever printed before
 * us (a DesignWare UART also ignores divisor writes while busy).
 *
 * The XScale UART (intel,xscale-uart: the SpacemiT K1's, reg-shift = <2>,
 * reg-io-width = <4>) is a 16550 whose IER bit 6 (UUE, "UART unit enable")
 * switches the whole unit on: with it clear nothing is sent. Linux 7.2's
 * 8250 driver keeps it set whenever it writes IER for PORT_XSCALE
 * (8250_port.c, serial8250_clear_IER; 8250_early.c keeps it when it masks
 * the interrupts), OpenSBI 1.9's uart8250.c sets it at init. So the probe
 * sets it if the loader left it clear, once; the rest is the 16550's.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "mmio.h"
#include "console.h"

#define UART_RBR 0   /* receive buffer */
#define UART_THR 0   /* transmit holding */
#define UART_IER 1   /* interrupt enable */
#define UART_IER_UUE  0x40   /* XScale: unit enable */
#define UART_LSR 5   /* line status */
#define UART_LSR_DR   0x01
#define UART_LSR_THRE 0x20
/* Registers at most 2^4 bytes apart: a larger reg-shift is a DT error. */
#define UART_MAX_REG_SHIFT 4

static volatile uint8_t *uart_base;
static unsigned int uart_shift, uart_width;

static uint32_t ns16550_read(unsigned int reg)
{
	volatile uint8_t *p = uart_base + (reg << uart_shift);

	return uart_width == 4 ? mmio_read32(p) : mmio_read8(p);
}

static void ns16550_write(unsigned int reg, uint32_t v)
{
	volatile uint8_t *p = uart_base + (reg << uart_shift);

	if (uart_width == 4)
		mmio_write32(p, v);
	else
		mmio_write8(p, (uint8_t)v);
}

/* Never waits: the console decides how long to try again (include/console.h). */
static bool ns16550_try_putc(char c)
{
	if (!(ns16550_read(UART_LSR) & UART_LSR_THRE))
		return false;
	ns16550_write(UART_THR, (uint8_t)c);
	return true;
}

static int ns16550_getc(void)
{
	if (ns16550_read(UART_LSR) & UART_LSR_DR)
		return ns16550_read(UART_RBR) & 0xff;
	return -1;
}

static const struct console_device ns16550_console = {
	.name = "ns16550",
	.try_putc = ns16550_try_putc,
	.getc = ns16550_getc,
};

/* The same UART with its unit enabled, named for the boot log. */
static const struct console_device xscale_console = {
	.name = "xscale-uart (ns16550)",
	.try_putc = ns16550_try_putc,
	.getc = ns16550_getc,
};

static void ns16550_setup(uintptr_t base, unsigned int reg_shift, unsigned int io_width)
{
	uart_base = (volatile uint8_t *)base;
	uart_shift = reg_shift;
	uart_width = io_width;
}

void uart_ns16550_init(uintptr_t base, unsigned int reg_shift, unsigned int io_width)
{
	ns16550_setup(base, reg_shift, io_width);
	console_set_device(&ns16550_console);
}

/*
 * Refused (the next UART is tried, else there is no console): a register
 * spacing or width the driver does not do, registers closer together than
 * they are wide (reg-io-width = <4> with reg-shift below 2: every register
 * but RBR/THR would be read misaligned), a base not aligned to the access
 * width, or a line status register whose read faults (the DT's reg is
 * wrong: nothing answers there). Printing to it would trap inside the
 * console, where nothing can be printed.
 */
static int ns16550_probe(const void *fdt, int node)
{
	uint64_t base, size;
	unsigned int shift = fdt_read_u32(fdt, node, "reg-shift", 0);
	unsigned int width = fdt_read_u32(fdt, node, "reg-io-width", 1);
	bool supported = shift <= UART_MAX_REG_SHIFT && (width == 1 || width == 4) && (1U << shift) % width == 0;

	/* Every register the driver touches (RBR/THR and LSR) lies in the checked region, aligned. */
	if (dt_device_reg(fdt, node, 0, supported ? ((uint64_t)UART_LSR << shift) + width : 0, supported ? width : 1,
			  &base, &size))
		return -1;
	if (!supported) {
		dt_device_refused(fdt, node, base, size, "has a reg-shift/reg-io-width not supported");
		return -1;
	}
	if (!dt_device_answers(fdt, node, base, size, UART_LSR << shift, width))
		return -1;
	bool xscale = fdt_node_check_compatible(fdt, node, "intel,xscale-uart") == 0;
	ns16550_setup((uintptr_t)base, shift, width);
	if (xscale) {
		uint32_t ier = ns16550_read(UART_IER);
		if (!(ier & UART_IER_UUE))
			ns16550_write(UART_IER, ier | UART_IER_UUE);
	}
	console_set_device(xscale ? &xscale_console : &ns16550_console);
	return 0;
}

DT_DRIVER(console, uart_ns16550_driver, "ns16550") = {
	.compatible = DT_COMPATIBLE("ns16550a", "ns16550", "snps,dw-apb-uart", "intel,xscale-uart"),
	.probe = ns16550_probe,
};
