/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU overflow as an SSE event (0x00010000, SSE chapter event table; PMU
 * chapter for the overflow state). With Sscofpmf, while S-mode has the
 * event registered and enabled, a counter overflow is delivered as this
 * event instead of the LCOFI interrupt, NMI-like: also into code running
 * with sstatus.SIE = 0. The overflow state stays for S-mode to read: OF in
 * scountovf, the snapshot's overflow bitmap; LCOFI is not pending in S-mode
 * and S-mode's sie.LCOFIE is hidden, then back, once the event is disabled,
 * when overflows are interrupts again. An overflow while the handler runs
 * makes the event pending; it runs again after completion.
 * Without Sscofpmf the event does not exist (NOT_SUPPORTED).
 */
#include "pmu_util.h"
#include "sse.h"

#define PMU_OVF   SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define NEAR_START (0UL - 1000UL)
#define FAR_START  (0UL - 200000UL)
/* Far from the wrap, but not further than 2^63 events: QEMU 7.2 arms its
 * overflow timer at now + (2^64 - value), which wraps for small values and
 * fires at once (a spurious overflow). */
#define LATE_START (0UL - (1UL << 40))
#define WAIT_US    500000UL

DEFINE_PMU_PAGE(snapshot_page);

static unsigned long hartid, hpm, hpm2;   /* hpm2: configured, not counting (QEMU: one counter per event) */
static uint8_t stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static struct sse_handler_arg arg;

static volatile unsigned long sse_calls, lcofi_count;
static volatile unsigned long h_scountovf, h_sip, h_counter, h_bitmap, h_status_after, h_sie, h_sstatus;
static volatile bool h_take_snapshot, h_overflow_again;

static bool on_interrupt(struct trap_frame *frame)
{
	if (frame->scause != SCAUSE_LCOFI)
		return false;
	lcofi_count++;
	csr_clear(sip, SIP_LCOFIP);
	CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
	return true;
}

static void pmu_handler(struct sse_handler_arg *a, struct trap_frame *regs, unsigned long a6)
{
	volatile uint64_t *page = snapshot_page;

	(void)a;
	CHECK_EQ(a6, hartid);
	h_sstatus = regs->sstatus;
	h_scountovf = read_scountovf();
	h_sip = csr_read(sip);
	h_sie = csr_read(sie);
	h_counter = read_hw_counter(hpm);
	if (h_take_snapshot) {
		page[0] = 0x5a5a5a5a5a5a5a5aUL;
		CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
		h_bitmap = page[0];
	} else {
		long err = sbi_pmu_counter_stop(hpm, 1, 0).error;
		CHECK(err == SBI_SUCCESS || err == SBI_ERR_ALREADY_STOPPED);
	}
	if (h_overflow_again) {
		/* The counter overflows again while this handler runs. (QEMU 7.2
		 * counts an event in one counter only: hpm again, not another.) */
		uint64_t deadline = time_deadline_us(WAIT_US);
		h_overflow_again = false;
		CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, NEAR_START).error, 0);
		while (!(read_scountovf() & (1UL << hpm)) && !time_passed(deadline))
			;
		CHECK_EQ(sbi_pmu_counter_stop(hpm, 1, 0).error, SBI_SUCCESS);
		delay_us(1000);
		h_status_after = sse_attr(PMU_OVF, SBI_SSE_ATTR_STATUS);
	}
	__atomic_fetch_add(&sse_calls, 1, __ATOMIC_RELEASE);
}

static unsigned long configure_counter(void)
{
	struct sbiret ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
							    EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return ret.value;
}

static bool wait_calls(volatile unsigned long *count, unsigned long n)
{
	uint64_t deadline = time_deadline_us(WAIT_US);

	while (*count < n && !time_passed(deadline))
		spin(1000);
	return *count >= n;
}

