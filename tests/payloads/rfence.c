/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RFENCE extension (SBI spec, "RFENCE Extension", EID 0x52464E43).
 *
 * Every function with a valid mask returns SBI_SUCCESS ("IPI was sent to
 * all the targeted harts successfully"), for any range: the whole space
 * (start 0 and size 0, or size 2^XLEN-1), one page, several pages, an
 * unaligned range. The four HFENCE functions are "only valid for harts
 * implementing hypervisor extension": SBI_ERR_NOT_SUPPORTED without H
 * (-cpu rv64,h=false; the payload reads the DT ISA string), SBI_SUCCESS with
 * it. An invalid hart in the mask is SBI_ERR_INVALID_PARAM (Binary
 * Encoding, "Hart Mask Errors").
 *
 * The firmware events are exact (SBI PMU chapter, Table 6, events 8-21):
 * N remote fences of one kind to R other harts count R*N *_SENT on the
 * caller and N *_RECEIVED on each receiver, read by each hart from its own
 * firmware counter. And a remote FENCE.I makes another hart see code the
 * caller has just rewritten.
 */
#include "payload.h"

#define ROUNDS 5

static unsigned long ids[PAYLOAD_MAX_HARTS];
static int nharts;
static unsigned long boot_hartid, max_hartid;
static bool has_h;

enum fence_kind {
	FENCE_I, SFENCE_VMA, SFENCE_VMA_ASID, HFENCE_GVMA_VMID, HFENCE_GVMA,
	HFENCE_VVMA_ASID, HFENCE_VVMA, FENCE_KINDS
};

static const char *const fence_names[FENCE_KINDS] = {
	"fence_i", "sfence_vma", "sfence_vma_asid", "hfence_gvma_vmid", "hfence_gvma",
	"hfence_vvma_asid", "hfence_vvma",
};

/* The FID of each kind, and its *_SENT firmware event (*_RECEIVED is + 1). */
static const unsigned long fence_fid[FENCE_KINDS] = {
	SBI_RFENCE_REMOTE_FENCE_I, SBI_RFENCE_REMOTE_SFENCE_VMA,
	SBI_RFENCE_REMOTE_SFENCE_VMA_ASID, SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID,
	SBI_RFENCE_REMOTE_HFENCE_GVMA, SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID,
	SBI_RFENCE_REMOTE_HFENCE_VVMA,
};
static const unsigned long fence_sent_event[FENCE_KINDS] = {
	SBI_PMU_FW_FENCE_I_SENT, SBI_PMU_FW_SFENCE_VMA_SENT, SBI_PMU_FW_SFENCE_VMA_ASID_SENT,
	SBI_PMU_FW_HFENCE_GVMA_VMID_SENT, SBI_PMU_FW_HFENCE_GVMA_SENT,
	SBI_PMU_FW_HFENCE_VVMA_ASID_SENT, SBI_PMU_FW_HFENCE_VVMA_SENT,
};

static bool is_hfence(enum fence_kind k)
{
	return k >= HFENCE_GVMA_VMID;
}

/* What a call with a valid mask returns: HFENCE needs the H extension. */
static long expected_error(enum fence_kind k)
{
	return is_hfence(k) && !has_h ? SBI_ERR_NOT_SUPPORTED : SBI_SUCCESS;
}

static struct sbiret remote_fence(enum fence_kind k, unsigned long mask, unsigned long base,
				  unsigned long start, unsigned long size, unsigned long id)
{
	return sbi_ecall(SBI_EXT_RFENCE, fence_fid[k], mask, base, start, size, id, 0);
}

struct range {
	unsigned long start, size;
};

static const struct range ranges[] = {
	{ 0, 0 },			/* the whole address space */
	{ 0, -1UL },			/* size 2^XLEN-1: the whole address space too */
	{ 0x80200000, -1UL },
	{ 0x80200000, 0x1000 },		/* one page */
	{ 0x80200000, 0x3000 },		/* three pages */
	{ 0x80200123, 0x10 },		/* unaligned, inside a page */
	{ 0x80200ff8, 0x10 },		/* unaligned, across a page boundary */
	{ 0x4000, 1 },
	{ 0, 0x400000 },		/* many pages */
};

/* --- the calling hart alone ------------------------------------------------ */

static void check_local_calls(void)
{
	for (int k = 0; k < FENCE_KINDS; k++) {
		long expected = expected_error(k);

		for (unsigned int r = 0; r < ARRAY_SIZE(ranges); r++) {
			struct sbiret ret = remote_fence(k, 1, boot_hartid, ranges[r].start,
							 ranges[r].size, 1);

			if (!CHECK_EQ(ret.error, expected))
				printf("  (%s to self, start 0x%lx size 0x%lx)\n", fence_names[k],
				       ranges[r].start, ranges[r].size);
			/* FENCE.I takes no range: one call is enough. */
			if (k == FENCE_I)
				break;
		}
		/* hart_mask_base = -1: all started harts (the caller alone here). */
		CHECK_EQ(remote_fence(k, 0, -1UL, 0, 0, 0).error, expected);
		/* An empty mask. */
		CHECK_EQ(remote_fence(k, 0, boot_hartid, 0, 0, 0).error, expected);
	}
}

static void check_invalid_masks(void)
{
	unsigned long invalid = max_hartid + 1;

	for (int k = 0; k < FENCE_KINDS; k++) {
		/* Without H the function itself is not supported, whatever the mask. */
		if (is_hfence(k) && !has_h)
			continue;
		if (!CHECK_EQ(remote_fence(k, 1, invalid, 0, 0, 0).error, SBI_ERR_INVALID_PARAM) ||
		    !CHECK_EQ(remote_fence(k, 1, 1000, 0, 0, 0).error, SBI_ERR_INVALID_PARAM) ||
		    !CHECK_EQ(remote_fence(k, 3, max_hartid, 0, 0, 0).error,
			      SBI_ERR_INVALID_PARAM) ||
		    !CHECK_EQ(remote_fence(k, 1UL << 4, -2UL, 0, 0, 0).error,
			      SBI_ERR_INVALID_PARAM))
			printf("  (%s, invalid mask)\n", fence_names[k]);
	}
	CHECK_EQ(sbi_ecall(SBI_EXT_RFENCE, 7, 1, boot_hartid, 0, 0, 0, 0).error,
		 SBI_ERR_NOT_SUPPORTED);
}

/* --- the other harts --------------------------------------------------------- */

/*
 * A function in writable memory: li a0, VALUE; ret. The caller rewrites the
 * immediate, a remote FENCE.I makes the receiver fetch the new code.
 */
#define INSN_LI_A0(v) (0x00000513U | ((uint32_t)(v) << 20))	/* addi a0, zero, v */
#define INSN_RET      0x00008067U				/* jalr zero, 0(ra) */
static uint32_t patched_code[2] __attribute__((aligned(64))) = {
	INSN_LI_A0(1), INSN_RET,
};

static long call_patched_code(void)
{
	return ((long (*)(void))(unsigned long)patched_code)();
}

struct receiver {
	volatile unsigned long ready, quit, done;
	volatile unsigned long go_run_code;	/* the caller has patched and fenced */
	long code_before, code_after;
	unsigned long received[FENCE_KINDS];	/* its *_RECEIVED counts at the end */
};

static struct receiver receivers[PAYLOAD_MAX_HARTS];

static void receiver_job(void *arg)
{
	struct receiver *r = arg;
	long counters[FENCE_KINDS];

	for (int k = 0; k < FENCE_KINDS; k++) {
		counters[k] = pmu_fw_counter_start(fence_sent_event[k] + 1);
		CHECK(counters[k] >= 0);
	}
	__asm__ volatile("fence.i" ::: "memory");
	r->code_before = call_patched_code();
	__atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);

	/* Fences arrive as M-mode IPIs while this hart runs S-mode code. */
	if (wait_flag(&r->go_run_code, 1, PAYLOAD_WAIT_US))
		r->code_after = call_patched_code();
	while (!__atomic_load_n(&r->quit, __ATOMIC_ACQUIRE))
		;
	for (int k = 0; k < FENCE_KINDS; k++)
		r->received[k] = pmu_fw_counter_read(counters[k]);
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
}

