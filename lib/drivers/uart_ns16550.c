/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * 16550-compatible UART, polled. The firmware does not set the baud rate: the
 * loader (or QEMU) already has, and reprogramming it would garble the output
 * of whatever printed before us.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "sbi_console.h"

#define UART_RBR 0   /* receive buffer */
#define UART_THR 0   /* transmit holding */
#define UART_LSR 5   /* line status */
#define UART_LSR_DR   0x01
#define UART_LSR_THRE 0x20

static volatile uint8_t *uart_base;
static unsigned int uart_shift, uart_width;

static uint32_t ns16550_read(unsigned int reg)
{
	volatile uint8_t *p = uart_base + (reg << uart_shift);

	return uart_width == 4 ? *(volatile uint32_t *)p : *p;
}

static void ns16550_write(unsigned int reg, uint32_t v)
{
	volatile uint8_t *p = uart_base + (reg << uart_shift);

	if (uart_width == 4)
		*(volatile uint32_t *)p = v;
	else
		*p = (uint8_t)v;
}

static void ns16550_putc(char c)
{
	/* Bounded: a UART that never drains (or a DT naming something that is
	 * not one) loses bytes rather than hang the hart holding the console. */
	for (unsigned int polls = 0; polls < UART_TX_MAX_POLLS; polls++)
		if (ns16550_read(UART_LSR) & UART_LSR_THRE)
			break;
	ns16550_write(UART_THR, (uint8_t)c);
}

static int ns16550_getc(void)
{
	if (ns16550_read(UART_LSR) & UART_LSR_DR)
		return ns16550_read(UART_RBR) & 0xff;
	return -1;
}

static const struct console_device ns16550_console = {
	.name = "ns16550",
	.putc = ns16550_putc,
	.getc = ns16550_getc,
};

void uart_ns16550_init_fixed(uintptr_t base, unsigned int reg_shift, unsigned int io_width)
{
	uart_base = (volatile uint8_t *)base;
	uart_shift = reg_shift;
	uart_width = io_width;
	console_set_device(&ns16550_console);
}

static int ns16550_probe(const void *fdt, int node)
{
	uint64_t base, size;
	unsigned int shift = fdt_read_u32(fdt, node, "reg-shift", 0);
	unsigned int width = fdt_read_u32(fdt, node, "reg-io-width", 1) == 4 ? 4 : 1;

	/* Every register the driver touches (RBR/THR and LSR) lies in the checked region
	 * (a reg-shift past 31 asks more than any region holds). */
	if (dt_device_reg(fdt, node, 0, shift > 31 ? ~0ULL : ((uint64_t)UART_LSR << shift) + width, &base, &size))
		return -1;
	uart_ns16550_init_fixed((uintptr_t)base, shift, width);
	return 0;
}

static const char *const ns16550_compatible[] = { "ns16550a", "ns16550", "snps,dw-apb-uart", NULL };

const struct dt_driver uart_ns16550_driver = {
	.name = "ns16550",
	.compatible = ns16550_compatible,
	.probe = ns16550_probe,
};
