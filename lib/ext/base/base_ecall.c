/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Base extension (EID 0x10): the firmware's identity, and probe_extension,
 * which asks the dispatch table (include/sbi_ecall.h) whether an extension
 * is there and available on this machine; the boot log's list of them.
 */
#include "boot_hooks.h"
#include "console.h"
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "sbi_spec.h"

unsigned long sbi_ecall_probe(unsigned long eid)
{
	const struct sbi_ecall_slot *slot;

	if (eid <= SBI_EXT_LEGACY_LAST)
		return eid <= SBI_EXT_LEGACY_SHUTDOWN;
	slot = sbi_ecall_slot(eid);
	return slot->eid == eid && slot->name && (!slot->available || slot->available());
}

/* The extensions S-mode may use, in the order of their EIDs (the table's order is the hash's). */
void sbi_ecall_log_extensions(void)
{
	unsigned long last = SBI_EXT_LEGACY_LAST;

	console_printf("abacus: SBI extensions  : legacy(0x00-0x08)");
	for (;;) {
		const struct sbi_ecall_slot *next = NULL;

		for (unsigned int i = 0; i < SBI_EXT_TABLE_SIZE; i++) {
			const struct sbi_ecall_slot *slot = &sbi_extension_table.slot[i];

			if (slot->name && slot->eid > last && (!next || slot->eid < next->eid))
				next = slot;
		}
		if (!next)
			break;
		last = next->eid;
		if (sbi_ecall_probe(next->eid))
			console_printf(" %s", next->name);
	}
	console_printf("\n");
}

struct sbiret sbi_ecall_base(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			     unsigned long a4, unsigned long a5, unsigned long fid)
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

SBI_EXTENSION(SBI_EXT_BASE, sbi_ecall_base, "base", NULL);

static void sbi_ext_boot_log(const struct hart_state *self)
{
	(void)self;
	sbi_ecall_log_extensions();
}

/* The list of extensions ends the services' boot log lines. */
BOOT_HOOK(log, 80, sbi_extensions, sbi_ext_boot_log);
