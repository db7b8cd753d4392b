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
 * parameter" section. Abacus keeps S-mode away from its own region, MMIO
 * and anything outside RAM. The firmware sizes its region at boot (a power
 * of two from the start of RAM) and tells S-mode in the DT
 * (/reserved-memory/abacus@...); RAM comes from the DT too. The memory
 * just after the region is ordinary RAM and must be accepted.
 */
#include "payload.h"

#define UART_MMIO     0x10000000UL

extern char _start[];

static uint64_t ram_base, ram_end, firmware_base, firmware_end;

static bool read_layout(void)
{
	uint64_t ram_size, firmware_size;

	if (!CHECK(dt_memory_region(&ram_base, &ram_size)) ||
	    !CHECK(dt_firmware_region(&firmware_base, &firmware_size)))
		return false;
	ram_end = ram_base + ram_size;
	firmware_end = firmware_base + firmware_size;
	printf("RAM 0x%lx-0x%lx, firmware region 0x%lx-0x%lx\n", (unsigned long)ram_base,
	       (unsigned long)ram_end - 1, (unsigned long)firmware_base,
	       (unsigned long)firmware_end - 1);
	/* The tests below need free RAM between the firmware and the payload. */
	return CHECK(firmware_size >= 32) && CHECK(firmware_end + 64 <= (unsigned long)_start) &&
	       CHECK(firmware_base >= ram_base && firmware_end <= ram_end);
}

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
		{ "firmware region start", 16, firmware_base, 0 },
		{ "firmware region last 16 bytes", 16, firmware_end - 16, 0 },
		{ "firmware region last byte", 1, firmware_end - 1, 0 },
		{ "straddles firmware end", 16, firmware_end - 8, 0 },
		{ "UART MMIO", 8, UART_MMIO, 0 },
		{ "below RAM", 16, ram_base - 16, 0 },
		{ "base_addr_hi = 1", 16, buf, 1 },
		{ "base_addr_hi = ~0", 16, buf, ~0UL },
		{ "wraps past 2^64", 0x20, ~0UL - 0xf, 0 },
		{ "num_bytes = ~0 from RAM", ~0UL, buf, 0 },
		{ "runs past RAM end", 64, ram_end - 16, 0 },
		{ "starts at RAM end", 1, ram_end, 0 },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		const struct bad_buffer *b = &bad[i];
		struct sbiret w, r;

		/* QEMU virt's UART address is RAM where RAM starts at 0 (tt-atlantis). */
		if (b->base_addr_lo == UART_MMIO && UART_MMIO >= ram_base && UART_MMIO < ram_end)
			continue;

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

/*
 * RAM right after the firmware region, below the payload: S-mode's own
 * memory (where the firmware may have put the DT: its bytes are restored).
 */
static void check_dbcn_after_firmware(void)
{
	static const char text[] = "AFTER_FIRMWARE_REGION_OK\n";
	char *after = (char *)(unsigned long)firmware_end, saved[sizeof(text)];
	unsigned long len = sizeof(text) - 1;
	struct sbiret ret;

	memcpy(saved, after, len);
	memcpy(after, text, len);
	ret = sbi_debug_console_write(len, firmware_end, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, len);

	ret = sbi_debug_console_read(16, firmware_end, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
	memcpy(after, saved, len);
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
	if (read_layout()) {
		check_dbcn_bad_buffers();
		check_dbcn_after_firmware();
	}
	check_dbcn_unknown_fid();

	test_pass();
}
