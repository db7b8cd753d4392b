// SPDX-License-Identifier: BSD-2-Clause
/*
 * User shadow stacks (Zicfiss) on Linux 7.2 (RISCV_USER_CFI), through the
 * kernel's ABI (Documentation/arch/riscv/zicfiss.rst): the prctls
 * PR_{GET,SET}_SHADOW_STACK_STATUS, map_shadow_stack, the ssp CSR, and
 * SIGSEGV / SEGV_CPERR on a return-address mismatch.
 *
 * The firmware's part: at boot every hart asks for SBI FWFT SHADOW_STACK
 * (menvcfg.SSE, with LOCK); without it S-mode cannot touch shadow stack
 * memory and Linux turns user shadow stacks off (PR_GET answers EINVAL).
 * With it, the kernel's own shadow stack accesses work (map_shadow_stack's
 * restore token, the token a signal frame pushes), and the traps reach
 * S-mode: the software check exception of sspopchk, and the store access
 * fault of a plain store to a shadow stack page.
 *
 * Everything that changes the process's shadow stack state runs in a
 * child (init itself stays as it was); the traps run in grandchildren,
 * which record what their SIGSEGV handler saw in shared memory.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "linux_test.h"

/* Linux 7.2's uapi (include/uapi/linux/prctl.h, asm-generic): Debian 12's headers predate them. */
#ifndef PR_GET_SHADOW_STACK_STATUS
#define PR_GET_SHADOW_STACK_STATUS 74
#define PR_SET_SHADOW_STACK_STATUS 75
#define PR_SHADOW_STACK_ENABLE     (1UL << 0)
#endif
#ifndef SEGV_CPERR
#define SEGV_CPERR 10
#endif
#define NR_MAP_SHADOW_STACK    453
#define SHADOW_STACK_SET_TOKEN (1UL << 0)

void shstk_push_pop(unsigned long out[5]);
void shstk_mismatch(void);
extern const char shstk_mismatch_check[];
void shstk_plain_store(unsigned long *addr, unsigned long value);
extern const char shstk_plain_store_insn[];

/* What a grandchild's SIGSEGV handler saw. */
struct segv_seen {
	int signo, code;
	unsigned long addr;
	unsigned long value_after;   /* the doubleword at the store's address, read in the handler */
};

/* What the child did with its shadow stack on. */
struct shstk_run {
	long set_ret, set_errno, get_ret;
	unsigned long status;
	unsigned long sigills;        /* illegal instructions in shstk_push_pop (ssp unreadable) */
	unsigned long probe[5];       /* shstk_push_pop's out[] */
	long map_addr;
	unsigned long map_token;
	int mismatch_status, store_status;   /* the grandchildren's wait status */
	struct segv_seen mismatch, store;
	unsigned long store_addr, store_before;
};

static struct segv_seen *segv_out;
static volatile unsigned long *segv_probe_addr;

static void segv_handler(int sig, siginfo_t *info, void *ctx)
{
	(void)ctx;
	segv_out->signo = sig;
	segv_out->code = info->si_code;
	segv_out->addr = (unsigned long)info->si_addr;
	if (segv_probe_addr)
		segv_out->value_after = *segv_probe_addr;
	_exit(0);
}

/* Runs fn(arg) in a grandchild whose SIGSEGV is recorded in *seen; its wait status. */
static int run_faulting(struct segv_seen *seen, void (*fn)(void *), void *arg)
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		struct sigaction sa;

		memset(&sa, 0, sizeof sa);
		segv_out = seen;
		sa.sa_sigaction = segv_handler;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, NULL);
		fn(arg);
		_exit(3);   /* no fault */
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	return status;
}

static void do_mismatch(void *arg)
{
	(void)arg;
	shstk_mismatch();
}

static void do_store(void *arg)
{
	unsigned long probe[5];

	/* After fork the page is copy-on-write (read-only): a shadow stack
	 * store (sspush) makes it the grandchild's own shadow stack page
	 * again, so that the plain store below meets a shadow stack page
	 * (store access fault), not a read-only one (store page fault). */
	shstk_push_pop(probe);
	segv_probe_addr = arg;
	shstk_plain_store(arg, 0x5a5a5a5a5a5a5a5aUL);
}

