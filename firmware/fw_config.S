/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What this image does when the loader does not say (include/fw_config.h),
 * from OpenSBI's build variables (firmware/opensbi_vars.mk): the default next
 * stage, where S-mode's DT goes, the default options, and an embedded DT.
 * Assembled for each image (build/<image>/fw_config.o), so that the
 * firmware's objects are the same for every image. Numbers only, no
 * pointers: nothing here needs relocating.
 */
#include "fw_config.h"

#ifndef FW_CFG_JUMP_ADDR
#define FW_CFG_JUMP_ADDR 0
#endif
#ifndef FW_CFG_JUMP_OFFSET
#define FW_CFG_JUMP_OFFSET FW_CONFIG_DEFAULT_JUMP_OFFSET
#endif
#ifndef FW_CFG_FDT_ADDR
#define FW_CFG_FDT_ADDR 0
#endif
#ifndef FW_CFG_FDT_OFFSET
#define FW_CFG_FDT_OFFSET 0
#endif
#ifndef FW_CFG_OPTIONS
#define FW_CFG_OPTIONS 0
#endif

	.section .rodata.fw_config, "a"
	.balign 8
	.globl fw_config
fw_config:
	.dword FW_CFG_JUMP_ADDR
	.dword FW_CFG_JUMP_OFFSET
	.dword FW_CFG_FDT_ADDR
	.dword FW_CFG_FDT_OFFSET
	.dword FW_CFG_OPTIONS
	.dword fw_embedded_fdt_end - fw_embedded_fdt

	/* The DT spec aligns a blob to 8 bytes. */
	.section .rodata.fw_embedded_fdt, "a"
	.balign 8
	.globl fw_embedded_fdt
fw_embedded_fdt:
#ifdef FW_CFG_FDT_BIN
	.incbin FW_CFG_FDT_BIN
#endif
fw_embedded_fdt_end:
