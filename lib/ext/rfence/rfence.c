/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Remote fences, synchronous: the caller returns only once every target hart
 * has executed the fence. Each hart has one request slot guarded by a lock
 * that the *target* releases when done; a hart waiting for a slot or for
 * completion keeps serving its own IPIs, so two harts fencing each other
 * cannot deadlock. A hart that can no longer run S-mode (gone: a fatal trap
 * on it) does nothing more: the waiters do its part, so no wait on it lasts
 * (docs/reliability.md, "A hart that dies").
 */
#include "riscv_csr.h"
#include "hart_mask.h"
#include "ipi.h"
#include "sbi_spec.h"

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

static bool rfence_is_hfence(unsigned long fid)
{
	return fid >= SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID && fid <= SBI_RFENCE_REMOTE_HFENCE_VVMA;
}

/*
 * The fence instructions. hfence.* are encoded as .insn so the firmware
 * builds without the H extension in -march; hfence.gvma takes a guest
 * physical address shifted right by 2.
 */
static inline void sfence_vma(unsigned long va, unsigned long asid, bool by_va, bool by_asid)
{
	if (by_va && by_asid)
		__asm__ __volatile__("sfence.vma %0, %1" : : "r"(va), "r"(asid) : "memory");
	else if (by_va)
		__asm__ __volatile__("sfence.vma %0" : : "r"(va) : "memory");
	else if (by_asid)
		__asm__ __volatile__("sfence.vma zero, %0" : : "r"(asid) : "memory");
	else
		__asm__ __volatile__("sfence.vma" ::: "memory");
}

static inline void hfence_gvma(unsigned long gpa, unsigned long vmid, bool by_addr, bool by_vmid)
{
	if (by_addr && by_vmid)
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, %0, %1" : : "r"(gpa >> 2), "r"(vmid) : "memory");
	else if (by_addr)
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, %0, x0" : : "r"(gpa >> 2) : "memory");
	else if (by_vmid)
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, %0" : : "r"(vmid) : "memory");
	else
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, x0" ::: "memory");
}

/* hfence.vvma acts on the VMID in hgatp: the caller's, swapped in around it. */
static inline void hfence_vvma(unsigned long va, unsigned long asid, bool by_va, bool by_asid)
{
	if (by_va && by_asid)
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, %0, %1" : : "r"(va), "r"(asid) : "memory");
	else if (by_va)
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, %0, x0" : : "r"(va) : "memory");
	else if (by_asid)
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, %0" : : "r"(asid) : "memory");
	else
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, x0" ::: "memory");
}

static void rfence_local(const struct rfence_request *req)
{
	struct rfence_pages pages = rfence_pages_of(req->start, req->size);
	unsigned long saved_hgatp = 0, a;
	bool by_addr = !pages.full;

	if (req->type == SBI_RFENCE_REMOTE_FENCE_I) {
		__asm__ __volatile__("fence.i" ::: "memory");
		return;
	}
	if (req->type == SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID || req->type == SBI_RFENCE_REMOTE_HFENCE_VVMA)
		saved_hgatp = csr_swap(CSR_HGATP, req->vmid << HGATP_VMID_SHIFT);
	/* A full flush is one instruction with no address; a range is one per page. */
	for (unsigned long i = 0; i < (by_addr ? pages.count : 1); i++) {
		a = pages.first + i * RFENCE_PAGE_SIZE;
		switch (req->type) {
		case SBI_RFENCE_REMOTE_SFENCE_VMA:
			sfence_vma(a, 0, by_addr, false);
			break;
		case SBI_RFENCE_REMOTE_SFENCE_VMA_ASID:
			sfence_vma(a, req->asid, by_addr, true);
			break;
		case SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID:
			hfence_gvma(a, req->vmid, by_addr, true);
			break;
		case SBI_RFENCE_REMOTE_HFENCE_GVMA:
			hfence_gvma(a, 0, by_addr, false);
			break;
		case SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID:
			hfence_vvma(a, req->asid, by_addr, true);
			break;
		case SBI_RFENCE_REMOTE_HFENCE_VVMA:
			hfence_vvma(a, 0, by_addr, false);
			break;
		}
	}
	if (req->type == SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID || req->type == SBI_RFENCE_REMOTE_HFENCE_VVMA)
		csr_write(CSR_HGATP, saved_hgatp);
}

/*
 * Another hart's request (this service's IPI reason). A request is done
 * once, by whoever takes its counter out of the slot once the fence is
 * done: the target here, or a waiter in the target's place when the target
 * is gone (rfence_reap), also one that went in the middle of the fence.
 */
