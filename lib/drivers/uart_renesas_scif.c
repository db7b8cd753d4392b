/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas SCIF of the RZ/G2L family (renesas,scif-r9a07g044; the RZ/Five's
 * renesas,scif-r9a07g043 lists it as its fallback), polled; the loader has
 * set the baud rate (SCSMR, SCBRR, SEMR), as for every UART here.
 *
 * Registers and their widths as Linux 7.2's sh-sci.c has them for this
 * family (SCIx_RZ_SCIFA_REGTYPE, the "compressed address space" SCIF;
 * OpenSBI 1.9's renesas_scif.c uses the same offsets): SCBRR 0x02 (8 bits),
 * SCSCR 0x04, SCFTDR 0x06 (8), SCFSR 0x08, SCFRDR 0x0a (8), SCFDR 0x0e,
 * SCLSR 0x12, the others 16 bits wide. A FIFO holds 16 bytes; SCFDR counts
 * the bytes in the transmit FIFO in bits 12:8 and in the receive FIFO in
 * bits 4:0 (sh-sci.c, sci_txfill/sci_rxfill).
 *
 * Transmit waits for room by that count, not by SCFSR.TDFE (which only says
 * the FIFO fell to its trigger level and must be cleared by software), so
 * no status bit needs clearing to send. Receive (DBCN read, legacy getchar)
 * takes a byte when the count says there is one, then clears DR and RDF as
 * sh-sci.c's sci_poll_get_char does; a receive error (ER, BRK, FER, PER in
 * SCFSR, ORER in SCLSR) stops reception until cleared, so it is cleared
 * first. Status flags are cleared by writing 0 after reading 1; writing 1
 * leaves a flag as it is (sh-sci.c, sci_clear_SCxSR, writes the mask).
 *
 * "renesas,scif" alone is the SH4 SCIF, whose registers are 4 bytes apart
 * (sh-sci.c, SCIx_SH4_SCIF_REGTYPE): a different layout, not taken here.
 */
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "mmio.h"
#include "console.h"

#define SCIF_SCBRR  0x02
#define SCIF_SCSCR  0x04
#define SCIF_SCFTDR 0x06
#define SCIF_SCFSR  0x08
#define SCIF_SCFRDR 0x0a
#define SCIF_SCFDR  0x0e
#define SCIF_SCLSR  0x12
#define SCIF_REGS_SIZE (SCIF_SCLSR + 2)

#define SCIF_SCSCR_TE 0x20
#define SCIF_SCSCR_RE 0x10
#define SCIF_SCFSR_ER   0x80
#define SCIF_SCFSR_BRK  0x10
#define SCIF_SCFSR_FER  0x08
#define SCIF_SCFSR_PER  0x04
#define SCIF_SCFSR_RDF  0x02
#define SCIF_SCFSR_DR   0x01
#define SCIF_SCFSR_ERRORS (SCIF_SCFSR_ER | SCIF_SCFSR_BRK | SCIF_SCFSR_FER | SCIF_SCFSR_PER)
#define SCIF_SCLSR_ORER 0x01
#define SCIF_FIFO_SIZE  16
#define SCIF_SCFDR_TX(v) (((v) >> 8) & 0x1f)
#define SCIF_SCFDR_RX(v) ((v) & 0x1f)
/* The flag bits of SCFSR (its upper byte counts errors, read-only). */
#define SCIF_SCFSR_FLAGS 0xff

static volatile uint8_t *scif;

static uint16_t scif_read16(unsigned int reg)
{
	return mmio_read16(scif + reg);
}

static void scif_write16(unsigned int reg, uint16_t v)
{
	mmio_write16(scif + reg, v);
}

/* Never waits: the console decides how long to try again (include/console.h). */
static bool scif_try_putc(char c)
{
	if (SCIF_SCFDR_TX(scif_read16(SCIF_SCFDR)) >= SCIF_FIFO_SIZE)
		return false;
	mmio_write8(scif + SCIF_SCFTDR, (uint8_t)c);
	return true;
}

static int scif_getc(void)
{
	uint16_t fsr = scif_read16(SCIF_SCFSR);
	int c;

	if (fsr & SCIF_SCFSR_ERRORS)
		scif_write16(SCIF_SCFSR, SCIF_SCFSR_FLAGS & ~SCIF_SCFSR_ERRORS);
	if (scif_read16(SCIF_SCLSR) & SCIF_SCLSR_ORER)
		scif_write16(SCIF_SCLSR, 0);
	if (!SCIF_SCFDR_RX(scif_read16(SCIF_SCFDR)))
		return -1;
	c = mmio_read8(scif + SCIF_SCFRDR);
	/* DR/RDF were read as 1 before, or stay as they are: 0 clears only a flag read as 1. */
	scif_read16(SCIF_SCFSR);
	scif_write16(SCIF_SCFSR, SCIF_SCFSR_FLAGS & ~(SCIF_SCFSR_DR | SCIF_SCFSR_RDF));
	return c;
}

static const struct console_device scif_console = {
	.name = "renesas-scif",
	.try_putc = scif_try_putc,
	.getc = scif_getc,
};

/*
 * Refused when reading SCBRR (8 bits, read without side effects) faults:
 * nothing answers at that reg. Transmit and receive are enabled if the
 * loader left them off, as the SiFive UART's txen/rxen are.
 */
static int scif_probe(const void *fdt, int node)
{
	uint64_t base, size;
	uint16_t scr;

	if (dt_device_reg(fdt, node, 0, SCIF_REGS_SIZE, 2, &base, &size) ||
	    !dt_device_answers(fdt, node, base, size, SCIF_SCBRR, 1))
		return -1;
	scif = (volatile uint8_t *)(uintptr_t)base;
	scr = scif_read16(SCIF_SCSCR);
	if ((scr & (SCIF_SCSCR_TE | SCIF_SCSCR_RE)) != (SCIF_SCSCR_TE | SCIF_SCSCR_RE))
		scif_write16(SCIF_SCSCR, scr | SCIF_SCSCR_TE | SCIF_SCSCR_RE);
	console_set_device(&scif_console);
	return 0;
}

DT_DRIVER(console, uart_renesas_scif_driver, "renesas-scif") = {
	.compatible = DT_COMPATIBLE("renesas,scif-r9a07g043", "renesas,scif-r9a07g044"),
	.probe = scif_probe,
};
