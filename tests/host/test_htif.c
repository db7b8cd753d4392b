/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/htif.c on the host, against a simulated tohost/fromhost pair
 * that the test itself plays the host for, one step at a time, as Spike's
 * front end does (riscv-isa-sim fesvr/htif.cc: take tohost and clear it,
 * answer into fromhost once that is 0; fesvr/device.cc: the console answers
 * a write with 0x100 | byte, a read with 0x100 | byte once one is typed).
 * QEMU's HTIF (hw/char/riscv_htif.c) is the same host answering inside the
 * write, and overwriting fromhost with each answer.
 *
 * The driver is included, not linked, so that each test starts from a
 * driver that has found nothing yet.
 */
#include <libfdt.h>
#include "../../lib/drivers/htif.c"
#include "fdt_helpers.h"
#include "test.h"

TEST_MAIN_GLOBALS

#define REQ_WRITE(c) (0x0101000000000000ULL | (uint8_t)(c))
#define REQ_READ     0x0100000000000000ULL
#define ANS_WRITE(c) (0x0101000000000100ULL | (uint8_t)(c))
#define ANS_READ(c)  (0x0100000000000100ULL | (uint8_t)(c))

/* The pair as QEMU's DT places it: fromhost at the reg, tohost 8 bytes on. */
static volatile uint64_t regs[2] __attribute__((aligned(16)));
#define FROMHOST regs[0]
#define TOHOST   regs[1]

/* ---- What the driver calls outside itself ---- */
static const struct console_device *console;
static const struct reset_device *reset_dev;
static unsigned int refusals, owned, probe_reads, delays;
static uint64_t owned_base, owned_size, asked_min_size;
static unsigned int asked_width;
static bool read_faults, own_fails;

int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size)
{
	asked_min_size = min_size;
	asked_width = width;
	if (fdt_read_reg(fdt, node, index, base, size))
		return DT_REG_ABSENT;
	if (*size < min_size || *base % width) {
		refusals++;
		return DT_REG_REFUSED;
	}
	return 0;
}

void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	(void)fdt, (void)node, (void)base, (void)size, (void)why;
	refusals++;
}

bool dt_device_own(const void *fdt, int node, uint64_t base, uint64_t size, const char *name)
{
	(void)fdt, (void)node, (void)name;
	if (own_fails) {
		refusals++;
		return false;
	}
	owned++;
	owned_base = base;
	owned_size = size;
	return true;
}

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st;
	probe_reads++;
	if (read_faults || width != 4)
		return false;
	*value = *(volatile const uint32_t *)addr;
	return true;
}

void console_set_device(const struct console_device *dev)
{
	console = dev;
}

void reset_device_add(const struct reset_device *dev)
{
	reset_dev = dev;
}

void timer_delay_ms(uint32_t ms)
{
	(void)ms;
	delays++;
}

static void test_setup(void)
{
	FROMHOST = TOHOST = 0;
	fromhost = tohost = 0;
	console = NULL;
	reset_dev = NULL;
	refusals = owned = probe_reads = delays = 0;
	owned_base = owned_size = asked_min_size = 0;
	read_faults = own_fails = false;
	/* The driver as boot finds it. */
	htif_tohost = htif_fromhost = NULL;
	htif_read_pending = false;
	htif_rx = -1;
	spin_unlock(&htif_lock);
}

/* A DT with one ucb,htif0 node: reg = <base size> (size 0: no reg). */
static uint8_t fdt[4096];

static int htif_node(uint64_t base, uint64_t size)
{
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), cpu_to_fdt32(size >> 32),
			   cpu_to_fdt32((uint32_t)size) };
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	node = fdt_add_subnode(fdt, 0, "htif");
	if (err || node < 0)
		return -100;
	err |= fdt_setprop_string(fdt, node, "compatible", "ucb,htif0");
	if (size)
		err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	if (err || !dt_driver_matches(&htif_console_driver, fdt, node) || !dt_driver_matches(&htif_reset_driver, fdt, node))
		return -100;
	return node;
}

/* The host takes the request in tohost (the test writes its answer to FROMHOST). */
static uint64_t host_take(void)
{
	uint64_t request = TOHOST;

	TOHOST = 0;
	return request;
}

/* QEMU spike's node: reg = <0 0x1000000 0 0x1000>, here the simulated pair (the region as long).
 * The host takes the console's first read request: a read is pending. */
