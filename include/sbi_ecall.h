/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ecall dispatcher. Each extension is one handler, registered with one
 * line in lib/dispatch/sbi_ecall.c's table. A handler gets a0..a5 and the FID in
 * their original registers and returns the sbiret (a0 = error, a1 = value).
 * A handler may change mepc (mepc already points past the ecall).
 */
#ifndef ABACUS_SBI_ECALL_H
#define ABACUS_SBI_ECALL_H

/* The extension table (lib/dispatch/sbi_ecall.c): slot = (eid * MULT) >> (64 - BITS). */
#define SBI_EXT_HASH_MULT     0x6851bc5490da06eb
#define SBI_EXT_HASH_BITS     5
#define SBI_EXT_ENTRY_SHIFT   5     /* 32-byte entries: eid, handler, name, available */
#define SBI_EXT_ENTRY_HANDLER 8
#define SBI_EXT_TABLE_SLOTS   8     /* sbi_extension_table: hash multiplier, then the slots */
#define SBI_EXT_LEGACY_LAST   0x0f  /* EIDs 0x00-0x0F go to the legacy handler */

#ifndef __ASSEMBLER__

#include "sbi_types.h"

typedef struct sbiret (*sbi_ecall_handler)(unsigned long a0, unsigned long a1, unsigned long a2,
					   unsigned long a3, unsigned long a4, unsigned long a5,
					   unsigned long fid);

#define SBI_ECALL_HANDLER(name) \
	struct sbiret name(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3, \
			   unsigned long a4, unsigned long a5, unsigned long fid)

SBI_ECALL_HANDLER(sbi_ecall_base);
SBI_ECALL_HANDLER(sbi_ecall_legacy);
SBI_ECALL_HANDLER(sbi_ecall_dbcn);
SBI_ECALL_HANDLER(sbi_ecall_srst);
SBI_ECALL_HANDLER(sbi_ecall_pmu);
SBI_ECALL_HANDLER(sbi_ecall_time);
SBI_ECALL_HANDLER(sbi_ecall_ipi);
SBI_ECALL_HANDLER(sbi_ecall_rfence);
SBI_ECALL_HANDLER(sbi_ecall_hsm);
SBI_ECALL_HANDLER(sbi_ecall_sse);
/* The SSE slot: sbi_ecall_sse, then delivery of an event left ready (firmware/trap_entry.S). */
SBI_ECALL_HANDLER(sbi_ecall_sse_entry);
SBI_ECALL_HANDLER(sbi_ecall_fwft);
SBI_ECALL_HANDLER(sbi_ecall_dbtr);
SBI_ECALL_HANDLER(sbi_ecall_test_hooks);   /* test builds only */

#include <stdbool.h>
bool sbi_srst_available(void);
/* DBTR is offered when some hart has Sdtrig triggers (lib/dispatch/sbi_ecall_dbtr.c). */
bool sbi_dbtr_available(void);

/* Called from the trap entry with the ecall's registers. */
struct sbiret sbi_ecall_dispatch(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				 unsigned long a4, unsigned long a5, unsigned long fid, unsigned long eid);
/* Base probe_extension: non-zero when eid is implemented on this platform. */
unsigned long sbi_ecall_probe(unsigned long eid);
/* Prints the extensions provided (boot log). */
void sbi_ecall_log_extensions(void);

#ifdef ABACUS_TEST_HOOKS
/* Harts S-mode released (ABACUS_TEST_RELEASE_HART), one bit per hartid: firmware/boot.c holds them until then. */
extern volatile unsigned long test_hold_released;
/*
 * A platform waker (include/sbi_hsm.h) for the test-hook image: releases a
 * held hart as ABACUS_TEST_RELEASE_HART does, as a board's hart_wake powers
 * one up (bootargs "abacus.hold-wake=MASK", firmware/boot.c).
 */
int test_wake_held_hart(unsigned long hartid, unsigned long from_hartid);
#endif

#endif /* __ASSEMBLER__ */

#endif
