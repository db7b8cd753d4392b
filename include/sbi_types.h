/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_SBI_TYPES_H
#define ABACUS_SBI_TYPES_H

/*
 * The pair every SBI call returns in a0 (error) and a1 (value).
 *
 * The two fields share their storage with an unsigned __int128 that nothing
 * reads: only so that the compiler returns the struct as one value in a0/a1
 * with no stack slot (why: docs/bench.md, "Compilers"). The layout (error
 * at offset 0, value at 8) and the registers (a0, a1) are the same.
 */
struct sbiret {
	union {
		struct {
			long error;
			unsigned long value;
		};
		unsigned __int128 registers;
	};
};

static inline struct sbiret sbiret_ok(unsigned long value)
{
	struct sbiret r = { .error = 0, .value = value };
	return r;
}

static inline struct sbiret sbiret_err(long error)
{
	struct sbiret r = { .error = error, .value = 0 };
	return r;
}

#endif
