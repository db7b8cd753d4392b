/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the DT advertises to S-mode, S-mode can use: the firmware sets the
 * M-mode enable of each extension the hart confirms.
 * - Svpbmt: menvcfg.PBMTE, or hardware that honours it faults PTEs with PBMT
 *   bits: a page mapped non-cacheable (PBMT = NC) and one mapped IO must be
 *   readable and writable; with H, henvcfg.PBMTE is read-only zero unless
 *   menvcfg.PBMTE is set, so HS-mode sees the M-mode bit through it. QEMU 7.2
 *   implements neither rule (this part passes on it whatever the firmware
 *   does): tests/host/test_hart_enables.c checks the firmware's choice.
 * - Zkr: mseccfg.SSEED, or S-mode's read of `seed` is an illegal
 *   instruction: it must succeed and return a valid OPST. (QEMU 7.2 only
 *   has mseccfg with its Smepmp, `x-epmp=true`.)
 * Extensions the DT does not list are skipped; the markers printed let the
 * runner check that QEMU gave the CPU the case asks for.
 */
#include "payload.h"

#define PTE_V (1UL << 0)
#define PTE_R (1UL << 1)
#define PTE_W (1UL << 2)
#define PTE_X (1UL << 3)
#define PTE_A (1UL << 6)
#define PTE_D (1UL << 7)
#define PTE_PBMT_NC (1UL << 61)
#define PTE_PBMT_IO (2UL << 61)
#define CSR_SEED 0x015
#define CSR_HENVCFG 0x60A
#define SEED_OPST_SHIFT 30

#define NC_VA 0x40000000UL
#define IO_VA 0x40001000UL

static uint64_t root[512] __attribute__((aligned(4096)));
static uint64_t level1[512] __attribute__((aligned(4096)));
static uint64_t level0[512] __attribute__((aligned(4096)));
static volatile uint64_t data[512] __attribute__((aligned(4096)));
static volatile unsigned long traps, last_cause;

static bool count_trap(struct trap_frame *frame)
{
	traps++;
	last_cause = frame->scause;
	frame->sepc += 4;
	return true;
}

static uint64_t leaf(unsigned long phys, unsigned long bits)
{
	return ((phys >> 12) << 10) | PTE_V | PTE_R | PTE_W | PTE_A | PTE_D | bits;
}

static void check_svpbmt(void)
{
	root[VM_RAM_BASE >> 30] = leaf(VM_RAM_BASE, PTE_X);
	root[NC_VA >> 30] = (((unsigned long)level1 >> 12) << 10) | PTE_V;
	level1[0] = (((unsigned long)level0 >> 12) << 10) | PTE_V;
	level0[0] = leaf((unsigned long)data, PTE_PBMT_NC);
	level0[1] = leaf((unsigned long)data, PTE_PBMT_IO);
	__asm__ volatile("fence" ::: "memory");
	csr_write(satp, SATP_MODE_SV39 | ((unsigned long)root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");

	data[3] = 0x1122334455667788UL;
	traps = 0;
	CHECK_EQ(*(volatile uint64_t *)(NC_VA + 24), 0x1122334455667788UL);
	*(volatile uint64_t *)(NC_VA + 32) = 0xabcdef;
	CHECK_EQ(*(volatile uint64_t *)(IO_VA + 24), 0x1122334455667788UL);
	*(volatile uint64_t *)(IO_VA + 40) = 0x123456;
	if (!CHECK_EQ(traps, 0))
		printf("PBMT mappings faulted: scause %lu (menvcfg.PBMTE not set?)\n", last_cause);
	csr_write(satp, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
	CHECK_EQ(data[4], 0xabcdef);
	CHECK_EQ(data[5], 0x123456);

	if (dt_isa_has_letter('h')) {
		unsigned long henvcfg = csr_read(CSR_HENVCFG);

		csr_write(CSR_HENVCFG, henvcfg | PTE_PBMT_NC << 1);      /* bit 62: PBMTE */
		if (!CHECK(csr_read(CSR_HENVCFG) & (1UL << 62)))
			printf("henvcfg.PBMTE does not stick: menvcfg.PBMTE is 0\n");
		csr_write(CSR_HENVCFG, henvcfg);
	}
}

static void check_zkr(void)
{
	unsigned long seed = 0;

	traps = 0;
	/* seed is read with a read-write instruction (csrrw rd, seed, x0). */
	__asm__ volatile(".option push\n.option norvc\ncsrrw %0, 0x015, x0\n.option pop" : "+r"(seed) : : "memory");
	if (!CHECK_EQ(traps, 0))
		printf("S-mode read of seed trapped: scause %lu (mseccfg.SSEED not set?)\n", last_cause);
	/* OPST: 00 BIST, 01 WAIT, 10 ES16, 11 DEAD; a working source is never DEAD. */
	CHECK((seed >> SEED_OPST_SHIFT & 3) != 3);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("extension_enables");
	payload_trap_handler = count_trap;

	if (dt_isa_has("svpbmt"))
		check_svpbmt();
	printf("ENABLES-SVPBMT-%s\n", dt_isa_has("svpbmt") ? "yes" : "no");
	if (dt_isa_has("zkr"))
		check_zkr();
	printf("ENABLES-ZKR-%s\n", dt_isa_has("zkr") ? "yes" : "no");
}
