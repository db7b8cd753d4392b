/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Debug Console extension (EID "DBCN"). Buffers are physical addresses that
 * must lie in RAM S-mode may access (never firmware memory or MMIO): the spec
 * answers anything else with SBI_ERR_INVALID_PARAM.
 */
#include "console.h"
#include "sbi_ecall.h"
#include "memory_map.h"
#include "sbi_spec.h"

/* Bounds one call so a huge write cannot hold the console lock for long;
 * the spec lets a write return fewer bytes than asked. */
#define DBCN_MAX_BYTES_PER_CALL 4096

struct sbiret sbi_ecall_dbcn(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5, unsigned long fid)
{
	unsigned long num_bytes = a0, lo = a1, hi = a2;

	(void)a3, (void)a4, (void)a5;
	switch (fid) {
	case SBI_DBCN_CONSOLE_WRITE:
	case SBI_DBCN_CONSOLE_READ:
		if (!smode_range_ok(lo, hi, num_bytes))
			return sbiret_err(SBI_ERR_INVALID_PARAM);
		if (num_bytes > DBCN_MAX_BYTES_PER_CALL)
			num_bytes = DBCN_MAX_BYTES_PER_CALL;
		/* Fewer bytes than asked when the UART does not drain: the
		 * chapter lets a write do "partial/no writes" (it is non-blocking). */
		if (fid == SBI_DBCN_CONSOLE_WRITE) {
			return sbiret_ok(console_write((const char *)lo, num_bytes));
		} else {
			unsigned long n = 0;
			int c;
			while (n < num_bytes && (c = console_getc()) >= 0)
				((volatile char *)lo)[n++] = (char)c;
			return sbiret_ok(n);
		}
	case SBI_DBCN_CONSOLE_WRITE_BYTE: {
		char c = (char)(a0 & 0xff);
		/* Blocking, but an I/O error returns FAILED: the byte found no
		 * room for the console's timeout (or the console is stalled).
		 * 1 byte written - 1 = SBI_SUCCESS, 0 - 1 = SBI_ERR_FAILED. */
		_Static_assert(SBI_SUCCESS == 0 && SBI_ERR_FAILED == -1, "write_byte's error below");
		return (struct sbiret){ .error = (long)console_write(&c, 1) - 1, .value = 0 };
	}
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}

SBI_EXTENSION(SBI_EXT_DBCN, sbi_ecall_dbcn, "dbcn", NULL);
