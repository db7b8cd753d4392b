/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACLINT MSWI (machine software interrupts, msip registers) and MTIMER
 * (mtime, mtimecmp), or the SiFive CLINT that holds both. A hart's slot in
 * the device is its position in the node's interrupts-extended list, so
 * sparse hartids (FU540/FU740) work. The MSWI slot is the hart's IPI
 * doorbell (include/ipi_device.h), the MTIMER its timer compare register
 * and the machine's time source (include/timer_device.h).
 *
 * T-Head's CLINT (thead,c900-clint: TH1520, CV18xx) has the SiFive layout
 * for msip and mtimecmp but no mtime register (the time CSR is the time
 * source) and takes 32-bit accesses only. The SG2042 splits it into T-Head
 * ACLINT nodes (Linux 7.2's sg2042-cpus.dtsi, bindings
 * thead,c900-aclint-mswi.yaml and thead,c900-aclint-mtimer.yaml): one MSWI
 * of the ACLINT layout for all 64 harts, and 16 MTIMERs of 4 harts whose one
 * reg is the mtimecmp array alone, with the same two limits (OpenSBI 1.9's
 * fdt_timer_mtimer.c: no mtime, no 64-bit MMIO for thead,c900-aclint-mtimer).
 *
 * The Andes PLMT (andestech,plmt0: RZ/Five's AX45MP) is an MTIMER too: mtime
 * at offset 0, each hart's 64-bit mtimecmp from offset 8 on (OpenSBI 1.9's
 * andes_plmt.c, fdt_timer_plmt.c; the node U-Boot hands over,
 * docs/platform/renesas-rzfive.md there).
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "hart.h"
#include "ipi_device.h"
#include "mmio.h"
#include "riscv_csr.h"
#include "memory_map.h"
#include "timer_device.h"

#define CLINT_MSWI_OFFSET     0x0000
#define CLINT_MTIMECMP_OFFSET 0x4000
#define CLINT_MTIME_OFFSET    0xbff8
#define ACLINT_MTIME_OFFSET   0x7ff8    /* in a separate riscv,aclint-mtimer node */
#define ACLINT_MAX_HARTS      4095
#define PLMT_MTIMECMP_OFFSET  0x8

static volatile uint64_t *mtime_reg;

static void mswi_send(struct hart_state *target)
{
	mmio_write32(target->ipi_reg, 1);
}

static void mswi_clear(struct hart_state *self)
{
	mmio_write32(self->ipi_reg, 0);
}

static const struct ipi_device mswi_ipi_device = {
	.mip = MIP_MSIP,
	.send = mswi_send,
	.clear = mswi_clear,
	.name = "mswi",
};

static uint64_t mtimer_now(void)
{
	return mmio_read64(mtime_reg);
}

static void mtimer_set_compare(struct hart_state *hs, uint64_t when)
{
	mmio_write64(hs->timer_reg, when);
}

static const struct timer_device mtimer_device = {
	.now = mtimer_now,
	.set_compare = mtimer_set_compare,
	.name = "mtimer",
};

/* The same registers, named for the boot log. */
static const struct timer_device plmt_device = {
	.now = mtimer_now,
	.set_compare = mtimer_set_compare,
	.name = "plmt",
};

static uint64_t thead_mtimer_now(void)
{
	return csr_read(CSR_TIME);
}

/* Two 32-bit halves: the low one at its maximum first, so that no value in between fires early. */
static void thead_mtimer_set_compare(struct hart_state *hs, uint64_t when)
{
	volatile uint32_t *cmp = hs->timer_reg;

	mmio_write32(&cmp[0], UINT32_MAX);
	mmio_write32(&cmp[1], (uint32_t)(when >> 32));
	mmio_write32(&cmp[0], (uint32_t)when);
}

static const struct timer_device thead_mtimer_device = {
	.now = thead_mtimer_now,
	.set_compare = thead_mtimer_set_compare,
	.name = "thead-mtimer (time CSR, 32-bit)",
};

/*
 * Hart slots: filled once the hart table exists (boot walks the DT for the
 * ACLINT after laying it out). A hart whose slot lies past `slots` (what the
 * node's reg holds) gets nothing from this node: the driver never writes
 * outside the region dt_device_reg() checked.
 */
static int aclint_map_harts(const void *fdt, int node, uintptr_t base, const struct timer_device *timer, bool mswi,
			    uint64_t slots)
{
	int len;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);

	if (!ie || len < 8)
		return -1;
	/* Pairs <cpu-intc-phandle irq>; the slot counts each phandle once. */
	int slot = -1;
	uint32_t last_phandle = 0;
	unsigned int hint = 0;
	for (int i = 0; i + 1 < len / 4; i += 2) {
		uint32_t phandle = fdt32_ld(&ie[i]);
		uint32_t irq = fdt32_ld(&ie[i + 1]);
		if (phandle != last_phandle || slot < 0) {
			slot++;
			last_phandle = phandle;
		}
		if (slot >= ACLINT_MAX_HARTS || (uint64_t)slot >= slots)
			break;
		struct hart_state *hs = hart_by_intc_phandle(phandle, &hint);
		if (!hs)
			continue;
		if (mswi && irq == 3)
			hart_set_ipi_device(hs, &mswi_ipi_device, (volatile void *)(base + CLINT_MSWI_OFFSET + 4 * slot));
		if (timer && irq == 7) {
			hart_set_timer(hs, timer, (volatile void *)(base + (mswi ? CLINT_MTIMECMP_OFFSET : 0) + 8 * slot));
			timer_device_set(timer);
		}
	}
	return 0;
}

