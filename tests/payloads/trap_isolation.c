/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Traps the firmware takes for lower modes and hands on:
 * - counter reads from U-mode that the counter-enable registers forbid
 *   (scounteren clear) raise illegal-instruction in S-mode, as the
 *   privileged spec says, instead of being answered from M-mode; allowed
 *   ones still work;
 * - with the H extension, a trap from VS/VU-mode whose cause hedeleg
 *   delegates reaches VS-mode; one it does not reaches HS-mode with
 *   hstatus.SPV/SPVP and, for an address in stval, hstatus.GVA set, htval 0.
 * Access faults: QEMU 7.2 `virt` raises a load access fault for a physical
 * address no device decodes (UNASSIGNED below); M-mode takes it and
 * redirects it. (A PMP violation from VS-mode would do, but QEMU 7.2 reports
 * it as a guest-page fault, which goes to HS-mode without the firmware.)
 */
#include "lower_mode.h"
#include "payload.h"

#define CSR_HSTATUS  0x600
#define CSR_HEDELEG  0x602
#define CSR_HCOUNTEREN 0x606
#define CSR_HTVAL    0x643
#define CSR_SCOUNTEREN 0x106
#define SCAUSE_VIRTUAL_INSTRUCTION 22
#define UNASSIGNED 0x10200000UL   /* between fw_cfg and the flash: no device */

/* rdtime a0 = csrrs a0, time, x0; rdcycle a0; rdinstret a0 */
#define INSN_RDTIME_A0    0xc0102573UL
#define INSN_RDCYCLE_A0   0xc0002573UL
#define INSN_RDINSTRET_A0 0xc0202573UL
#define INSN_READ_MSTATUS 0x30002073UL   /* csrrs x0, mstatus, x0: an M-level CSR, illegal below M */

static struct {
	unsigned long count, scause, sepc, stval, hstatus, htval;
} strap;

static bool record_trap(struct trap_frame *frame)
{
	strap.count++;
	strap.scause = frame->scause;
	strap.sepc = frame->sepc;
	strap.stval = frame->stval;
	if (dt_isa_has_letter('h')) {
		strap.hstatus = csr_read(CSR_HSTATUS);
		strap.htval = csr_read(CSR_HTVAL);
	}
	frame->sepc += 4;             /* every instruction the tests fault on is 4 bytes */
	return true;
}

static void reset_records(void)
{
	memset(&strap, 0, sizeof(strap));
	memset((void *)&lower_mode_vs_last, 0, sizeof(lower_mode_vs_last));
}

/* Each returns ~0 when the read trapped (the handler skips it, a0 keeps ~0). */
static unsigned long read_cycle(unsigned long unused)
{
	register unsigned long a0 __asm__("a0") = ~0UL;
	(void)unused;
	__asm__ volatile(".option push\n.option norvc\n.4byte 0xc0002573\n.option pop" : "+r"(a0) : : "memory");
	return a0;
}

static unsigned long read_instret(unsigned long unused)
{
	register unsigned long a0 __asm__("a0") = ~0UL;
	(void)unused;
	__asm__ volatile(".option push\n.option norvc\n.4byte 0xc0202573\n.option pop" : "+r"(a0) : : "memory");
	return a0;
}

