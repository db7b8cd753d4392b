/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Legacy extensions (SBI spec, "Legacy Extensions", EIDs 0x00 - 0x08) other
 * than the console (console.c), set_timer (timer.c) and shutdown
 * (legacy_shutdown.c):
 * - "Nothing is returned in a1" and "All registers except a0 must be
 *   preserved": a1 comes back as it went in;
 * - clear_ipi "returns 0 if no IPI had been pending, or an implementation
 *   specific positive value if an IPI had been pending", and clears it;
 * - send_ipi / remote_fence_i / remote_sfence_vma(_asid) take hart_mask as
 *   "a virtual address that points to a bit-vector of harts": checked with
 *   S-mode translation on and the mask read through an alias mapping whose
 *   virtual address is not the physical one; they return 0 on success.
 * The IPIs reach the harts of the mask (their S-mode software interrupt
 * handlers run) and the fences are counted exactly in the firmware events.
 */
#include "payload.h"


static unsigned long ids[PAYLOAD_MAX_HARTS];
static int nharts;
static unsigned long boot_hartid;

static volatile unsigned long ssi_count[PAYLOAD_MAX_HARTS];

/* Hart masks live in S-mode memory; the firmware reads them through satp. */
static unsigned long mask_word;

static bool legacy_trap(struct trap_frame *frame)
{
	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_SOFT))
		return false;
	csr_clear(sip, SIP_SSIP);
	__atomic_fetch_add(&ssi_count[current_hartid()], 1, __ATOMIC_RELEASE);
	return true;
}

static bool ssip_pending(void)
{
	return (csr_read(sip) & SIP_SSIP) != 0;
}

/* The mask as the legacy calls want it: a virtual address, here the alias. */
static const unsigned long *mask_pointer(unsigned long mask)
{
	mask_word = mask;
	__asm__ volatile("fence rw, rw" ::: "memory");
	return (const unsigned long *)vm_alias(&mask_word);
}

static void check_probe_and_a1(void)
{
	for (unsigned long eid = SBI_EXT_LEGACY_SET_TIMER; eid <= SBI_EXT_LEGACY_SHUTDOWN; eid++)
		if (!CHECK(sbi_probe_extension(eid).value != 0))
			printf("  (probe_extension(0x%lx))\n", eid);
	/* a6 is ignored, a1 is preserved. */
	CHECK_EQ(sbi_ecall(SBI_EXT_LEGACY_CLEAR_IPI, 7, 0, 0x5a5a1234UL, 0, 0, 0, 0).value,
		 0x5a5a1234UL);
	CHECK_EQ(sbi_ecall(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, ~0UL, 0, 0, 0, 0).error, 0);
}

static void check_clear_ipi(void)
{
	/* Nothing pending: 0. */
	CHECK(!ssip_pending());
	CHECK_EQ(sbi_legacy_clear_ipi(), 0);

	/* Pending (an IPI to ourselves): a positive value, and no longer pending. */
	CHECK_EQ(sbi_legacy_send_ipi(mask_pointer(1UL << boot_hartid)), 0);
	CHECK(ssip_pending());
	if (!CHECK(sbi_legacy_clear_ipi() > 0))
		printf("  (clear_ipi with an IPI pending must return a positive value)\n");
	CHECK(!ssip_pending());
	CHECK_EQ(sbi_legacy_clear_ipi(), 0);
}

/* --- other harts ------------------------------------------------------------ */

struct receiver {
	volatile unsigned long ready, quit, done;
	unsigned long fence_i_received, sfence_vma_received, sfence_vma_asid_received;
};

static struct receiver receivers[PAYLOAD_MAX_HARTS];

static void receiver_job(void *arg)
{
	struct receiver *r = arg;
	long fence_i = pmu_fw_counter_start(SBI_PMU_FW_FENCE_I_RECEIVED);
	long sfence = pmu_fw_counter_start(SBI_PMU_FW_SFENCE_VMA_RECEIVED);
	long sfence_asid = pmu_fw_counter_start(SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED);

	CHECK(fence_i >= 0 && sfence >= 0 && sfence_asid >= 0);
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	__atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&r->quit, __ATOMIC_ACQUIRE))
		;
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);
	r->fence_i_received = pmu_fw_counter_read(fence_i);
	r->sfence_vma_received = pmu_fw_counter_read(sfence);
	r->sfence_vma_asid_received = pmu_fw_counter_read(sfence_asid);
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
}

