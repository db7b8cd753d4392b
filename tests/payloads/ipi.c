/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPI extension (SBI spec, "IPI Extension", EID 0x735049):
 * sbi_send_ipi(hart_mask, hart_mask_base) raises a supervisor software
 * interrupt on every hart of the mask; hart_mask_base = -1 means every
 * available hart ("Hart list parameter", Binary Encoding chapter).
 * Errors (Table "IPI Send Errors"): SBI_ERR_INVALID_PARAM when "at least one
 * hartid constructed from hart_mask_base and hart_mask, is not valid" - and
 * then no IPI is sent at all (Abacus checks the whole mask first; a partly
 * delivered IPI would be indistinguishable from success to the caller).
 *
 * Checked on the caller (sip.SSIP), on other started harts (their S-mode
 * software interrupt handler runs once per IPI) and with the IPI_SENT /
 * IPI_RECEIVED firmware events, exactly.
 */
#include "payload.h"

#define INVALID_HARTID 1000UL

static unsigned long ids[PAYLOAD_MAX_HARTS];
static int nharts;
static unsigned long boot_hartid, max_hartid;

/* Per hart: software interrupts taken by the handler. */
static volatile unsigned long ssi_count[PAYLOAD_MAX_HARTS];

static bool ipi_trap(struct trap_frame *frame)
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

/* --- the other harts: take IPIs until told to stop, then report ------------ */

struct receiver {
	volatile unsigned long ready, quit, done;
	unsigned long ipi_received;		/* its IPI_RECEIVED count at the end */
	unsigned long ssi_at_end;
};

static struct receiver receivers[PAYLOAD_MAX_HARTS];

static void receiver_job(void *arg)
{
	struct receiver *r = arg;
	unsigned long me = current_hartid();
	long counter = pmu_fw_counter_start(SBI_PMU_FW_IPI_RECEIVED);

	CHECK(counter >= 0);
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	__atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&r->quit, __ATOMIC_ACQUIRE))
		;
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);
	r->ipi_received = pmu_fw_counter_read(counter);
	r->ssi_at_end = ssi_count[me];
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
}

/* Waits until hart's handler count reaches expected; then checks it stays. */
static void expect_ssi_count(unsigned long hart, unsigned long expected)
{
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	while (__atomic_load_n(&ssi_count[hart], __ATOMIC_ACQUIRE) < expected &&
	       !time_passed(deadline))
		;
	if (!CHECK_EQ(ssi_count[hart], expected))
		printf("  (software interrupts on hart %lu)\n", hart);
}

/* --- the calling hart alone ------------------------------------------------ */

static unsigned long check_self(void)
{
	unsigned long sent = 0;
	struct sbiret ret;

	CHECK(sbi_probe_extension(SBI_EXT_IPI).value != 0);

	/* To itself, mask base = own hartid: SSIP pending, not taken (SIE off). */
	CHECK(!ssip_pending());
	ret = sbi_send_ipi(1, boot_hartid);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 0);
	sent++;
	CHECK(ssip_pending());
	csr_clear(sip, SIP_SSIP);
	CHECK(!ssip_pending());

	/* The same hart named from another base. */
	if (boot_hartid >= 3) {
		CHECK_EQ(sbi_send_ipi(1UL << 3, boot_hartid - 3).error, SBI_SUCCESS);
		sent++;
		CHECK(ssip_pending());
		csr_clear(sip, SIP_SSIP);
	} else {
		CHECK_EQ(sbi_send_ipi(1UL << boot_hartid, 0).error, SBI_SUCCESS);
		sent++;
		CHECK(ssip_pending());
		csr_clear(sip, SIP_SSIP);
	}

	/* An empty mask sends nothing. */
	CHECK_EQ(sbi_send_ipi(0, boot_hartid).error, SBI_SUCCESS);
	CHECK(!ssip_pending());

	/* Taken once enabled. */
	CHECK_EQ(sbi_send_ipi(1, boot_hartid).error, SBI_SUCCESS);
	sent++;
	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	__asm__ volatile("nop");
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);
	CHECK_EQ(ssi_count[boot_hartid], 1);
	CHECK(!ssip_pending());
	return sent;
}

static void check_invalid_masks(void)
{
	/* The DT's harts are 0..max_hartid on virt: the next one does not exist. */
	unsigned long invalid = max_hartid + 1;
	struct sbiret ret;

	ret = sbi_send_ipi(1, INVALID_HARTID);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_send_ipi(1, invalid);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	/* base + bit wraps past 2^64 (base is not -1, so the mask counts). */
	ret = sbi_send_ipi(1UL << 4, -2UL);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	/* The last hart and the one after it. */
	ret = sbi_send_ipi(3, max_hartid);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	/* The caller and an invalid hart: refused, and the caller gets nothing. */
	if (invalid - boot_hartid < 64) {
		ret = sbi_send_ipi(1 | (1UL << (invalid - boot_hartid)), boot_hartid);
		CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	}
	delay_us(10000);
	CHECK(!ssip_pending());
	/* Unknown function. */
	CHECK_EQ(sbi_ecall(SBI_EXT_IPI, 1, 1, boot_hartid, 0, 0, 0, 0).error,
		 SBI_ERR_NOT_SUPPORTED);
}

