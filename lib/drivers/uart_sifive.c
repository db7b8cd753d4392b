/* SPDX-License-Identifier: BSD-2-Clause */
/* SiFive UART (FU540/FU740), polled; the loader has set the divisor. */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "mmio.h"
#include "console.h"

#define SIFIVE_UART_TXDATA 0x00
#define SIFIVE_UART_RXDATA 0x04
#define SIFIVE_UART_TXCTRL 0x08
#define SIFIVE_UART_RXCTRL 0x0c
#define SIFIVE_UART_TXDATA_FULL  (1U << 31)
#define SIFIVE_UART_RXDATA_EMPTY (1U << 31)

static volatile uint32_t *sifive_uart;

/* Never waits, as ns16550_try_putc. A read of txdata gives the full flag (FU740 manual, "UART"). */
static bool sifive_uart_try_putc(char c)
{
	if (mmio_read32(&sifive_uart[SIFIVE_UART_TXDATA / 4]) & SIFIVE_UART_TXDATA_FULL)
		return false;
	mmio_write32(&sifive_uart[SIFIVE_UART_TXDATA / 4], (uint8_t)c);
	return true;
}

static int sifive_uart_getc(void)
{
	uint32_t v = mmio_read32(&sifive_uart[SIFIVE_UART_RXDATA / 4]);

	return (v & SIFIVE_UART_RXDATA_EMPTY) ? -1 : (int)(v & 0xff);
}

static const struct console_device sifive_uart_console = {
	.name = "sifive-uart",
	.try_putc = sifive_uart_try_putc,
	.getc = sifive_uart_getc,
};

static void uart_sifive_init(uintptr_t base)
{
	sifive_uart = (volatile uint32_t *)base;
	mmio_write32(&sifive_uart[SIFIVE_UART_TXCTRL / 4], mmio_read32(&sifive_uart[SIFIVE_UART_TXCTRL / 4]) | 1);   /* txen */
	mmio_write32(&sifive_uart[SIFIVE_UART_RXCTRL / 4], mmio_read32(&sifive_uart[SIFIVE_UART_RXCTRL / 4]) | 1);   /* rxen */
	console_set_device(&sifive_uart_console);
}

/* Refused when reading its transmit control register faults (as ns16550_probe). */
static int sifive_uart_probe(const void *fdt, int node)
{
	uint64_t base, size;

	if (!dt_device_reg_answers(fdt, node, 0, SIFIVE_UART_RXCTRL + 4, 4, SIFIVE_UART_TXCTRL, &base, &size))
		return -1;
	uart_sifive_init((uintptr_t)base);
	return 0;
}

DT_DRIVER(console, uart_sifive_driver, "sifive-uart") = {
	.compatible = DT_COMPATIBLE("sifive,uart0", "sifive,fu740-c000-uart", "sifive,fu540-c000-uart"),
	.probe = sifive_uart_probe,
};
