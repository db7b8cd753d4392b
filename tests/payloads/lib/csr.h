/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode CSR access and the unprivileged counter reads. */
#ifndef PAYLOAD_CSR_H
#define PAYLOAD_CSR_H

/* csr is a name (sstatus) or a number, possibly through a macro (CSR_HSTATUS). */
#define __csr_name(csr) #csr
#define csr_name(csr) __csr_name(csr)

#define csr_read(csr) ({						\
	unsigned long __v;						\
	__asm__ volatile("csrr %0, " csr_name(csr) : "=r"(__v) : : "memory"); \
	__v;								\
})

#define csr_write(csr, val) ({						\
	unsigned long __v = (unsigned long)(val);			\
	__asm__ volatile("csrw " csr_name(csr) ", %0" : : "rK"(__v) : "memory"); \
})

#define csr_set(csr, val) ({						\
	unsigned long __v = (unsigned long)(val);			\
	__asm__ volatile("csrs " csr_name(csr) ", %0" : : "rK"(__v) : "memory"); \
})

#define csr_clear(csr, val) ({						\
	unsigned long __v = (unsigned long)(val);			\
	__asm__ volatile("csrc " csr_name(csr) ", %0" : : "rK"(__v) : "memory"); \
})

/* These trap (illegal instruction) unless the firmware set mcounteren. */
static inline unsigned long rdcycle(void)
{
	unsigned long v;
	__asm__ volatile("rdcycle %0" : "=r"(v));
	return v;
}

static inline unsigned long rdtime(void)
{
	unsigned long v;
	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
}

static inline unsigned long rdinstret(void)
{
	unsigned long v;
	__asm__ volatile("rdinstret %0" : "=r"(v));
	return v;
}

#define SSTATUS_SIE (1UL << 1)
#define SSTATUS_SPIE (1UL << 5)
#define SSTATUS_SPP (1UL << 8)
#define SIP_SSIP    (1UL << 1)
#define SIP_STIP    (1UL << 5)
#define IRQ_S_SOFT  1
#define IRQ_S_TIMER 5
#define SATP_MODE_SV39 (8UL << 60)
#define CSR_STIMECMP 0x14d
#define CAUSE_ILLEGAL_INSTRUCTION 2
#define CAUSE_LOAD_ACCESS 5
#define SIE_SSIE    (1UL << 1)
#define SIE_STIE    (1UL << 5)
#define SIE_SEIE    (1UL << 9)
#define SIE_LCOFIE  (1UL << 13)
#define SCAUSE_INTERRUPT (1UL << 63)

#endif
