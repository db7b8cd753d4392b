/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACLINT MSWI (machine software interrupts, msip registers) and MTIMER
 * (mtime, mtimecmp), or the SiFive CLINT that holds both. A hart's slot in
 * the device is its position in the node's interrupts-extended list, so
 * sparse hartids (FU540/FU740) work.
 *
 * The IPI device interface (send, clear) also serves harts whose IPIs go
 * through their M-level IMSIC interrupt file (no MSWI slot, lib/drivers/aia.c):
 * their msip points at the file's seteipnum_le, where the same store of 1
 * raises the firmware's IPI identity; clearing it is a claim (mtopei).
 */
#include <libfdt.h>
#include "aia.h"
#include "drivers.h"
#include "fdt_helpers.h"
#include "hart.h"
#include "sbi_memory.h"

#define CLINT_MSWI_OFFSET     0x0000
#define CLINT_MTIMECMP_OFFSET 0x4000
#define CLINT_MTIME_OFFSET    0xbff8
#define ACLINT_MTIME_OFFSET   0x7ff8    /* in a separate riscv,aclint-mtimer node */
#define ACLINT_MAX_HARTS      4095

static volatile uint64_t *mtime_reg;
static bool mswi_found, mtimer_found;
static uint64_t timebase_hz;

/* Hart slots: filled once the hart table exists (aclint_probe_dt runs after it). */
static int aclint_map_harts(const void *fdt, int node, uintptr_t base, bool timer, bool mswi)
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
		if (slot >= ACLINT_MAX_HARTS)
			break;
		struct hart_state *hs = hart_by_intc_phandle(phandle, &hint);
		if (!hs)
			continue;
		if (mswi && irq == 3) {
			hs->msip = (volatile uint32_t *)(base + CLINT_MSWI_OFFSET + 4 * slot);
			mswi_found = true;
		}
		if (timer && irq == 7) {
			hs->mtimecmp = (volatile uint64_t *)(base + (mswi ? CLINT_MTIMECMP_OFFSET : 0) + 8 * slot);
			mtimer_found = true;
		}
	}
	return 0;
}

static int clint_probe(const void *fdt, int node)
{
	uint64_t base, size;

	if (fdt_read_reg(fdt, node, 0, &base, &size))
		return -1;
	mtime_reg = (volatile uint64_t *)(uintptr_t)(base + CLINT_MTIME_OFFSET);
	/* The firmware's alone: S-mode writing msip/mtimecmp could stall or fake IPIs and timers. */
	sbi_memory_add_device(base, size, "clint");
	return aclint_map_harts(fdt, node, (uintptr_t)base, true, true);
}

static int aclint_mswi_probe(const void *fdt, int node)
{
	uint64_t base, size;

	if (fdt_read_reg(fdt, node, 0, &base, &size))
		return -1;
	sbi_memory_add_device(base, size, "aclint-mswi");
	return aclint_map_harts(fdt, node, (uintptr_t)base, false, true);
}

static int aclint_mtimer_probe(const void *fdt, int node)
{
	uint64_t base, size, mtime, mtime_size;

	if (fdt_read_reg(fdt, node, 0, &base, &size))
		return -1;
	if (fdt_read_reg(fdt, node, 1, &mtime, &mtime_size) == 0) {
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
		mtime_reg = (volatile uint64_t *)(uintptr_t)mtime;
		sbi_memory_add_device(base, size, "aclint-mtimer");
		sbi_memory_add_device(mtime, mtime_size, "aclint-mtime");
	} else {
		/* One: mtime at the end of the mtimecmp array. */
		mtime_reg = (volatile uint64_t *)(uintptr_t)(base + ACLINT_MTIME_OFFSET);
		sbi_memory_add_device(base, size, "aclint-mtimer");
	}
	return aclint_map_harts(fdt, node, (uintptr_t)base, true, false);
}

static const char *const clint_compatible[] = { "riscv,clint0", "sifive,clint0", NULL };
static const char *const mswi_compatible[] = { "riscv,aclint-mswi", NULL };
static const char *const mtimer_compatible[] = { "riscv,aclint-mtimer", NULL };

/*
 * The AIA's IMSIC and APLIC nodes are found in the same walk and noted for
 * lib/drivers/aia.c: each walk over the DT costs about 370,000 instructions
 * on QEMU virt (docs/boot.md).
 */
static int aia_noted;

static int aia_note_probe(const void *fdt, int node)
{
	int parent = fdt_parent_hinted(node);

	aia_note_node(node, parent >= 0 ? parent : fdt_parent_offset(fdt, node));
	aia_noted++;
	return 0;
}

static const char *const aia_compatible[] = { "riscv,imsics", "qemu,imsics", "riscv,aplic", "qemu,aplic", NULL };
static const struct dt_driver aia_note_driver = { "aia", aia_compatible, aia_note_probe };
static const struct dt_driver clint_driver = { "clint", clint_compatible, clint_probe };
const struct dt_driver aclint_mswi_driver = { "aclint-mswi", mswi_compatible, aclint_mswi_probe };
const struct dt_driver aclint_mtimer_driver = { "aclint-mtimer", mtimer_compatible, aclint_mtimer_probe };

int aclint_probe_dt(const void *fdt)
{
	static const struct dt_driver *const drivers[] = { &clint_driver, &aclint_mswi_driver,
							    &aclint_mtimer_driver, &aia_note_driver, NULL };
	int cpus = fdt_path_offset(fdt, "/cpus");

	timebase_hz = cpus >= 0 ? fdt_read_u32(fdt, cpus, "timebase-frequency", 0) : 0;
	/* Every CLINT/ACLINT node: multi-socket machines have one per socket. */
	return dt_probe_all(fdt, drivers) - aia_noted > 0 ? 0 : -1;
}

bool aclint_mswi_present(void)
{
	return mswi_found;
}

bool aclint_mtimer_present(void)
{
	return mtimer_found;
}

void aclint_send_ipi(struct hart_state *hs)
{
	if (hs->msip)
		*hs->msip = 1;    /* MSWI: msip = 1; IMSIC: identity IMSIC_IPI_ID */
}

/* Only ever for the calling hart. */
void aclint_clear_ipi(struct hart_state *hs)
{
	if (!hs->msip)
		return;
	if (aia_is_imsic_file(hs->msip))
		aia_imsic_ipi_clear();
	else
		*hs->msip = 0;
}

uint64_t aclint_time(void)
{
	return mtime_reg ? *mtime_reg : 0;
}

void aclint_set_timecmp(struct hart_state *hs, uint64_t value)
{
	if (hs->mtimecmp)
		*hs->mtimecmp = value;
}

uint64_t aclint_timebase_hz(void)
{
	return timebase_hz;
}
