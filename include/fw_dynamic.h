/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fw_dynamic boot protocol: QEMU and U-Boot SPL pass, in a2, the address
 * of this block telling the firmware where the next stage is.
 */
#ifndef ABACUS_FW_DYNAMIC_H
#define ABACUS_FW_DYNAMIC_H

#include <stdbool.h>

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
};

/*
 * Reads the block at info_addr (trap-safe) and fills *next; on a missing or
 * bad block, fills the default (next_stage_default) and sets *why to the
 * reason (NULL when there was simply no block). A block with next_addr 0
 * (QEMU without -kernel: the loader loaded no next stage) is good: its
 * options and boot_hart are used, with the default next stage. A boot_hart
 * the hart table does not know is looked up in fdt, on deep_stack_top
 * (libfdt goes deeper than a hart's M-mode stack should).
 */
void fw_dynamic_read(unsigned long info_addr, const void *fdt, void *deep_stack_top, struct next_stage *next,
		     const char **why);

/* The next stage when the loader names none: the embedded payload, else the build's default (firmware/fw_payload.c). */
void next_stage_default(struct next_stage *next);

#endif
