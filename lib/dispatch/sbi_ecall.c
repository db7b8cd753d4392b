/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ecall dispatch by extension ID in O(1), through the table the build
 * generates from the extensions' SBI_EXTENSION() entries (include/sbi_ecall.h,
 * scripts/gen-ecall-table.py). The trap entry calls sbi_ecall_dispatch()
 * with the ecall's registers (firmware/trap_entry.S); the host fuzzers call
 * it too. Legacy EIDs 0x00-0x0F go to one handler, looked up only after the
 * table missed (off the path of every other call).
 */
#include "sbi_ecall.h"
#include "sbi_spec.h"

_Static_assert(sizeof(struct sbi_ecall_slot) == 1 << SBI_EXT_ENTRY_SHIFT, "sbi_ecall_slot size");
_Static_assert(__builtin_offsetof(struct sbi_ecall_slot, handler) == SBI_EXT_ENTRY_HANDLER, "handler offset");
_Static_assert(__builtin_offsetof(struct sbi_ecall_slot, available) == SBI_EXT_ENTRY_AVAILABLE, "available offset");
_Static_assert(__builtin_offsetof(struct sbi_extension_table, slot) == SBI_EXT_TABLE_SLOTS, "slots offset");
_Static_assert(((SBI_EXT_TABLE_SIZE - 1) << SBI_EXT_ENTRY_SHIFT) < 2048, "the slot mask is an andi immediate");

struct sbiret sbi_ecall_dispatch(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				 unsigned long a4, unsigned long a5, unsigned long fid, unsigned long eid)
{
	const char *at = sbi_ecall_slot_at(eid);

	/* The slot's fields at their offsets from `at`, as sbi_ecall_slot() has them. */
	if (*(const unsigned long *)(at + SBI_EXT_TABLE_SLOTS) == eid)
		return (*(const sbi_ecall_fn *)(at + SBI_EXT_TABLE_SLOTS + SBI_EXT_ENTRY_HANDLER))(a0, a1, a2, a3, a4,
												  a5, fid);
	if (eid <= SBI_EXT_LEGACY_LAST)
		return sbi_ecall_legacy(a0, a1, a2, a3, a4, a5, eid);
	return sbiret_err(SBI_ERR_NOT_SUPPORTED);
}

struct sbiret sbi_ecall_legacy_eid0(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				    unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)fid;
	return sbi_ecall_legacy(a0, a1, a2, a3, a4, a5, SBI_EXT_LEGACY_SET_TIMER);
}
