/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU virt. Everything comes from the DT QEMU builds; this file holds only
 * the early console address and one platform firmware event.
 */
#include "drivers.h"
#include "platform.h"
#include "riscv_csr.h"
#include "sbi_console.h"

#define QEMU_VIRT_UART0 0x10000000UL

static void qemu_virt_early_console_init(void)
{
	uart_ns16550_init_fixed(QEMU_VIRT_UART0, 0, 1);
}

/*
 * SBI_PMU_FW_PLATFORM events (event_data selects one):
 *   1 = bytes the firmware wrote to the console (all harts).
 */
#define QEMU_VIRT_FW_EVENT_CONSOLE_BYTES 1

static long qemu_virt_fw_event_lookup(uint64_t event_data)
{
	return event_data == QEMU_VIRT_FW_EVENT_CONSOLE_BYTES ? QEMU_VIRT_FW_EVENT_CONSOLE_BYTES : -1;
}

static uint64_t qemu_virt_fw_event_read(long platform_event)
{
	return platform_event == QEMU_VIRT_FW_EVENT_CONSOLE_BYTES ? sbi_console_bytes_written() : 0;
}

static const struct pmu_platform qemu_virt_pmu = {
	.fw_event_lookup = qemu_virt_fw_event_lookup,
	.fw_event_read = qemu_virt_fw_event_read,
	.default_map = NULL,
};

const struct platform_ops platform = {
	.name = "QEMU virt",
	.early_console_init = qemu_virt_early_console_init,
	.default_next_addr = 0x80200000UL,
	.default_next_mode = PRV_S,
	.pmu = &qemu_virt_pmu,
};
