/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/uart_sifive.c on the host, against a simulated SiFive UART
 * (ABACUS_HOST: every register access reaches host_mmio_read/write below).
 * The UART has the FU540's 8-entry transmit FIFO: txdata reads give the
 * full flag (bit 31), a write when full is dropped (FU540-C000 manual,
 * "UART": "when set, writes to data are ignored"). The FIFO drains, all of
 * it at once as QEMU's model does, after a number of txdata reads the test
 * chooses: the stand-in for QEMU's main loop, which a loaded host left
 * off-CPU for seconds before its first drain while the boot hart polled
 * (the banner "Abacusfirmware 1.0" of issue 24). Checks that the probe
 * enables the transmitter and receiver and keeps the loader's other
 * settings, that the banner survives a first drain that slow, and that
 * every later byte keeps the usual bound.
 */
#include <stdbool.h>
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "sbi_console.h"
#include "test.h"
#include "trap_expect.h"

extern const struct dt_driver uart_sifive_driver;

TEST_MAIN_GLOBALS

#define TXDATA 0x00
#define RXDATA 0x04
#define TXCTRL 0x08
#define RXCTRL 0x0c
#define IE     0x10
#define DIV    0x18
#define FULL   (1U << 31)
#define FIFO_DEPTH 8
/* The failing run's figure: over 4 million reads of txdata before QEMU's first drain. */
#define SLOW_FIRST_DRAIN_READS 4200000UL

/* The UART: registers, the transmit FIFO, what left it and what was dropped. */
static struct {
	uint32_t txctrl, rxctrl, ie, div;
	unsigned int fifo_used;
	char fifo[FIFO_DEPTH];
	char line[256];              /* what went out on the line, in order */
	unsigned int line_len, dropped;
	unsigned long txdata_reads;  /* all of them */
	unsigned long full_reads;    /* reads since the FIFO last filled */
	unsigned long drain_after;   /* the next drain comes after this many full_reads; 0: never */
	unsigned long later_drain_after;   /* and every drain after the first */
	unsigned int drains;
} uart;

static uint8_t uart_window[0x20] __attribute__((aligned(16)));
static const struct console_device *console;

static void drain(void)
{
	for (unsigned int i = 0; i < uart.fifo_used && uart.line_len < sizeof(uart.line); i++)
		uart.line[uart.line_len++] = uart.fifo[i];
	uart.fifo_used = 0;
	uart.drains++;
	uart.drain_after = uart.later_drain_after;
}

uint64_t host_mmio_read(const volatile void *addr, unsigned int width)
{
	uintptr_t offset = (uintptr_t)addr - (uintptr_t)uart_window;

	(void)width;
	switch (offset) {
	case TXDATA:
		uart.txdata_reads++;
		if (uart.fifo_used == FIFO_DEPTH && uart.drain_after && ++uart.full_reads >= uart.drain_after)
			drain();
		return uart.fifo_used == FIFO_DEPTH ? FULL : 0;
	case RXDATA:
		return FULL;             /* empty */
	case TXCTRL:
		return uart.txctrl;
	case RXCTRL:
		return uart.rxctrl;
	case IE:
		return uart.ie;
	case DIV:
		return uart.div;
	}
	return 0;
}

void host_mmio_write(volatile void *addr, unsigned int width, uint64_t value)
{
	uintptr_t offset = (uintptr_t)addr - (uintptr_t)uart_window;

	(void)width;
	switch (offset) {
	case TXDATA:
		if (uart.fifo_used == FIFO_DEPTH) {
			uart.dropped++;
		} else {
			uart.fifo[uart.fifo_used++] = (char)value;
			if (uart.fifo_used == FIFO_DEPTH)
				uart.full_reads = 0;
		}
		break;
	case TXCTRL:
		uart.txctrl = (uint32_t)value;
		break;
	case RXCTRL:
		uart.rxctrl = (uint32_t)value;
		break;
	case IE:
		uart.ie = (uint32_t)value;
		break;
	case DIV:
		uart.div = (uint32_t)value;
		break;
	}
}

void host_mmio_access_expecting_trap(volatile void *addr, bool write, uint32_t *value)
{
	if (write)
		host_mmio_write(addr, 4, *value);
	else
		*value = (uint32_t)host_mmio_read(addr, 4);
}

/* ---- What the driver calls outside itself ---- */
int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, uint64_t *base, uint64_t *size)
{
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	return *size < min_size ? DT_REG_REFUSED : 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size, (void)why;
}

void console_set_device(const struct console_device *dev)
{
	console = dev;
}

