/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Zicfiss and Zicfilp from S-mode (QEMU 11.1 -cpu max): FWFT SHADOW_STACK
 * and LANDING_PAD set menvcfg.SSE / LPE, and the hart then does what the
 * privileged spec's CFI chapter says.
 *
 * - SHADOW_STACK off (reset value 0): ssp is an illegal CSR in S-mode,
 *   senvcfg.SSE is read-only 0, sspush/ssrdp are Zimop no-ops (ssrdp reads
 *   0) and ssamoswap is illegal.
 * - SHADOW_STACK = 1 with LOCK, as Linux 7.2 asks on every hart: then
 *   DENIED_LOCKED for any change. S-mode shadow stack: sspush writes below
 *   ssp on a shadow-stack page (PTE xwr = 010), sspopchk checks it (a
 *   mismatch: software-check exception 18, stval 3), ssamoswap swaps, a
 *   plain store to that page is a store access fault, a shadow-stack access
 *   to a read-only page a store page fault. (The spec also makes one with
 *   satp Bare or to a read-write page a store access fault; QEMU 11.1 does
 *   the access: printed, not checked.) U-mode shadow stack (what Linux gives processes):
 *   senvcfg.SSE is writable now; with it U-mode's sspush/sspopchk work on a
 *   U shadow-stack page and a mismatch traps; without it they are no-ops.
 *   The other hart gets the feature and its lock too.
 * - LANDING_PAD = 1: an indirect jump to an instruction other than lpad
 *   raises software-check 18 (stval 2) with sstatus.SPELP set; to lpad it
 *   goes on; with 0 no landing pad is checked. A jump whose target faults
 *   into M-mode (an instruction access fault on firmware memory) is handed
 *   to S-mode with the landing-pad state in sstatus.SPELP, as a trap taken
 *   by S-mode directly would be (the handler itself starts with none
 *   expected: it is not an lpad).
 * - SSE and the landing-pad state: the same jump made with sstatus.SDT set
 *   (DOUBLE_TRAP on) is a double trap, delivered as the SSE double-trap
 *   event: its handler sees sstatus.SPELP = the interrupted landing-pad
 *   state (1), INTERRUPTED_FLAGS.SPELP/SDT = the interrupted sstatus bits,
 *   and completion resumes with the landing pad expected again, the handler
 *   having moved sepc to an lpad (SSE chapter, "Software Event Injection"
 *   and "Completion").
 *
 * While menvcfg.LPE is set, S-mode's compiled C code must not make indirect
 * jumps (this payload is built without landing pads): the checks are made
 * from asm stubs below, and CHECKs come after LANDING_PAD is off again.
 */
#include "pmu_util.h"
#include "sse.h"

#define CSR_SSP          0x011
#define CSR_SENVCFG      0x10A
#define SENVCFG_LPE      (1UL << 2)
#define SENVCFG_SSE      (1UL << 3)
#define SSTATUS_SPELP    (1UL << 23)
#define SSTATUS_SDT      (1UL << 24)
#define CAUSE_FETCH_ACCESS_P   1
#define CAUSE_STORE_ACCESS_P   7
#define CAUSE_STORE_PAGE_FAULT_P 15
#define CAUSE_SOFTWARE_CHECK_P 18
#define SWCHECK_LANDING_PAD    2
#define SWCHECK_SHADOW_STACK   3
#define SSE_DOUBLE_TRAP  0x00000001UL
#define SSE_FLAG_SPELP   (1UL << 4)
#define SSE_FLAG_SDT     (1UL << 5)
#define FIRMWARE_ADDR    0x80000000UL
#define SOON_US          2000000UL

/* Sv39 PTE bits. */
#define PTE_V (1UL << 0)
#define PTE_R (1UL << 1)
#define PTE_W (1UL << 2)
#define PTE_X (1UL << 3)
#define PTE_U (1UL << 4)
#define PTE_A (1UL << 6)
#define PTE_D (1UL << 7)

