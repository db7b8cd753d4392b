/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Given to QEMU sifive_u as -kernel, this image makes QEMU pass the firmware
 * a fw_dynamic_info block it must reject: QEMU's next_addr is the lowest
 * address it loaded from the ELF, here 0x08000000 (the FU540's L2 LIM), which
 * is not RAM in the DT. The firmware must refuse it, say why, and boot the
 * default next stage (0x80200000), where the test loads a real payload
 * (tests/qemu-tests.txt, case fw_dynamic-reject-sifive_u). If the firmware
 * jumped here instead, the loop below would hang the run until its timeout.
 */
	.section .text
	.globl _start
_start:
	j	_start
