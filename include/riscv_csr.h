/* SPDX-License-Identifier: BSD-2-Clause */
/* RISC-V CSR numbers and bits used by the firmware, and inline accessors. */
#ifndef ABACUS_RISCV_CSR_H
#define ABACUS_RISCV_CSR_H

#define CSR_SSTATUS   0x100
#define CSR_SCOUNTEREN 0x106
#define CSR_SIE       0x104
#define CSR_STVEC     0x105
#define CSR_SSCRATCH  0x140
#define CSR_SEPC      0x141
#define CSR_SCAUSE    0x142
#define CSR_STVAL     0x143
#define CSR_SIP       0x144
#define CSR_STIMECMP  0x14D
#define CSR_SATP      0x180
#define CSR_MSTATUS   0x300
#define CSR_MISA      0x301
#define CSR_MEDELEG   0x302
#define CSR_MIDELEG   0x303
#define CSR_MIE       0x304
#define CSR_MTVEC     0x305
#define CSR_MCOUNTEREN 0x306
#define CSR_MENVCFG   0x30A
#define CSR_MSTATEEN0 0x30C
#define CSR_MSTATEEN1 0x30D
#define CSR_MSTATEEN2 0x30E
#define CSR_MSTATEEN3 0x30F
#define CSR_SSTATEEN0 0x10C
#define CSR_SSTATEEN1 0x10D
#define CSR_SSTATEEN2 0x10E
#define CSR_SSTATEEN3 0x10F
#define CSR_HSTATEEN0 0x60C
#define CSR_HSTATEEN1 0x60D
#define CSR_HSTATEEN2 0x60E
#define CSR_HSTATEEN3 0x60F
/* Sscsrind: S-level indirect register access (counter delegation uses 0x40-0x5F). */
#define CSR_SISELECT  0x150
#define CSR_SIREG2    0x152
#define SISELECT_COUNTER_BASE 0x40   /* Smcdeleg: siselect 0x40 + i reaches counter i */
#define CSR_MSECCFG   0x747
#define CSR_MSCRATCH  0x340
#define CSR_MEPC      0x341
#define CSR_MCAUSE    0x342
#define CSR_MTVAL     0x343
#define CSR_MIP       0x344
#define CSR_MTINST    0x34A
#define CSR_MTVAL2    0x34B
/* Smaia (AIA chapter 3): indirect registers, the IMSIC's top identity, virtual S-level interrupts. */
#define CSR_MVIEN     0x308
#define CSR_MISELECT  0x350
#define CSR_MIREG     0x351
#define CSR_MTOPEI    0x35C
#define CSR_PMPCFG0   0x3A0
#define CSR_PMPADDR0  0x3B0
#define CSR_PMPADDR1  0x3B1
#define CSR_MVENDORID 0xF11
#define CSR_MARCHID   0xF12
#define CSR_MIMPID    0xF13
#define CSR_MHARTID   0xF14
#define CSR_TIME      0xC01   /* the time counter (read in M-mode where there is no mtime register) */
#define CSR_HSTATUS   0x600
#define CSR_HEDELEG   0x602
#define CSR_HTIMEDELTA 0x605
#define CSR_HCOUNTEREN 0x606
#define CSR_HENVCFG   0x60A
#define CSR_HTVAL     0x643
#define CSR_HTINST    0x64A
#define CSR_HGATP     0x680
#define CSR_VSSTATUS  0x200
#define CSR_VSTVEC    0x205
#define CSR_VSEPC     0x241
#define CSR_VSCAUSE   0x242
#define CSR_VSTVAL    0x243

