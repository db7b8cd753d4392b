/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Remote fence requests (lib/ext/rfence/rfence.c): what one hart asks another
 * to flush, and which pages an address range covers. Pure, so the rules are
 * unit-tested on the host (tests/host/rfence/test_rfence.c).
 */
#ifndef ABACUS_RFENCE_H
#define ABACUS_RFENCE_H

#include <stdbool.h>
#include "sbi_types.h"

#define RFENCE_PAGE_SIZE 4096UL
/* Above this many pages a ranged flush costs more than a full one. */
#define RFENCE_MAX_PAGES 64

struct rfence_request {
	unsigned long type;          /* SBI_RFENCE_* function id */
	unsigned long start, size;
	unsigned long asid;          /* SFENCE.VMA_ASID, HFENCE.VVMA_ASID */
	unsigned long vmid;          /* HFENCE.GVMA_VMID: the caller's; HFENCE.VVMA*: the caller's hgatp.VMID */
	volatile unsigned long *done_counter;  /* decremented when done */
};

/*
 * Fills *req with the request for function fid with the caller's arguments.
 * asid_vmid is the call's ASID or VMID argument; caller_hgatp is the calling
 * hart's hgatp (0 without H): HFENCE.VVMA acts on "the current VMID (in hgatp
 * CSR) of calling hart" (SBI RFENCE chapter), so the remote harts use that
 * VMID, not the one in their own hgatp. In place, not returned: sbi_rfence()
 * builds it inside its call record with no temporary copy (its frame is on
 * the deepest path S-mode can drive, docs/boot.md "Memory").
 */
void rfence_request_init(struct rfence_request *req, unsigned long fid, unsigned long start, unsigned long size,
			 unsigned long asid_vmid, unsigned long caller_hgatp);

/*
 * The pages [start, start + size) touches: every page any byte of the range
 * falls in, as the first page's address and a count. full is true when the
 * whole address space must be flushed: start = size = 0 or size = 2^XLEN - 1
 * (the spec's "entire address space"), a range that wraps past the top, or
 * more than RFENCE_MAX_PAGES pages. size 0 otherwise flushes nothing.
 */
struct rfence_pages {
	unsigned long first;
	unsigned long count;
	bool full;
};
struct rfence_pages rfence_pages_of(unsigned long start, unsigned long size);

/* Remote fence of type fid (SBI_RFENCE_*) on the harts of the mask; synchronous. */
struct sbiret sbi_rfence(unsigned long hart_mask, unsigned long hart_mask_base, unsigned long fid,
			 unsigned long start, unsigned long size, unsigned long asid_vmid);

#endif