static int probe_qemu_node(void)
{
	int node = htif_node((uintptr_t)regs, 0x1000), err;

	err = node < 0 ? node : htif_console_driver.probe(fdt, node);
	if (!err && host_take() != REQ_READ)
		return -200;
	return err;
}

TEST(probe_owns_the_region_and_reads_tohost)
{
	CHECK_EQ(htif_console_driver.probe(fdt, htif_node((uintptr_t)regs, 0x1000)), 0);
	CHECK(console == &htif_console);
	/* A read asked for at once: QEMU answers keys typed before any read request as device 0's. */
	CHECK_EQ(TOHOST, REQ_READ);
	CHECK_EQ(asked_min_size, 16);                   /* fromhost and tohost lie in the region */
	CHECK_EQ(asked_width, 8);                       /* 64-bit words */
	CHECK_EQ(probe_reads, 1);
	CHECK_EQ(owned, 1);                             /* S/U-mode denied the whole region */
	CHECK_EQ(owned_base, (uintptr_t)regs);
	CHECK_EQ(owned_size, 0x1000);
	CHECK(htif_fromhost == &FROMHOST);
	CHECK(htif_tohost == &TOHOST);
	/* The reset walk finds the same node: no second region, the power-off device added. */
	CHECK_EQ(htif_reset_driver.probe(fdt, fdt_path_offset(fdt, "/htif")), 0);
	CHECK_EQ(owned, 1);
	CHECK(reset_dev == &htif_reset_device);
	CHECK_EQ(reset_dev->slot, RESET_SLOT_HTIF);
}

/* Each byte is one write request once the host has taken the previous one; its answer is cleared. */
TEST(putc_sends_a_write_request_per_byte)
{
	CHECK_EQ(probe_qemu_node(), 0);
	CHECK(console->try_putc('A'));
	CHECK_EQ(TOHOST, REQ_WRITE('A'));
	CHECK_EQ(host_take(), REQ_WRITE('A'));
	FROMHOST = ANS_WRITE('A');
	CHECK(console->try_putc('\n'));
	CHECK_EQ(FROMHOST, 0);                          /* the answer taken: room for the next */
	CHECK_EQ(TOHOST, REQ_WRITE('\n'));
	host_take();
	CHECK(console->try_putc((char)0xff));           /* a byte, not a sign-extended char */
	CHECK_EQ(TOHOST, REQ_WRITE(0xff));
}

/* A host that has not taken the last request: try_putc answers false at once (the console's rule
 * bounds how long to try again), never overwriting the request; the lock held by getc on another hart too. */
TEST(stalled_host_loses_bytes_never_hangs)
{
	CHECK_EQ(probe_qemu_node(), 0);
	CHECK(console->try_putc('A'));
	CHECK(!console->try_putc('B'));
	for (int i = 0; i < 1000; i++)
		CHECK(!console->try_putc('C'));
	CHECK_EQ(TOHOST, REQ_WRITE('A'));               /* never overwritten */
	/* The host comes back: the next byte goes out at once. */
	host_take();
	CHECK(spin_trylock(&htif_lock));                /* getc's, on another hart */
	CHECK(!console->try_putc('D'));
	CHECK_EQ(TOHOST, 0);
	spin_unlock(&htif_lock);
	CHECK(console->try_putc('D'));
	CHECK_EQ(TOHOST, REQ_WRITE('D'));
}

/* getc: -1 until the host answers the read request, then the byte, and the next request; one at a time. */
TEST(getc_asks_the_host_and_returns_its_answer)
{
	CHECK_EQ(probe_qemu_node(), 0);
	CHECK_EQ(console->getc(), -1);                  /* nothing typed yet */
	CHECK_EQ(TOHOST, 0);                            /* and no second request */
	FROMHOST = ANS_READ('x');                       /* a key */
	CHECK_EQ(console->getc(), 'x');
	CHECK_EQ(FROMHOST, 0);
	CHECK_EQ(console->getc(), -1);                  /* the next read asked for */
	CHECK_EQ(host_take(), REQ_READ);
	FROMHOST = ANS_READ(0xe9);
	CHECK_EQ(console->getc(), 0xe9);
}

/* A key answered while the console prints (QEMU answers any time): kept for getc, not lost to putc. */
TEST(key_answered_during_output_is_kept)
{
	CHECK_EQ(probe_qemu_node(), 0);
	FROMHOST = ANS_READ('k');
	CHECK(console->try_putc('o'));
	CHECK_EQ(FROMHOST, 0);
	CHECK_EQ(TOHOST, REQ_WRITE('o'));
	host_take();
	FROMHOST = ANS_WRITE('o');
	CHECK_EQ(console->getc(), 'k');
	CHECK_EQ(FROMHOST, 0);
	CHECK_EQ(TOHOST, 0);                            /* the key came: no read pending yet */
	CHECK_EQ(console->getc(), -1);
	CHECK_EQ(TOHOST, REQ_READ);
}

