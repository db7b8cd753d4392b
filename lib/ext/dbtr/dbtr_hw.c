/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Sdtrig trigger module (lib/ext/dbtr/dbtr_hw.h): tselect picks a trigger,
 * tdata1-3 configure it, tinfo lists the types it can take. Accesses that
 * may trap (tinfo, tdata3: optional) are made with traps expected.
 *
 * QEMU 7.2 (checked on it): two triggers, tinfo = 0x44 (types 2 and 6);
 * it ignores a write of 0 to tdata1 (the trigger keeps its old
 * configuration), so a trigger is cleared by writing its own type with
 * nothing enabled; it keeps the mode and access bits and sizelo/size, and
 * drops match, chain, action, timing and select (read as 0).
 */
#include "dbtr/dbtr_hw.h"
#include "riscv_csr.h"
#include "dbtr/dbtr.h"
#include "trap_expect.h"

#define CSR_TSELECT 0x7a0
#define CSR_TDATA1  0x7a1
#define CSR_TDATA2  0x7a2
#define CSR_TDATA3  0x7a3
#define CSR_TINFO   0x7a4

/* Bits that let a trigger fire, in either layout (plus M: never set by S-mode). */
#define TDATA1_FIRE_BITS (MCONTROL_LOAD | MCONTROL_STORE | MCONTROL_EXECUTE | MCONTROL_U | MCONTROL_S | \
			  MCONTROL_M | MCONTROL6_VU | MCONTROL6_VS)

static bool tdata3_write(unsigned long value)
{
	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\ncsrw 0x7a3, %0\n.option pop" : : "r"(value) : "memory");
	return !trap_expect_end();
}

static unsigned long tdata3_read(void)
{
	unsigned long v = 0;

	trap_expect_begin();
	__asm__ __volatile__(".option push\n.option norvc\ncsrr %0, 0x7a3\n.option pop" : "+&r"(v) : : "memory");
	return trap_expect_end() ? 0 : v;
}

static void dbtr_hw_disable(void)
{
	unsigned long old = csr_read(CSR_TDATA1);

	csr_write(CSR_TDATA1, 0);
	if (csr_read(CSR_TDATA1) & TDATA1_FIRE_BITS)
		csr_write(CSR_TDATA1, old & (0xfUL << TDATA1_TYPE_SHIFT));
}

void dbtr_hw_write(unsigned int idx, const unsigned long tdata[3], unsigned long readback[3])
{
	csr_write(CSR_TSELECT, idx);
	dbtr_hw_disable();
	csr_write(CSR_TDATA2, tdata[1]);
	tdata3_write(tdata[2]);
	csr_write(CSR_TDATA1, tdata[0]);
	readback[0] = csr_read(CSR_TDATA1);
	readback[1] = csr_read(CSR_TDATA2);
	readback[2] = tdata3_read();
}

void dbtr_hw_clear(unsigned int idx)
{
	csr_write(CSR_TSELECT, idx);
	dbtr_hw_disable();
	csr_write(CSR_TDATA2, 0);
	tdata3_write(0);
}

unsigned int dbtr_hw_probe(uint16_t *type_mask, unsigned int max)
{
	unsigned int n;

	for (n = 0; n < max; n++) {
		unsigned long sel = ~0UL, info = 0, tdata1 = 0;
		bool no_tinfo;

		/* tselect is WARL: an index that does not stick is past the last trigger. */
		trap_expect_begin();
		__asm__ __volatile__(".option push\n.option norvc\ncsrw 0x7a0, %1\ncsrr %0, 0x7a0\n.option pop"
				     : "+&r"(sel) : "r"((unsigned long)n) : "memory");
		if (trap_expect_end() || sel != n)
			break;
		trap_expect_begin();
		__asm__ __volatile__(".option push\n.option norvc\ncsrr %0, 0x7a4\n.option pop" : "+&r"(info) : : "memory");
		no_tinfo = trap_expect_end();
		if (no_tinfo) {
			/* Without tinfo the type in tdata1 is the only one known. */
			trap_expect_begin();
			__asm__ __volatile__(".option push\n.option norvc\ncsrr %0, 0x7a1\n.option pop"
					     : "+&r"(tdata1) : : "memory");
			if (trap_expect_end() || TDATA1_TYPE(tdata1) == 0)
				break;
			info = 1UL << TDATA1_TYPE(tdata1);
		}
		info &= 0xffff;        /* tinfo.info; bits 31:24 are its version */
		if (info == 1 || info == 0)    /* type 0 only: no trigger here */
			break;
		type_mask[n] = (uint16_t)info;
		dbtr_hw_clear(n);
	}
	return n;
}
