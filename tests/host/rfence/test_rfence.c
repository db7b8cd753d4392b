/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Remote fences (lib/ext/rfence/rfence_request.c, lib/core/hart_mask.c): every page
 * a range touches is flushed, HFENCE.VVMA carries the calling hart's VMID,
 * and a hypervisor fence naming a hart without H is refused before anything
 * is sent. The fence instructions themselves need a real hart; QEMU 7.2
 * flushes its whole TLB on any sfence/hfence, so only these rules can show.
 * Also the IPI transport (lib/ipi/ipi.c): reasons, their bits and handlers.
 */
#include "test.h"
#include "hart.h"
#include "riscv_csr.h"
#include "hart_mask.h"
#include "ipi_device.h"
#include "ipi.h"
#include "rfence/rfence.h"
#include "sbi_spec.h"

TEST_MAIN_GLOBALS

#define PAGE RFENCE_PAGE_SIZE

static void test_setup(void)
{
}

TEST(range_straddling_a_page_boundary)
{
	/* The reported case: bytes 0x1fff and 0x2000 -> pages 0x1000 and 0x2000. */
	struct rfence_pages p = rfence_pages_of(0x1fff, 2);

	CHECK(!p.full);
	CHECK_EQ(p.first, 0x1000);
	CHECK_EQ(p.count, 2);
}

TEST(range_page_rounding)
{
	struct rfence_pages p;

	p = rfence_pages_of(0x1000, PAGE);               /* exactly one page */
	CHECK_EQ(p.first, 0x1000);
	CHECK_EQ(p.count, 1);
	p = rfence_pages_of(0x1000, PAGE + 1);           /* one byte into the next */
	CHECK_EQ(p.count, 2);
	p = rfence_pages_of(0x1fff, 1);                  /* one byte */
	CHECK_EQ(p.first, 0x1000);
	CHECK_EQ(p.count, 1);
	p = rfence_pages_of(0x1800, PAGE);               /* unaligned, one page long: two pages */
	CHECK_EQ(p.first, 0x1000);
	CHECK_EQ(p.count, 2);
	p = rfence_pages_of(0x10000, RFENCE_MAX_PAGES * PAGE);
	CHECK(!p.full);
	CHECK_EQ(p.count, RFENCE_MAX_PAGES);
	p = rfence_pages_of(0x10001, RFENCE_MAX_PAGES * PAGE);   /* one page too many */
	CHECK(p.full);
}

TEST(range_whole_space_and_empty)
{
	CHECK(rfence_pages_of(0, 0).full);
	CHECK(rfence_pages_of(0x1234, ~0UL).full);
	CHECK(rfence_pages_of(0, ~0UL).full);
	/* size 0 with a start is an empty range */
	CHECK(!rfence_pages_of(0x1000, 0).full);
	CHECK_EQ(rfence_pages_of(0x1000, 0).count, 0);
	/* a range running past the top of the address space: all of it */
	CHECK(rfence_pages_of(~0UL - 0xfff, 0x2000).full);
	/* ending exactly at the top does not wrap */
	struct rfence_pages p = rfence_pages_of(~0UL - 0xfff, 0x1000);
	CHECK(!p.full);
	CHECK_EQ(p.first, ~0UL - 0xfff);
	CHECK_EQ(p.count, 1);
}

TEST(request_vmid_from_caller_hgatp)
{
	unsigned long hgatp = (8UL << 60) | (0x2aUL << HGATP_VMID_SHIFT) | 0x12345;
	struct rfence_request r;

	rfence_request_init(&r, SBI_RFENCE_REMOTE_HFENCE_VVMA, 0x4000, 0x1000, 0x77, hgatp);
	CHECK_EQ(r.vmid, 0x2a);
	rfence_request_init(&r, SBI_RFENCE_REMOTE_HFENCE_VVMA_ASID, 0x4000, 0x1000, 0x77, hgatp);
	CHECK_EQ(r.vmid, 0x2a);
	CHECK_EQ(r.asid, 0x77);
	/* GVMA_VMID names its VMID itself */
	rfence_request_init(&r, SBI_RFENCE_REMOTE_HFENCE_GVMA_VMID, 0x4000, 0x1000, 0x5, hgatp);
	CHECK_EQ(r.vmid, 0x5);
	rfence_request_init(&r, SBI_RFENCE_REMOTE_SFENCE_VMA_ASID, 0, 0, 0x9, hgatp);
	CHECK_EQ(r.asid, 0x9);
	CHECK_EQ(r.vmid, 0);
	CHECK_EQ(r.start, 0);
	CHECK_EQ(r.type, SBI_RFENCE_REMOTE_SFENCE_VMA_ASID);
}

