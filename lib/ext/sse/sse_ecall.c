/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE extension (EID 0x535345) glue: unpack registers, call the core
 * (lib/ext/sse/sse.h). event_id, attribute IDs and counts are uint32_t in
 * the chapter: on RV64 their upper 32 bits are ignored.
 */
#include "hart.h"
#include "sbi_ecall.h"
#include "sse/sse.h"
#include "sse/sse_hart.h"

struct sbiret sbi_ecall_sse(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			    unsigned long a4, unsigned long a5, unsigned long fid)
{
	struct hart_state *hs = current_hart();

	(void)a5;
	switch (fid) {
	case SBI_SSE_READ_ATTRS:
		return sbi_sse_read_attrs(hs, (uint32_t)a0, (uint32_t)a1, (uint32_t)a2, a3, a4);
	case SBI_SSE_WRITE_ATTRS:
		return sbi_sse_write_attrs(hs, (uint32_t)a0, (uint32_t)a1, (uint32_t)a2, a3, a4);
	case SBI_SSE_REGISTER:
		return sbi_sse_register(hs, (uint32_t)a0, a1, a2);
	case SBI_SSE_UNREGISTER:
		return sbi_sse_unregister(hs, (uint32_t)a0);
	case SBI_SSE_ENABLE:
		return sbi_sse_enable(hs, (uint32_t)a0);
	case SBI_SSE_DISABLE:
		return sbi_sse_disable(hs, (uint32_t)a0);
	case SBI_SSE_COMPLETE:
		return sse_complete_ecall(hs, a0, a1);
	case SBI_SSE_INJECT:
		return sbi_sse_inject(hs, (uint32_t)a0, a1);
	case SBI_SSE_HART_UNMASK:
		return sbi_sse_hart_unmask(hs);
	case SBI_SSE_HART_MASK:
		return sbi_sse_hart_mask(hs);
	default:
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	}
}
