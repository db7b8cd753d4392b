/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The next stage when the loader names none: the payload built into the
 * image (include/fw_payload.h), else the platform's default address.
 */
#include "fw_dynamic.h"
#include "fw_payload.h"
#include "platform.h"
#include "riscv_csr.h"
#include "sbi_memory.h"

unsigned long fw_memory_limit(void)
{
	return fw_payload_size() ? fw_payload_addr() : platform.default_next_addr;
}

bool fw_payload_usable(void)
{
	/* The DT decides what RAM is: a payload outside it was not loaded, or cannot run. */
	return fw_payload_size() && sbi_memory_smode_range_ok(fw_payload_addr(), 0, fw_payload_size());
}

void next_stage_default(struct next_stage *next)
{
	next->boot_hart = -1UL;
	next->options = 0;
	if (fw_payload_usable()) {
		next->addr = fw_payload_addr();
		next->mode = PRV_S;
		next->source = "embedded payload";
	} else {
		next->addr = platform.default_next_addr;
		next->mode = platform.default_next_mode;
		next->source = "default";
	}
}