#define MSTATUS_SIE   (1UL << 1)
#define MSTATUS_MIE   (1UL << 3)
#define MSTATUS_SPIE  (1UL << 5)
#define MSTATUS_MPIE  (1UL << 7)
#define MSTATUS_SPP   (1UL << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP   (3UL << 11)
#define MSTATUS_FS    (3UL << 13)
#define MSTATUS_MPRV  (1UL << 17)
#define MSTATUS_MXR   (1UL << 19)
#define MSTATUS_TVM   (1UL << 20)
#define MSTATUS_MPV   (1UL << 39)
#define MSTATUS_GVA   (1UL << 38)
/* Zicfilp (previous landing-pad state), Ssdbltrp (S-mode disable-trap), Smdbltrp (M-mode's). */
#define MSTATUS_SPELP (1UL << 23)
#define MSTATUS_SDT   (1UL << 24)
#define MSTATUS_MPELP (1UL << 41)
#define MSTATUS_MDT   (1UL << 42)
/* hstatus (H extension). */
#define HSTATUS_GVA   (1UL << 6)
#define HSTATUS_SPV   (1UL << 7)
#define HSTATUS_SPVP  (1UL << 8)
#define HGATP_VMID_SHIFT 44
#define HGATP_VMID_MASK  0x3fffUL
#define PRV_U 0
#define PRV_S 1
#define PRV_M 3

/* Interrupt numbers (mip/mie bits). */
#define IRQ_S_SOFT   1
#define IRQ_VS_SOFT  2
#define IRQ_M_SOFT   3
#define IRQ_S_TIMER  5
#define IRQ_VS_TIMER 6
#define IRQ_M_TIMER  7
#define IRQ_S_EXT    9
#define IRQ_VS_EXT   10
#define IRQ_M_EXT    11
#define IRQ_SG_EXT   12
#define IRQ_LCOF     13
#define MIP_SSIP  (1UL << IRQ_S_SOFT)
#define MIP_MSIP  (1UL << IRQ_M_SOFT)
#define MIP_STIP  (1UL << IRQ_S_TIMER)
#define MIP_MTIP  (1UL << IRQ_M_TIMER)
#define MIP_SEIP  (1UL << IRQ_S_EXT)
#define MIP_MEIP  (1UL << IRQ_M_EXT)
#define MIP_LCOFIP (1UL << IRQ_LCOF)

/* Exception causes. */
#define CAUSE_MISALIGNED_FETCH    0
#define CAUSE_FETCH_ACCESS        1
#define CAUSE_ILLEGAL_INSTRUCTION 2
#define CAUSE_BREAKPOINT          3
#define CAUSE_MISALIGNED_LOAD     4
#define CAUSE_LOAD_ACCESS         5
#define CAUSE_MISALIGNED_STORE    6
#define CAUSE_STORE_ACCESS        7
#define CAUSE_USER_ECALL          8
#define CAUSE_SUPERVISOR_ECALL    9
#define CAUSE_VIRTUAL_SUPERVISOR_ECALL 10
#define CAUSE_MACHINE_ECALL       11
#define CAUSE_FETCH_PAGE_FAULT    12
#define CAUSE_LOAD_PAGE_FAULT     13
#define CAUSE_STORE_PAGE_FAULT    15
#define CAUSE_DOUBLE_TRAP         16
#define CAUSE_SOFTWARE_CHECK      18
#define CAUSE_FETCH_GUEST_PAGE_FAULT 20
#define CAUSE_LOAD_GUEST_PAGE_FAULT  21
#define CAUSE_VIRTUAL_INSTRUCTION    22
#define CAUSE_STORE_GUEST_PAGE_FAULT 23
#define MCAUSE_INTERRUPT (1UL << 63)

#define MENVCFG_LPE   (1UL << 2)     /* Zicfilp in S-mode */
#define MENVCFG_SSE   (1UL << 3)     /* Zicfiss in S-mode */
#define MENVCFG_CBIE_INV (3UL << 4)
#define MENVCFG_CBCFE (1UL << 6)
#define MENVCFG_CBZE  (1UL << 7)
#define MENVCFG_PMM_SHIFT 32        /* Smnpm: S-mode pointer masking (2 bits) */
#define MENVCFG_PMM   (3UL << MENVCFG_PMM_SHIFT)
#define MENVCFG_DTE   (1UL << 59)    /* Ssdbltrp */
#define MENVCFG_CDE   (1UL << 60)    /* Smcdeleg: counter delegation */
#define MENVCFG_ADUE  (1UL << 61)
#define MENVCFG_PBMTE (1UL << 62)
#define MENVCFG_STCE  (1UL << 63)
#define MSECCFG_SSEED (1UL << 9)
/* mstateen0 (Smstateen): what S-mode may reach. */
#define MSTATEEN0_C       (1UL << 0)
#define MSTATEEN0_FCSR    (1UL << 1)
#define MSTATEEN0_JVT     (1UL << 2)
#define MSTATEEN0_CTR     (1UL << 54)
#define MSTATEEN0_SRMCFG  (1UL << 55)
#define MSTATEEN0_P1P13   (1UL << 56)
#define MSTATEEN0_CONTEXT (1UL << 57)
#define MSTATEEN0_IMSIC   (1UL << 58)
#define MSTATEEN0_AIA     (1UL << 59)
#define MSTATEEN0_CSRIND  (1UL << 60)
#define MSTATEEN0_ENVCFG  (1UL << 62)
#define MSTATEEN0_SE0     (1UL << 63)
#define MSTATEEN_SE       (1UL << 63)    /* mstateen1..3: sstateen1..3, hstateen1..3 */

