/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fw_dynamic boot protocol: QEMU and U-Boot SPL pass, in a2, the address
 * of this block telling the firmware where the next stage is.
 */
#ifndef ABACUS_FW_DYNAMIC_H
#define ABACUS_FW_DYNAMIC_H

#include <stdbool.h>

struct memory_region;

#define FW_DYNAMIC_INFO_MAGIC   0x4942534fUL   /* "OSBI" */
#define FW_DYNAMIC_INFO_VERSION_MAX 2
#define FW_DYNAMIC_OPTION_NO_BOOT_PRINTS 0x1UL

struct fw_dynamic_info {
	unsigned long magic;
	unsigned long version;
	unsigned long next_addr;
	unsigned long next_mode;     /* 0 = U, 1 = S */
	unsigned long options;
	unsigned long boot_hart;     /* version >= 2; -1 = any */
};

struct next_stage {
	unsigned long addr, mode;
	unsigned long boot_hart;     /* -1: the firmware chooses */
	unsigned long options;
	const char *source;          /* "fw_dynamic", "embedded payload" or "default" */
	/* Why nothing at addr can run (NULL: something can), and the region it lies in, if any. */
	const char *empty_why;
	const struct memory_region *empty_region;
};

/*
 * The next stage: what the loader's block at info_addr (read trap-safe)
 * names, else the default (next_stage_default). A block with next_addr 0
 * (QEMU without -kernel: nothing loaded) is good: its options and boot_hart
 * are used, with the default next stage. A bad block is rejected whole with
 * one boot-log line saying why, with the address (also under
 * NO_BOOT_PRINTS): its next_addr may be anywhere - RAM, flash, ROM - but in
 * the firmware or a device the firmware owns (PMP denies S-mode those), and
 * must hold an instruction. The next stage chosen, the default too, gets
 * next->empty_why when nothing at its address can run (zeroed memory, erased
 * flash, nothing answering). A boot_hart the hart table does not know is
 * looked up in fdt, on deep_stack_top (libfdt goes deeper than a hart's
 * M-mode stack should). Boot hart, once the PMP plan is made.
 */
void next_stage_choose(unsigned long info_addr, const void *fdt, void *deep_stack_top, struct next_stage *next);

/* The boot-log line for a next stage with nothing to run (next->empty_why). */
void next_stage_log_empty(const struct next_stage *next);

/* The next stage when the loader names none: the embedded payload, else the build's default (firmware/fw_payload.c). */
void next_stage_default(struct next_stage *next);

#endif