static int clint_probe(const void *fdt, int node)
{
	uint64_t base, size;
	bool thead = fdt_node_check_compatible(fdt, node, "thead,c900-clint") == 0;

	/* msip, mtimecmp and mtime: the whole 48 KiB, whatever the hart count; 64-bit
	 * accesses to mtime and mtimecmp (T-Head's: 32-bit only). */
	if (dt_device_reg(fdt, node, 0, CLINT_MTIME_OFFSET + 8, thead ? 4 : 8, &base, &size) ||
	    !dt_device_own(fdt, node, base, size, "clint"))
		return -1;
	mtime_reg = (volatile uint64_t *)(uintptr_t)(base + CLINT_MTIME_OFFSET);
	return aclint_map_harts(fdt, node, (uintptr_t)base, thead ? &thead_mtimer_device : &mtimer_device, true,
				ACLINT_MAX_HARTS);
}

static int aclint_mswi_probe(const void *fdt, int node)
{
	uint64_t base, size;

	if (dt_device_reg(fdt, node, 0, 4, 4, &base, &size) || !dt_device_own(fdt, node, base, size, "aclint-mswi"))
		return -1;
	return aclint_map_harts(fdt, node, (uintptr_t)base, NULL, true, size / 4);
}

static int aclint_mtimer_probe(const void *fdt, int node)
{
	uint64_t base, size, mtime, mtime_size, slots;
	int second = dt_device_reg(fdt, node, 1, 8, 8, &mtime, &mtime_size);

	if (second == DT_REG_REFUSED)
		return -1;
	/* One reg: mtime at the end of the mtimecmp array, so it holds 0x8000 bytes. */
	if (dt_device_reg(fdt, node, 0, second ? ACLINT_MTIME_OFFSET + 8 : 8, 8, &base, &size))
		return -1;
	if (second == 0) {
		/*
		 * Two reg entries: the mtimecmp array and mtime, in either order
		 * (QEMU 7.2's aclint=on node lists mtime first, with a size of
		 * 0x4008 or 8). ACLINT: mtime sits at mtimecmp + 0x7ff8, so the
		 * layout tells them apart; failing that, mtime is the 8-byte one.
		 */
		bool swap = base == mtime + ACLINT_MTIME_OFFSET ||
			    (mtime != base + ACLINT_MTIME_OFFSET && size == 8 && mtime_size != 8);
		if (swap) {
			uint64_t b = base, s = size;
			base = mtime, size = mtime_size;
			mtime = b, mtime_size = s;
		}
		if (!dt_device_own(fdt, node, mtime, mtime_size, "aclint-mtime"))
			return -1;
		slots = size / 8;
	} else {
		mtime = base + ACLINT_MTIME_OFFSET;
		slots = ACLINT_MTIME_OFFSET / 8;
	}
	if (!dt_device_own(fdt, node, base, size, "aclint-mtimer"))
		return -1;
	mtime_reg = (volatile uint64_t *)(uintptr_t)mtime;
	return aclint_map_harts(fdt, node, (uintptr_t)base, &mtimer_device, false, slots);
}

/* thead,c900-aclint-mtimer: its one reg is the mtimecmp array, 8 bytes a hart. */
static int thead_mtimer_probe(const void *fdt, int node)
{
	uint64_t base, size;

	/* Written as 32-bit halves (T-Head's limit, as its CLINT's). */
	if (dt_device_reg(fdt, node, 0, 8, 4, &base, &size) || !dt_device_own(fdt, node, base, size, "aclint-mtimer"))
		return -1;
	return aclint_map_harts(fdt, node, (uintptr_t)base, &thead_mtimer_device, false, size / 8);
}

/*
 * andestech,plmt0. Refused when its mtime faults when read (nothing answers
 * at that reg): unlike the CLINT's, this probe reads before anything uses it.
 */
static int plmt_probe(const void *fdt, int node)
{
	uint64_t base, size;

	if (!dt_device_reg_answers(fdt, node, 0, PLMT_MTIMECMP_OFFSET + 8, 8, 0, &base, &size) ||
	    !dt_device_own(fdt, node, base, size, "plmt"))
		return -1;
	mtime_reg = (volatile uint64_t *)(uintptr_t)base;
	return aclint_map_harts(fdt, node, (uintptr_t)(base + PLMT_MTIMECMP_OFFSET), &plmt_device, false,
				(size - PLMT_MTIMECMP_OFFSET) / 8);
}

DT_DRIVER(timer_ipi, clint_driver, "clint") = {
	DT_COMPATIBLE("riscv,clint0", "sifive,clint0", "thead,c900-clint"), clint_probe
};
/* T-Head's MSWI is the ACLINT's: 32-bit msip words, 4 bytes a hart. */
DT_DRIVER(timer_ipi, aclint_mswi_driver, "aclint-mswi") = {
	DT_COMPATIBLE("riscv,aclint-mswi", "thead,c900-aclint-mswi"), aclint_mswi_probe
};
DT_DRIVER(timer_ipi, aclint_mtimer_driver, "aclint-mtimer") = {
	DT_COMPATIBLE("riscv,aclint-mtimer"), aclint_mtimer_probe
};
DT_DRIVER(timer_ipi, thead_mtimer_driver, "thead-aclint-mtimer") = {
	DT_COMPATIBLE("thead,c900-aclint-mtimer"), thead_mtimer_probe
};
DT_DRIVER(timer_ipi, plmt_driver, "plmt") = { DT_COMPATIBLE("andestech,plmt0"), plmt_probe };
