/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ssdbltrp from S-mode (QEMU 11.1 -cpu max): FWFT DOUBLE_TRAP sets
 * menvcfg.DTE, and a trap S-mode's handler cannot take becomes the SSE
 * double-trap event (0x00000001), as the SSE chapter and the privileged
 * spec's "Double Trap Control in sstatus" say.
 *
 * - DOUBLE_TRAP = 0 (reset value): sstatus.SDT is read-only 0 and a trap
 *   inside the trap handler is an ordinary nested trap.
 * - DOUBLE_TRAP = 1: a trap into S-mode sets SDT. A trap taken while it is
 *   set is a double trap:
 *   . by the hardware (an ebreak in the handler: mcause 16 into M-mode);
 *   . or one the firmware was about to hand to S-mode (a load from firmware
 *     memory: a load access fault M-mode takes and would redirect);
 *   . or a fault on an SBI call's own argument (a legacy send_ipi whose
 *     hart mask is firmware memory, redirected to S-mode at the ecall);
 *   each is delivered as the double-trap event: the handler sees the
 *   interrupted pc in sepc, INTERRUPTED_SEPC = the handler's sepc (the
 *   first trap's), INTERRUPTED_FLAGS.SDT and SPP set, SDT set itself; it
 *   skips the instruction and completes, and the trap handler goes on with
 *   SDT set again.
 * - A double trap in VS-mode (henvcfg.DTE, vsstatus.SDT set; a trap
 *   hedeleg sends to VS-mode) is HS-mode's: scause 16, htval = the cause VS
 *   would have seen, sepc the faulting pc - from the hardware (ebreak) and
 *   from the firmware's own redirect (a load access fault).
 *   (With `-append vs=1`.)
 * - With `-append fatal=1`: another hart double-traps with no event enabled;
 *   the firmware reports it ("S-mode double trap", checked by the runner)
 *   and stops that hart for good: HSM STOPPED, hart_start INVALID_PARAM, a
 *   fence to it INVALID_PARAM, to all harts SUCCESS; it goes on serving
 *   this one (tests/payloads/hart_gone.c has the rest).
 */
#include "lower_mode.h"
#include "pmu_util.h"
#include "sse.h"

#define SSTATUS_SDT          (1UL << 24)
#define CSR_HENVCFG          0x60A
#define CSR_HEDELEG          0x602
#define CSR_HSTATUS          0x600
#define CSR_HTVAL            0x643
#define HENVCFG_DTE          (1UL << 59)
#define CAUSE_BREAKPOINT_P   3
#define CAUSE_LOAD_ACCESS_P  5
#define CAUSE_DOUBLE_TRAP_P  16
#define SSE_DOUBLE_TRAP      0x00000001UL
#define SSE_FLAG_SPP         (1UL << 0)
#define SSE_FLAG_SDT         (1UL << 5)
#define FIRMWARE_ADDR        0x80000000UL
#define SOON_US              2000000UL

/* The instructions that trap, at known addresses (4 bytes each). */
extern char dt_first[], dt_second[], dt_load[], dt_legacy[];
void dt_ebreak(void);
void dt_ebreak_in_handler(void);
void dt_load_in_handler(void);
void dt_legacy_in_handler(void);
unsigned long vs_double_ebreak(unsigned long unused);
unsigned long vs_double_load(unsigned long unused);
extern char vs_ebreak_insn[], vs_load_insn[];

