/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A minimal Sv39 address space for tests that need S-mode translation on
 * (satp != 0): gigapage 2 maps 0x80000000 to itself (the payload keeps
 * running), gigapage 1 (VM_ALIAS_BASE) maps to the same RAM, so the
 * firmware can be handed a virtual address that is not the physical one.
 */
#include "payload.h"

#define PTE_V (1UL << 0)
#define PTE_R (1UL << 1)
#define PTE_W (1UL << 2)
#define PTE_X (1UL << 3)
#define PTE_A (1UL << 6)
#define PTE_D (1UL << 7)
#define GIGAPAGE_SHIFT 30

static uint64_t vm_root[512] __attribute__((aligned(4096)));

static uint64_t gigapage_pte(unsigned long phys)
{
	return ((phys >> 12) << 10) | PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D;
}

unsigned long vm_satp(void)
{
	/* Filling the table twice writes the same values: harts may race here. */
	vm_root[VM_ALIAS_BASE >> GIGAPAGE_SHIFT] = gigapage_pte(VM_RAM_BASE);
	vm_root[VM_RAM_BASE >> GIGAPAGE_SHIFT] = gigapage_pte(VM_RAM_BASE);
	__asm__ volatile("fence" ::: "memory");
	return SATP_MODE_SV39 | ((unsigned long)vm_root >> 12);
}

void vm_enable(void)
{
	csr_write(satp, vm_satp());
	__asm__ volatile("sfence.vma" ::: "memory");
}

void vm_disable(void)
{
	csr_write(satp, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
}

unsigned long vm_alias(const void *p)
{
	return (unsigned long)p - VM_RAM_BASE + VM_ALIAS_BASE;
}
