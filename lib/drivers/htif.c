/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HTIF, the host-target interface of the Spike simulator and of QEMU's
 * `spike` machine (DT "ucb,htif0"): the machine's only console and its
 * power-off. Two 64-bit words shared with the host: the firmware writes a
 * request to `tohost`; the host takes it (tohost reads 0 again), acts, and
 * writes its answer to `fromhost`, which the firmware clears to let the next
 * answer in. A request is (device << 56) | (command << 48) | payload:
 *   device 0, command 0, payload (code << 1) | 1   exit with `code` (power-off)
 *   device 1, command 1, payload a byte            print it; answer 0x100 | byte
 *   device 1, command 0                            read a byte; answered
 *                                                  0x100 | byte once one arrives
 * There is no reset request: HTIF cannot reboot the machine.
 * Sources (facts only): riscv-isa-sim fesvr/htif.cc (the host's loop: take
 * tohost, clear it, answer into fromhost once it is 0) and fesvr/device.cc
 * (the console device); QEMU hw/char/riscv_htif.c, 7.2 and 11.1 (requests
 * handled inside the write, 64-bit accesses split into 32-bit halves, low
 * first; answers overwrite fromhost, an exit ends QEMU with its code).
 *
 * Where the words are: the node's reg (QEMU with a binary firmware: fromhost
 * at its start, tohost 8 bytes on: hw/riscv/spike.c); without a reg, the host
 * found them by the `tohost`/`fromhost` symbols of the ELF it loaded (Spike;
 * QEMU given an ELF firmware), which this image defines below.
 *
 * Every wait is bounded: a host that stops taking requests loses bytes (and
 * after one timeout each byte checks once, without waiting, until the host
 * takes the request again), never hangs a hart holding the console.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "reset_device.h"
#include "console.h"
#include "lock.h"
#include "sbi_spec.h"
#include "timer_device.h"

#define HTIF_REQUEST(dev, cmd, payload) (((uint64_t)(dev) << 56) | ((uint64_t)(cmd) << 48) | (payload))
#define HTIF_DEVICE(word)  ((word) >> 56)
#define HTIF_COMMAND(word) (((word) >> 48) & 0xff)
#define HTIF_DEV_SYSTEM   0
#define HTIF_DEV_CONSOLE  1
#define HTIF_CONSOLE_READ  0
#define HTIF_CONSOLE_WRITE 1
#define HTIF_FROMHOST_OFFSET 0
#define HTIF_TOHOST_OFFSET   8
#define HTIF_REGS_SIZE       16
/*
 * How long the exit request and the lock wait for the host to take a request
 * (reads of tohost: Spike looks every few thousand instructions). The
 * console's bytes never wait here: the console's rule bounds that wait.
 */
#define HTIF_MAX_POLLS 1000000
/* After the exit request: Spike ends at its next look at tohost (QEMU at once). Then it failed. */
#define HTIF_EXIT_WAIT_MS 1000

/* The words a host finds by symbol: adjacent, in loaded data (never under the relocations BSS reuses). */
__asm__(".pushsection .data.htif, \"aw\"\n"
	".balign 8\n"
	".globl fromhost\n.type fromhost, @object\n.size fromhost, 8\nfromhost: .quad 0\n"
	".globl tohost\n.type tohost, @object\n.size tohost, 8\ntohost: .quad 0\n"
	".popsection");
extern volatile uint64_t fromhost, tohost;

static volatile uint64_t *htif_tohost, *htif_fromhost;
static spinlock_t htif_lock;          /* getc runs outside the console lock; reset on any hart */
static bool htif_read_pending;
static int htif_rx = -1;              /* a byte the host answered, not yet read */

/* The lock within the bound; false: go on without it (its holder trapped, or the report prints). */
static __attribute__((noinline)) bool htif_lock_take(void)
{
	for (unsigned int polls = 0; polls < HTIF_MAX_POLLS; polls++)
		if (spin_trylock(&htif_lock))
			return true;
	return false;
}

/* Takes the host's answer, if any: fromhost cleared for the next; a console read's byte kept. */
static inline __attribute__((always_inline)) void htif_take_answer(void)
{
	uint64_t answer = *htif_fromhost;

	if (!answer)
		return;
	*htif_fromhost = 0;
	if (HTIF_DEVICE(answer) == HTIF_DEV_CONSOLE && HTIF_COMMAND(answer) == HTIF_CONSOLE_READ) {
		htif_read_pending = false;
		if (htif_rx < 0)
			htif_rx = (uint8_t)answer;
	}
}