/* Virtual pages at 0x40000000 (VM_ALIAS_BASE's gigapage, a level-0 table here). */
#define PAGE_VA(n)     (VM_ALIAS_BASE + (n) * 4096UL)
#define VA_SS_S        PAGE_VA(0)   /* shadow-stack page, S */
#define VA_SS_U        PAGE_VA(1)   /* shadow-stack page, U */
#define VA_RW          PAGE_VA(2)   /* ordinary read-write page */
#define VA_RO          PAGE_VA(3)   /* read-only page */
#define VA_UCODE       PAGE_VA(4)   /* the U-mode code page (u_code below) */

static uint64_t root[512] __attribute__((aligned(4096)));
static uint64_t level1[512] __attribute__((aligned(4096)));
static uint64_t level0[512] __attribute__((aligned(4096)));
static volatile uint64_t ss_s[512] __attribute__((aligned(4096)));
static volatile uint64_t ss_u[512] __attribute__((aligned(4096)));
static volatile uint64_t rw_page[512] __attribute__((aligned(4096)));
static volatile uint64_t ro_page[512] __attribute__((aligned(4096)));

/* Shadow-stack instructions (binutils 2.40 does not know them). */
#define SSPUSH_T0      ".4byte 0xce504073\n"     /* sspush t0 */
#define SSPOPCHK_T0    ".4byte 0xcdc2c073\n"     /* sspopchk t0 */
#define SSRDP_T0       ".4byte 0xcdc042f3\n"     /* ssrdp t0 */
#define SSAMOSWAP_D    ".4byte 0x48b6352f\n"     /* ssamoswap.d a0, a1, (a2) */
#define LPAD_0         ".4byte 0x00000017\n"     /* lpad 0 */

/*
 * Landing pads, in asm (no compiled indirect jump while LPE is set).
 * lp_jump(target): stvec = lp_vector, an indirect jump to target (rs1 =
 * a0: a landing pad is expected), back through lp_back. lp_trap records a
 * trap taken on the way: scause, stval, sepc, sstatus; lp_vector resumes at
 * lp_back with no landing pad expected.
 * sdt_jump(target): sets sstatus.SDT and jumps; the SSE double-trap handler
 * resumes it at sdt_recover, an lpad, which clears SDT and returns.
 */
struct lp_trap {
	unsigned long cause, tval, epc, status;
};
volatile struct lp_trap lp_trap;
unsigned long lp_saved_stvec;
void lp_jump(unsigned long target);
void sdt_jump(unsigned long target);
extern char lp_target_pad[], lp_target_nopad[], sdt_recover[];

__asm__(".pushsection .text\n"
	".option push\n.option norvc\n"
	".balign 4\n"
	".globl lp_jump\n"
	"lp_jump:\n"
	"	la	t0, lp_vector\n"
	"	csrrw	t1, stvec, t0\n"
	"	la	t0, lp_saved_stvec\n"
	"	sd	t1, 0(t0)\n"
	"	jalr	x0, 0(a0)\n"
	".balign 4\n"
	".globl lp_target_pad\n"
	"lp_target_pad:\n"
	LPAD_0
	"	j	lp_back\n"
	".balign 4\n"
	".globl lp_target_nopad\n"
	"lp_target_nopad:\n"
	"	addi	x0, x0, 0\n"
	"	j	lp_back\n"
	".balign 4\n"
	"lp_vector:\n"
	"	la	t0, lp_trap\n"
	"	csrr	t1, scause\n"
	"	sd	t1, 0(t0)\n"
	"	csrr	t1, stval\n"
	"	sd	t1, 8(t0)\n"
	"	csrr	t1, sepc\n"
	"	sd	t1, 16(t0)\n"
	"	csrr	t1, sstatus\n"
	"	sd	t1, 24(t0)\n"
	"	la	t1, lp_back\n"
	"	csrw	sepc, t1\n"
	"	li	t1, 1 << 23\n"
	"	csrc	sstatus, t1\n"
	"	sret\n"
	"lp_back:\n"
	"	la	t0, lp_saved_stvec\n"
	"	ld	t1, 0(t0)\n"
	"	csrw	stvec, t1\n"
	"	ret\n"
	".balign 4\n"
	".globl sdt_jump\n"
	"sdt_jump:\n"
	"	li	t0, 1 << 24\n"
	"	csrs	sstatus, t0\n"
	"	jalr	x0, 0(a0)\n"
	".balign 4\n"
	".globl sdt_recover\n"
	"sdt_recover:\n"
	LPAD_0
	"	li	t0, 1 << 24\n"
	"	csrc	sstatus, t0\n"
	"	ret\n"
	".option pop\n"
	".popsection\n");