/* getc while the host has not taken a write: no request over it, -1. */
TEST(getc_never_overwrites_a_pending_request)
{
	CHECK_EQ(probe_qemu_node(), 0);
	FROMHOST = ANS_READ('q');
	CHECK(console->try_putc('p'));
	CHECK_EQ(console->getc(), 'q');
	CHECK_EQ(console->getc(), -1);
	CHECK_EQ(TOHOST, REQ_WRITE('p'));
	host_take();
	CHECK_EQ(console->getc(), -1);
	CHECK_EQ(TOHOST, REQ_READ);
}

/* Power-off only: exit code 0, 1 for a system failure ((code << 1) | 1 to device 0); no reboot. */
TEST(poweroff_exit_codes_and_no_reboot)
{
	CHECK_EQ(probe_qemu_node(), 0);
	CHECK_EQ(htif_reset_driver.probe(fdt, fdt_path_offset(fdt, "/htif")), 0);
	CHECK(reset_dev->supported(SBI_SRST_TYPE_SHUTDOWN));
	CHECK(!reset_dev->supported(SBI_SRST_TYPE_COLD_REBOOT));
	CHECK(!reset_dev->supported(SBI_SRST_TYPE_WARM_REBOOT));
	reset_dev->reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(host_take(), 0x1);
	CHECK_EQ(delays, 1);                            /* waited for the host to stop the machine */
	reset_dev->reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_SYSTEM_FAILURE);
	CHECK_EQ(host_take(), 0x3);
	CHECK_EQ(delays, 2);
	/* After the last byte of the log: it waits for the host to take that byte first. */
	CHECK(console->try_putc('z'));
	reset_dev->reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(TOHOST, REQ_WRITE('z'));               /* never taken: no exit request over it, */
	CHECK_EQ(delays, 2);                            /* and the reset returns: the next device is tried */
}

/* Spike's DT (and QEMU's, given an ELF firmware): no reg; the host found this image's tohost/fromhost. */
TEST(no_reg_uses_the_image_symbols)
{
	int node = htif_node(0, 0);

	CHECK(node >= 0);
	CHECK_EQ(htif_console_driver.probe(fdt, node), 0);
	CHECK(htif_tohost == &tohost && htif_fromhost == &fromhost);
	CHECK_EQ((uintptr_t)&tohost - (uintptr_t)&fromhost, 8);   /* one 16-byte span for QEMU's overlay */
	CHECK_EQ((uintptr_t)&fromhost % 8, 0);
	CHECK_EQ(owned, 0);                             /* the firmware's own memory: protected already */
	CHECK_EQ(probe_reads, 0);
	CHECK_EQ(tohost, REQ_READ);
	tohost = 0;
	CHECK(console->try_putc('s'));
	CHECK_EQ(tohost, REQ_WRITE('s'));
	CHECK_EQ(TOHOST, 0);
}

/* Refused, the console left as it was: a region too small, a tohost whose read faults, one not ownable. */
TEST(refuses_what_it_cannot_use)
{
	int node = htif_node((uintptr_t)regs, 8);

	CHECK_EQ(htif_console_driver.probe(fdt, node), -1);
	read_faults = true;
	CHECK_EQ(probe_qemu_node(), -1);
	read_faults = false;
	own_fails = true;
	CHECK_EQ(probe_qemu_node(), -1);
	CHECK_EQ(refusals, 3);
	CHECK(console == NULL);
	CHECK(htif_tohost == NULL);
	CHECK_EQ(TOHOST, 0);
	CHECK_EQ(FROMHOST, 0);
}

int main(void)
{
	RUN(probe_owns_the_region_and_reads_tohost);
	RUN(putc_sends_a_write_request_per_byte);
	RUN(stalled_host_loses_bytes_never_hangs);
	RUN(getc_asks_the_host_and_returns_its_answer);
	RUN(key_answered_during_output_is_kept);
	RUN(getc_never_overwrites_a_pending_request);
	RUN(poweroff_exit_codes_and_no_reboot);
	RUN(no_reg_uses_the_image_symbols);
	RUN(refuses_what_it_cannot_use);
	return TEST_EXIT_CODE;
}