/*
 * Sends `request` once the host has taken the last one, taking its answers
 * meanwhile; false after `polls` looks at tohost. With 1, it never waits.
 * A leaf: on the console's path it adds no frame to the M-mode stack.
 */
static __attribute__((noinline)) bool htif_send(uint64_t request, unsigned int polls)
{
	for (unsigned int i = 0; i < polls; i++) {
		htif_take_answer();
		if (!*htif_tohost) {
			*htif_tohost = request;
			return true;
		}
	}
	return false;
}

/* Never waits (include/console.h): false while the host has not taken the last request or getc holds the lock. */
static bool htif_try_putc(char c)
{
	bool sent;

	if (!spin_trylock(&htif_lock))
		return false;
	sent = htif_send(HTIF_REQUEST(HTIF_DEV_CONSOLE, HTIF_CONSOLE_WRITE, (uint8_t)c), 1);
	spin_unlock(&htif_lock);
	return sent;
}

/* A byte the host answered, else -1 with a read request left with the host (one at a time). */
static int htif_getc(void)
{
	bool locked = htif_lock_take();
	int c;

	htif_take_answer();
	if (htif_rx < 0 && !htif_read_pending)
		htif_read_pending = htif_send(HTIF_REQUEST(HTIF_DEV_CONSOLE, HTIF_CONSOLE_READ, 0), 1);
	c = htif_rx;
	htif_rx = -1;
	if (locked)
		spin_unlock(&htif_lock);
	return c;
}

static const struct console_device htif_console = {
	.name = "htif",
	.try_putc = htif_try_putc,
	.getc = htif_getc,
};

static bool htif_reset_supported(unsigned long type)
{
	return type == SBI_SRST_TYPE_SHUTDOWN;
}

/* Exit code 1 for a system failure (a CI run sees it), else 0. */
static void htif_reset(unsigned long type, unsigned long reason)
{
	uint64_t code = reason == SBI_SRST_REASON_SYSTEM_FAILURE;
	bool locked = htif_lock_take();

	(void)type;
	if (htif_send(HTIF_REQUEST(HTIF_DEV_SYSTEM, 0, (code << 1) | 1), HTIF_MAX_POLLS))
		timer_delay_ms(HTIF_EXIT_WAIT_MS);
	if (locked)
		spin_unlock(&htif_lock);
}

static const struct reset_device htif_reset_device = {
	.name = "htif",
	.slot = RESET_SLOT_HTIF,
	.supported = htif_reset_supported,
	.reset = htif_reset,
};

/*
 * The words, once (the console walk and the reset walk both come here):
 * from the reg, checked and owned by the firmware (S-mode taking the
 * firmware's answers would lose its console input), or this image's own.
 */
static int htif_locate(const void *fdt, int node)
{
	uint64_t base, size;
	int err;

	if (htif_tohost)
		return 0;
	err = dt_device_reg(fdt, node, 0, HTIF_REGS_SIZE, 8, &base, &size);
	if (err == DT_REG_REFUSED)
		return -1;
	if (err == DT_REG_ABSENT) {
		htif_fromhost = &fromhost;
		htif_tohost = &tohost;
		return 0;
	}
	if (!dt_device_answers(fdt, node, base, size, HTIF_TOHOST_OFFSET, 4) || !dt_device_own(fdt, node, base, size, "htif"))
		return -1;
	htif_fromhost = (volatile uint64_t *)(uintptr_t)(base + HTIF_FROMHOST_OFFSET);
	htif_tohost = (volatile uint64_t *)(uintptr_t)(base + HTIF_TOHOST_OFFSET);
	return 0;
}

/* A read request from the start: QEMU answers a key typed before any as device 0's, which is lost. */
static int htif_console_probe(const void *fdt, int node)
{
	if (htif_locate(fdt, node))
		return -1;
	htif_read_pending = htif_send(HTIF_REQUEST(HTIF_DEV_CONSOLE, HTIF_CONSOLE_READ, 0), 1);
	console_set_device(&htif_console);
	return 0;
}

static int htif_reset_probe(const void *fdt, int node)
{
	if (htif_locate(fdt, node))
		return -1;
	reset_device_add(&htif_reset_device);
	return 0;
}

static const char htif_compatible[] = DT_COMPATIBLE("ucb,htif0");

DT_DRIVER(console, htif_console_driver, "htif") = {
	.compatible = htif_compatible,
	.probe = htif_console_probe,
};

DT_DRIVER(reset, htif_reset_driver, "htif") = {
	.compatible = htif_compatible,
	.probe = htif_reset_probe,
};