/*
 * U-mode code, alone on a 4 KiB page that is mapped U|R|X at VA_UCODE. It
 * runs with ssp = the U shadow-stack page's top: u_ss_roundtrip pushes a0
 * and pops it back (a0 = 1 when sspopchk came through); u_ss_mismatch pushes
 * a0 and checks a0 + 1 against it. Both end with an ecall at their
 * u_*_ecall label, which the test's trap handler turns into a return.
 */
extern char u_code[], u_ss_roundtrip[], u_ss_mismatch[], u_ss_roundtrip_ecall[], u_ss_mismatch_ecall[];
__asm__(".pushsection .text\n"
	".option push\n.option norvc\n"
	".balign 4096\n"
	".globl u_code\n"
	"u_code:\n"
	".globl u_ss_roundtrip\n"
	"u_ss_roundtrip:\n"
	"	mv	t0, a0\n"
	SSPUSH_T0
	SSRDP_T0
	"	mv	a1, t0\n"
	"	mv	t0, a0\n"
	SSPOPCHK_T0
	"	li	a0, 1\n"
	".globl u_ss_roundtrip_ecall\n"
	"u_ss_roundtrip_ecall:\n"
	"	ecall\n"
	".globl u_ss_mismatch\n"
	"u_ss_mismatch:\n"
	"	mv	t0, a0\n"
	SSPUSH_T0
	"	addi	t0, a0, 1\n"
	SSPOPCHK_T0
	"	li	a0, 1\n"
	".globl u_ss_mismatch_ecall\n"
	"u_ss_mismatch_ecall:\n"
	"	ecall\n"
	".balign 4096\n"
	".option pop\n"
	".popsection\n");

static unsigned long ucode_va(const char *sym)
{
	return VA_UCODE + (unsigned long)(sym - u_code);
}

static uint64_t pte_leaf(const volatile void *phys, unsigned long bits)
{
	return (((unsigned long)phys >> 12) << 10) | PTE_V | PTE_A | bits;
}

static void vm_setup(void)
{
	root[VM_RAM_BASE >> 30] = pte_leaf((void *)VM_RAM_BASE, PTE_R | PTE_W | PTE_X | PTE_D);
	root[VM_ALIAS_BASE >> 30] = (((unsigned long)level1 >> 12) << 10) | PTE_V;
	level1[0] = (((unsigned long)level0 >> 12) << 10) | PTE_V;
	level0[0] = pte_leaf(ss_s, PTE_W | PTE_D);                  /* xwr = 010: shadow stack */
	level0[1] = pte_leaf(ss_u, PTE_W | PTE_D | PTE_U);
	level0[2] = pte_leaf(rw_page, PTE_R | PTE_W | PTE_D);
	level0[3] = pte_leaf(ro_page, PTE_R);
	level0[4] = pte_leaf(u_code, PTE_R | PTE_X | PTE_U);
	__asm__ volatile("fence" ::: "memory");
	csr_write(satp, SATP_MODE_SV39 | ((unsigned long)root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");
}

/* Runs a shadow-stack instruction sequence in S-mode; the trap count (trap_catch). */
#define SS_RUN(asm_text, ...) ({ trap_catch_begin(); \
	__asm__ volatile(".option push\n.option norvc\n" asm_text ".option pop\n" __VA_ARGS__); \
	trap_catch_end(); })

/* ---- SHADOW_STACK off ---- */