/* The child: shadow stack on, then everything below; results in *r. */
static void shstk_child(struct shstk_run *r)
{
	unsigned long before;

	r->set_ret = prctl(PR_SET_SHADOW_STACK_STATUS, PR_SHADOW_STACK_ENABLE, 0, 0, 0);
	r->set_errno = r->set_ret ? errno : 0;
	r->get_ret = prctl(PR_GET_SHADOW_STACK_STATUS, &r->status, 0, 0, 0);
	if (r->set_ret)
		return;
	before = sigill_skipped();
	shstk_push_pop(r->probe);
	r->sigills = sigill_skipped() - before;

	r->map_addr = syscall(NR_MAP_SHADOW_STACK, 0UL, 4096UL, SHADOW_STACK_SET_TOKEN);
	if (r->map_addr > 0)
		r->map_token = *(volatile unsigned long *)(r->map_addr + 4096 - 8);

	r->mismatch_status = run_faulting(&r->mismatch, do_mismatch, NULL);
	/* A plain store into the active shadow stack, just below its top. */
	if (r->probe[0] && !r->sigills) {
		r->store_addr = r->probe[0] - 16;
		r->store_before = *(volatile unsigned long *)r->store_addr;
		r->store_status = run_faulting(&r->store, do_store, (void *)r->store_addr);
	}
}

void run_shadow_stack_checks(void)
{
	struct shstk_run *r;
	unsigned long status = ~0UL;
	long get_ret = prctl(PR_GET_SHADOW_STACK_STATUS, &status, 0, 0, 0);
	int get_errno = get_ret ? errno : 0;
	int child_status = -1;
	pid_t pid;

	if (!check(get_ret == 0 && status == 0, "shstk-available",
		   "PR_GET_SHADOW_STACK_STATUS: %ld (%s), status %#lx: the kernel has user shadow stacks "
		   "off (no Zicfiss, or the firmware refused FWFT SHADOW_STACK at boot)",
		   get_ret, strerror(get_errno), status))
		return;
	r = mmap(NULL, sizeof *r, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r == MAP_FAILED) {
		check(false, "shstk-enable", "mmap: %s", strerror(errno));
		return;
	}
	memset(r, 0, sizeof *r);
	pid = fork();
	if (pid == 0) {
		shstk_child(r);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &child_status, 0);
	check(WIFEXITED(child_status) && WEXITSTATUS(child_status) == 0, "shstk-child",
	      "the child with a shadow stack ended with wait status %#x", child_status);

	if (!check(r->set_ret == 0 && r->get_ret == 0 && r->status == PR_SHADOW_STACK_ENABLE, "shstk-enable",
		   "PR_SET_SHADOW_STACK_STATUS(ENABLE): %ld (%s); PR_GET: %ld, status %#lx",
		   r->set_ret, strerror((int)r->set_errno), r->get_ret, r->status)) {
		munmap(r, sizeof *r);
		return;
	}
	note("shadow stack: ssp %#lx on entry, %#lx after sspush (holds %#lx, ra %#lx), %#lx after sspopchk",
	     r->probe[0], r->probe[1], r->probe[2], r->probe[4], r->probe[3]);
	check(r->sigills == 0 && r->probe[0] != 0 && r->probe[0] % 8 == 0, "shstk-ssp-readable",
	      "%lu illegal instructions reading ssp, ssp %#lx", r->sigills, r->probe[0]);
	check(r->sigills == 0 && r->probe[1] == r->probe[0] - 8 && r->probe[2] == r->probe[4] &&
	      r->probe[3] == r->probe[0], "shstk-push-pop",
	      "sspush ra: ssp %#lx -> %#lx, holding %#lx for ra %#lx; sspopchk: ssp %#lx",
	      r->probe[0], r->probe[1], r->probe[2], r->probe[4], r->probe[3]);
	/* The kernel writes the token with ssamoswap: S-mode shadow stack access (menvcfg.SSE). */
	check(r->map_addr > 0 && r->map_token == (unsigned long)r->map_addr + 4096, "shstk-map-token",
	      "map_shadow_stack(4096, SET_TOKEN): %ld, token %#lx (want the address of its top, %#lx)",
	      r->map_addr, r->map_token, (unsigned long)r->map_addr + 4096);
	check(r->mismatch.signo == SIGSEGV && r->mismatch.code == SEGV_CPERR &&
	      r->mismatch.addr == (unsigned long)shstk_mismatch_check, "shstk-mismatch-sigsegv",
	      "sspopchk with a changed ra: wait status %#x, signal %d code %d at %#lx (want SIGSEGV, "
	      "SEGV_CPERR %d at %p)", r->mismatch_status, r->mismatch.signo, r->mismatch.code,
	      r->mismatch.addr, SEGV_CPERR, (const void *)shstk_mismatch_check);
	check(r->store.signo == SIGSEGV && r->store.code == SEGV_ACCERR &&
	      r->store.addr == (unsigned long)shstk_plain_store_insn && r->store.value_after == r->store_before,
	      "shstk-store-denied", "plain store to the shadow stack at %#lx: wait status %#x, signal %d "
	      "code %d at pc %#lx (want SIGSEGV, SEGV_ACCERR at %p), value %#lx after (was %#lx)",
	      r->store_addr, r->store_status, r->store.signo, r->store.code, r->store.addr,
	      (const void *)shstk_plain_store_insn, r->store.value_after, r->store_before);
	munmap(r, sizeof *r);
}
