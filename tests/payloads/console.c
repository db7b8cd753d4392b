/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Legacy console (EIDs 0x01, 0x02) and the Debug Console extension (DBCN).
 *
 * The runner feeds QEMU no input (stdin is /dev/null), so reads find
 * nothing. What the calls print is checked by the runner: the *_OK markers
 * below must appear in the log (tests/qemu-tests.txt, log= options); they
 * are only ever written by the call under test.
 *
 * Bad buffers: the DBCN chapter's error tables (Console Write / Console
 * Read) name SBI_ERR_INVALID_PARAM for memory that "does not satisfy the
 * requirements described in the shared memory physical address range
 * parameter" section. Abacus keeps S-mode away from its own region
 * 0x80000000..0x801fffff, MMIO and anything outside RAM.
 */
#include "payload.h"

#define RAM_BASE 0x80000000UL
#ifndef RAM_SIZE
#define RAM_SIZE (128UL << 20)		/* QEMU virt default (-m 128M) */
#endif
#define RAM_END       (RAM_BASE + RAM_SIZE)
#define FIRMWARE_BASE 0x80000000UL
#define FIRMWARE_END  0x80200000UL	/* where the payload starts */
#define UART_MMIO     0x10000000UL

static const char legacy_marker[] = "LEGACY_PUTCHAR_OK\n";
static const char dbcn_write_marker[] = "DBCN_WRITE_OK\n";
static const char dbcn_write_byte_marker[] = "DBCN_WRITE_BYTE_OK\n";

static unsigned char read_buffer[32];

static void check_legacy(void)
{
	long ret;

	CHECK(sbi_probe_extension(SBI_EXT_LEGACY_CONSOLE_PUTCHAR).value != 0);
	CHECK(sbi_probe_extension(SBI_EXT_LEGACY_CONSOLE_GETCHAR).value != 0);

	for (const char *p = legacy_marker; *p; p++) {
		ret = sbi_legacy_console_putchar(*p);
		if (!CHECK_EQ(ret, 0))
			break;
	}
	/* Legacy getchar: the byte, or -1 when there is none. */
	CHECK_EQ(sbi_legacy_console_getchar(), -1);
}

static void check_dbcn_good_calls(void)
{
	unsigned long len = sizeof(dbcn_write_marker) - 1;
	struct sbiret ret;

	CHECK(sbi_probe_extension(SBI_EXT_DBCN).value != 0);

	ret = sbi_debug_console_write(len, (unsigned long)dbcn_write_marker, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, len);

	for (const char *p = dbcn_write_byte_marker; *p; p++) {
		ret = sbi_debug_console_write_byte((uint8_t)*p);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS) ||
		    !CHECK_EQ(ret.value, 0))	/* "sbiret.uvalue is set to zero" */
			break;
	}

	/* Nothing to read: success, 0 bytes, the buffer left untouched. */
	memset(read_buffer, 0xa5, sizeof(read_buffer));
	ret = sbi_debug_console_read(sizeof(read_buffer), (unsigned long)read_buffer, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
	for (unsigned int i = 0; i < sizeof(read_buffer); i++)
		if (!CHECK_EQ(read_buffer[i], 0xa5))
			break;

	/* A zero-length write of a good buffer writes nothing. */
	ret = sbi_debug_console_write(0, (unsigned long)dbcn_write_marker, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
}

struct bad_buffer {
	const char *what;
	unsigned long num_bytes, base_addr_lo, base_addr_hi;
};

static void check_dbcn_bad_buffers(void)
{
	const unsigned long buf = (unsigned long)read_buffer;
	const struct bad_buffer bad[] = {
		{ "firmware region start", 16, FIRMWARE_BASE, 0 },
		{ "firmware region end", 16, FIRMWARE_END - 16, 0 },
		{ "straddles firmware end", 16, FIRMWARE_END - 8, 0 },
		{ "UART MMIO", 8, UART_MMIO, 0 },
		{ "below RAM", 16, RAM_BASE - 16, 0 },
		{ "base_addr_hi = 1", 16, buf, 1 },
		{ "base_addr_hi = ~0", 16, buf, ~0UL },
		{ "wraps past 2^64", 0x20, ~0UL - 0xf, 0 },
		{ "num_bytes = ~0 from RAM", ~0UL, buf, 0 },
		{ "runs past RAM end", 64, RAM_END - 16, 0 },
		{ "starts at RAM end", 1, RAM_END, 0 },
	};

	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct bad_buffer *b = &bad[i];
		struct sbiret w, r;

		w = sbi_debug_console_write(b->num_bytes, b->base_addr_lo, b->base_addr_hi);
		if (!CHECK_EQ(w.error, SBI_ERR_INVALID_PARAM))
			printf("  (console_write, %s: 0x%lx bytes at 0x%lx, hi 0x%lx)\n",
			       b->what, b->num_bytes, b->base_addr_lo, b->base_addr_hi);
		r = sbi_debug_console_read(b->num_bytes, b->base_addr_lo, b->base_addr_hi);
		if (!CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM))
			printf("  (console_read, %s: 0x%lx bytes at 0x%lx, hi 0x%lx)\n",
			       b->what, b->num_bytes, b->base_addr_lo, b->base_addr_hi);
	}
}

static void check_dbcn_unknown_fid(void)
{
	CHECK_EQ(sbi_ecall(SBI_EXT_DBCN, 3, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid;
	(void)dtb;
	test_start("console");

	check_legacy();
	check_dbcn_good_calls();
	check_dbcn_bad_buffers();
	check_dbcn_unknown_fid();

	test_pass();
}
