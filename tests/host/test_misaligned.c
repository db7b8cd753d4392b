/* SPDX-License-Identifier: BSD-2-Clause */
/* Misaligned load/store emulation (lib/trap/misaligned.c) on a host buffer. */
#include "test.h"
#include "riscv_csr.h"
#include "misaligned.h"

TEST_MAIN_GLOBALS

#define MEM_BASE 0x1000UL
static uint8_t mem[256];
static uint32_t code;                 /* the trapping instruction */
static unsigned long fail_at = ~0UL;  /* an access to this address faults */
static unsigned int accesses;

static bool in_mem(unsigned long va)
{
	return va >= MEM_BASE && va < MEM_BASE + sizeof(mem);
}

static bool fetch(unsigned long va, uint32_t *insn, unsigned long *cause)
{
	if (va == fail_at) {
		*cause = CAUSE_FETCH_PAGE_FAULT;
		return false;
	}
	*insn = code;
	return true;
}

static bool rd8(unsigned long va, uint8_t *v, unsigned long *cause)
{
	accesses++;
	if (va == fail_at || !in_mem(va)) {
		*cause = CAUSE_LOAD_PAGE_FAULT;
		return false;
	}
	*v = mem[va - MEM_BASE];
	return true;
}

static bool wr8(unsigned long va, uint8_t v, unsigned long *cause)
{
	accesses++;
	if (va == fail_at || !in_mem(va)) {
		*cause = CAUSE_STORE_PAGE_FAULT;
		return false;
	}
	mem[va - MEM_BASE] = v;
	return true;
}

static const struct smode_memory_ops ops = { fetch, rd8, wr8 };
static struct trap_frame frame;

static void test_setup(void)
{
	for (unsigned int i = 0; i < sizeof(mem); i++)
		mem[i] = (uint8_t)(0x80 + i);
	memset(&frame, 0, sizeof(frame));
	frame.mepc = 0x4000;
	fail_at = ~0UL;
	accesses = 0;
}

/* I-type load: imm 0, rs1 = a0 (x10). */
static uint32_t load(unsigned funct3, unsigned rd)
{
	return 0x03 | rd << 7 | funct3 << 12 | 10u << 15;
}

static uint32_t store(unsigned funct3, unsigned rs2)
{
	return 0x23 | funct3 << 12 | 10u << 15 | rs2 << 20;
}

static enum misaligned_result run(uint32_t insn, unsigned long addr, bool is_store)
{
	unsigned long cause = 0, fault = 0;

	code = insn;
	return misaligned_emulate(&frame, addr, is_store, &ops, &cause, &fault);
}

TEST(loads_sign_and_zero_extend)
{
	static const struct { unsigned funct3; uint64_t expect; } cases[] = {
		{ 1, 0xffffffffffff8281ULL },   /* lh  */
		{ 2, 0xffffffff84838281ULL },   /* lw  */
		{ 3, 0x8887868584838281ULL },   /* ld  */
		{ 5, 0x8281ULL },               /* lhu */
		{ 6, 0x84838281ULL },           /* lwu */
	};
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		test_setup();
		CHECK_EQ(run(load(cases[i].funct3, 11), MEM_BASE + 1, false), MISALIGNED_EMULATED);
		CHECK_EQ(frame.regs[11], cases[i].expect);
		CHECK_EQ(frame.mepc, 0x4004);
	}
}

TEST(load_into_x0_changes_nothing_but_pc)
{
	CHECK_EQ(run(load(3, 0), MEM_BASE + 3, false), MISALIGNED_EMULATED);
	for (int r = 0; r < 32; r++)
		CHECK_EQ(frame.regs[r], 0);
	CHECK_EQ(frame.mepc, 0x4004);
}

TEST(stores_write_exactly_their_bytes)
{
	frame.regs[12] = 0x1122334455667788ULL;
	CHECK_EQ(run(store(2, 12), MEM_BASE + 5, true), MISALIGNED_EMULATED);   /* sw */
	CHECK_EQ(mem[4], 0x84);
	CHECK_EQ(mem[5], 0x88);
	CHECK_EQ(mem[6], 0x77);
	CHECK_EQ(mem[7], 0x66);
	CHECK_EQ(mem[8], 0x55);
	CHECK_EQ(mem[9], 0x89);
	CHECK_EQ(accesses, 4);
	CHECK_EQ(frame.mepc, 0x4004);
	CHECK_EQ(run(store(3, 0), MEM_BASE + 17, true), MISALIGNED_EMULATED);   /* sd zero */
	for (int i = 17; i < 25; i++)
		CHECK_EQ(mem[i], 0);
	CHECK_EQ(mem[25], 0x80 + 25);
}

