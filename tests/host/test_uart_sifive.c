/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/uart_sifive.c on the host: the SiFive UART probed from a DT
 * node built here, whose reg points at a simulated register file (a plain
 * array). Checks the region the driver asks the check for (its registers,
 * 4-byte accesses at a 4-byte aligned base), that the probe enables the
 * transmitter and receiver and touches nothing else, and that try_putc
 * never waits: with the transmit FIFO full (txdata's full flag) it writes
 * nothing and says so; the console decides how long to try again.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "console.h"
#include "test.h"
#include "trap_expect.h"

/* The driver under test: its DT_DRIVER() entry (lib/drivers/uart_sifive.c). */
extern const struct dt_driver uart_sifive_driver;

TEST_MAIN_GLOBALS

#define TXDATA 0
#define RXDATA 1
#define TXCTRL 2
#define RXCTRL 3
#define FULL_OR_EMPTY (1U << 31)

static uint32_t regs[8] __attribute__((aligned(16)));
static const struct console_device *console;
static uint64_t asked_min_size;
static unsigned int asked_width, refusals, probe_reads;

/* The region check (lib/core/dt_device_reg.c, tests/host/test_dt_device_reg.c): size and alignment only. */
int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	asked_min_size = min_size;
	asked_width = width;
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	return *size < min_size || *base % width ? DT_REG_REFUSED : 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size, (void)why;
	refusals++;
}

void console_set_device(const struct console_device *dev)
{
	console = dev;
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st, (void)width;
	probe_reads++;
	*value = *(const volatile uint32_t *)addr;
	return true;
}

static void test_setup(void)
{
	memset(regs, 0, sizeof(regs));
	console = NULL;
	asked_min_size = 0;
	asked_width = refusals = probe_reads = 0;
}

static int probe_at(unsigned int skew)
{
	static uint8_t fdt[2048];
	uint64_t base = (uintptr_t)regs + skew;
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), 0, cpu_to_fdt32(sizeof(regs) - skew) };
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "serial@10010000");
	if (err || node < 0)
		return -100;
	err |= fdt_setprop_string(fdt, node, "compatible", "sifive,uart0");
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	if (err || !dt_driver_matches(&uart_sifive_driver, fdt, node))
		return -100;
	return uart_sifive_driver.probe(fdt, node);
}

TEST(probe_enables_tx_and_rx)
{
	CHECK_EQ(probe_at(0), 0);
	CHECK(console != NULL);
	CHECK_EQ(asked_min_size, 16);                 /* txdata .. rxctrl */
	CHECK_EQ(asked_width, 4);
	CHECK_EQ(probe_reads, 1);
	CHECK_EQ(regs[TXCTRL], 1);
	CHECK_EQ(regs[RXCTRL], 1);
	CHECK_EQ(regs[TXDATA] | regs[RXDATA], 0);
}

TEST(try_putc_writes_when_there_is_room)
{
	CHECK_EQ(probe_at(0), 0);
	CHECK(console->try_putc('A'));
	CHECK_EQ(regs[TXDATA], 'A');
}

/* The FIFO is full: nothing written, false; once it has room, the byte goes. */
TEST(full_fifo_takes_nothing)
{
	CHECK_EQ(probe_at(0), 0);
	regs[TXDATA] = FULL_OR_EMPTY;
	CHECK(!console->try_putc('B'));
	CHECK_EQ(regs[TXDATA], FULL_OR_EMPTY);
	regs[TXDATA] = 0;
	CHECK(console->try_putc('C'));
	CHECK_EQ(regs[TXDATA], 'C');
}

TEST(getc_reads_rxdata)
{
	CHECK_EQ(probe_at(0), 0);
	regs[RXDATA] = FULL_OR_EMPTY;
	CHECK_EQ(console->getc(), -1);
	regs[RXDATA] = 'x';
	CHECK_EQ(console->getc(), 'x');
}

/* A base that is not 4-byte aligned: refused by the region check, nothing read or written. */
TEST(misaligned_base_refused)
{
	CHECK_EQ(probe_at(2), -1);
	CHECK_EQ(asked_width, 4);
	CHECK_EQ(probe_reads, 0);
	CHECK(console == NULL);
	for (unsigned int i = 0; i < 8; i++)
		CHECK_EQ(regs[i], 0);
}

int main(void)
{
	RUN(probe_enables_tx_and_rx);
	RUN(try_putc_writes_when_there_is_room);
	RUN(full_fifo_takes_nothing);
	RUN(getc_reads_rxdata);
	RUN(misaligned_base_refused);
	return TEST_EXIT_CODE;
}
