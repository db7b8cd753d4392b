/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The next stage when the loader names none: the payload built into the
 * image (include/fw_payload.h), else the build's default (FW_JUMP_ADDR, or
 * FW_JUMP_OFFSET past where the image runs: include/fw_config.h).
 */
#include "fw_config.h"
#include "fw_dynamic.h"
#include "fw_payload.h"
#include "riscv_csr.h"
#include "memory_map.h"

extern char _fw_start[];

static unsigned long fw_default_next_addr(void)
{
	return fw_config.jump_addr ? fw_config.jump_addr : (uintptr_t)_fw_start + fw_config.jump_offset;
}

unsigned long fw_memory_limit(void)
{
	unsigned long base = (uintptr_t)_fw_start, next = fw_default_next_addr();

	if (fw_payload_size())
		return fw_payload_addr();
	/* A default next stage below the image leaves it OpenSBI's 2 MiB. */
	return next > base ? next : base + FW_CONFIG_DEFAULT_JUMP_OFFSET;
}

bool fw_payload_usable(void)
{
	/* The DT decides what RAM is: a payload outside it was not loaded, or cannot run. */
	return fw_payload_size() && smode_range_ok(fw_payload_addr(), 0, fw_payload_size());
}

void next_stage_default(struct next_stage *next)
{
	next->boot_hart = -1UL;
	next->options = fw_config.options;
	next->mode = PRV_S;
	if (fw_payload_usable()) {
		next->addr = fw_payload_addr();
		next->source = "embedded payload";
	} else {
		next->addr = fw_default_next_addr();
		next->source = "default";
	}
}
