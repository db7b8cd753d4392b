/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An ecall with every register set to a known value (ecall_probe.S), to see
 * what the call, and anything the firmware runs on the way back (an SSE
 * handler), leaves in each register: the SBI calling convention preserves
 * all but a0/a1 (binary encoding chapter).
 */
#ifndef PAYLOAD_ECALL_PROBE_H
#define PAYLOAD_ECALL_PROBE_H

struct ecall_probe {
	unsigned long arg[8];     /* a0..a7 for the ecall (a6 = FID, a7 = EID) */
	unsigned long after[32];  /* x1..x31 after it; after[0] = sepc after it */
	unsigned long sp_before;  /* sp at the ecall (after[2] must match) */
};

/* The value ecall_probe() puts in xN (N not 2, 3, 4, 10..17) before the ecall. */
#define ECALL_PROBE_PATTERN(n) (0x5eed000000000000UL | ((unsigned long)(n) << 8) | 0xa5)

void ecall_probe(struct ecall_probe *p);

#endif