__asm__(".pushsection .text\n"
	".option push\n.option norvc\n"
	".balign 4\n"
	".globl dt_ebreak\n"
	"dt_ebreak:\n"
	".globl dt_first\n"
	"dt_first:\n"
	"	ebreak\n"
	"	ret\n"
	".globl dt_ebreak_in_handler\n"
	"dt_ebreak_in_handler:\n"
	".globl dt_second\n"
	"dt_second:\n"
	"	ebreak\n"
	"	ret\n"
	".globl dt_load_in_handler\n"
	"dt_load_in_handler:\n"
	"	li	t0, 0x80000000\n"
	".globl dt_load\n"
	"dt_load:\n"
	"	ld	t0, 0(t0)\n"
	"	ret\n"
	/* legacy send_ipi (EID 4) with a0 = a hart mask pointer into firmware memory */
	".globl dt_legacy_in_handler\n"
	"dt_legacy_in_handler:\n"
	"	li	a0, 0x80000000\n"
	"	li	a7, 4\n"
	".globl dt_legacy\n"
	"dt_legacy:\n"
	"	ecall\n"
	"	ret\n"
	/* VS-mode: vsstatus.SDT set, then a trap hedeleg gives VS-mode */
	".globl vs_double_ebreak\n"
	"vs_double_ebreak:\n"
	"	li	t0, 1 << 24\n"
	"	csrs	sstatus, t0\n"
	".globl vs_ebreak_insn\n"
	"vs_ebreak_insn:\n"
	"	ebreak\n"
	"	csrc	sstatus, t0\n"
	"	li	a0, 1\n"
	"	ret\n"
	".globl vs_double_load\n"
	"vs_double_load:\n"
	"	li	t0, 1 << 24\n"
	"	csrs	sstatus, t0\n"
	"	li	t1, 0x80000000\n"
	".globl vs_load_insn\n"
	"vs_load_insn:\n"
	"	ld	t1, 0(t1)\n"
	"	csrc	sstatus, t0\n"
	"	li	a0, 1\n"
	"	ret\n"
	".option pop\n"
	".popsection\n");

/* ---- S-mode's trap handler ---- */

enum nested { NESTED_NONE, NESTED_EBREAK, NESTED_LOAD, NESTED_LEGACY };
static volatile enum nested nested;
static volatile unsigned long traps, handler_sstatus, nested_traps;
static volatile unsigned long hs_cause, hs_tval, hs_epc, hs_htval, hs_hstatus;

static bool dt_trap(struct trap_frame *frame)
{
	if (frame->scause & SCAUSE_INTERRUPT)
		return false;
	if (frame->scause == CAUSE_DOUBLE_TRAP_P) {
		/* From VS-mode, redirected to HS-mode by the firmware. */
		hs_cause = frame->scause;
		hs_tval = frame->stval;
		hs_epc = frame->sepc;
		hs_htval = csr_read(CSR_HTVAL);
		hs_hstatus = csr_read(CSR_HSTATUS);
		frame->sepc += 4;
		return true;
	}
	if (frame->sepc == (unsigned long)dt_first) {
		enum nested n = nested;

		traps++;
		handler_sstatus = csr_read(sstatus);
		nested = NESTED_NONE;
		/* Still in the trap handler, SDT as the trap left it. */
		if (n == NESTED_EBREAK)
			dt_ebreak_in_handler();
		else if (n == NESTED_LOAD)
			dt_load_in_handler();
		else if (n == NESTED_LEGACY)
			dt_legacy_in_handler();
		frame->sepc += 4;
		return true;
	}
	/* A nested trap taken as an ordinary one (DOUBLE_TRAP off). */
	nested_traps++;
	frame->sepc += 4;
	return true;
}

/* ---- the SSE double-trap event ---- */

static struct sse_handler_arg dt_arg;
static uint8_t dt_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static volatile unsigned long sse_runs, sse_epc, sse_sstatus, sse_flags, sse_isepc;

static void dt_sse_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	(void)arg, (void)hartid;
	sse_runs++;
	sse_epc = regs->sepc;
	sse_sstatus = regs->sstatus;
	sse_flags = sse_attr(SSE_DOUBLE_TRAP, SBI_SSE_ATTR_INTERRUPTED_FLAGS);
	sse_isepc = sse_attr(SSE_DOUBLE_TRAP, SBI_SSE_ATTR_INTERRUPTED_SEPC);
	regs->sepc += 4;   /* over the instruction that double-trapped */
}

