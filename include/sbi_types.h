/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_SBI_TYPES_H
#define ABACUS_SBI_TYPES_H

/* The pair every SBI call returns in a0 (error) and a1 (value). */
struct sbiret {
	long error;
	unsigned long value;
};

static inline struct sbiret sbiret_ok(unsigned long value)
{
	struct sbiret r = { 0, value };
	return r;
}

static inline struct sbiret sbiret_err(long error)
{
	struct sbiret r = { error, 0 };
	return r;
}

#endif