static void check_remote_fences(void)
{
	unsigned long mask = 0, expected_sent[FENCE_KINDS] = { 0 };
	unsigned long expected_received[FENCE_KINDS] = { 0 };
	long counters[FENCE_KINDS];
	int receivers_started = 0;

	for (int k = 0; k < FENCE_KINDS; k++) {
		counters[k] = pmu_fw_counter_start(fence_sent_event[k]);
		CHECK(counters[k] >= 0);
	}
	for (int i = 0; i < nharts; i++) {
		unsigned long h = ids[i];

		if (h == boot_hartid || h >= 64)
			continue;
		if (!CHECK_EQ(hart_run(h, receiver_job, &receivers[h]).error, SBI_SUCCESS) ||
		    !CHECK(wait_flag(&receivers[h].ready, 1, PAYLOAD_WAIT_US)))
			continue;
		mask |= 1UL << h;
		receivers_started++;
	}
	printf("%d receiver harts (mask 0x%lx), H %s\n", receivers_started, mask,
	       has_h ? "present" : "absent");

	/* FENCE.I after rewriting code the receivers have run. */
	patched_code[0] = INSN_LI_A0(2);
	CHECK_EQ(sbi_remote_fence_i(mask, 0).error, SBI_SUCCESS);
	expected_sent[FENCE_I] += receivers_started;
	expected_received[FENCE_I]++;
	for (int i = 0; i < nharts; i++)
		if (mask & (1UL << ids[i]))
			__atomic_store_n(&receivers[ids[i]].go_run_code, 1, __ATOMIC_RELEASE);

	/* ROUNDS of every kind, with varied ranges. */
	for (int round = 0; round < ROUNDS; round++) {
		const struct range *rg = &ranges[round % ARRAY_SIZE(ranges)];

		for (int k = 0; k < FENCE_KINDS; k++) {
			long expected = expected_error(k);
			struct sbiret ret = remote_fence(k, mask, 0, rg->start, rg->size, round);

			if (!CHECK_EQ(ret.error, expected))
				printf("  (%s to 0x%lx, round %d)\n", fence_names[k], mask, round);
			if (expected == SBI_SUCCESS) {
				expected_sent[k] += receivers_started;
				expected_received[k]++;
			}
		}
	}

	for (int k = 0; k < FENCE_KINDS; k++)
		if (!CHECK_EQ(pmu_fw_counter_read(counters[k]), expected_sent[k]))
			printf("  (%s: SENT on the caller)\n", fence_names[k]);

	for (int i = 0; i < nharts; i++) {
		unsigned long h = ids[i];
		struct receiver *r = &receivers[h];

		if (!(mask & (1UL << h)))
			continue;
		__atomic_store_n(&r->quit, 1, __ATOMIC_RELEASE);
		if (!CHECK(wait_flag(&r->done, 1, PAYLOAD_WAIT_US)))
			continue;
		CHECK_EQ(r->code_before, 1);
		if (!CHECK_EQ(r->code_after, 2))
			printf("  (hart %lu ran stale code after the remote FENCE.I)\n", h);
		for (int k = 0; k < FENCE_KINDS; k++)
			if (!CHECK_EQ(r->received[k], expected_received[k]))
				printf("  (%s: RECEIVED on hart %lu)\n", fence_names[k], h);
		CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	}
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("rfence");
	boot_hartid = hartid;
	nharts = dt_hartids(ids, PAYLOAD_MAX_HARTS);
	CHECK(nharts >= 1);
	for (int i = 0; i < nharts; i++)
		if (ids[i] > max_hartid)
			max_hartid = ids[i];
	has_h = dt_isa_has_letter('h');
	printf(has_h ? "RFENCE_H_PRESENT\n" : "RFENCE_H_ABSENT\n");

	CHECK(sbi_probe_extension(SBI_EXT_RFENCE).value != 0);
	check_local_calls();
	check_invalid_masks();
	if (nharts > 1)
		check_remote_fences();
	test_pass();
}
