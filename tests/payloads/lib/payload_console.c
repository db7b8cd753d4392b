/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payload console output through the SBI: DBCN console_write when the
 * firmware has the extension, the legacy putchar (EID 0x01) otherwise.
 * The payload runs with satp = 0, so a buffer's address is its physical
 * address, as DBCN requires.
 */
#include "payload.h"

enum console_mode { CONSOLE_UNKNOWN, CONSOLE_DBCN, CONSOLE_LEGACY };

static enum console_mode console_mode;

/* A console that accepts nothing this many times in a row is given up on. */
#define DBCN_MAX_EMPTY_WRITES 1000000

static void console_choose(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_DBCN);

	console_mode = (ret.error == SBI_SUCCESS && ret.value != 0) ? CONSOLE_DBCN
								    : CONSOLE_LEGACY;
}

void console_write(const char *buf, unsigned long len)
{
	unsigned long empty_writes = 0;

	if (console_mode == CONSOLE_UNKNOWN)
		console_choose();

	/* DBCN write is non-blocking and may take only part of the buffer. */
	while (len && console_mode == CONSOLE_DBCN) {
		struct sbiret ret = sbi_debug_console_write(len, (unsigned long)buf, 0);

		if (ret.error != SBI_SUCCESS || ret.value > len) {
			console_mode = CONSOLE_LEGACY;
			break;
		}
		if (ret.value == 0 && ++empty_writes == DBCN_MAX_EMPTY_WRITES) {
			console_mode = CONSOLE_LEGACY;
			break;
		}
		buf += ret.value;
		len -= ret.value;
	}
	while (len--)
		sbi_legacy_console_putchar((unsigned char)*buf++);
}

void console_puts(const char *s)
{
	console_write(s, strlen(s));
}

/*
 * One printf at a time across harts. The owner's hartid + 1 is held, so a
 * hart that traps while printing and prints again (a failed check in a
 * trap handler) nests instead of deadlocking.
 */
static unsigned long console_owner;
static unsigned int console_depth;

void console_lock(void)
{
	unsigned long me = current_hartid() + 1, free_owner;

	if (__atomic_load_n(&console_owner, __ATOMIC_RELAXED) == me) {
		console_depth++;
		return;
	}
	do {
		free_owner = 0;
	} while (!__atomic_compare_exchange_n(&console_owner, &free_owner, me, false,
					      __ATOMIC_ACQUIRE, __ATOMIC_RELAXED));
	console_depth = 1;
}

void console_unlock(void)
{
	if (--console_depth == 0)
		__atomic_store_n(&console_owner, 0, __ATOMIC_RELEASE);
}
