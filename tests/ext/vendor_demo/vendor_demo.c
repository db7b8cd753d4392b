/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A made-up vendor extension, to show (and test) that an extension is one
 * folder: built in with `make EXTRA_EXT_DIRS=tests/ext/vendor_demo`
 * (build/generic-vendor_demo/), nothing else edited. The SBI spec's vendor
 * space is EIDs 0x09000000-0x09FFFFFF, the low 24 bits those of mvendorid
 * (chapter "Vendor Specific Extension Space"): 0 here, which is what QEMU's
 * virt harts report, so the extension is offered where mvendorid's low 24
 * bits are 0 and refused elsewhere.
 *
 * One function: VENDOR_DEMO_ADD returns a0 + a1. Any other FID, or the
 * call on a machine of another vendor, is SBI_ERR_NOT_SUPPORTED
 * (tests/payloads/vendor_ext.c checks each).
 */
#include <stdbool.h>
#include "riscv_csr.h"
#include "sbi_ecall.h"
#include "sbi_spec.h"

#define VENDOR_DEMO_EID 0x09000000UL
#define VENDOR_DEMO_ADD 0

bool vendor_demo_available(void)
{
	return (csr_read(CSR_MVENDORID) & 0xffffff) == (VENDOR_DEMO_EID & 0xffffff);
}

struct sbiret sbi_ecall_vendor_demo(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
				    unsigned long a4, unsigned long a5, unsigned long fid)
{
	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != VENDOR_DEMO_ADD || !vendor_demo_available())
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	return sbiret_ok(a0 + a1);
}

SBI_EXTENSION(VENDOR_DEMO_EID, sbi_ecall_vendor_demo, "vendor-demo", vendor_demo_available);
