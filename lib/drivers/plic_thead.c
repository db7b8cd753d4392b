/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * T-Head's PLIC (thead,c900-plic: TH1520, SG2042, SG2044, Allwinner D1,
 * Sophgo CV18xx) lets S-mode program it only when M-mode allows it: its
 * control register PLIC_CTRL (offset 0x1ffffc) holds S_PER in bit 0. At 0
 * (reset) S-mode reaches only its threshold and claim/complete registers,
 * so Linux cannot set a source's priority or enable it; at 1 S-mode reaches
 * every register but PLIC_CTRL itself, which stays M-mode's. (XuanTie C906
 * user manual, "PLIC_CTRL" in the PLIC chapter; C910 user manual, the
 * same; Allwinner D1 user manual, PLIC register CTRL. OpenSBI's plic.c
 * writes the same bit; Sophgo's first-stage loader too, sophgo/fsbl
 * lib/cpu/riscv/bl2_entrypoint.S.)
 *
 * The firmware takes no external interrupt: the PLIC stays S-mode's (not a
 * firmware device, not PMP-denied). A DT_DRIVER of the timer_ipi walk,
 * with the other interrupt controllers the firmware sets up at boot (the
 * AIA's): it joins a walk boot makes anyway (firmware/boot_devices.c).
 */
#include <stddef.h>
#include "dt_device_reg.h"
#include "drivers.h"
#include "mmio.h"
#include "console.h"
#include "trap_expect.h"

#define THEAD_PLIC_CTRL       0x1ffffc
#define THEAD_PLIC_CTRL_S_PER 1U

static unsigned int plics_delegated;

/*
 * Refused, with one line (S-mode then cannot program the PLIC, as before):
 * a region without PLIC_CTRL, or a PLIC_CTRL whose write or read faults or
 * that does not read back as S_PER alone (no T-Head PLIC answers there: on
 * QEMU virt a board's PLIC address may lie in the PCIe window, which reads
 * all ones).
 */
static int thead_plic_probe(const void *fdt, int node)
{
	uint64_t base, size;
	volatile void *ctrl;
	struct trap_expect probe;
	uint32_t now = 0;

	if (dt_device_reg(fdt, node, 0, THEAD_PLIC_CTRL + 4, 4, &base, &size))
		return -1;
	ctrl = (volatile void *)(uintptr_t)(base + THEAD_PLIC_CTRL);
	trap_expect_begin_on(&probe);
	mmio_write32_expecting_trap(ctrl, THEAD_PLIC_CTRL_S_PER);
	/* Its other bits are reserved (read 0): an all-ones answer is a bus with nothing on it. */
	if (trap_expect_end_on(&probe) || !mmio_try_read(&probe, ctrl, 4, &now) || now != THEAD_PLIC_CTRL_S_PER) {
		dt_device_refused(fdt, node, base, size, "does not take S-mode access (PLIC_CTRL)");
		return -1;
	}
	plics_delegated++;
	return 0;
}

void plic_thead_log(void)
{
	if (plics_delegated)
		console_printf("abacus: PLIC            : T-Head's, S_PER set on %u\n",
			   plics_delegated);
}

DT_DRIVER(timer_ipi, thead_plic_driver, "thead-plic") = {
	DT_COMPATIBLE("thead,c900-plic"), thead_plic_probe
};