static void check_shadow_stack_off(void)
{
	unsigned long t0 = 0x1234, senvcfg;

	CHECK_EQ(sbi_fwft_get(SBI_FWFT_SHADOW_STACK).value, 0);
	/* ssp: illegal below M-mode while menvcfg.SSE = 0 */
	CHECK_EQ(SS_RUN("csrr %0, 0x011\n", : "+r"(t0) : : "memory"), 1);
	CHECK_EQ(trap_catch.last_cause, CAUSE_ILLEGAL_INSTRUCTION);
	/* senvcfg.SSE read-only 0 */
	senvcfg = csr_read(CSR_SENVCFG);
	csr_set(CSR_SENVCFG, SENVCFG_SSE);
	CHECK_EQ(csr_read(CSR_SENVCFG) & SENVCFG_SSE, 0);
	csr_write(CSR_SENVCFG, senvcfg);
	/* Zimop: sspush does nothing, ssrdp writes 0 */
	CHECK_EQ(SS_RUN("li t0, 0x55\n" SSPUSH_T0 SSRDP_T0 "mv %0, t0\n", : "=r"(t0) : : "t0", "memory"), 0);
	CHECK_EQ(t0, 0);
	/* ssamoswap: illegal */
	CHECK_EQ(SS_RUN("mv a2, %0\n" SSAMOSWAP_D, : : "r"(VA_SS_S) : "a0", "a1", "a2", "memory"), 1);
	CHECK_EQ(trap_catch.last_cause, CAUSE_ILLEGAL_INSTRUCTION);
}

/* ---- SHADOW_STACK on: S-mode ---- */

static void check_shadow_stack_smode(void)
{
	unsigned long ssp, old;
	const unsigned long value = 0xfeedface00c0ffeeUL;

	/*
	 * The spec makes every shadow-stack access with satp Bare, and one to a
	 * read-write page, a store access fault. QEMU 11.1 does neither (the
	 * push is done): not the firmware's to check, said here for the record.
	 */
	vm_disable();
	csr_write(CSR_SSP, (unsigned long)&ss_s[512]);
	printf("CFI: QEMU: sspush with satp Bare: %lu traps\n", SS_RUN("li t0, 1\n" SSPUSH_T0, : : : "t0", "memory"));

	vm_setup();
	csr_write(CSR_SSP, VA_SS_S + 4096);
	CHECK_EQ(csr_read(CSR_SSP), VA_SS_S + 4096);
	/* push: written at ssp - 8, ssp moves down; a load may read it */
	CHECK_EQ(SS_RUN("mv t0, %1\n" SSPUSH_T0 SSRDP_T0 "mv %0, t0\n", : "=r"(ssp) : "r"(value) : "t0", "memory"), 0);
	CHECK_EQ(ssp, VA_SS_S + 4096 - 8);
	CHECK_EQ(ss_s[511], value);
	CHECK_EQ(*(volatile uint64_t *)(VA_SS_S + 4088), value);
	/* popchk of the same value: ssp back */
	CHECK_EQ(SS_RUN("mv t0, %0\n" SSPOPCHK_T0, : : "r"(value) : "t0", "memory"), 0);
	CHECK_EQ(csr_read(CSR_SSP), VA_SS_S + 4096);
	/* popchk of another value: software check, shadow-stack fault (3) */
	CHECK_EQ(SS_RUN("mv t0, %0\n" SSPUSH_T0 "addi t0, t0, 1\n" SSPOPCHK_T0, : : "r"(value) : "t0", "memory"), 1);
	CHECK_EQ(trap_catch.last_cause, CAUSE_SOFTWARE_CHECK_P);
	CHECK_EQ(trap_catch.last_tval, SWCHECK_SHADOW_STACK);
	csr_write(CSR_SSP, VA_SS_S + 4096);
	/* ssamoswap on the shadow-stack page: swaps */
	ss_s[10] = 7;
	CHECK_EQ(SS_RUN("mv a1, %1\nmv a2, %2\n" SSAMOSWAP_D "mv %0, a0\n", : "=r"(old) : "r"(9UL), "r"(VA_SS_S + 80)
			: "a0", "a1", "a2", "memory"), 0);
	CHECK_EQ(old, 7);
	CHECK_EQ(ss_s[10], 9);
	/* an ordinary store to a shadow-stack page: store access fault */
	CHECK_EQ(SS_RUN("sd %0, 0(%1)\n", : : "r"(1UL), "r"(VA_SS_S + 8) : "memory"), 1);
	CHECK_EQ(trap_catch.last_cause, CAUSE_STORE_ACCESS_P);
	/* a shadow-stack access to a read-only page: store page fault */
	csr_write(CSR_SSP, VA_RW + 4096);
	printf("CFI: QEMU: sspush to a read-write page: %lu traps\n", SS_RUN("li t0, 1\n" SSPUSH_T0, : : : "t0", "memory"));
	csr_write(CSR_SSP, VA_RO + 4096);
	CHECK_EQ(SS_RUN("li t0, 1\n" SSPUSH_T0, : : : "t0", "memory"), 1);
	CHECK_EQ(trap_catch.last_cause, CAUSE_STORE_PAGE_FAULT_P);
}

