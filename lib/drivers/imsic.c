/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each hart's machine-level IMSIC interrupt file on the hardware
 * (include/imsic.h): set up through real miselect/mireg
 * (lib/drivers/imsic_setup.c), and the IPI doorbell of a hart without an
 * ACLINT MSWI slot (QEMU virt with AIA keeps its CLINT unless aclint=on,
 * and a hart with a slot keeps it). Sending is a 32-bit store of the
 * firmware's IPI identity (IMSIC_IPI_ID) to the file's seteipnum_le; it
 * arrives as MEIP and is claimed through mtopei.
 */
#include <libfdt.h>
#include "aia_dt.h"
#include "console.h"
#include "hart.h"
#include "imsic.h"
#include "ipi_device.h"
#include "mmio.h"
#include "riscv_csr.h"
#include "trap_expect.h"

static uint32_t mfile_num_ids;             /* the most identities of any M-level IMSIC */
static volatile unsigned int ipi_setup_failures;

/* ---- The doorbell ---- */

static void imsic_ipi_send(struct hart_state *target)
{
	mmio_write32(target->ipi_reg, IMSIC_IPI_ID);
}

static void imsic_ipi_clear(struct hart_state *self)
{
	(void)self;
	/* A write claims the top pending-and-enabled identity (AIA 5.4): the IPI's, the only one enabled. */
	csr_write(CSR_MTOPEI, 0);
}

static const struct ipi_device imsic_ipi_device = {
	.mip = MIP_MEIP,
	.send = imsic_ipi_send,
	.clear = imsic_ipi_clear,
	.name = "imsic",
};

/* ---- The CSR seam on the hardware: every access may fault (no Smaia, no M-level file) ---- */

static bool mireg_read(void *ctx, unsigned long isel, unsigned long *value)
{
	unsigned long v = 0;

	(void)ctx;
	trap_expect_begin();
	csr_mireg_read_expecting_trap(isel, v);
	if (trap_expect_end())
		return false;
	*value = v;
	return true;
}

static bool mireg_write(void *ctx, unsigned long isel, unsigned long value)
{
	(void)ctx;
	trap_expect_begin();
	csr_mireg_write_expecting_trap(isel, value);
	return !trap_expect_end();
}

/* ---- Boot hart ---- */

/* Harts without a doorbell take their IPIs at their M-level interrupt file. */
static void map_ipi_files(const void *fdt, const struct aia_imsic *im)
{
	int len;
	const fdt32_t *ie = fdt_getprop(fdt, im->node, "interrupts-extended", &len);
	unsigned int hint = 0;

	for (unsigned int i = 0; ie && i < im->nr_files; i++) {
		struct hart_state *hs = hart_by_intc_phandle(fdt32_ld(&ie[2 * i]), &hint);
		uint64_t file;
		if (!hs || hs->ipi_dev || !aia_imsic_file_addr(im, i, &file))
			continue;
		hart_set_ipi_device(hs, &imsic_ipi_device, (volatile void *)(uintptr_t)(file + IMSIC_SETEIPNUM_LE));
	}
}

void imsic_probe_ipi(const void *fdt, const struct aia_dt *aia)
{
	for (unsigned int i = 0; i < aia->nr_imsics; i++) {
		const struct aia_imsic *im = &aia->imsic[i];
		if (im->level != AIA_LEVEL_M)
			continue;
		if (im->num_ids > mfile_num_ids)
			mfile_num_ids = im->num_ids;
		map_ipi_files(fdt, im);
	}
}

/* ---- Every hart ---- */

void imsic_hart_init(struct hart_state *hs)
{
	const struct imsic_csr csr = { mireg_read, mireg_write, NULL };
	bool ipi = hs->ipi_dev == &imsic_ipi_device;
	enum imsic_setup_status st;

	if (!mfile_num_ids)
		return;
	/*
	 * Smaia: no virtual S-level interrupts from M-mode; S-mode's interrupts
	 * are its own (mideleg). Traps (and is skipped) without Smaia.
	 */
	trap_expect_begin();
	csr_write_expecting_trap(CSR_MVIEN, 0);
	trap_expect_end();
	/* Every hart with an M-level file: no identity but the IPI's may reach M-mode. */
	st = imsic_mfile_setup(&csr, mfile_num_ids, ipi);
	if (ipi && st != IMSIC_SETUP_OK)
		__atomic_add_fetch(&ipi_setup_failures, 1, __ATOMIC_RELAXED);
}

/* ---- Boot log ---- */

void imsic_log(void)
{
	if (ipi_setup_failures)
		console_printf("abacus: warning: %u hart%s could not set up its M-level IMSIC file for IPIs\n",
			   ipi_setup_failures, ipi_setup_failures == 1 ? "" : "s");
}
