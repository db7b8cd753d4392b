/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running test code in U-, VS- or VU-mode (lower_mode.c, lower_mode.S).
 * One caller at a time (a single saved context): use it from one hart.
 */
#ifndef PAYLOAD_LOWER_MODE_H
#define PAYLOAD_LOWER_MODE_H

#include <stdint.h>

enum lower_mode {
	LOWER_MODE_U,
	LOWER_MODE_VS,      /* needs H */
	LOWER_MODE_VU,      /* needs H */
};

#define HSTATUS_GVA  (1UL << 6)
#define HSTATUS_SPV  (1UL << 7)
#define HSTATUS_SPVP (1UL << 8)

/*
 * Runs fn(arg) in mode and returns its result. Traps the lower mode takes go
 * to payload_trap_handler as usual (it runs in S/HS-mode; sret resumes the
 * lower mode), or with V=1 and the cause set in hedeleg, to VS-mode's
 * lower_mode_vs_vector, which records them in lower_mode_vs_last and steps
 * over the (4-byte) instruction.
 */
unsigned long lower_mode_call(enum lower_mode mode, unsigned long (*fn)(unsigned long), unsigned long arg);

struct lower_mode_vs_trap {
	unsigned long count, scause, sepc, stval, sstatus, saved_t1;
};
extern volatile struct lower_mode_vs_trap lower_mode_vs_last;

/*
 * Probes for lower_mode_call (or to run in S-mode), each one 4-byte
 * instruction a handler that steps over it may skip: a read that trapped
 * returns ~0 (a0 keeps it).
 */
static inline unsigned long read_time(unsigned long unused)
{
	register unsigned long a0 __asm__("a0") = ~0UL;
	(void)unused;
	__asm__ volatile(".option push\n.option norvc\nrdtime a0\n.option pop" : "+r"(a0) : : "memory");
	return a0;
}

/* csrr zero, mstatus: illegal below M-mode. */
static inline unsigned long read_mstatus(unsigned long unused)
{
	(void)unused;
	__asm__ volatile(".option push\n.option norvc\n.4byte 0x30002073\n.option pop" ::: "memory");
	return 0;
}

static inline unsigned long load_word(unsigned long addr)
{
	unsigned long v = ~0UL;
	__asm__ volatile(".option push\n.option norvc\nld %0, 0(%1)\n.option pop" : "+&r"(v) : "r"(addr) : "memory");
	return v;
}

#endif
