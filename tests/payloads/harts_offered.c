/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which harts the firmware offers S-mode, when the DT describes harts it
 * must not offer: a cpu node whose status is not "okay", a hart without an
 * MSWI slot (it could never be woken or sent an IPI). Boot must go on, and
 * such a hart must be, for S-mode, a hartid the firmware does not have:
 * - HSM hart_get_status and hart_start: SBI_ERR_INVALID_PARAM;
 * - send_ipi and every remote fence with a mask naming it (alone, beside a
 *   valid hart, or as mask base): SBI_ERR_INVALID_PARAM (IPI and RFENCE
 *   chapters: "at least one hartid ... is not valid"), legacy send_ipi too;
 * - its cpu node in the DT S-mode receives has status = "disabled";
 * - it never enters S-mode.
 * A hart the DT lists but that has not come (QEMU does not run it: a DT for
 * more harts than -smp) is offered all the same - it may come late, and
 * joins then (docs/boot.md): its node stays "okay", HSM calls it STOPPED,
 * hart_start answers FAILED until it comes, a mask naming it is served as
 * for any stopped hart (SUCCESS).
 * Every other hart works: started through HSM, it takes an IPI and a remote
 * fence; IPIs and fences to all harts (mask base -1) return.
 *
 * The expectation comes from the test case, not from the DT (-append):
 *   offer.absent=MASK   hartids (below 64) that must not be offered
 *   offer.waiting=MASK  hartids offered that never come
 *   offer.count=N       how many harts must be offered
 */
#include <libfdt.h>
#include "payload.h"

#define STRAY_WAIT_US  200000UL

extern char _start[];

static volatile unsigned long ssi_count[PAYLOAD_MAX_HARTS];

struct job {
	volatile unsigned long ready, got_ipi;
};
static struct job jobs[64];

static bool on_soft_interrupt(struct trap_frame *frame)
{
	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_SOFT))
		return false;
	csr_clear(sip, SIP_SSIP);
	__atomic_fetch_add(&ssi_count[current_hartid()], 1, __ATOMIC_RELEASE);
	return true;
}

/* On an offered hart: wait (bounded) for one IPI, then stop (hart_run). */
static void ipi_job(void *arg)
{
	struct job *j = arg;
	uint64_t deadline = time_deadline_us(PAYLOAD_WAIT_US);

	csr_set(sie, SIE_SSIE);
	csr_set(sstatus, SSTATUS_SIE);
	__atomic_store_n(&j->ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&ssi_count[current_hartid()], __ATOMIC_ACQUIRE) && !time_passed(deadline))
		;
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SSIE);
	__atomic_store_n(&j->got_ipi, ssi_count[current_hartid()] != 0, __ATOMIC_RELEASE);
}

/* Every way S-mode can name hart h: all must be refused. */
static void check_not_offered(unsigned long h, unsigned long self)
{
	unsigned long mask = 1UL << h, both = mask | (1UL << self);

	printf("hart %lu: not offered\n", h);
	CHECK_EQ(sbi_hart_get_status(h).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hart_start(h, (unsigned long)_start, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_send_ipi(mask, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_send_ipi(both, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_send_ipi(1, h).error, SBI_ERR_INVALID_PARAM);
	/* Refused whole: the valid hart of the mask got no IPI either. */
	CHECK_EQ(csr_read(sip) & SIP_SSIP, 0);
	CHECK_EQ(sbi_remote_fence_i(mask, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_fence_i(both, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_sfence_vma(both, 0, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_sfence_vma_asid(1, h, 0, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_legacy_send_ipi(&both), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_legacy_remote_fence_i(&mask), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(csr_read(sip) & SIP_SSIP, 0);
}

/* Hart h is offered but never comes: STOPPED, cannot be started yet, served as a stopped hart. */
static void check_waiting(unsigned long h, unsigned long self)
{
	unsigned long mask = 1UL << h, both = mask | (1UL << self);

	printf("hart %lu: offered, not here\n", h);
	CHECK_EQ(sbi_hart_get_status(h).error, SBI_SUCCESS);
	CHECK_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(sbi_hart_start(h, (unsigned long)_start, 0).error, SBI_ERR_FAILED);
	CHECK_EQ(sbi_send_ipi(mask, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(both, 0).error, SBI_SUCCESS);
	CHECK(csr_read(sip) & SIP_SSIP);
	csr_clear(sip, SIP_SSIP);
	CHECK_EQ(sbi_remote_fence_i(both, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_sfence_vma_asid(1, h, 0, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_legacy_remote_fence_i(&mask), SBI_SUCCESS);
}

/* Hart h is offered: STOPPED, starts through HSM, takes an IPI and a fence. */
static void check_offered(unsigned long h, unsigned long self)
{
	struct sbiret ret = sbi_hart_get_status(h);

	printf("hart %lu: offered\n", h);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	if (h == self) {
		CHECK_EQ(ret.value, SBI_HSM_STATE_STARTED);
		return;
	}
	CHECK_EQ(ret.value, SBI_HSM_STATE_STOPPED);
	if (!CHECK_EQ(hart_run(h, ipi_job, &jobs[h]).error, SBI_SUCCESS))
		return;
	if (!CHECK(wait_flag(&jobs[h].ready, 1, PAYLOAD_WAIT_US)))
		return;
	CHECK_EQ(sbi_remote_fence_i(1UL << h, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_sfence_vma(1UL << h, 0, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(1UL << h, 0).error, SBI_SUCCESS);
	CHECK(hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	CHECK_EQ(jobs[h].got_ipi, 1);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	const void *fdt = (const void *)dtb;
	unsigned long absent = dt_bootarg("offer.absent", 0), waiting = dt_bootarg("offer.waiting", 0);
	unsigned long count = dt_bootarg("offer.count", 0), enabled = 0, seen = 0;
	int cpus, node;

	test_start("harts_offered");
	payload_trap_handler = on_soft_interrupt;
	CHECK(count > 0);
	CHECK_EQ(absent & (1UL << hartid), 0);

	cpus = fdt_path_offset(fdt, "/cpus");
	if (!CHECK(cpus >= 0))
		return;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		uint64_t h, unused;

		if (!type || strcmp(type, "cpu") != 0 || !CHECK(dt_node_reg(fdt, node, 0, &h, &unused)))
			continue;
		if (!CHECK(h < 64))
			continue;
		seen |= 1UL << h;
		if (absent & (1UL << h)) {
			const char *status = fdt_getprop(fdt, node, "status", NULL);
			if (!CHECK(status && strcmp(status, "disabled") == 0))
				printf("  cpu node of hart %lu: status %s\n", (unsigned long)h, status ? status : "(none)");
			check_not_offered(h, hartid);
		} else {
			CHECK(dt_node_enabled(fdt, node));
			enabled++;
			if (waiting & (1UL << h))
				check_waiting(h, hartid);
			else
				check_offered(h, hartid);
		}
	}
	/* Each hart the case names is in the DT, and the count of the rest is right. */
	CHECK_EQ(seen & absent, absent);
	CHECK_EQ(seen & waiting, waiting);
	CHECK_EQ(enabled, count);

	/* To every hart there is: nothing waits on a hart that is not offered. */
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_fence_i(0, -1UL).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_sfence_vma(0, -1UL, 0, 0).error, SBI_SUCCESS);
	csr_clear(sip, SIP_SSIP);

	/* A hart left out never reaches S-mode (test_pass checks the count). */
	delay_us(STRAY_WAIT_US);
}