/* ---- SHADOW_STACK on: U-mode (what Linux's user shadow stacks use) ---- */

unsigned long lower_mode_enter(unsigned long (*fn)(unsigned long), unsigned long arg, unsigned long *ctx);
extern unsigned long lower_mode_ctx[16];
extern char lower_mode_resume[];
static volatile unsigned long u_traps, u_first_cause, u_last_cause, u_last_tval;

static bool u_trap(struct trap_frame *frame)
{
	if (frame->scause == 8 && (frame->sepc == ucode_va(u_ss_roundtrip_ecall) ||
				   frame->sepc == ucode_va(u_ss_mismatch_ecall))) {
		frame->sepc = (unsigned long)lower_mode_resume;   /* a0 (U-mode's) is the result */
		frame->sstatus |= SSTATUS_SPP;
		return true;
	}
	if (frame->scause & SCAUSE_INTERRUPT)
		return false;
	if (!u_traps++)
		u_first_cause = frame->scause;
	u_last_cause = frame->scause;
	u_last_tval = frame->stval;
	frame->sepc += 4;
	return true;
}

static unsigned long run_u(const char *fn, unsigned long arg)
{
	bool (*saved)(struct trap_frame *) = payload_trap_handler;
	unsigned long r;

	payload_trap_handler = u_trap;
	u_traps = 0;
	csr_clear(sstatus, SSTATUS_SPP | SSTATUS_SPIE);
	r = lower_mode_enter((unsigned long (*)(unsigned long))ucode_va(fn), arg, lower_mode_ctx);
	payload_trap_handler = saved;
	return r;
}

static void check_shadow_stack_umode(void)
{
	const unsigned long value = 0x7777000011112222UL;

	csr_write(CSR_SSP, VA_SS_U + 4096);
	/* senvcfg.SSE = 0: U-mode's shadow-stack instructions are no-ops */
	csr_clear(CSR_SENVCFG, SENVCFG_SSE);
	ss_u[511] = 0;
	CHECK_EQ(run_u(u_ss_mismatch, value), 1);
	CHECK_EQ(u_traps, 0);
	CHECK_EQ(ss_u[511], 0);
	CHECK_EQ(csr_read(CSR_SSP), VA_SS_U + 4096);
	/* senvcfg.SSE = 1 (writable now that menvcfg.SSE is set): they work */
	csr_set(CSR_SENVCFG, SENVCFG_SSE);
	CHECK(csr_read(CSR_SENVCFG) & SENVCFG_SSE);
	CHECK_EQ(run_u(u_ss_roundtrip, value), 1);
	CHECK_EQ(u_traps, 0);
	CHECK_EQ(ss_u[511], value);
	CHECK_EQ(csr_read(CSR_SSP), VA_SS_U + 4096);
	CHECK_EQ(run_u(u_ss_mismatch, value), 1);
	CHECK_EQ(u_traps, 1);
	CHECK_EQ(u_last_cause, CAUSE_SOFTWARE_CHECK_P);
	CHECK_EQ(u_last_tval, SWCHECK_SHADOW_STACK);
	/* U-mode may not use S-mode's shadow-stack page (no U bit): the push is a store page fault */
	csr_write(CSR_SSP, VA_SS_S + 4096);
	CHECK_EQ(run_u(u_ss_roundtrip, value), 1);
	CHECK(u_traps >= 1);
	CHECK_EQ(u_first_cause, CAUSE_STORE_PAGE_FAULT_P);
	csr_clear(CSR_SENVCFG, SENVCFG_SSE);
}

