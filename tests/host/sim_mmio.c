/* SPDX-License-Identifier: BSD-2-Clause */
/* Simulated device registers that log every access (tests/host/sim_mmio.h). */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "sim_mmio.h"

#if !defined(__x86_64__) || !defined(__linux__)
#error "sim_mmio decodes x86-64 instructions and Linux signal contexts"
#endif

#define EFLAGS_TF 0x100
#define PF_WRITE  0x2      /* the page fault's error code: the access was a write */

#if defined(__SANITIZE_ADDRESS__)
/* ASan would keep SIGSEGV for itself. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allow_user_segv_handler=1";
}
#endif

static struct sim_mmio *active;
static bool inside;                 /* between the fault and the single step: the pages are open */
static struct {
	bool pending, write;
	uintptr_t offset;
	unsigned int width;
	uint64_t old;
} step;

static void set_access(struct sim_mmio *m, int prot)
{
	mprotect(m->base, m->size, prot);
}

/*
 * The width of the memory operand of the instruction at p, for the forms a
 * compiler uses to load, store or test a volatile register: mov, movzx,
 * movsx, the ALU r/m forms (cmp, test, and, or ...), group 1 and 3
 * immediates. 0: not one of those.
 */
static unsigned int insn_width(const uint8_t *p)
{
	bool opsize16 = false, rexw = false;
	unsigned int full;
	uint8_t op;

	for (;; p++) {
		if (*p == 0x66)
			opsize16 = true;
		else if (!(*p == 0x67 || *p == 0xf0 || *p == 0xf2 || *p == 0xf3 || *p == 0x2e || *p == 0x3e ||
			   *p == 0x26 || *p == 0x36 || *p == 0x64 || *p == 0x65))
			break;
	}
	if ((*p & 0xf0) == 0x40)
		rexw = (*p++ & 8) != 0;
	full = rexw ? 8 : opsize16 ? 2 : 4;
	op = *p;
	if (op == 0x0f)
		return p[1] == 0xb6 || p[1] == 0xbe ? 1 : p[1] == 0xb7 || p[1] == 0xbf ? 2 : 0;
	if (op < 0x40 && (op & 7) < 4)
		return (op & 1) ? full : 1;
	switch (op) {
	case 0x63:
		return 4;
	case 0x80: case 0x84: case 0x86: case 0x88: case 0x8a: case 0xc6: case 0xf6: case 0xfe:
		return 1;
	case 0x81: case 0x83: case 0x85: case 0x87: case 0x89: case 0x8b: case 0xc7: case 0xf7: case 0xff:
		return full;
	default:
		return 0;
	}
}

static uint64_t load(const struct sim_mmio *m, uintptr_t offset, unsigned int width)
{
	uint64_t v = 0;

	memcpy(&v, m->base + offset, width);
	return v;
}

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	struct sim_mmio *m = active;
	uintptr_t a = (uintptr_t)si->si_addr;

	(void)sig;
	if (!m || a < (uintptr_t)m->base || a >= (uintptr_t)m->base + m->size) {
		signal(SIGSEGV, SIG_DFL);           /* a real fault: again, with the default action */
		return;
	}
	step.offset = a - (uintptr_t)m->base;
	step.write = (uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE) != 0;
	step.width = insn_width((const uint8_t *)uc->uc_mcontext.gregs[REG_RIP]);
	if (!step.width || step.offset + step.width > m->size) {
		m->bad++;
		step.width = 1;
	}
	set_access(m, PROT_READ | PROT_WRITE);
	inside = true;
	if (!step.write && m->before_read)
		m->before_read(m, step.offset, step.width);
	step.old = load(m, step.offset, step.width);
	step.pending = true;
	uc->uc_mcontext.gregs[REG_EFL] |= EFLAGS_TF;
}

static void on_trap(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	struct sim_mmio *m = active;

	(void)sig, (void)si;
	uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)EFLAGS_TF;
	if (!step.pending || !m)
		return;
	step.pending = false;
	uint64_t value = load(m, step.offset, step.width);
	if (m->count < SIM_MMIO_LOG_MAX)
		m->log[m->count] = (struct sim_mmio_access){ step.offset, step.width, step.write, value };
	m->count++;
	if (step.write && m->after_write)
		m->after_write(m, step.offset, step.width, value, step.old);
	inside = false;
	set_access(m, PROT_NONE);
}

void sim_mmio_init(struct sim_mmio *m, size_t size)
{
	long page = sysconf(_SC_PAGESIZE);
	struct sigaction sa;

	memset(m, 0, sizeof(*m));
	m->size = (size + (size_t)page - 1) & ~((size_t)page - 1);
	m->base = mmap(NULL, m->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->base == MAP_FAILED) {
		m->base = NULL;
		m->bad++;
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_SIGINFO;
	sa.sa_sigaction = on_segv;
	sigaction(SIGSEGV, &sa, NULL);
	sa.sa_sigaction = on_trap;
	sigaction(SIGTRAP, &sa, NULL);
	active = m;
}

void sim_mmio_free(struct sim_mmio *m)
{
	if (m->base)
		munmap(m->base, m->size);
	m->base = NULL;
	if (active == m)
		active = NULL;
}

void sim_mmio_poke(struct sim_mmio *m, uintptr_t offset, unsigned int width, uint64_t value)
{
	if (!inside)
		set_access(m, PROT_READ | PROT_WRITE);
	memcpy(m->base + offset, &value, width);
	if (!inside)
		set_access(m, PROT_NONE);
}

uint64_t sim_mmio_peek(struct sim_mmio *m, uintptr_t offset, unsigned int width)
{
	uint64_t v;

	if (!inside)
		set_access(m, PROT_READ);
	v = load(m, offset, width);
	if (!inside)
		set_access(m, PROT_NONE);
	return v;
}

void sim_mmio_clear_log(struct sim_mmio *m)
{
	m->count = 0;
}

void sim_mmio_reset(struct sim_mmio *m)
{
	set_access(m, PROT_READ | PROT_WRITE);
	memset(m->base, 0, m->size);
	set_access(m, PROT_NONE);
	m->count = m->bad = 0;
}

bool sim_mmio_logged(const struct sim_mmio *m, unsigned int i, bool write, uintptr_t offset, unsigned int width,
		     uint64_t value)
{
	const struct sim_mmio_access *a;

	if (i >= m->count || i >= SIM_MMIO_LOG_MAX)
		return false;
	a = &m->log[i];
	return a->write == write && a->offset == offset && a->width == width && a->value == value;
}

unsigned int sim_mmio_count_at(const struct sim_mmio *m, uintptr_t offset, unsigned int width, bool writes_only)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < m->count && i < SIM_MMIO_LOG_MAX; i++) {
		const struct sim_mmio_access *a = &m->log[i];
		if (a->offset < offset + width && offset < a->offset + a->width && (a->write || !writes_only))
			n++;
	}
	return n;
}
