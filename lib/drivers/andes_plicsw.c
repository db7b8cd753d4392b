/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Andes PLICSW (andestech,plicsw: the RZ/Five's AX45MP), the IPI doorbell
 * of each hart it serves: a second PLIC whose interrupt sources are tied to
 * zero and whose pending bits software sets; each context's output is its
 * hart's machine software interrupt (mip.MSIP). Linux 7.2's binding
 * (interrupt-controller/andestech,plicsw.yaml) and OpenSBI 1.9's
 * andes_plicsw.c give the facts: the PLIC layout (priority of source n at
 * 4n, pending bits from 0x1000, each context's enable bits from 0x2000 +
 * 0x80 per context, its threshold at 0x200000 + 0x1000 per context and its
 * claim/complete 4 bytes after), source 0 hardwired to zero, and one source
 * per hart: source n + 1 for the hart of context n, enabled on that context
 * alone. A pending bit is set by writing a word with that one bit set
 * (other harts set theirs in the same word at the same time: a write's 0
 * bits change nothing); a claim clears it, and the completion lets the
 * source raise the interrupt again.
 *
 * A hart's context is its position in the node's interrupts-extended (as a
 * PLIC's contexts are); each hart's register is its claim/complete word.
 * The loader (U-Boot's andes_plicsw.c, which used another source numbering
 * before 2023) may have left other sources enabled on these contexts, where
 * a claim by the wrong hart would take another hart's IPI: the probe writes
 * every enable word that holds one of the sources used.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "hart.h"
#include "ipi_device.h"
#include "mmio.h"
#include "riscv_csr.h"

#define PLICSW_PRIORITY(src)     (4 * (src))
#define PLICSW_PENDING(src)      (0x1000 + 4 * ((src) / 32))
#define PLICSW_ENABLE(ctx, word) (0x2000 + 0x80 * (ctx) + 4 * (word))
#define PLICSW_CONTEXT_BASE      0x200000
#define PLICSW_CONTEXT_SHIFT     12          /* 0x1000 bytes a context */
#define PLICSW_THRESHOLD(ctx)    (PLICSW_CONTEXT_BASE + ((ctx) << PLICSW_CONTEXT_SHIFT))
#define PLICSW_CLAIM(ctx)        (PLICSW_THRESHOLD(ctx) + 4)
/* Sources 1-1023 (a PLIC's most): 1022 harts, one source each. */
#define PLICSW_MAX_CONTEXTS      1022

static uintptr_t plicsw_base;

static inline volatile void *plicsw_reg(uintptr_t offset)
{
	return (volatile void *)(plicsw_base + offset);
}

/* The target's source is its context + 1; its context, from its claim word's place. */
static void plicsw_send(struct hart_state *target)
{
	uintptr_t ctx = ((uintptr_t)target->ipi_reg - plicsw_base - PLICSW_CLAIM(0)) >> PLICSW_CONTEXT_SHIFT;
	uintptr_t src = ctx + 1;

	mmio_write32(plicsw_reg(PLICSW_PENDING(src)), 1U << (src % 32));
}

/* Claim (clears the pending bit and mip.MSIP), then complete. */
static void plicsw_clear(struct hart_state *self)
{
	uint32_t src = mmio_read32(self->ipi_reg);

	if (src)
		mmio_write32(self->ipi_reg, src);
}

static const struct ipi_device plicsw_ipi_device = {
	.mip = MIP_MSIP,
	.send = plicsw_send,
	.clear = plicsw_clear,
	.name = "plicsw",
};

/* Source ctx + 1 on context ctx alone, at priority 1 over threshold 0. */
static void plicsw_route(unsigned int ctx, unsigned int words)
{
	unsigned int src = ctx + 1;

	mmio_write32(plicsw_reg(PLICSW_PRIORITY(src)), 1);
	for (unsigned int w = 0; w < words; w++)
		mmio_write32(plicsw_reg(PLICSW_ENABLE(ctx, w)), w == src / 32 ? 1U << (src % 32) : 0);
	mmio_write32(plicsw_reg(PLICSW_THRESHOLD(ctx)), 0);
}

/*
 * Refused when its first pending word faults when read (nothing answers at
 * that reg), and when it is not the first PLICSW. A hart whose context lies
 * past the region (or past 1022) gets nothing from this node, nor does one
 * that has a doorbell already.
 */
static int plicsw_probe(const void *fdt, int node)
{
	uint64_t base, size, contexts;
	int len;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
	unsigned int hint = 0, words;

	if (dt_device_reg(fdt, node, 0, PLICSW_CLAIM(0) + 4, 4, &base, &size))
		return -1;
	if (plicsw_base && plicsw_base != (uintptr_t)base) {
		/* A doorbell finds its context from the one base it knows. */
		dt_device_refused(fdt, node, base, size, "is a second PLICSW, not used");
		return -1;
	}
	if (!dt_device_answers(fdt, node, base, size, PLICSW_PENDING(0), 4) || !ie || !dt_device_own(fdt, node, base, size, "plicsw"))
		return -1;
	plicsw_base = (uintptr_t)base;
	contexts = ((size - PLICSW_CLAIM(0) - 4) >> PLICSW_CONTEXT_SHIFT) + 1;
	if (contexts > PLICSW_MAX_CONTEXTS)
		contexts = PLICSW_MAX_CONTEXTS;
	if (contexts > (uint64_t)len / 8)
		contexts = (uint64_t)len / 8;
	words = (unsigned int)contexts / 32 + 1;         /* the enable words holding sources 1..contexts */
	/* Pairs <cpu-intc-phandle 3>, one per context. */
	for (unsigned int ctx = 0; ctx < contexts; ctx++) {
		struct hart_state *hs = hart_by_intc_phandle(fdt32_to_cpu(ie[2 * ctx]), &hint);
		/* The cell as the DT stores it (big-endian), against the constant swapped at build time. */
		if (!hs || hs->ipi_dev || ie[2 * ctx + 1] != cpu_to_fdt32(IRQ_M_SOFT))
			continue;
		plicsw_route(ctx, words);
		hart_set_ipi_device(hs, &plicsw_ipi_device, plicsw_reg(PLICSW_CLAIM(ctx)));
	}
	return 0;
}

DT_DRIVER(timer_ipi, andes_plicsw_driver, "andes-plicsw") = {
	.compatible = DT_COMPATIBLE("andestech,plicsw"),
	.probe = plicsw_probe,
};
