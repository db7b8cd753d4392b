/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter reads emulated for lower modes honour mcounteren, scounteren and
 * hcounteren exactly as the privileged spec says (lib/trap/counter_access.c),
 * and only read-only CSR forms are emulated.
 */
#include "test.h"
#include "riscv_csr.h"
#include "counter_access.h"

TEST_MAIN_GLOBALS

#define TM (1u << 1)
#define CY (1u << 0)
#define HPM3 (1u << 3)

static struct counter_enables en;

static void test_setup(void)
{
	en = (struct counter_enables){ .mcounteren = ~0u, .scounteren = ~0u, .hcounteren = ~0u, .has_s = true };
}

TEST(smode_needs_mcounteren)
{
	CHECK_EQ(counter_access_check(1, PRV_S, false, &en), COUNTER_ACCESS_ALLOWED);
	en.mcounteren = ~TM;
	CHECK_EQ(counter_access_check(1, PRV_S, false, &en), COUNTER_ACCESS_ILLEGAL);
	CHECK_EQ(counter_access_check(0, PRV_S, false, &en), COUNTER_ACCESS_ALLOWED);
	/* scounteren does not restrict S-mode itself */
	en.mcounteren = ~0u;
	en.scounteren = 0;
	CHECK_EQ(counter_access_check(1, PRV_S, false, &en), COUNTER_ACCESS_ALLOWED);
}

TEST(umode_needs_both)
{
	en.scounteren = ~TM;                       /* the reported bug: rdtime from U with scounteren.TM = 0 */
	CHECK_EQ(counter_access_check(1, PRV_U, false, &en), COUNTER_ACCESS_ILLEGAL);
	CHECK_EQ(counter_access_check(3, PRV_U, false, &en), COUNTER_ACCESS_ALLOWED);
	en.scounteren = ~0u;
	en.mcounteren = ~HPM3;
	CHECK_EQ(counter_access_check(3, PRV_U, false, &en), COUNTER_ACCESS_ILLEGAL);
	CHECK_EQ(counter_access_check(1, PRV_U, false, &en), COUNTER_ACCESS_ALLOWED);
}

TEST(umode_without_smode_needs_only_mcounteren)
{
	en.has_s = false;
	en.scounteren = 0;                         /* no such register */
	CHECK_EQ(counter_access_check(1, PRV_U, false, &en), COUNTER_ACCESS_ALLOWED);
	en.mcounteren = 0;
	CHECK_EQ(counter_access_check(1, PRV_U, false, &en), COUNTER_ACCESS_ILLEGAL);
}

TEST(vsmode_hcounteren_gives_virtual_instruction)
{
	en.hcounteren = ~TM;
	CHECK_EQ(counter_access_check(1, PRV_S, true, &en), COUNTER_ACCESS_VIRTUAL);
	CHECK_EQ(counter_access_check(0, PRV_S, true, &en), COUNTER_ACCESS_ALLOWED);
	/* mcounteren clear wins: illegal, not virtual */
	en.mcounteren = ~TM;
	CHECK_EQ(counter_access_check(1, PRV_S, true, &en), COUNTER_ACCESS_ILLEGAL);
	/* scounteren does not restrict VS-mode */
	en = (struct counter_enables){ .mcounteren = ~0u, .hcounteren = ~0u, .scounteren = 0, .has_s = true };
	CHECK_EQ(counter_access_check(1, PRV_S, true, &en), COUNTER_ACCESS_ALLOWED);
}

TEST(vumode_needs_hcounteren_and_scounteren)
{
	CHECK_EQ(counter_access_check(2, PRV_U, true, &en), COUNTER_ACCESS_ALLOWED);
	en.scounteren = ~(1u << 2);
	CHECK_EQ(counter_access_check(2, PRV_U, true, &en), COUNTER_ACCESS_VIRTUAL);
	en.scounteren = ~0u;
	en.hcounteren = ~(1u << 2);
	CHECK_EQ(counter_access_check(2, PRV_U, true, &en), COUNTER_ACCESS_VIRTUAL);
	en.mcounteren = ~(1u << 2);
	CHECK_EQ(counter_access_check(2, PRV_U, true, &en), COUNTER_ACCESS_ILLEGAL);
}

TEST(out_of_range_counter)
{
	CHECK_EQ(counter_access_check(32, PRV_S, false, &en), COUNTER_ACCESS_ILLEGAL);
}

TEST(decode_read_forms_only)
{
	unsigned int csr = 0, rd = 0;

	CHECK(csr_read_insn_decode(0xc0102573, &csr, &rd));       /* rdtime a0 = csrrs a0, time, x0 */
	CHECK_EQ(csr, 0xc01);
	CHECK_EQ(rd, 10);
	CHECK(csr_read_insn_decode(0xc0003673, &csr, &rd));       /* csrrc a2, cycle, x0 */
	CHECK_EQ(csr, 0xc00);
	CHECK_EQ(rd, 12);
	CHECK(csr_read_insn_decode(0xc0206573, &csr, &rd));       /* csrrsi a0, instret, 0 */
	CHECK_EQ(csr, 0xc02);
	CHECK(csr_read_insn_decode(0xc0307573, &csr, &rd));       /* csrrci a0, hpmcounter3, 0 */
	CHECK_EQ(csr, 0xc03);
	CHECK(!csr_read_insn_decode(0xc0101573, &csr, &rd));      /* csrrw a0, time, x0: a write */
	CHECK(!csr_read_insn_decode(0xc010a573, &csr, &rd));      /* csrrs a0, time, ra: may write */
	CHECK(!csr_read_insn_decode(0xc010e573, &csr, &rd));      /* csrrsi a0, time, 1 */
	CHECK(!csr_read_insn_decode(0xc0102503, &csr, &rd));      /* a load, not SYSTEM */
	CHECK(!csr_read_insn_decode(0x00000073, &csr, &rd));      /* ecall (funct3 0) */
}

int main(void)
{
	RUN(smode_needs_mcounteren);
	RUN(umode_needs_both);
	RUN(umode_without_smode_needs_only_mcounteren);
	RUN(vsmode_hcounteren_gives_virtual_instruction);
	RUN(vumode_needs_hcounteren_and_scounteren);
	RUN(out_of_range_counter);
	RUN(decode_read_forms_only);
	return TEST_EXIT_CODE;
}