static void check_umode_counter(unsigned long (*fn)(unsigned long), unsigned int bit, unsigned long insn,
				const char *name)
{
	unsigned long v;

	/* Allowed: mcounteren (firmware) and scounteren both set. */
	csr_write(CSR_SCOUNTEREN, 0x7);
	reset_records();
	v = lower_mode_call(LOWER_MODE_U, fn, 0);
	if (!CHECK_EQ(strap.count, 0))
		printf("%s from U-mode with scounteren = 0x7 trapped: scause %lu\n", name, strap.scause);
	CHECK(v != ~0UL);

	/* scounteren bit clear: illegal instruction in S-mode, with the instruction in stval. */
	csr_write(CSR_SCOUNTEREN, 0x7 & ~(1UL << bit));
	reset_records();
	v = lower_mode_call(LOWER_MODE_U, fn, 0);
	if (!CHECK_EQ(strap.count, 1))
		printf("%s from U-mode with scounteren.%u = 0 read 0x%lx without a trap\n", name, bit, v);
	CHECK_EQ(strap.scause, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK_EQ(strap.stval, insn);
	CHECK_EQ(v, ~0UL);
	csr_write(CSR_SCOUNTEREN, 0x7);
}

static void check_vs_delegation(void)
{
	const unsigned long bad_addr = UNASSIGNED;
	unsigned long hedeleg = csr_read(CSR_HEDELEG);

	printf("H extension present: checking hedeleg, hstatus.SPV/SPVP/GVA, htval\n");

	/* Illegal instruction in VS-mode, hedeleg[2] = 1: VS-mode takes it. */
	csr_write(CSR_HEDELEG, hedeleg | (1UL << CAUSE_ILLEGAL_INSTRUCTION));
	reset_records();
	lower_mode_call(LOWER_MODE_VS, read_mstatus, 0);
	CHECK_EQ(strap.count, 0);
	CHECK_EQ(lower_mode_vs_last.count, 1);
	CHECK_EQ(lower_mode_vs_last.scause, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK_EQ(lower_mode_vs_last.stval, INSN_READ_MSTATUS);
	CHECK(lower_mode_vs_last.sstatus & SSTATUS_SPP);     /* from VS: vsstatus.SPP = 1 */

	/* The same from VU-mode: VS-mode takes it, vsstatus.SPP = 0. */
	reset_records();
	lower_mode_call(LOWER_MODE_VU, read_mstatus, 0);
	CHECK_EQ(strap.count, 0);
	CHECK_EQ(lower_mode_vs_last.count, 1);
	CHECK_EQ(lower_mode_vs_last.scause, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK(!(lower_mode_vs_last.sstatus & SSTATUS_SPP));

	/* hedeleg[2] = 0: HS-mode takes it, SPV = 1, SPVP = 1, GVA = 0 (stval is no address). */
	csr_write(CSR_HEDELEG, hedeleg & ~(1UL << CAUSE_ILLEGAL_INSTRUCTION));
	reset_records();
	lower_mode_call(LOWER_MODE_VS, read_mstatus, 0);
	CHECK_EQ(lower_mode_vs_last.count, 0);
	CHECK_EQ(strap.count, 1);
	CHECK_EQ(strap.scause, CAUSE_ILLEGAL_INSTRUCTION);
	CHECK_EQ(strap.stval, INSN_READ_MSTATUS);
	CHECK_EQ(strap.hstatus & (HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA), HSTATUS_SPV | HSTATUS_SPVP);

	/* Load access fault from VS-mode to HS-mode: GVA = 1, stval = the address, htval = 0. */
	csr_write(CSR_HEDELEG, hedeleg & ~(1UL << CAUSE_LOAD_ACCESS));
	reset_records();
	lower_mode_call(LOWER_MODE_VS, load_word, bad_addr);
	CHECK_EQ(strap.count, 1);
	CHECK_EQ(strap.scause, CAUSE_LOAD_ACCESS);
	CHECK_EQ(strap.stval, bad_addr);
	CHECK_EQ(strap.hstatus & (HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA),
		 HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA);
	CHECK_EQ(strap.htval, 0);

	/* ... from VU-mode: SPVP = 0. */
	reset_records();
	lower_mode_call(LOWER_MODE_VU, load_word, bad_addr);
	CHECK_EQ(strap.count, 1);
	CHECK_EQ(strap.hstatus & (HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA), HSTATUS_SPV | HSTATUS_GVA);

	/* hedeleg[5] = 1: VS-mode takes its own access fault. */
	csr_write(CSR_HEDELEG, hedeleg | (1UL << CAUSE_LOAD_ACCESS));
	reset_records();
	lower_mode_call(LOWER_MODE_VS, load_word, bad_addr);
	CHECK_EQ(strap.count, 0);
	CHECK_EQ(lower_mode_vs_last.count, 1);
	CHECK_EQ(lower_mode_vs_last.scause, CAUSE_LOAD_ACCESS);
	CHECK_EQ(lower_mode_vs_last.stval, bad_addr);

	/* An HS-mode trap after all this: SPV = 0 and GVA = 0 again. */
	reset_records();
	load_word(bad_addr);
	CHECK_EQ(strap.count, 1);
	CHECK_EQ(strap.scause, CAUSE_LOAD_ACCESS);
	CHECK_EQ(strap.hstatus & (HSTATUS_SPV | HSTATUS_GVA), 0);

	/* VS-mode rdtime with hcounteren.TM = 0: virtual instruction (the hardware's, to HS). */
	csr_write(CSR_HCOUNTEREN, ~(1UL << 1));
	reset_records();
	lower_mode_call(LOWER_MODE_VS, read_time, 0);
	CHECK_EQ(strap.count, 1);
	CHECK_EQ(strap.scause, SCAUSE_VIRTUAL_INSTRUCTION);
	csr_write(CSR_HCOUNTEREN, ~0UL);
	reset_records();
	CHECK(lower_mode_call(LOWER_MODE_VS, read_time, 0) != ~0UL);
	CHECK_EQ(strap.count, 0);
	csr_write(CSR_HEDELEG, hedeleg);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("trap_isolation");
	payload_trap_handler = record_trap;

	check_umode_counter(read_time, 1, INSN_RDTIME_A0, "rdtime");
	check_umode_counter(read_cycle, 0, INSN_RDCYCLE_A0, "rdcycle");
	check_umode_counter(read_instret, 2, INSN_RDINSTRET_A0, "rdinstret");
	/* S-mode itself is not bound by scounteren. */
	csr_write(CSR_SCOUNTEREN, 0);
	reset_records();
	CHECK(rdtime() != 0);
	CHECK_EQ(strap.count, 0);
	csr_write(CSR_SCOUNTEREN, 0x7);

	if (dt_isa_has_letter('h'))
		check_vs_delegation();
	else
		printf("no H extension: hedeleg checks skipped\n");
	printf("TRAP-ISOLATION-H-%s\n", dt_isa_has_letter('h') ? "yes" : "no");
}
