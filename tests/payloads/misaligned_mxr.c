/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Misaligned load/store emulation keeps S-mode's sstatus.MXR: the firmware
 * reads the trapping instruction with MXR set (it may sit on an execute-only
 * page), but the data access that follows must use S-mode's own MXR, and
 * mstatus must come back exactly as it was. QEMU performs misaligned
 * accesses in hardware and never traps them, so the test-hook image (make
 * TEST_HOOKS=1) runs the real emulation through hook
 * ABACUS_TEST_EMULATE_MISALIGNED, as if the instruction had trapped.
 *
 * Sv39: the payload's RAM gigapage maps to itself; page XO_VA maps `page` as
 * execute-only, page RW_VA maps the same physical page read/write.
 */
#include "payload.h"

#define PTE_V (1UL << 0)
#define PTE_R (1UL << 1)
#define PTE_W (1UL << 2)
#define PTE_X (1UL << 3)
#define PTE_A (1UL << 6)
#define PTE_D (1UL << 7)
#define SSTATUS_MXR (1UL << 19)
#define CAUSE_LOAD_PAGE_FAULT 13
#define CAUSE_STORE_PAGE_FAULT 15

#define XO_VA 0x40000000UL
#define RW_VA 0x40001000UL

static uint64_t root[512] __attribute__((aligned(4096)));
static uint64_t level1[512] __attribute__((aligned(4096)));
static uint64_t level0[512] __attribute__((aligned(4096)));
static uint8_t page[4096] __attribute__((aligned(4096)));

static uint64_t pte_table(const void *next)
{
	return (((unsigned long)next >> 12) << 10) | PTE_V;
}

static uint64_t pte_leaf(unsigned long phys, unsigned long perms)
{
	return ((phys >> 12) << 10) | PTE_V | PTE_A | PTE_D | perms;
}

static void map_pages(void)
{
	root[VM_RAM_BASE >> 30] = pte_leaf(VM_RAM_BASE, PTE_R | PTE_W | PTE_X);
	root[XO_VA >> 30] = pte_table(level1);
	level1[0] = pte_table(level0);
	level0[0] = pte_leaf((unsigned long)page, PTE_X);
	level0[1] = pte_leaf((unsigned long)page, PTE_R | PTE_W);
	__asm__ volatile("fence" ::: "memory");
	csr_write(satp, SATP_MODE_SV39 | ((unsigned long)root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");
}

/* Instructions the hook emulates; never executed here. */
extern const uint32_t insn_lw_a0_a1[], insn_sw_a0_a1[];
__asm__(".pushsection .text\n.balign 4\n"
	"insn_lw_a0_a1: .4byte 0x0005a503\n"     /* lw a0, 0(a1) */
	"insn_sw_a0_a1: .4byte 0x00a5a023\n"     /* sw a0, 0(a1) */
	".popsection");

static struct sbiret emulate(unsigned long insn_va, unsigned long addr, bool is_store, unsigned long value)
{
	return sbi_ecall(SBI_EXT_FIRMWARE_ABACUS, ABACUS_TEST_EMULATE_MISALIGNED, insn_va, addr, is_store, value,
			 0, 0);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	struct sbiret ret;
	unsigned long insn_in_xo = XO_VA + 0x100;

	(void)hartid, (void)dtb;
	test_start("misaligned_mxr");
	if (!CHECK_EQ(sbi_probe_extension(SBI_EXT_FIRMWARE_ABACUS).value, 1)) {
		printf("the test-hook image is needed (make TEST_HOOKS=1)\n");
		test_fail();
	}
	for (unsigned int i = 0; i < sizeof(page); i++)
		page[i] = (uint8_t)(0x11 * (i & 0xf) + (i >> 4));
	memcpy(&page[0x100], insn_lw_a0_a1, 4);
	__asm__ volatile("fence.i" ::: "memory");
	map_pages();

	/* Aligned reference: through the read/write alias. */
	CHECK_EQ(le32(&page[1]), *(volatile uint32_t *)(RW_VA + 1));

	/* 1. Data on an execute-only page, S-mode MXR = 1: the load is allowed. */
	csr_set(sstatus, SSTATUS_MXR);
	ret = emulate((unsigned long)insn_lw_a0_a1, XO_VA + 1, false, 0);
	if (!CHECK_EQ(ret.error, SBI_SUCCESS))
		printf("emulated lw from an X-only page with MXR = 1 failed: cause %lu\n", ret.value);
	else
		CHECK_EQ(ret.value, (unsigned long)(long)(int32_t)le32(&page[1]));
	CHECK(csr_read(sstatus) & SSTATUS_MXR);      /* S-mode's MXR survives the call */

	/* 2. The same with MXR = 0: a load page fault at the address. */
	csr_clear(sstatus, SSTATUS_MXR);
	ret = emulate((unsigned long)insn_lw_a0_a1, XO_VA + 1, false, 0);
	CHECK_EQ(ret.error, SBI_ERR_FAILED);
	CHECK_EQ(ret.value, CAUSE_LOAD_PAGE_FAULT);
	CHECK_EQ(csr_read(stval), XO_VA + 1);
	CHECK(!(csr_read(sstatus) & SSTATUS_MXR));

	/* 3. The instruction on an execute-only page, MXR = 0: it is still fetched. */
	ret = emulate(insn_in_xo, RW_VA + 3, false, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, (unsigned long)(long)(int32_t)le32(&page[3]));
	CHECK(!(csr_read(sstatus) & SSTATUS_MXR));

	/* 4. A store through the read/write alias; an execute-only page refuses it whatever MXR says. */
	ret = emulate((unsigned long)insn_sw_a0_a1, RW_VA + 5, true, 0xa1b2c3d4UL);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(le32(&page[5]), 0xa1b2c3d4U);
	csr_set(sstatus, SSTATUS_MXR);
	ret = emulate((unsigned long)insn_sw_a0_a1, XO_VA + 9, true, 0x55667788UL);
	CHECK_EQ(ret.error, SBI_ERR_FAILED);
	CHECK_EQ(ret.value, CAUSE_STORE_PAGE_FAULT);
	CHECK(le32(&page[9]) != 0x55667788U);
	csr_clear(sstatus, SSTATUS_MXR);

	csr_write(satp, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
}