/* --- several harts ---------------------------------------------------------- */

static unsigned long check_other_harts(void)
{
	unsigned long expected[PAYLOAD_MAX_HARTS] = { 0 };
	unsigned long sent = 0, all_mask = 0, first = ~0UL;
	struct sbiret ret;
	int started = 0;

	for (int i = 0; i < nharts; i++) {
		unsigned long h = ids[i];

		if (h == boot_hartid || h >= 64)
			continue;
		if (!CHECK_EQ(hart_run(h, receiver_job, &receivers[h]).error, SBI_SUCCESS))
			continue;
		if (!CHECK(wait_flag(&receivers[h].ready, 1, PAYLOAD_WAIT_US)))
			continue;
		all_mask |= 1UL << h;
		if (first == ~0UL)
			first = h;
		started++;
	}
	printf("%d receiver harts started (mask 0x%lx)\n", started, all_mask);
	if (!started)
		return 0;

	/* One other hart: it alone gets it. */
	ret = sbi_send_ipi(1, first);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	sent++;
	expected[first]++;
	for (int i = 0; i < nharts; i++)
		if (all_mask & (1UL << ids[i]))
			expect_ssi_count(ids[i], expected[ids[i]]);
	CHECK(!ssip_pending());

	/* All the others, base 0. */
	CHECK_EQ(sbi_send_ipi(all_mask, 0).error, SBI_SUCCESS);
	for (int i = 0; i < nharts; i++)
		if (all_mask & (1UL << ids[i])) {
			sent++;
			expected[ids[i]]++;
			expect_ssi_count(ids[i], expected[ids[i]]);
		}
	CHECK(!ssip_pending());

	/* hart_mask_base = -1: every started hart, the caller too; the mask is ignored. */
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	sent++;
	for (int i = 0; i < nharts; i++)
		if (all_mask & (1UL << ids[i])) {
			sent++;
			expected[ids[i]]++;
			expect_ssi_count(ids[i], expected[ids[i]]);
		}
	CHECK(ssip_pending());
	csr_clear(sip, SIP_SSIP);

	/* A valid other hart with an invalid one: refused, nobody gets an IPI. */
	if (max_hartid + 1 - first < 64) {
		ret = sbi_send_ipi(1 | (1UL << (max_hartid + 1 - first)), first);
		CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	}
	ret = sbi_send_ipi(all_mask | 1, INVALID_HARTID);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	delay_us(50000);
	for (int i = 0; i < nharts; i++)
		if (all_mask & (1UL << ids[i]))
			expect_ssi_count(ids[i], expected[ids[i]]);

	/* Reports: each receiver's IPI_RECEIVED equals the interrupts it took. */
	for (int i = 0; i < nharts; i++) {
		unsigned long h = ids[i];

		if (!(all_mask & (1UL << h)))
			continue;
		__atomic_store_n(&receivers[h].quit, 1, __ATOMIC_RELEASE);
		if (!CHECK(wait_flag(&receivers[h].done, 1, PAYLOAD_WAIT_US)))
			continue;
		if (!CHECK_EQ(receivers[h].ipi_received, expected[h]))
			printf("  (IPI_RECEIVED on hart %lu)\n", h);
		CHECK_EQ(receivers[h].ssi_at_end, expected[h]);
		CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	}

	/* Stopped harts are not "available": -1 now reaches the caller alone. */
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	sent++;
	CHECK(ssip_pending());
	csr_clear(sip, SIP_SSIP);
	return sent;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	long sent_counter, received_counter;
	unsigned long sent = 0, received_self;

	(void)dtb;
	test_start("ipi");
	boot_hartid = hartid;
	nharts = dt_hartids(ids, PAYLOAD_MAX_HARTS);
	CHECK(nharts >= 1);
	for (int i = 0; i < nharts; i++)
		if (ids[i] > max_hartid)
			max_hartid = ids[i];
	payload_trap_handler = ipi_trap;

	sent_counter = pmu_fw_counter_start(SBI_PMU_FW_IPI_SENT);
	received_counter = pmu_fw_counter_start(SBI_PMU_FW_IPI_RECEIVED);
	CHECK(sent_counter >= 0 && received_counter >= 0);

	sent += check_self();
	received_self = sent;		/* all to the caller so far */
	check_invalid_masks();
	CHECK_EQ(pmu_fw_counter_read(sent_counter), sent);
	CHECK_EQ(pmu_fw_counter_read(received_counter), received_self);

	if (nharts > 1) {
		unsigned long others = check_other_harts();

		sent += others;
		/* Two of those reached the caller: the two base -1 calls. */
		received_self += 2;
		CHECK_EQ(pmu_fw_counter_read(sent_counter), sent);
		CHECK_EQ(pmu_fw_counter_read(received_counter), received_self);
	}
	test_pass();
}