TEST(compressed_forms)
{
	/* c.lw a1, 0(a0): funct3 010, rs1' = a0 (2), rd' = a1 (3), quadrant 0 */
	frame.regs[10] = MEM_BASE + 1;
	CHECK_EQ(run(0x4000 | 2u << 7 | 3u << 2, MEM_BASE + 1, false), MISALIGNED_EMULATED);
	CHECK_EQ(frame.regs[11], 0xffffffff84838281ULL);
	CHECK_EQ(frame.mepc, 0x4002);
	/* c.ld a1 */
	CHECK_EQ(run(0x6000 | 2u << 7 | 3u << 2, MEM_BASE + 1, false), MISALIGNED_EMULATED);
	CHECK_EQ(frame.regs[11], 0x8887868584838281ULL);
	/* c.sd a1 */
	frame.regs[11] = 0x0102030405060708ULL;
	CHECK_EQ(run(0xe000 | 2u << 7 | 3u << 2, MEM_BASE + 33, true), MISALIGNED_EMULATED);
	CHECK_EQ(mem[33], 0x08);
	CHECK_EQ(mem[40], 0x01);
	/* c.sw a1 */
	CHECK_EQ(run(0xc000 | 2u << 7 | 3u << 2, MEM_BASE + 49, true), MISALIGNED_EMULATED);
	CHECK_EQ(mem[49], 0x08);
	CHECK_EQ(mem[52], 0x05);
	CHECK_EQ(mem[53], 0x80 + 53);
	/* c.lwsp t0 (rd 5), c.ldsp t0, c.swsp t1 (rs2 6), c.sdsp t1 */
	CHECK_EQ(run(0x4002 | 5u << 7, MEM_BASE + 3, false), MISALIGNED_EMULATED);
	CHECK_EQ(frame.regs[5], 0xffffffff86858483ULL);
	CHECK_EQ(run(0x6002 | 5u << 7, MEM_BASE + 3, false), MISALIGNED_EMULATED);
	CHECK_EQ(frame.regs[5], 0x8a89888786858483ULL);
	frame.regs[6] = 0xa1a2a3a4a5a6a7a8ULL;
	CHECK_EQ(run(0xc002 | 6u << 2, MEM_BASE + 65, true), MISALIGNED_EMULATED);
	CHECK_EQ(mem[65], 0xa8);
	CHECK_EQ(mem[68], 0xa5);
	CHECK_EQ(mem[69], 0x80 + 69);
	CHECK_EQ(run(0xe002 | 6u << 2, MEM_BASE + 81, true), MISALIGNED_EMULATED);
	CHECK_EQ(mem[88], 0xa1);
	CHECK_EQ(frame.mepc, 0x4000 + 8 * 2);
}

TEST(reserved_compressed_forms_are_not_handled)
{
	CHECK_EQ(run(0x4002, MEM_BASE + 1, false), MISALIGNED_NOT_HANDLED);   /* c.lwsp x0: reserved */
	CHECK_EQ(run(0x6002, MEM_BASE + 1, false), MISALIGNED_NOT_HANDLED);   /* c.ldsp x0: reserved */
	CHECK_EQ(frame.mepc, 0x4000);
}

TEST(other_instructions_go_to_smode)
{
	CHECK_EQ(run(0x00002007 | 10u << 15, MEM_BASE + 1, false), MISALIGNED_NOT_HANDLED);  /* flw */
	CHECK_EQ(run(0x0000302f, MEM_BASE + 1, true), MISALIGNED_NOT_HANDLED);              /* amoadd.d */
	CHECK_EQ(run(load(7, 11), MEM_BASE + 1, false), MISALIGNED_NOT_HANDLED);              /* no funct3 7 load */
	CHECK_EQ(run(store(4, 11), MEM_BASE + 1, true), MISALIGNED_NOT_HANDLED);
	/* a load reported as a store misalignment (or the reverse) is not touched */
	CHECK_EQ(run(load(2, 11), MEM_BASE + 1, true), MISALIGNED_NOT_HANDLED);
	CHECK_EQ(run(store(2, 11), MEM_BASE + 1, false), MISALIGNED_NOT_HANDLED);
	CHECK_EQ(frame.mepc, 0x4000);
	CHECK_EQ(accesses, 0);
}

TEST(faults_are_reported_with_the_faulting_byte)
{
	unsigned long cause = 0, fault = 0;

	frame.regs[11] = 0x55;
	fail_at = MEM_BASE + 4;
	code = load(3, 11);
	CHECK_EQ(misaligned_emulate(&frame, MEM_BASE + 1, false, &ops, &cause, &fault), MISALIGNED_FAULT);
	CHECK_EQ(cause, CAUSE_LOAD_PAGE_FAULT);
	CHECK_EQ(fault, MEM_BASE + 4);
	CHECK_EQ(frame.regs[11], 0x55);          /* rd untouched */
	CHECK_EQ(frame.mepc, 0x4000);            /* S-mode retries the instruction */

	code = store(3, 11);
	CHECK_EQ(misaligned_emulate(&frame, MEM_BASE + sizeof(mem) - 3, true, &ops, &cause, &fault),
		 MISALIGNED_FAULT);
	CHECK_EQ(cause, CAUSE_STORE_PAGE_FAULT);
	CHECK_EQ(fault, MEM_BASE + sizeof(mem));

	fail_at = 0x4000;                         /* the instruction itself cannot be read */
	CHECK_EQ(misaligned_emulate(&frame, MEM_BASE + 1, false, &ops, &cause, &fault), MISALIGNED_FAULT);
	CHECK_EQ(cause, CAUSE_FETCH_PAGE_FAULT);
	CHECK_EQ(fault, 0x4000);
}

int main(void)
{
	RUN(loads_sign_and_zero_extend);
	RUN(load_into_x0_changes_nothing_but_pc);
	RUN(stores_write_exactly_their_bytes);
	RUN(compressed_forms);
	RUN(reserved_compressed_forms_are_not_handled);
	RUN(other_instructions_go_to_smode);
	RUN(faults_are_reported_with_the_faulting_byte);
	return TEST_EXIT_CODE;
}
