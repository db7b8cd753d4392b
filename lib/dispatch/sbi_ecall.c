/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ecall dispatch by extension ID in O(1): a multiplicative hash of the EID
 * picks one of 32 slots, filled at compile time. Two extensions landing in
 * one slot is a build error (-Woverride-init), so the table stays perfect;
 * the constant was found by a random search so that every extension of SBI
 * 3.0 (BASE, TIME, IPI, RFNC, HSM, SRST, PMU, DBCN, SUSP, CPPC, NACL, STA,
 * SSE, FWFT, DBTR, MPXY) and Abacus's firmware-specific EID 0x0A00ABAC each
 * have a slot of their own. Legacy EIDs 0x00-0x0F go to one handler: the
 * trap entry looks them up only after the table missed (off the path of
 * every other call), which works because no slot holds a legacy EID but
 * slot 0: EID 0 always hashes there (0 * MULT = 0), unregistered slots hold
 * 0, and slot 0 is given EID 0 (legacy set_timer) itself.
 *
 * firmware/trap_entry.S performs this lookup inline on the ecall path.
 *
 * Adding an extension is one line in sbi_extensions[] below. The base
 * extension (EID 0x10) is the dispatcher's own, here: its probe_extension
 * reads this table.
 */
#include <stdbool.h>
#include "console.h"
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "sbi_spec.h"

#define SBI_EXT_SLOT(eid)  (((unsigned long)(eid) * (unsigned long)SBI_EXT_HASH_MULT) >> (64 - SBI_EXT_HASH_BITS))

struct sbi_extension {
	unsigned long eid;
	sbi_ecall_handler handler;
	const char *name;
	/* Optional: false when this platform cannot provide the extension. */
	bool (*available)(void);
};

/* The layout firmware/trap_entry.S relies on. */
_Static_assert(sizeof(struct sbi_extension) == 1 << SBI_EXT_ENTRY_SHIFT, "sbi_extension size");
_Static_assert(__builtin_offsetof(struct sbi_extension, handler) == SBI_EXT_ENTRY_HANDLER, "handler offset");

/*
 * The table as the trap entry reads it: the hash multiplier, then the
 * slots, so one address serves both (one instruction less per ecall).
 */
struct sbi_extension_table {
	unsigned long hash_mult;
	struct sbi_extension slot[1 << SBI_EXT_HASH_BITS];
};
_Static_assert(__builtin_offsetof(struct sbi_extension_table, slot) == SBI_EXT_TABLE_SLOTS, "slots offset");

#define SBI_EXTENSION(id, fn, str) [SBI_EXT_SLOT(id)] = { .eid = (id), .handler = (fn), .name = (str) }
#define SBI_EXTENSION_IF(id, fn, str, avail) \
	[SBI_EXT_SLOT(id)] = { .eid = (id), .handler = (fn), .name = (str), .available = (avail) }

/* Slot 0: legacy EID 0 (set_timer) as the trap entry finds it (see above). */
static SBI_ECALL_HANDLER(sbi_ecall_legacy_eid0)
{
	(void)fid;
	return sbi_ecall_legacy(a0, a1, a2, a3, a4, a5, SBI_EXT_LEGACY_SET_TIMER);
}

_Static_assert(SBI_EXT_SLOT(SBI_EXT_LEGACY_SET_TIMER) == 0, "legacy EID 0 hashes to slot 0");

