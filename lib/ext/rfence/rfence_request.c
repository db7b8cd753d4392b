/* SPDX-License-Identifier: BSD-2-Clause */
/* Building a remote fence request and cutting its range into pages (lib/ext/rfence/rfence.h). */
#include "riscv_csr.h"
#include "rfence/rfence.h"
#include "sbi_spec.h"

void rfence_request_init(struct rfence_request *req, unsigned long fid, unsigned long start, unsigned long size,
			 unsigned long asid_vmid, unsigned long caller_hgatp)
{
	*req = (struct rfence_request){ .type = fid, .start = start, .size = size };
	switch (fid) {
	case SBI_RFENCE_REMOTE_SFENCE_VMA_ASID:
		req->asid = asid_vmid;
		break;
	case SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID:
		req->vmid = asid_vmid;
		break;
	case SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID:
		req->asid = asid_vmid;
		req->vmid = (caller_hgatp >> HGATP_VMID_SHIFT) & HGATP_VMID_MASK;
		break;
	case SBI_RFENCE_REMOTE_HFENCE_VVMA:
		req->vmid = (caller_hgatp >> HGATP_VMID_SHIFT) & HGATP_VMID_MASK;
		break;
	default:
		break;
	}
}

struct rfence_pages rfence_pages_of(unsigned long start, unsigned long size)
{
	struct rfence_pages p = { 0, 0, false };
	unsigned long last;

	if ((start == 0 && size == 0) || size == ~0UL) {
		p.full = true;
		return p;
	}
	if (size == 0)
		return p;
	last = start + (size - 1);               /* the range's last byte */
	if (last < start) {                      /* wraps past the top */
		p.full = true;
		return p;
	}
	p.first = start & ~(RFENCE_PAGE_SIZE - 1);
	p.count = ((last & ~(RFENCE_PAGE_SIZE - 1)) - p.first) / RFENCE_PAGE_SIZE + 1;
	if (p.count > RFENCE_MAX_PAGES) {
		p.full = true;
		p.count = 0;
		p.first = 0;
	}
	return p;
}