static void check_overflow_as_sse(void)
{
	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem((unsigned long)snapshot_page, 0, 0).error, SBI_SUCCESS);
	hpm = configure_counter();
	hpm2 = configure_counter();

	/* S-mode had LCOFI enabled in sie: hidden while the event holds it. */
	csr_set(sie, SIE_LCOFIE);
	CHECK_EQ(sse_register_handler(PMU_OVF, &arg, pmu_handler, NULL, stack).error, SBI_SUCCESS);
	CHECK_EQ(csr_read(sie) & SIE_LCOFIE, SIE_LCOFIE);       /* registered only: still S-mode's */
	CHECK_EQ(sbi_sse_enable(PMU_OVF).error, SBI_SUCCESS);
	CHECK_EQ(csr_read(sie) & SIE_LCOFIE, 0);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);

	/* Interrupts off in S-mode: the event comes anyway. */
	csr_clear(sstatus, SSTATUS_SIE);
	h_take_snapshot = true;
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, FAR_START).error, SBI_SUCCESS);
	CHECK(wait_calls(&sse_calls, 1));
	CHECK_EQ(sse_calls, 1);
	CHECK_EQ(lcofi_count, 0);
	CHECK_EQ(h_sstatus & SSTATUS_SIE, 0);              /* the handler interrupted SIE = 0 code */
	CHECK(h_scountovf & (1UL << hpm));                   /* OF set for S-mode to see */
	CHECK_EQ(h_sip & SIP_LCOFIP, 0);                     /* no interrupt pending in S-mode */
	CHECK(h_counter < (1UL << 40));                      /* wrapped */
	CHECK_EQ(h_bitmap, 1);                               /* the snapshot's bitmap: bit hpm - base */
	CHECK_EQ(csr_read(sip) & SIP_LCOFIP, 0);
	CHECK(read_scountovf() & (1UL << hpm));              /* OF holds until the next start */

	/* Started again: OF cleared, the next overflow is an event again. */
	h_take_snapshot = false;
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, NEAR_START).error, SBI_SUCCESS);
	CHECK(wait_calls(&sse_calls, 2));
	CHECK(h_scountovf & (1UL << hpm));

	/* An overflow while the handler runs: pending, taken after completion. */
	h_overflow_again = true;
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, NEAR_START).error, SBI_SUCCESS);
	CHECK(wait_calls(&sse_calls, 4));
	CHECK_EQ(h_status_after, SBI_SSE_STATE_RUNNING | SBI_SSE_ATTR_STATUS_PENDING | SBI_SSE_ATTR_STATUS_INJECT);
	CHECK(h_scountovf & (1UL << hpm));

	/* Injected by S-mode (the event is injectable): no counter overflowed. */
	sse_calls = 0;
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, LATE_START).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(hpm2, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, LATE_START).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(PMU_OVF, hartid).error, SBI_SUCCESS);
	CHECK_EQ(sse_calls, 1);
	CHECK_EQ(h_scountovf & ((1UL << hpm) | (1UL << hpm2)), 0);
	CHECK_EQ(sbi_pmu_counter_stop(hpm2, 1, 0).error, SBI_SUCCESS);

	/* Disabled: LCOFI is S-mode's again, with its sie.LCOFIE. */
	CHECK_EQ(sbi_sse_disable(PMU_OVF).error, SBI_SUCCESS);
	CHECK_EQ(csr_read(sie) & SIE_LCOFIE, SIE_LCOFIE);
	sse_calls = 0;
	csr_set(sstatus, SSTATUS_SIE);
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, NEAR_START).error, SBI_SUCCESS);
	CHECK(wait_calls(&lcofi_count, 1));
	csr_clear(sstatus, SSTATUS_SIE);
	CHECK_EQ(lcofi_count, 1);
	CHECK_EQ(sse_calls, 0);

	/* Enabled again: the hand-over works both ways again. */
	CHECK_EQ(sbi_sse_enable(PMU_OVF).error, SBI_SUCCESS);
	CHECK_EQ(csr_read(sie) & SIE_LCOFIE, 0);
	CHECK_EQ(sbi_pmu_counter_start(hpm, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, NEAR_START).error, SBI_SUCCESS);
	CHECK(wait_calls(&sse_calls, 1));
	CHECK_EQ(lcofi_count, 1);
	CHECK_EQ(sbi_sse_disable(PMU_OVF).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(PMU_OVF).error, SBI_SUCCESS);
	CHECK_EQ(csr_read(sie) & SIE_LCOFIE, SIE_LCOFIE);
	csr_clear(sie, SIE_LCOFIE);
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	pmu_reset_all();
}

void payload_main(unsigned long id, unsigned long dtb)
{
	(void)dtb;
	hartid = id;
	test_start("sse_pmu");
	trap_catch_install(on_interrupt);
	if (pmu_probe_sscofpmf()) {
		check_overflow_as_sse();
	} else {
		CHECK_EQ(sbi_sse_register(PMU_OVF, (unsigned long)sse_entry, 0).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sse_attr(PMU_OVF, SBI_SSE_ATTR_STATUS), ~0UL);
	}
}