static void rfence_ipi(struct hart_state *hs, bool in_ecall)
{
	(void)in_ecall;
	/* The slot is ours until we release its lock; the sender waits. */
	if (!__atomic_load_n(&hs->rfence.done_counter, __ATOMIC_ACQUIRE))
		return;
	rfence_local(&hs->rfence);
	pmu_fw_event_count(&hs->pmu, rfence_sent_event[hs->rfence.type] + 1);  /* *_RECEIVED */
	volatile unsigned long *done = __atomic_exchange_n(&hs->rfence.done_counter, NULL, __ATOMIC_ACQ_REL);
	if (!done)
		return;
	__atomic_fetch_sub(done, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&hs->rfence_lock, 0, __ATOMIC_RELEASE);
}

static IPI_REASON(20, rfence_ipi_reason, rfence_ipi);

/* Waiting in M-mode: keep serving requests other harts send us. */
static void rfence_wait_serving(void)
{
	if (csr_read(CSR_MIP) & MIP_IPI)
		ipi_process();
}

/* The request in a gone hart's slot, done in its place (it will never be): counted down, the slot freed. */
static void rfence_reap(struct hart_state *gone)
{
	volatile unsigned long *done = __atomic_exchange_n(&gone->rfence.done_counter, NULL, __ATOMIC_ACQ_REL);

	if (!done)
		return;
	__atomic_fetch_sub(done, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&gone->rfence_lock, 0, __ATOMIC_RELEASE);
}

/*
 * A slot held too long, while some hart is gone: its target is gone (its
 * request is reaped), or the sender holding it is. A sender that went
 * there went ringing the target (the doorbell is the one device on that
 * path): its request, posted, is rung again, and the target releases the
 * slot when done. (Let go unposted, the slot would stay held: a fault on
 * the sender's stores to the target's hart_state, which the firmware does
 * not survive anyway.)
 */
static __attribute__((noinline)) void rfence_unstick(struct hart_state *target)
{
	unsigned long owner = __atomic_load_n(&target->rfence_lock, __ATOMIC_ACQUIRE);

	if (hart_gone(target))
		rfence_reap(target);
	else if (owner && hart_gone((const struct hart_state *)owner) &&
		 __atomic_load_n(&target->rfence.done_counter, __ATOMIC_ACQUIRE))
		ipi_raise(target, &rfence_ipi_reason);
}

/* One round of waiting for target's slot (out of line: the sender's own frame stays as small). */
static __attribute__((noinline)) void rfence_wait_for_slot(struct hart_state *target)
{
	if (__atomic_load_n(&harts_gone, __ATOMIC_RELAXED))
		rfence_unstick(target);
	rfence_wait_serving();
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
	/* The lock holds its owner: a waiter can tell when the holder is gone. */
	while (__atomic_exchange_n(&target->rfence_lock, (unsigned long)call->self, __ATOMIC_ACQUIRE))
		rfence_wait_for_slot(target);
	__atomic_fetch_add(&call->pending, 1, __ATOMIC_RELAXED);
	target->rfence = call->req;
	target->rfence.done_counter = &call->pending;   /* last: the request is posted */
	ipi_raise(target, &rfence_ipi_reason);
}

/* Requests of this call (or any) left in the slots of gone harts: none of them will do theirs. */
static void rfence_reap_gone(void)
{
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_gone(hart_table[i]))
			rfence_reap(hart_table[i]);
}

/*
 * Until every target has done its fence, serving this hart's own IPIs
 * meanwhile. A target gone after it was sent the request never does its
 * own: once a hart has gone, the gone harts' slots are reaped.
 */
static __attribute__((noinline)) void rfence_wait_done(volatile unsigned long *pending)
{
	do {
		rfence_wait_serving();
		if (__atomic_load_n(&harts_gone, __ATOMIC_RELAXED))
			rfence_reap_gone();
	} while (__atomic_load_n(pending, __ATOMIC_ACQUIRE));
}

static bool hart_has_h(const struct hart_state *hs)
{
	return (hs->features & HART_HAS_H) != 0;
}

struct sbiret sbi_rfence(unsigned long hart_mask, unsigned long hart_mask_base, unsigned long fid,
			 unsigned long start, unsigned long size, unsigned long asid_vmid)
{
	struct rfence_call call = { .self = current_hart(), .pending = 0 };
	long err;

	if (fid > SBI_RFENCE_REMOTE_HFENCE_VVMA)
		return sbiret_err(SBI_ERR_NOT_SUPPORTED);
	if (rfence_is_hfence(fid)) {
		if (!hart_has_h(call.self))
			return sbiret_err(SBI_ERR_NOT_SUPPORTED);
		/* Every target must have H too: hfence on one without is illegal in M-mode. */
		err = sbi_hartmask_check(hart_mask, hart_mask_base, hart_has_h);
		if (err)
			return sbiret_err(err);
	}
	rfence_request_init(&call.req, fid, start, size, asid_vmid, rfence_is_hfence(fid) ? csr_read(CSR_HGATP) : 0);
	err = sbi_hartmask_for_each(hart_mask, hart_mask_base, rfence_send, &call);
	if (__atomic_load_n(&call.pending, __ATOMIC_ACQUIRE))
		rfence_wait_done(&call.pending);
	return sbiret_err(err);
}
