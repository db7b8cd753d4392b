/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMP CSRs of the calling hart: probing (how many entries, what
 * granularity) and writing a pmp_plan() layout (include/pmp.h).
 *
 * A CSR number is part of the instruction, so pmpaddr<i> and pmpcfg<k> are
 * reached through a table of 64 (or 8) two-instruction entries, as the PMU's
 * CSR layer does (lib/ext/pmu/pmu_hw.h): the access, then a jump past the
 * table. Accesses run between trap_expect_begin() and trap_expect_end(): a
 * CSR the hart lacks traps, the probe vector skips the 4-byte access, and
 * the caller learns it from the return value.
 */
#include "riscv_csr.h"
#include "pmp.h"
#include "trap_expect.h"

#define PMP_TABLE(count_list, access) \
	".option push\n\t.option norvc\n\t.option norelax\n\t" \
	"auipc %[target], 0\n\t" \
	"slli %[offset], %[index], 3\n\t" \
	"add %[target], %[target], %[offset]\n\t" \
	"jr 16(%[target])\n\t" \
	".irp n, " count_list "\n\t" \
	access "\n\t" \
	"j 2f\n\t" \
	".endr\n" \
	"2:\n\t" \
	".option pop"

#define PMP_ADDR_LIST "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31," \
	"32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63"
/* RV64: pmpcfg0, 2, ..., 14, eight entries each; table slot k is pmpcfg 2k. */
#define PMP_CFG_LIST "0,2,4,6,8,10,12,14"

static __attribute__((noinline)) bool pmpaddr_write(unsigned int i, unsigned long value)
{
	unsigned long offset, target;

	trap_expect_begin();
	__asm__ __volatile__(PMP_TABLE(PMP_ADDR_LIST, "csrw 0x3b0 + \\n, %[value]")
			     : [offset] "=&r"(offset), [target] "=&r"(target)
			     : [index] "r"((unsigned long)(i & 63)), [value] "r"(value)
			     : "memory");
	return !trap_expect_end();
}

static __attribute__((noinline)) bool pmpaddr_read(unsigned int i, unsigned long *value)
{
	unsigned long offset, target, v = 0;

	trap_expect_begin();
	__asm__ __volatile__(PMP_TABLE(PMP_ADDR_LIST, "csrr %[v], 0x3b0 + \\n")
			     : [offset] "=&r"(offset), [target] "=&r"(target), [v] "+&r"(v)
			     : [index] "r"((unsigned long)(i & 63))
			     : "memory");
	if (trap_expect_end())
		return false;
	*value = v;
	return true;
}

static __attribute__((noinline)) bool pmpcfg_write(unsigned int k, unsigned long value)
{
	unsigned long offset, target;

	trap_expect_begin();
	__asm__ __volatile__(PMP_TABLE(PMP_CFG_LIST, "csrw 0x3a0 + \\n, %[value]")
			     : [offset] "=&r"(offset), [target] "=&r"(target)
			     : [index] "r"((unsigned long)(k & 7)), [value] "r"(value)
			     : "memory");
	return !trap_expect_end();
}

static __attribute__((noinline)) bool pmpcfg_read(unsigned int k, unsigned long *value)
{
	unsigned long offset, target, v = 0;

	trap_expect_begin();
	__asm__ __volatile__(PMP_TABLE(PMP_CFG_LIST, "csrr %[v], 0x3a0 + \\n")
			     : [offset] "=&r"(offset), [target] "=&r"(target), [v] "+&r"(v)
			     : [index] "r"((unsigned long)(k & 7))
			     : "memory");
	if (trap_expect_end())
		return false;
	*value = v;
	return true;
}

void pmp_probe(unsigned int *entries, unsigned long *granule)
{
	unsigned long v;
	unsigned int n = 0;

	*entries = 0;
	*granule = 0;
	/* Entries are implemented from 0 up; a missing one traps or reads 0. */
	for (unsigned int k = 0; k < 8; k++)
		if (!pmpcfg_write(k, 0))
			break;
	for (; n < PMP_MAX_ENTRIES; n++) {
		if (!pmpaddr_write(n, ~0UL) || !pmpaddr_read(n, &v) || v == 0)
			break;
		if (n == 0)
			*granule = 1UL << (__builtin_ctzl(v) + 2);   /* G low bits read 0 (mode OFF) */
		pmpaddr_write(n, 0);
	}
	*entries = n;
}

/* pmp_plan()'s entries, written as they come; the pmpcfg bytes are gathered for the end. */
struct pmp_writer {
	unsigned long cfg[PMP_MAX_ENTRIES / 8];
	bool ok;
};

static void pmp_write_entry(void *ctx, unsigned int i, unsigned long addr, uint8_t cfg)
{
	struct pmp_writer *w = ctx;

	if (!pmpaddr_write(i, addr))
		w->ok = false;
	w->cfg[i / 8] |= (unsigned long)cfg << (8 * (i % 8));
}

void pmp_deny(const struct memory_region *regions, unsigned int n, unsigned int entries,
	      unsigned long granule, unsigned int *denied)
{
	struct pmp_writer w = { { 0 }, true };
	unsigned int used, planned;

	*denied = 0;
	/* Everything OFF first, so no half-written layout is ever in force. */
	for (unsigned int k = 0; k < (entries + 7) / 8; k++)
		if (!pmpcfg_write(k, 0))
			return;
	planned = pmp_plan(regions, n, entries, granule, pmp_write_entry, &w, &used);
	if (!w.ok || !used)
		return;
	/* Read back: a previous boot stage may have locked entries (writes ignored). */
	for (unsigned int k = 0; k < (used + 7) / 8; k++) {
		unsigned long got;
		if (!pmpcfg_write(k, w.cfg[k]) || !pmpcfg_read(k, &got) || got != w.cfg[k])
			return;
	}
	__asm__ __volatile__("sfence.vma" ::: "memory");
	*denied = planned;
}