/* ---- Hart masks: a small hart table, hart 2 without H, hart 5 without S ---- */

static struct hart_state harts[4], *table[4];
struct hart_state *host_current_hart;
static const unsigned long ids[4] = { 0, 1, 2, 5 };

static bool has_h(const struct hart_state *hs)
{
	return (hs->features & HART_HAS_H) != 0;
}

static uint32_t msip_regs[4];   /* never touched: the doorbell is a stand-in */
static unsigned int msip_raised;
static void test_doorbell_send(struct hart_state *hs) { (void)hs; msip_raised++; }
static void test_doorbell_clear(struct hart_state *hs) { (void)hs; }
static const struct ipi_device test_doorbell = { 0, test_doorbell_send, test_doorbell_clear, "test" };

static void table_init(void)
{
	for (unsigned int i = 0; i < 4; i++) {
		memset(&harts[i], 0, sizeof(harts[i]));
		harts[i].hartid = ids[i];
		hart_set_ipi_device(&harts[i], &test_doorbell, &msip_regs[i]);
		harts[i].features = HART_HAS_S | HART_HAS_H;
		table[i] = &harts[i];
	}
	harts[2].features = HART_HAS_S;
	harts[3].features = 0;
	hart_table = table;
	hart_count = 4;
}

TEST(hartmask_check_finds_harts_without_h)
{
	table_init();
	CHECK_EQ(sbi_hartmask_check(0x3, 0, has_h), SBI_SUCCESS);
	CHECK_EQ(sbi_hartmask_check(0x4, 0, has_h), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_hartmask_check(0x1, 2, has_h), SBI_ERR_NOT_SUPPORTED);
	/* stopped or not, a hart without H cannot take an hfence */
	harts[2].run_state = SBI_HSM_STATE_STOPPED;
	CHECK_EQ(sbi_hartmask_check(0x7, 0, has_h), SBI_ERR_NOT_SUPPORTED);
	/* all harts (base -1): hart 2 is among them; hart 5 has no S-mode, so it is not */
	CHECK_EQ(sbi_hartmask_check(0, -1UL, has_h), SBI_ERR_NOT_SUPPORTED);
	harts[2].features |= HART_HAS_H;
	CHECK_EQ(sbi_hartmask_check(0, -1UL, has_h), SBI_SUCCESS);
}

TEST(hartmask_check_invalid_hartid_first)
{
	table_init();
	/* hartid 3 does not exist, hart 2 lacks H: INVALID_PARAM wins */
	CHECK_EQ(sbi_hartmask_check(0xc, 0, has_h), SBI_ERR_INVALID_PARAM);
	/* hart 5 has no S-mode: not addressable */
	CHECK_EQ(sbi_hartmask_check(0x1, 5, has_h), SBI_ERR_INVALID_PARAM);
	/* hartids past the top (base -1 alone means all harts) */
	CHECK_EQ(sbi_hartmask_check(0x2, ~0UL - 1, has_h), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_hartmask_check(0, 0, has_h), SBI_SUCCESS);   /* empty mask */
}

/* ---- The IPI transport (lib/ipi/ipi.c), with reasons of its own ---- */

static unsigned int handled, handled_in_ecall;
static bool keep_raised;
static void test_reason_handle(struct hart_state *hs, bool in_ecall);
/* Two reasons, as services declare theirs: one with a handler, one without. */
static IPI_REASON(10, test_reason, test_reason_handle);
static IPI_REASON(20, test_silent_reason, NULL);