static void reset_records(void)
{
	traps = nested_traps = sse_runs = 0;
	sse_epc = sse_sstatus = sse_flags = sse_isepc = handler_sstatus = 0;
}

static void check_off(void)
{
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_DOUBLE_TRAP).value, 0);
	csr_set(sstatus, SSTATUS_SDT);
	CHECK_EQ(csr_read(sstatus) & SSTATUS_SDT, 0);      /* read-only 0 */
	reset_records();
	nested = NESTED_EBREAK;
	dt_ebreak();
	CHECK_EQ(traps, 1);
	CHECK_EQ(handler_sstatus & SSTATUS_SDT, 0);
	CHECK_EQ(nested_traps, 1);                         /* an ordinary nested trap */
	CHECK_EQ(sse_runs, 0);
}

/* One double trap inside the handler of dt_first's ebreak, taken by the SSE handler. */
static void check_double_trap(enum nested how, const char *insn, unsigned long extra_nested)
{
	reset_records();
	nested = how;
	dt_ebreak();
	CHECK_EQ(traps, 1);
	CHECK(handler_sstatus & SSTATUS_SDT);              /* the trap into S-mode set SDT */
	CHECK_EQ(nested_traps, extra_nested);
	CHECK_EQ(sse_runs, 1);
	CHECK_EQ(sse_epc, (unsigned long)insn);            /* the instruction that double-trapped */
	CHECK(sse_sstatus & SSTATUS_SDT);                  /* set for the event handler too */
	CHECK_EQ(sse_flags & (SSE_FLAG_SDT | SSE_FLAG_SPP), SSE_FLAG_SDT | SSE_FLAG_SPP);
	CHECK_EQ(sse_isepc, (unsigned long)dt_first);      /* S-mode's sepc: the first trap's */
	CHECK_EQ(csr_read(sstatus) & SSTATUS_SDT, 0);      /* sret cleared it */
}

static void check_vs(void)
{
	unsigned long hedeleg = csr_read(CSR_HEDELEG);

	csr_set(CSR_HENVCFG, HENVCFG_DTE);
	CHECK(csr_read(CSR_HENVCFG) & HENVCFG_DTE);
	csr_write(CSR_HEDELEG, hedeleg | (1UL << CAUSE_BREAKPOINT_P) | (1UL << CAUSE_LOAD_ACCESS_P));

	hs_cause = 0;
	lower_mode_vs_last.count = 0;
	CHECK_EQ(lower_mode_call(LOWER_MODE_VS, vs_double_ebreak, 0), 1);
	CHECK_EQ(lower_mode_vs_last.count, 0);             /* VS-mode's handler never ran */
	CHECK_EQ(hs_cause, CAUSE_DOUBLE_TRAP_P);
	CHECK_EQ(hs_htval, CAUSE_BREAKPOINT_P);
	CHECK_EQ(hs_epc, (unsigned long)vs_ebreak_insn);
	CHECK(hs_hstatus & HSTATUS_SPV);

	hs_cause = 0;
	CHECK_EQ(lower_mode_call(LOWER_MODE_VS, vs_double_load, 0), 1);
	CHECK_EQ(lower_mode_vs_last.count, 0);
	CHECK_EQ(hs_cause, CAUSE_DOUBLE_TRAP_P);
	CHECK_EQ(hs_htval, CAUSE_LOAD_ACCESS_P);           /* the firmware's redirect, as the hardware's */
	CHECK_EQ(hs_tval, FIRMWARE_ADDR);
	CHECK_EQ(hs_epc, (unsigned long)vs_load_insn);
	CHECK(hs_hstatus & HSTATUS_SPV);

	/* henvcfg.DTE = 0: VS-mode takes its trap itself */
	csr_clear(CSR_HENVCFG, HENVCFG_DTE);
	hs_cause = 0;
	CHECK_EQ(lower_mode_call(LOWER_MODE_VS, vs_double_ebreak, 0), 1);
	CHECK_EQ(lower_mode_vs_last.count, 1);
	CHECK_EQ(lower_mode_vs_last.scause, CAUSE_BREAKPOINT_P);
	CHECK_EQ(hs_cause, 0);
	csr_write(CSR_HEDELEG, hedeleg);
	printf("DBLTRP-VS checked\n");
}