/* Base extension (EID 0x10). */
SBI_ECALL_HANDLER(sbi_ecall_base)
{
	(void)a1, (void)a2, (void)a3, (void)a4, (void)a5;
	switch (fid) {
	case SBI_BASE_GET_SPEC_VERSION:
		return sbiret_ok((SBI_SPEC_VERSION_MAJOR << 24) | SBI_SPEC_VERSION_MINOR);
	case SBI_BASE_GET_IMPL_ID:
		return sbiret_ok(SBI_IMPL_ID_ABACUS);
	case SBI_BASE_GET_IMPL_VERSION:
		return sbiret_ok(SBI_IMPL_VERSION);
	case SBI_BASE_PROBE_EXT:
		return sbiret_ok(sbi_ecall_probe(a0));
	case SBI_BASE_GET_MVENDORID:
		return sbiret_ok(csr_read(CSR_MVENDORID));
	case SBI_BASE_GET_MARCHID:
		return sbiret_ok(csr_read(CSR_MARCHID));
	case SBI_BASE_GET_MIMPID:
		return sbiret_ok(csr_read(CSR_MIMPID));
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}


const struct sbi_extension_table sbi_extension_table = {
	.hash_mult = SBI_EXT_HASH_MULT,
	.slot = {
	SBI_EXTENSION(SBI_EXT_LEGACY_SET_TIMER, sbi_ecall_legacy_eid0, NULL),
	SBI_EXTENSION(SBI_EXT_BASE, sbi_ecall_base, "base"),
	SBI_EXTENSION(SBI_EXT_PMU, sbi_ecall_pmu, "pmu"),
	SBI_EXTENSION(SBI_EXT_TIME, sbi_ecall_time, "time"),
	SBI_EXTENSION(SBI_EXT_IPI, sbi_ecall_ipi, "ipi"),
	SBI_EXTENSION(SBI_EXT_RFENCE, sbi_ecall_rfence, "rfence"),
	SBI_EXTENSION(SBI_EXT_HSM, sbi_ecall_hsm, "hsm"),
	SBI_EXTENSION_IF(SBI_EXT_SRST, sbi_ecall_srst, "srst", sbi_srst_available),
	SBI_EXTENSION(SBI_EXT_DBCN, sbi_ecall_dbcn, "dbcn"),
	SBI_EXTENSION(SBI_EXT_SSE, sbi_ecall_sse_entry, "sse"),   /* lib/dispatch/sbi_ecall_sse_entry.S */
	SBI_EXTENSION(SBI_EXT_FWFT, sbi_ecall_fwft, "fwft"),
	SBI_EXTENSION_IF(SBI_EXT_DBTR, sbi_ecall_dbtr, "dbtr", sbi_dbtr_available),
#ifdef ABACUS_TEST_HOOKS
	SBI_EXTENSION(SBI_EXT_FIRMWARE_ABACUS, sbi_ecall_test_hooks, "TEST-HOOKS"),
#endif
	},
};
#define sbi_extensions (sbi_extension_table.slot)

/*
 * The same lookup as firmware/trap_entry.S does inline on every ecall; this C
 * version serves the host unit tests and fuzzers.
 */
struct sbiret sbi_ecall_dispatch(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				 unsigned long a4, unsigned long a5, unsigned long fid, unsigned long eid)
{
	const struct sbi_extension *ext = &sbi_extensions[SBI_EXT_SLOT(eid)];

	if (eid <= SBI_EXT_LEGACY_LAST)
		return sbi_ecall_legacy(a0, a1, a2, a3, a4, a5, eid);
	if (ext->eid != eid)       /* unregistered slots hold eid 0, a legacy EID */
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	return ext->handler(a0, a1, a2, a3, a4, a5, fid);
}

unsigned long sbi_ecall_probe(unsigned long eid)
{
	if (eid <= SBI_EXT_LEGACY_SHUTDOWN)
		return 1;
	if (eid <= 0x0f)
		return 0;
	const struct sbi_extension *ext = &sbi_extensions[SBI_EXT_SLOT(eid)];

	return ext->eid == eid && (!ext->available || ext->available());
}

void sbi_ecall_log_extensions(void)
{
	sbi_printf("abacus: SBI extensions  : legacy(0x00-0x08)");
	for (unsigned int i = 0; i < sizeof(sbi_extensions) / sizeof(sbi_extensions[0]); i++)
		if (sbi_extensions[i].eid > SBI_EXT_LEGACY_LAST && sbi_ecall_probe(sbi_extensions[i].eid))
			sbi_printf(" %s", sbi_extensions[i].name);
	sbi_printf("\n");
}
