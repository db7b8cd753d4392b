/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU virt: everything comes from the DT QEMU builds; the quirk adds one
 * platform firmware event.
 */
#include "platform.h"
#include "console.h"

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
	return platform_event == QEMU_VIRT_FW_EVENT_CONSOLE_BYTES ? console_bytes_written() : 0;
}

static const struct pmu_platform qemu_virt_pmu = {
	.fw_event_lookup = qemu_virt_fw_event_lookup,
	.fw_event_read = qemu_virt_fw_event_read,
};

PLATFORM_QUIRK(qemu_virt_quirk) = {
	.name = "QEMU virt",
	.compatible = DT_COMPATIBLE("riscv-virtio"),
	.pmu = &qemu_virt_pmu,
};
