/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI extensions and the ecall dispatch (docs/architecture.md, "Adding an
 * extension").
 *
 * An extension is a handler, declared where it is defined with one
 * SBI_EXTENSION() entry. A handler gets a0..a5 and the FID in their own
 * registers and returns the sbiret (a0 = error, a1 = value); it may change
 * mepc, which already points past the ecall.
 *
 * The build gathers the entries from the objects and generates the table the
 * dispatch looks EIDs up in (scripts/gen-ecall-table.py): the high 64 bits
 * of eid * hash_mult pick one of SBI_EXT_TABLE_SIZE slots, the multiplier
 * chosen by the script so that every extension of the build has a slot of
 * its own. sbi_ecall_slot() is the lookup: for the dispatch
 * (sbi_ecall_dispatch(), lib/dispatch/sbi_ecall.c, which the trap entry
 * calls with the ecall's registers) and for the base extension's probe.
 */
#ifndef ABACUS_SBI_ECALL_H
#define ABACUS_SBI_ECALL_H

/* The table's layout, which scripts/stack-check.py reads the handlers from. */
#define SBI_EXT_HASH_BITS     5     /* 32 slots: scripts/gen-ecall-table.py says when they are too few */
#define SBI_EXT_TABLE_SIZE    (1 << SBI_EXT_HASH_BITS)
#define SBI_EXT_ENTRY_SHIFT   5     /* 32-byte slots: eid, handler, name, available */
#define SBI_EXT_ENTRY_HANDLER 8
#define SBI_EXT_ENTRY_AVAILABLE 24
#define SBI_EXT_TABLE_SLOTS   8     /* sbi_extension_table: the hash multiplier, then the slots */
#define SBI_EXT_LEGACY_LAST   0x0f  /* EIDs 0x00-0x0F go to the legacy handler */

#ifdef __ASSEMBLER__
/*
 * SBI_EXTENSION for a handler written in assembly: the same entry as the C
 * macro below (eid, handler, name, no availability check), its name in a
 * section of its own that the image drops with the entries.
 */
.macro SBI_EXTENSION eid, handler, name
	.pushsection abacus_sbi_ext, "a"
	.balign 8
	.globl sbi_ext_\handler
sbi_ext_\handler:
	.dword \eid, \handler, 9990f, 0
	.popsection
	.pushsection abacus_sbi_ext_names, "a"
9990:	.asciz "\name"
	.popsection
.endm
#else

#include <stdbool.h>
#include <stddef.h>
#include "sbi_types.h"

typedef struct sbiret (*sbi_ecall_fn)(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				      unsigned long a4, unsigned long a5, unsigned long fid);

/* An extension (one EID), as SBI_EXTENSION() declares it. */
struct sbi_ext {
	unsigned long eid;
	sbi_ecall_fn handler;
	const char *name;             /* in the boot log's list */
	bool (*available)(void);      /* NULL: always; else false when this machine cannot provide it */
};

#if defined(__clang__)
#define SBI_EXT_NO_ASAN __attribute__((no_sanitize("address")))   /* host fuzzers: no redzones in the section */
#else
#define SBI_EXT_NO_ASAN
#endif
/*
 * Declares the extension eid, served by handler (a function of the type of
 * sbi_ecall_fn, not static), named name in the boot log, offered when
 * available() (not static) says so (NULL: always). At file scope, in the
 * handler's file. The build reads the entry from the object; the image
 * keeps only the table made of it (firmware/abacus.ld).
 */
#define SBI_EXTENSION(eid_, handler_, name_, available_) \
	const struct sbi_ext sbi_ext_##handler_ __attribute__((used, section("abacus_sbi_ext"), aligned(8))) \
		SBI_EXT_NO_ASAN = { (eid_), (handler_), (name_), (available_) }

/*
 * The generated table: hash_mult, then the slots, each an extension's
 * entry. An empty slot holds EID 0 and the handler of legacy EID 0
 * (set_timer), no name: EID 0 is the only one that matches it, and any EID
 * that hashes to an occupied slot it does not own misses.
 */
struct sbi_ecall_slot {
	unsigned long eid;
	sbi_ecall_fn handler;
	const char *name;             /* NULL in an empty slot */
	bool (*available)(void);
};

struct sbi_extension_table {
	unsigned long hash_mult;
	struct sbi_ecall_slot slot[SBI_EXT_TABLE_SIZE];
};

extern const struct sbi_extension_table sbi_extension_table;   /* generated */

/*
 * The one lookup: the table's address plus the byte offset of the slot eid
 * hashes to, minus SBI_EXT_TABLE_SLOTS (the slot holds eid, another
 * extension, or is empty). The address is taken once, in a register (the
 * empty asm): the multiplier and the slot are read from it, their offsets
 * each a load's immediate (docs/bench.md).
 */
static inline const char *sbi_ecall_slot_at(unsigned long eid)
{
	const char *table = (const char *)&sbi_extension_table;
	unsigned long hash;

	__asm__("" : "+r"(table));
	hash = (unsigned long)(((unsigned __int128)eid * *(const unsigned long *)table) >> 64);
	return table + (hash & ((SBI_EXT_TABLE_SIZE - 1) << SBI_EXT_ENTRY_SHIFT));
}

static inline const struct sbi_ecall_slot *sbi_ecall_slot(unsigned long eid)
{
	return (const struct sbi_ecall_slot *)(sbi_ecall_slot_at(eid) + SBI_EXT_TABLE_SLOTS);
}

/*
 * A handler's test for one of its hot FIDs, before it hands the rest to a
 * function of their own: a compare and a branch each, which no compiler
 * turns into a jump table (the constant goes through an empty asm, in a7,
 * which a handler does not use: docs/bench.md, "Compilers").
 */
#ifdef __riscv
static inline bool sbi_fid_is(unsigned long fid, unsigned long want)
{
	register unsigned long w __asm__("a7") = want;

	__asm__ volatile("" : "+r"(w));
	return fid == w;
}
#else
static inline bool sbi_fid_is(unsigned long fid, unsigned long want)
{
	return fid == want;   /* host builds (tests, fuzzers) */
}
#endif

/* Dispatches an ecall: a0..a5, fid (a6) and eid (a7) as S-mode passed them. */
struct sbiret sbi_ecall_dispatch(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				 unsigned long a4, unsigned long a5, unsigned long fid, unsigned long eid);
/* Base probe_extension (lib/ext/base/): 1 when eid is implemented and available on this machine, else 0. */
unsigned long sbi_ecall_probe(unsigned long eid);
/* Prints the extensions provided (boot log; lib/ext/base/). */
void sbi_ecall_log_extensions(void);
/* The legacy extensions' handler (lib/ext/legacy/): its 7th argument is the EID. */
struct sbiret sbi_ecall_legacy(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			       unsigned long a4, unsigned long a5, unsigned long eid);
/* Legacy EID 0 (set_timer) as an empty slot of the table serves it. */
struct sbiret sbi_ecall_legacy_eid0(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				    unsigned long a4, unsigned long a5, unsigned long fid);

#ifdef ABACUS_TEST_HOOKS
/* Harts S-mode released (ABACUS_TEST_RELEASE_HART), one bit per hartid: firmware/boot.c holds them until then. */
extern volatile unsigned long test_hold_released;
/*
 * A platform waker (include/hart_run.h) for the test-hook image: releases a
 * held hart as ABACUS_TEST_RELEASE_HART does, as a board's hart_wake powers
 * one up (bootargs "abacus.hold-wake=MASK", firmware/boot.c).
 */
int test_wake_held_hart(unsigned long hartid, unsigned long from_hartid);
#endif

#endif /* __ASSEMBLER__ */

#endif
