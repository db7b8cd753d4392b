/* SPDX-License-Identifier: BSD-2-Clause */
/* Base extension (EID 0x10). */
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "sbi_spec.h"

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