static void expect_ssi_count(unsigned long hart, unsigned long expected)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (__atomic_load_n(&ssi_count[hart], __ATOMIC_ACQUIRE) < expected &&
	       !time_passed(deadline))
		;
	if (!CHECK_EQ(ssi_count[hart], expected))
		printf("  (software interrupts on hart %lu)\n", hart);
}

static void check_other_harts(void)
{
	unsigned long mask = 0, first = ~0UL;
	long fence_i_sent = pmu_fw_counter_start(SBI_PMU_FW_FENCE_I_SENT);
	long sfence_sent = pmu_fw_counter_start(SBI_PMU_FW_SFENCE_VMA_SENT);
	long sfence_asid_sent = pmu_fw_counter_start(SBI_PMU_FW_SFENCE_VMA_ASID_SENT);
	int started = 0;

	CHECK(fence_i_sent >= 0 && sfence_sent >= 0 && sfence_asid_sent >= 0);
	for (int i = 0; i < nharts; i++) {
		unsigned long h = ids[i];

		if (h == boot_hartid || h >= 64)
			continue;
		if (!CHECK_EQ(hart_run(h, receiver_job, &receivers[h]).error, SBI_SUCCESS) ||
		    !CHECK(wait_flag(&receivers[h].ready, 1, PAYLOAD_WAIT_US)))
			continue;
		mask |= 1UL << h;
		if (first == ~0UL)
			first = h;
		started++;
	}
	if (!started)
		return;

	/* One other hart, then all of them: each handler runs once per IPI. */
	CHECK_EQ(sbi_legacy_send_ipi(mask_pointer(1UL << first)), 0);
	expect_ssi_count(first, 1);
	CHECK_EQ(sbi_legacy_send_ipi(mask_pointer(mask)), 0);
	for (int i = 0; i < nharts; i++)
		if (mask & (1UL << ids[i]))
			expect_ssi_count(ids[i], ids[i] == first ? 2 : 1);
	CHECK(!ssip_pending());

	/* Fences: 0 on success, counted once per target. */
	CHECK_EQ(sbi_legacy_remote_fence_i(mask_pointer(mask)), 0);
	CHECK_EQ(sbi_legacy_remote_sfence_vma(mask_pointer(mask), 0, 0), 0);
	CHECK_EQ(sbi_legacy_remote_sfence_vma(mask_pointer(mask), 0x80200000, 0x2000), 0);
	CHECK_EQ(sbi_legacy_remote_sfence_vma_asid(mask_pointer(mask), 0, -1UL, 1), 0);
	CHECK_EQ(pmu_fw_counter_read(fence_i_sent), started);
	CHECK_EQ(pmu_fw_counter_read(sfence_sent), 2 * started);
	CHECK_EQ(pmu_fw_counter_read(sfence_asid_sent), started);

	for (int i = 0; i < nharts; i++) {
		unsigned long h = ids[i];
		struct receiver *r = &receivers[h];

		if (!(mask & (1UL << h)))
			continue;
		__atomic_store_n(&r->quit, 1, __ATOMIC_RELEASE);
		if (!CHECK(wait_flag(&r->done, 1, PAYLOAD_WAIT_US)))
			continue;
		CHECK_EQ(r->fence_i_received, 1);
		CHECK_EQ(r->sfence_vma_received, 2);
		CHECK_EQ(r->sfence_vma_asid_received, 1);
		CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("legacy");
	boot_hartid = hartid;
	payload_trap_handler = legacy_trap;
	nharts = dt_hartids(ids, PAYLOAD_MAX_HARTS);
	CHECK(nharts >= 1);
	if (!CHECK(hartid < 64))
		test_fail();

	check_probe_and_a1();
	/* From here on the hart masks are read through translation. */
	vm_enable();
	check_clear_ipi();
	/* Fences to ourselves. */
	CHECK_EQ(sbi_legacy_remote_fence_i(mask_pointer(1UL << hartid)), 0);
	CHECK_EQ(sbi_legacy_remote_sfence_vma(mask_pointer(1UL << hartid), 0, 0), 0);
	CHECK_EQ(sbi_legacy_remote_sfence_vma_asid(mask_pointer(1UL << hartid), 0, 0, 0), 0);
	if (nharts > 1)
		check_other_harts();
	vm_disable();
	test_pass();
}
