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

#endif