static volatile unsigned long other_set, other_locked, other_get, other_done;

static void other_hart_shadow_stack(void *arg)
{
	(void)arg;
	other_set = sbi_fwft_set(SBI_FWFT_SHADOW_STACK, 1, SBI_FWFT_SET_FLAG_LOCK).error;
	other_locked = sbi_fwft_set(SBI_FWFT_SHADOW_STACK, 0, 0).error;
	other_get = sbi_fwft_get(SBI_FWFT_SHADOW_STACK).value;
	__atomic_store_n(&other_done, 1, __ATOMIC_RELEASE);
}

static void check_shadow_stack(unsigned long me)
{
	unsigned long ids[4];
	int n = dt_hartids(ids, 4);

	check_shadow_stack_off();
	/* As Linux 7.2 asks at boot: on, locked */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_SHADOW_STACK, 1, SBI_FWFT_SET_FLAG_LOCK).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_SHADOW_STACK).value, 1);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_SHADOW_STACK, 0, 0).error, SBI_ERR_DENIED_LOCKED);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_SHADOW_STACK, 1, 0).error, SBI_ERR_DENIED_LOCKED);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_SHADOW_STACK).value, 1);
	check_shadow_stack_smode();
	check_shadow_stack_umode();
	vm_disable();
	printf("CFI-SHADOW-STACK checked\n");

	for (int i = 0; i < n && i < 4; i++) {
		if (ids[i] == me)
			continue;
		CHECK_EQ(hart_run(ids[i], other_hart_shadow_stack, NULL).error, SBI_SUCCESS);
		CHECK(wait_flag(&other_done, 1, SOON_US));
		CHECK(hart_wait_state(ids[i], SBI_HSM_STATE_STOPPED, SOON_US));
		CHECK_EQ(other_set, SBI_SUCCESS);
		CHECK_EQ(other_locked, SBI_ERR_DENIED_LOCKED);
		CHECK_EQ(other_get, 1);
		printf("CFI-SHADOW-STACK other hart %lu\n", ids[i]);
		break;
	}
}

/* ---- LANDING_PAD ---- */

static struct lp_trap lp_result(void)
{
	struct lp_trap t = { lp_trap.cause, lp_trap.tval, lp_trap.epc, lp_trap.status };

	lp_trap.cause = ~0UL;
	return t;
}

static void check_landing_pad(void)
{
	struct lp_trap off_nopad, on_pad, on_nopad, on_fault;
	long set_on, set_off;

	CHECK_EQ(sbi_fwft_get(SBI_FWFT_LANDING_PAD).value, 0);
	lp_trap.cause = ~0UL;
	lp_jump((unsigned long)lp_target_nopad);
	off_nopad = lp_result();

	/* LPE on: from here to LANDING_PAD = 0 no compiled indirect jump */
	set_on = sbi_fwft_set(SBI_FWFT_LANDING_PAD, 1, 0).error;
	lp_jump((unsigned long)lp_target_pad);
	on_pad = lp_result();
	lp_jump((unsigned long)lp_target_nopad);
	on_nopad = lp_result();
	lp_jump(FIRMWARE_ADDR);
	on_fault = lp_result();
	set_off = sbi_fwft_set(SBI_FWFT_LANDING_PAD, 0, 0).error;

	CHECK_EQ(set_on, SBI_SUCCESS);
	CHECK_EQ(set_off, SBI_SUCCESS);
	CHECK_EQ(off_nopad.cause, ~0UL);               /* LPE off: nothing checked */
	CHECK_EQ(on_pad.cause, ~0UL);                  /* lpad: fine */
	CHECK_EQ(on_nopad.cause, CAUSE_SOFTWARE_CHECK_P);
	CHECK_EQ(on_nopad.tval, SWCHECK_LANDING_PAD);
	CHECK_EQ(on_nopad.epc, (unsigned long)lp_target_nopad);
	CHECK(on_nopad.status & SSTATUS_SPELP);
	/* the access fault went through the firmware: ELP kept in SPELP */
	CHECK_EQ(on_fault.cause, CAUSE_FETCH_ACCESS_P);
	CHECK_EQ(on_fault.epc, FIRMWARE_ADDR);
	if (!CHECK(on_fault.status & SSTATUS_SPELP))
		printf("redirected trap lost the landing-pad state: sstatus 0x%lx\n", on_fault.status);
	printf("CFI-LANDING-PAD checked\n");
}

