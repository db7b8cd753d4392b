/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Remote fences, synchronous: the caller returns only once every target hart
 * has executed the fence. Each hart has one request slot guarded by a lock
 * that the *target* releases when done; a hart waiting for a slot or for
 * completion keeps serving its own IPIs, so two harts fencing each other
 * cannot deadlock.
 */
#include "riscv_csr.h"
#include "sbi_ipi.h"
#include "sbi_spec.h"

/* Above this many pages a ranged flush costs more than a full one. */
#define RFENCE_MAX_PAGES 64
#define PAGE_SIZE 4096UL

/* Firmware event counted on the sender and on the receiver, per fence type. */
static const unsigned char rfence_sent_event[] = {
	[SBI_RFENCE_REMOTE_FENCE_I] = SBI_PMU_FW_FENCE_I_SENT,
	[SBI_RFENCE_REMOTE_SFENCE_VMA] = SBI_PMU_FW_SFENCE_VMA_SENT,
	[SBI_RFENCE_REMOTE_SFENCE_VMA_ASID] = SBI_PMU_FW_SFENCE_VMA_ASID_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID] = SBI_PMU_FW_HFENCE_GVMA_VMID_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_GVMA] = SBI_PMU_FW_HFENCE_GVMA_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID] = SBI_PMU_FW_HFENCE_VVMA_ASID_SENT,
	[SBI_RFENCE_REMOTE_HFENCE_VVMA] = SBI_PMU_FW_HFENCE_VVMA_SENT,
};

static bool rfence_full_flush(unsigned long start, unsigned long size)
{
	/* SBI spec: start 0 and size 0, or size 2^XLEN-1, mean the whole space. */
	return (start == 0 && size == 0) || size == -1UL || size > RFENCE_MAX_PAGES * PAGE_SIZE;
}

static void rfence_local(const struct rfence_request *req)
{
	unsigned long start = req->start, size = req->size, id = req->asid_vmid;
	bool full = rfence_full_flush(start, size);

	switch (req->type) {
	case SBI_RFENCE_REMOTE_FENCE_I:
		__asm__ __volatile__("fence.i" ::: "memory");
		break;
	case SBI_RFENCE_REMOTE_SFENCE_VMA:
		if (full) {
			__asm__ __volatile__("sfence.vma" ::: "memory");
			break;
		}
		for (unsigned long a = start; a - start < size; a += PAGE_SIZE)
			__asm__ __volatile__("sfence.vma %0" : : "r"(a) : "memory");
		break;
	case SBI_RFENCE_REMOTE_SFENCE_VMA_ASID:
		if (full) {
			__asm__ __volatile__("sfence.vma zero, %0" : : "r"(id) : "memory");
			break;
		}
		for (unsigned long a = start; a - start < size; a += PAGE_SIZE)
			__asm__ __volatile__("sfence.vma %0, %1" : : "r"(a), "r"(id) : "memory");
		break;
	/* hfence.gvma takes a guest physical address shifted right by 2. Encoded as
	 * .insn so the firmware builds without the H extension in -march. */
	case SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID:
		if (full) {
			__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, %0" : : "r"(id) : "memory");
			break;
		}
		for (unsigned long a = start; a - start < size; a += PAGE_SIZE)
			__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, %0, %1" : : "r"(a >> 2), "r"(id) : "memory");
		break;
	case SBI_RFENCE_REMOTE_HFENCE_GVMA:
		if (full) {
			__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, x0" ::: "memory");
			break;
		}
		for (unsigned long a = start; a - start < size; a += PAGE_SIZE)
			__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, %0, x0" : : "r"(a >> 2) : "memory");
		break;
	/* hfence.vvma acts on the VMID in hgatp, as the SBI spec asks. */
	case SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID:
		if (full) {
			__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, %0" : : "r"(id) : "memory");
			break;
		}
		for (unsigned long a = start; a - start < size; a += PAGE_SIZE)
			__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, %0, %1" : : "r"(a), "r"(id) : "memory");
		break;
	case SBI_RFENCE_REMOTE_HFENCE_VVMA:
		if (full) {
			__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, x0" ::: "memory");
			break;
		}
		for (unsigned long a = start; a - start < size; a += PAGE_SIZE)
			__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, %0, x0" : : "r"(a) : "memory");
		break;
	}
}

void sbi_rfence_process(struct hart_state *hs)
{
	/* The slot is ours until we release its lock; the sender waits. */
	if (!__atomic_load_n(&hs->rfence_lock, __ATOMIC_ACQUIRE))
		return;
	rfence_local(&hs->rfence);
	pmu_fw_event_count(&hs->pmu, rfence_sent_event[hs->rfence.type] + 1);  /* *_RECEIVED */
	__atomic_fetch_sub(hs->rfence.done_counter, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&hs->rfence_lock, 0, __ATOMIC_RELEASE);
}

/* Waiting in M-mode: keep serving requests other harts send us. */
static void rfence_wait_serving(void)
{
	if (csr_read(CSR_MIP) & MIP_MSIP)
		sbi_ipi_process();
}

struct rfence_call {
	struct hart_state *self;
	struct rfence_request req;
	volatile unsigned long pending;
};

static void rfence_send(struct hart_state *target, void *arg)
{
	struct rfence_call *call = arg;

	pmu_fw_event_count(&call->self->pmu, rfence_sent_event[call->req.type]);
	if (target == call->self) {
		rfence_local(&call->req);
		pmu_fw_event_count(&target->pmu, rfence_sent_event[call->req.type] + 1);
		return;
	}
	while (__atomic_exchange_n(&target->rfence_lock, 1, __ATOMIC_ACQUIRE))
		rfence_wait_serving();
	target->rfence = call->req;
	target->rfence.done_counter = &call->pending;
	__atomic_fetch_add(&call->pending, 1, __ATOMIC_RELAXED);
	sbi_ipi_raise(target, HART_IPI_RFENCE);
}

struct sbiret sbi_rfence(unsigned long hart_mask, unsigned long hart_mask_base, unsigned long fid,
			 unsigned long start, unsigned long size, unsigned long asid_vmid)
{
	struct rfence_call call = {
		.self = current_hart(),
		.req = { .type = fid, .start = start, .size = size, .asid_vmid = asid_vmid },
		.pending = 0,
	};
	long err;

	if (fid > SBI_RFENCE_REMOTE_HFENCE_VVMA)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	if (fid >= SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID && !(call.self->features & HART_HAS_H))
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	err = sbi_hartmask_for_each(hart_mask, hart_mask_base, rfence_send, &call);
	while (__atomic_load_n(&call.pending, __ATOMIC_ACQUIRE))
		rfence_wait_serving();
	return sbiret_err(err);
}