#define PMP_R 0x01
#define PMP_W 0x02
#define PMP_X 0x04
#define PMP_A_NAPOT 0x18

#define MISA_EXT(c) (1UL << ((c) - 'A'))

/* The instructions themselves: RISC-V builds only (host builds of firmware code get their
 * own, tests/fuzz/host/riscv_csr.h). */
#if !defined(__ASSEMBLER__) && defined(__riscv)
#define __csr_str(x) #x
#define csr_str(x) __csr_str(x)

#define csr_read(csr) ({ unsigned long __v; \
	__asm__ __volatile__("csrr %0, " csr_str(csr) : "=r"(__v) : : "memory"); __v; })
#define csr_write(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ __volatile__("csrw " csr_str(csr) ", %0" : : "rK"(__v) : "memory"); })
#define csr_swap(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ __volatile__("csrrw %0, " csr_str(csr) ", %1" : "=r"(__v) : "rK"(__v) : "memory"); __v; })
#define csr_set(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ __volatile__("csrs " csr_str(csr) ", %0" : : "rK"(__v) : "memory"); })
#define csr_read_clear(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ __volatile__("csrrc %0, " csr_str(csr) ", %1" : "=r"(__v) : "rK"(__v) : "memory"); __v; })
#define csr_clear(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ __volatile__("csrc " csr_str(csr) ", %0" : : "rK"(__v) : "memory"); })

/*
 * A CSR access that may trap, made with traps expected (trap_expect_begin/
 * end, include/trap_expect.h): one 4-byte instruction (norvc), which the
 * probe vector steps over; a read that traps leaves var as it was.
 */
#define csr_read_expecting_trap(csr, var) \
	__asm__ __volatile__(".option push\n.option norvc\ncsrr %0, " csr_str(csr) "\n.option pop" \
			     : "+&r"(var) : : "memory")
#define csr_write_expecting_trap(csr, val) \
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(csr) ", %z0\n.option pop" \
			     : : "rJ"((unsigned long)(val)) : "memory")
/* Smaia's indirect registers: miselect = isel, then mireg read into var or written, the same way. */
#define csr_mireg_read_expecting_trap(isel, var) \
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(CSR_MISELECT) ", %1\n" \
			     "csrr %0, " csr_str(CSR_MIREG) "\n.option pop" : "+&r"(var) : "r"(isel) : "memory")
#define csr_mireg_write_expecting_trap(isel, val) \
	__asm__ __volatile__(".option push\n.option norvc\ncsrw " csr_str(CSR_MISELECT) ", %0\n" \
			     "csrw " csr_str(CSR_MIREG) ", %1\n.option pop" : : "r"(isel), "r"(val) : "memory")

static inline void wfi(void) { __asm__ __volatile__("wfi" ::: "memory"); }
static inline void mb(void) { __asm__ __volatile__("fence rw, rw" ::: "memory"); }
/* Every address translation this hart cached: sfence.vma x0, x0; with H, hfence.gvma x0, x0 for VS-stage ones. */
static inline void sfence_vma_all(void) { __asm__ __volatile__("sfence.vma" ::: "memory"); }
static inline void hfence_gvma_all(void) { __asm__ __volatile__(".4byte 0x62000073" ::: "memory"); }
#endif

#endif
