/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory layout constants shared by entry.S, trap.S and the C side of the
 * payload library (this header is included from assembly too: macros only).
 */
#ifndef PAYLOAD_LAYOUT_H
#define PAYLOAD_LAYOUT_H

/*
 * One stack per hart, indexed by hartid. QEMU virt has up to 512 harts and
 * a firmware may pick any of them as the boot hart, so cover them all; the
 * stacks are NOLOAD (not in the ELF, not cleared).
 */
#define PAYLOAD_MAX_HARTS   512
#define PAYLOAD_STACK_SHIFT 13                  /* 8 KiB per hart */
#define PAYLOAD_STACK_SIZE  (1 << PAYLOAD_STACK_SHIFT)

/* struct trap_frame: x0..x31 (x2 = sp before the trap), then 4 CSRs. */
#define TRAP_FRAME_SEPC    (32 * 8)
#define TRAP_FRAME_SSTATUS (33 * 8)
#define TRAP_FRAME_SCAUSE  (34 * 8)
#define TRAP_FRAME_STVAL   (35 * 8)
#define TRAP_FRAME_SIZE    (36 * 8)             /* a multiple of 16 */

#ifdef __ASSEMBLER__
/* The registers a struct trap_frame holds at x<N> * 8 (x2, sp, is stored apart). */
#define TRAP_FRAME_GPRS 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, \
			18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31

/* Stores / loads the named registers x<N> at sp + N * 8. */
.macro trap_frame_store regs:vararg
	.irp r, \regs
	sd	x\r, \r * 8(sp)
	.endr
.endm
.macro trap_frame_load regs:vararg
	.irp r, \regs
	ld	x\r, \r * 8(sp)
	.endr
.endm
#endif

#endif