static volatile unsigned long fatal_about, fatal_after;

static void fatal_job(void *arg)
{
	(void)arg;
	payload_trap_handler = dt_trap;
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 1, 0).error, SBI_SUCCESS);
	nested = NESTED_EBREAK;
	__atomic_store_n(&fatal_about, 1, __ATOMIC_RELEASE);
	dt_ebreak();
	__atomic_store_n(&fatal_after, 1, __ATOMIC_RELEASE);   /* never: the hart stops */
}

static void check_fatal(unsigned long me)
{
	unsigned long ids[4], other = ~0UL;
	int n = dt_hartids(ids, 4);

	for (int i = 0; i < n && i < 4; i++)
		if (ids[i] != me)
			other = ids[i];
	if (!CHECK(other != ~0UL))
		return;
	CHECK_EQ(hart_run(other, fatal_job, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&fatal_about, 1, PAYLOAD_WAIT_US));
	delay_us(SOON_US);
	CHECK_EQ(fatal_after, 0);
	/* Gone: STOPPED for HSM, never started again; fences to it end (tests/payloads/hart_gone.c). */
	CHECK(hart_wait_state(other, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	CHECK_EQ(sbi_hart_start(other, 0x80200000UL, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_fence_i(1UL << other, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_remote_sfence_vma(0, -1UL, 0, 0).error, SBI_SUCCESS);
	/* This hart is served. */
	CHECK_EQ(sbi_get_spec_version().error, SBI_SUCCESS);
	printf("DBLTRP-FATAL checked on hart %lu\n", other);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("dbltrp");
	payload_trap_handler = dt_trap;
	if (!CHECK(dt_isa_has("ssdbltrp"))) {
		printf("DBLTRP: the hart has no Ssdbltrp (QEMU 11.1 -cpu max has it)\n");
		return;
	}
	if (dt_bootarg("fatal", 0)) {
		check_fatal(hartid);
		return;
	}
	check_off();
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_DOUBLE_TRAP).value, 1);
	CHECK_EQ(sse_register_handler(SSE_DOUBLE_TRAP, &dt_arg, dt_sse_handler, NULL, dt_stack).error, SBI_SUCCESS);
	/* A double trap cannot be faked. */
	CHECK_EQ(sbi_sse_inject(SSE_DOUBLE_TRAP, hartid).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_enable(SSE_DOUBLE_TRAP).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	/* An ordinary trap: SDT set in the handler, cleared by its sret. */
	reset_records();
	nested = NESTED_NONE;
	dt_ebreak();
	CHECK_EQ(traps, 1);
	CHECK(handler_sstatus & SSTATUS_SDT);
	CHECK_EQ(csr_read(sstatus) & SSTATUS_SDT, 0);
	CHECK_EQ(sse_runs, 0);

	check_double_trap(NESTED_EBREAK, dt_second, 0);
	printf("DBLTRP-HARDWARE checked\n");
	check_double_trap(NESTED_LOAD, dt_load, 0);
	printf("DBLTRP-REDIRECT checked\n");
	check_double_trap(NESTED_LEGACY, dt_legacy, 0);
	printf("DBLTRP-LEGACY checked\n");
	CHECK_EQ(sse_state(SSE_DOUBLE_TRAP), SBI_SSE_STATE_ENABLED);

	/* (A case of its own: a redirect from VS-mode to HS-mode needs mstatus.MPV cleared.) */
	if (dt_bootarg("vs", 0) && CHECK(dt_isa_has_letter('h')))
		check_vs();

	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_disable(SSE_DOUBLE_TRAP).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(SSE_DOUBLE_TRAP).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 0, 0).error, SBI_SUCCESS);
	check_off();
}