/* As SSE's: inside an ecall, a request that left work keeps its IPI raised. */
static void test_reason_handle(struct hart_state *hs, bool in_ecall)
{
	handled++;
	handled_in_ecall += in_ecall;
	if (in_ecall && keep_raised)
		ipi_raise(hs, &test_reason);
}

TEST(each_reason_has_its_bit_and_its_handler)
{
	table_init();
	handled = handled_in_ecall = msip_raised = 0;
	keep_raised = false;
	CHECK(ipi_reason_bit(&test_reason) != ipi_reason_bit(&test_silent_reason));
	ipi_raise(&harts[1], &test_reason);
	ipi_raise(&harts[1], &test_silent_reason);
	CHECK_EQ(harts[1].ipi_pending, ipi_reason_bit(&test_reason) | ipi_reason_bit(&test_silent_reason));
	CHECK_EQ(msip_raised, 2);
	CHECK_EQ(handled, 0);
	/* The target's interrupt takes both; only one has a handler. */
	host_current_hart = &harts[1];
	ipi_interrupt();
	CHECK_EQ(handled, 1);
	CHECK_EQ(handled_in_ecall, 0);
	CHECK_EQ(harts[1].ipi_pending, 0);
}

/*
 * Served by an M-mode wait inside an ecall, a handler knows it (SSE keeps
 * its IPI raised then: the fast exit does not deliver) and may raise its
 * own reason again without losing it.
 */
TEST(a_handler_knows_it_runs_inside_an_ecall)
{
	table_init();
	host_current_hart = &harts[0];
	handled = handled_in_ecall = msip_raised = 0;
	keep_raised = true;
	harts[0].ipi_pending = ipi_reason_bit(&test_reason);
	ipi_process();
	CHECK_EQ(handled, 1);
	CHECK_EQ(handled_in_ecall, 1);
	CHECK_EQ(harts[0].ipi_pending, ipi_reason_bit(&test_reason));
	CHECK_EQ(msip_raised, 1);
	/* The wait loop serves it again: still raised. */
	ipi_process();
	CHECK_EQ(harts[0].ipi_pending, ipi_reason_bit(&test_reason));
	CHECK_EQ(msip_raised, 2);
	/* Nothing left to do: nothing kept. */
	keep_raised = false;
	ipi_process();
	CHECK_EQ(harts[0].ipi_pending, 0);
	CHECK_EQ(msip_raised, 2);
}

/*
 * A lone hart on a machine without doorbells (no ipi_dev) handles its IPIs
 * to itself at once, as the interrupt would: work it leaves is left to the
 * call's own exit (it cannot raise an IPI to itself, nor loop raising one).
 */
TEST(a_hart_without_a_doorbell_takes_its_own_ipi_once)
{
	table_init();
	host_current_hart = &harts[0];
	harts[0].ipi_dev = NULL;
	handled = handled_in_ecall = msip_raised = 0;
	keep_raised = true;
	ipi_raise(&harts[0], &test_reason);
	CHECK_EQ(handled, 1);
	CHECK_EQ(handled_in_ecall, 0);
	CHECK_EQ(harts[0].ipi_pending, 0);
	CHECK_EQ(msip_raised, 0);
}

/* ---- Stand-ins for what lib/ipi/ipi.c calls on real hardware ---- */
unsigned long host_csr_read(unsigned int csr) { (void)csr; return 0; }
void host_csr_write(unsigned int csr, unsigned long value) { (void)csr, (void)value; }
unsigned long host_csr_set(unsigned int csr, unsigned long bits) { (void)csr, (void)bits; return 0; }
unsigned long host_csr_clear(unsigned int csr, unsigned long bits) { (void)csr, (void)bits; return 0; }

int main(void)
{
	RUN(range_straddling_a_page_boundary);
	RUN(range_page_rounding);
	RUN(range_whole_space_and_empty);
	RUN(request_vmid_from_caller_hgatp);
	RUN(hartmask_check_finds_harts_without_h);
	RUN(hartmask_check_invalid_hartid_first);
	RUN(each_reason_has_its_bit_and_its_handler);
	RUN(a_handler_knows_it_runs_inside_an_ecall);
	RUN(a_hart_without_a_doorbell_takes_its_own_ipi_once);
	return TEST_EXIT_CODE;
}