/* ---- SSE double trap over an expected landing pad ---- */

static struct sse_handler_arg dt_arg;
static uint8_t dt_stack[SSE_STACK_SIZE] __attribute__((aligned(16)));
static volatile unsigned long dt_runs, dt_sstatus, dt_sepc, dt_flags, dt_isepc;

static void dt_handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long hartid)
{
	(void)arg, (void)hartid;
	/* No trap may happen here: SDT is set. Straight-line code only. */
	dt_runs++;
	dt_sstatus = regs->sstatus;
	dt_sepc = regs->sepc;
	dt_flags = sse_attr(SSE_DOUBLE_TRAP, SBI_SSE_ATTR_INTERRUPTED_FLAGS);
	dt_isepc = sse_attr(SSE_DOUBLE_TRAP, SBI_SSE_ATTR_INTERRUPTED_SEPC);
	/* resume at an lpad: SPELP (the interrupted ELP) stays 1 */
	regs->sepc = (unsigned long)sdt_recover;
}

static void check_sse_spelp(void)
{
	unsigned long after;
	long set_on, set_off;

	CHECK_EQ(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sse_register_handler(SSE_DOUBLE_TRAP, &dt_arg, dt_handler, NULL, dt_stack).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(SSE_DOUBLE_TRAP).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	csr_set(sstatus, SSTATUS_SPELP);                 /* S-mode's own SPELP: 1 */
	csr_write(sepc, 0x5eb0);                          /* and its sepc */

	set_on = sbi_fwft_set(SBI_FWFT_LANDING_PAD, 1, 0).error;
	sdt_jump(FIRMWARE_ADDR);
	set_off = sbi_fwft_set(SBI_FWFT_LANDING_PAD, 0, 0).error;
	after = csr_read(sstatus);

	CHECK_EQ(set_on, SBI_SUCCESS);
	CHECK_EQ(set_off, SBI_SUCCESS);
	CHECK_EQ(dt_runs, 1);
	CHECK(dt_sstatus & SSTATUS_SPELP);               /* the interrupted landing-pad state */
	CHECK(dt_sstatus & SSTATUS_SDT);
	CHECK_EQ(dt_sepc, FIRMWARE_ADDR);                 /* the interrupted pc */
	CHECK_EQ(dt_flags & (SSE_FLAG_SPELP | SSE_FLAG_SDT), SSE_FLAG_SPELP | SSE_FLAG_SDT);
	CHECK_EQ(dt_isepc, 0x5eb0);
	CHECK(after & SSTATUS_SPELP);                     /* INTERRUPTED_FLAGS.SPELP restored */
	CHECK_EQ(after & SSTATUS_SDT, 0);                 /* cleared by sdt_recover */
	csr_clear(sstatus, SSTATUS_SPELP);
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_disable(SSE_DOUBLE_TRAP).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(SSE_DOUBLE_TRAP).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 0, 0).error, SBI_SUCCESS);
	printf("CFI-SSE-SPELP checked\n");
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	test_start("cfi");
	trap_catch_install(NULL);
	if (!dt_isa_has("zicfiss") || !dt_isa_has("zicfilp")) {
		printf("CFI: the hart has no Zicfiss/Zicfilp (QEMU 11.1 -cpu max has both)\n");
		CHECK(false);
		return;
	}
	/* Through the firmware's trap path, these three need nothing of SSE. */
	check_landing_pad();
	if (dt_isa_has("ssdbltrp"))
		check_sse_spelp();
	check_shadow_stack(hartid);
}
