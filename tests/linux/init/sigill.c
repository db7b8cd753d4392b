// SPDX-License-Identifier: BSD-2-Clause
/*
 * Illegal instructions on purpose: each one traps to the firmware (Abacus
 * keeps illegal-instruction traps in M-mode, for emulation), which counts
 * SBI_PMU_FW_ILLEGAL_INSN on the hart and hands it to Linux, which sends
 * SIGILL; the handler steps over it. So n of them are exactly n firmware
 * events, on any number of CPUs, with or without -icount.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#include "linux_test.h"

static volatile unsigned long skipped;

static void sigill_handler(int sig, siginfo_t *info, void *context)
{
	ucontext_t *uc = context;

	(void)sig, (void)info;
	uc->uc_mcontext.__gregs[REG_PC] += 4;   /* every instruction used here is 4 bytes */
	skipped++;
}

void sigill_skip_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = sigill_handler;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, NULL);
}

unsigned long sigill_skipped(void)
{
	return skipped;
}

void illegal_instructions(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		__asm__ __volatile__(".4byte 0xc0001073" ::: "memory");   /* csrrw zero, cycle, zero */
}