/* ABACUS_HOST's hook around every probe (the dry run watches them): here the probe itself. */
int dt_driver_probe_watched(const struct dt_driver *drv, const void *fdt, int node)
{
	return drv->probe(fdt, node);
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st, (void)width;
	*value = (uint32_t)host_mmio_read(addr, 4);
	return true;
}

static void test_setup(void)
{
	memset(&uart, 0, sizeof(uart));
	console = NULL;
}

/* The UART as U-Boot SPL leaves it: divisor set, transmitter and receiver on, no interrupts. */
static int probe(void)
{
	static uint8_t fdt[2048];
	uint64_t base = (uintptr_t)uart_window;
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32(0x1000) };
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "serial@10010000");
	if (err || node < 0)
		return -100;
	err |= fdt_setprop_string(fdt, node, "compatible", "sifive,fu540-c000-uart");
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	if (err || !dt_driver_matches(&uart_sifive_driver, fdt, node))
		return -100;
	return uart_sifive_driver.probe(fdt, node);
}

static void put(const char *s)
{
	while (*s)
		console->putc(*s++);
}

TEST(probe_enables_tx_and_rx_and_keeps_the_loaders_settings)
{
	uart.txctrl = 0x00010002;    /* txcnt 1, nstop 2: the loader's, transmitter off */
	uart.rxctrl = 0x00020000;
	uart.div = 0x21d;
	CHECK_EQ(probe(), 0);
	CHECK(console != NULL);
	CHECK_EQ(uart.txctrl, 0x00010003);
	CHECK_EQ(uart.rxctrl, 0x00020001);
	CHECK_EQ(uart.div, 0x21d);
	CHECK_EQ(uart.ie, 0);
	CHECK_EQ(uart.fifo_used, 0);
}

/* The banner's ninth byte waits for QEMU's slow first drain: nothing is lost. */
TEST(banner_survives_a_slow_first_drain)
{
	const char *banner = "\r\nAbacus SBI firmware 1.0 (SBI 3.0)\r\n";

	uart.txctrl = uart.rxctrl = 1;
	uart.drain_after = SLOW_FIRST_DRAIN_READS;
	uart.later_drain_after = 1;
	CHECK_EQ(probe(), 0);
	put(banner);
	drain();                     /* what is still in the FIFO goes out too */
	CHECK_EQ(uart.dropped, 0);
	CHECK_EQ(uart.line_len, strlen(banner));
	CHECK(memcmp(uart.line, banner, strlen(banner)) == 0);
	CHECK(uart.txdata_reads >= SLOW_FIRST_DRAIN_READS);
}

/* After the first wait, a byte waits UART_TX_MAX_POLLS reads, then goes (and is dropped when still full). */
TEST(later_bytes_keep_the_usual_bound)
{
	unsigned long before;

	uart.txctrl = uart.rxctrl = 1;
	uart.drain_after = 1000;
	uart.later_drain_after = 2UL * UART_TX_MAX_POLLS;
	CHECK_EQ(probe(), 0);
	put("012345678");            /* the ninth byte waits for the first drain */
	CHECK_EQ(uart.drains, 1);
	CHECK_EQ(uart.dropped, 0);
	put("9abcdef");              /* fills the FIFO again: 1 + 7 bytes */
	before = uart.txdata_reads;
	put("h");                    /* no drain within the bound: written into the full FIFO */
	CHECK_EQ(uart.txdata_reads - before, UART_TX_MAX_POLLS);
	CHECK_EQ(uart.dropped, 1);
}

/* A UART that never drains: one long wait for the first byte that finds it full, then the usual bound. */
TEST(a_uart_that_never_drains_costs_one_long_wait)
{
	unsigned long before, first_wait;

	uart.txctrl = uart.rxctrl = 1;
	CHECK_EQ(probe(), 0);
	put("01234567");
	before = uart.txdata_reads;
	put("8");
	first_wait = uart.txdata_reads - before;
	CHECK(first_wait > 4UL * UART_TX_MAX_POLLS);
	CHECK(first_wait >= SLOW_FIRST_DRAIN_READS);
	before = uart.txdata_reads;
	put("9");
	CHECK_EQ(uart.txdata_reads - before, UART_TX_MAX_POLLS);
	CHECK_EQ(uart.dropped, 2);
	/* Probed again (another UART, or this one again): its first wait is long again. */
	CHECK_EQ(probe(), 0);
	before = uart.txdata_reads;
	put("a");
	CHECK_EQ(uart.txdata_reads - before, first_wait);
}

int main(void)
{
	RUN(probe_enables_tx_and_rx_and_keeps_the_loaders_settings);
	RUN(banner_survives_a_slow_first_drain);
	RUN(later_bytes_keep_the_usual_bound);
	RUN(a_uart_that_never_drains_costs_one_long_wait);
	return TEST_EXIT_CODE;
}
