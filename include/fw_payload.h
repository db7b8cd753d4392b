/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A next stage built into the firmware image (`make PAYLOAD=path
 * [PAYLOAD_ADDR=0x80200000]`, README "One-image builds"): firmware/fw_payload.S
 * holds the bytes and the linker script places them at PAYLOAD_ADDR (where
 * they are when the image is at FW_TEXT_START; they move with the image), so
 * a loader that loads the image alone (QEMU -bios, a ROM, U-Boot SPL) also
 * puts the payload where it runs. In an ordinary build both symbols are _fw_end:
 * size 0.
 */
#ifndef ABACUS_FW_PAYLOAD_H
#define ABACUS_FW_PAYLOAD_H

#include <stdbool.h>
#include <stdint.h>

extern char _fw_payload_start[], _fw_payload_end[];

static inline unsigned long fw_payload_addr(void)
{
	return (uintptr_t)_fw_payload_start;
}

static inline unsigned long fw_payload_size(void)
{
	return (uintptr_t)_fw_payload_end - (uintptr_t)_fw_payload_start;
}

/*
 * Where the firmware's own memory (image, BSS, heap: the PMP-protected
 * region) must end: below the embedded payload, else below the default next
 * stage (2 MiB past where the image runs, or FW_JUMP_ADDR when that is above
 * it: include/fw_config.h). The span from the end of the protected region up
 * to there is the firmware's too: S-mode's DT may go there (docs/boot.md).
 */
unsigned long fw_memory_limit(void);

/* An embedded payload that lies wholly in RAM outside the firmware (the DT's RAM). */
bool fw_payload_usable(void);

#endif
