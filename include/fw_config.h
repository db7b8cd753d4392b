/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image's own defaults, set at build time with OpenSBI's variable names
 * (firmware/opensbi_vars.mk, firmware/fw_config.S; docs/porting.md).
 * Addresses are absolute when non-zero; offsets count from where the image
 * runs, which is wherever the loader put it.
 */
#ifndef ABACUS_FW_CONFIG_H
#define ABACUS_FW_CONFIG_H

/* OpenSBI's FW_JUMP_OFFSET default: the next stage 2 MiB past the firmware. */
#define FW_CONFIG_DEFAULT_JUMP_OFFSET 0x200000

#ifndef __ASSEMBLER__
struct fw_config {
	unsigned long jump_addr;     /* FW_JUMP_ADDR: the next stage when the loader names none; 0: */
	unsigned long jump_offset;   /* FW_JUMP_OFFSET: ... at the image + this */
	unsigned long fdt_addr;      /* FW_JUMP_FDT_ADDR: S-mode's DT goes there; 0: */
	unsigned long fdt_offset;    /* FW_JUMP_FDT_OFFSET: ... at the image + this; 0: placed as docs/boot.md says */
	unsigned long options;       /* FW_OPTIONS: fw_dynamic options when the loader passes none */
	unsigned long fdt_size;      /* FW_FDT_PATH: the embedded DT's size, 0 when there is none */
};

extern const struct fw_config fw_config;
/* FW_FDT_PATH: the platform's DT, used instead of the loader's a1 (as OpenSBI does). */
extern const char fw_embedded_fdt[];
#endif

#endif
