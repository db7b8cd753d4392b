/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board quirks: what a board's DT cannot tell the one generic image. RAM,
 * harts, console, timer/IPI, reset and the PMU's event map come from the DT;
 * a quirk adds the rest for the boards whose DT root `compatible` it names
 * (platform/generic/quirks/, one file each, matched once at boot). A board
 * no quirk names boots with none (platform_quirk_generic).
 */
#ifndef ABACUS_PLATFORM_H
#define ABACUS_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "fdt_helpers.h"
#include "pmu/pmu.h"

struct i2c_bus;

/*
 * What only a few boards need: code of their own at boot, on each hart, at
 * hart_start, for S-mode's DT and for their I2C clocks. Every hook is optional.
 */
struct platform_hooks {
	/* Set-up after the generic DT set-up (cold boot, boot hart). */
	int (*init)(const void *fdt);
	/* Reset when no DT reset device acted; returns if it cannot. */
	void (*system_reset)(unsigned long type, unsigned long reason);
	/*
	 * Each hart's own set-up, first thing on its own stack
	 * (firmware/boot.c, boot_warm_main), on every hart, at boot and when
	 * a hart comes late: the core's own enables (the K1's caches).
	 */
	void (*hart_init)(unsigned long hartid);
	/*
	 * Wakes hart `hartid`, which has not come (never started by the
	 * loader), on behalf of hart `from_hartid`; 0 when asked, else it
	 * cannot. HSM hart_start calls it for such a hart, then waits for the
	 * hart to set itself up (include/hart_run.h, hart_run_waker).
	 */
	int (*hart_wake)(unsigned long hartid, unsigned long from_hartid);
	/* What it adds to the DT S-mode gets, after the generic fixups (firmware/fdt_fixup.c). */
	int (*fdt_fixup)(void *fdt);
	/* How to turn on an I2C controller's clock before its transfers (include/i2c_bus.h). */
	void (*i2c_bus_power)(const void *fdt, struct i2c_bus *bus);
};

struct platform_quirk {
	const char *name;                     /* printed in the boot log */
	/* Root compatible strings this quirk is for: DT_COMPATIBLE("vendor,soc", ...) (include/fdt_helpers.h). */
	const char *compatible;
	/* PMU: platform firmware events and the default event map (optional). */
	const struct pmu_platform *pmu;
	/* Optional (NULL: none), out of line: most quirks have no hooks, and pay one pointer. */
	const struct platform_hooks *hooks;
	/*
	 * The cores keep using TLB entries after S-mode's translation is off
	 * (T-Head TH1520, SG2042): every trap into M-mode first flushes them
	 * (trap_entry_flush_tlb, firmware/trap_entry.S) before any memory access.
	 */
	bool trap_flushes_tlb;
};

/* Declares a quirk: the linker gathers them into one table (firmware/abacus.ld). */
#define PLATFORM_QUIRK(sym) \
	static const struct platform_quirk sym \
		__attribute__((used, section("abacus_platform_quirks"), aligned(8)))

/*
 * The quirk for this DT: the first one naming a string of the root node's
 * compatible (a quirk names its SoC's or board's strings, which no other
 * quirk names). None: &platform_quirk_generic.
 */
const struct platform_quirk *platform_quirk_match(const void *fdt);
extern const struct platform_quirk platform_quirk_generic;

/* Cold boot: the quirk for this DT becomes `platform`, and its PMU description the PMU's. */
const struct platform_quirk *platform_choose(const void *fdt);
/* The quirk boot chose (platform_choose), for the rest of boot. */
extern const struct platform_quirk *platform;

/*
 * A vendor core's PMU, found on the hart whatever the board (boot calls it
 * by mvendorid, firmware/hart_init.c): the Andes one, after pmu_hart_init,
 * on a hart without Sscofpmf (platform/generic/quirks/andes_ax45_pmu.c).
 */
bool andes_ax45_pmu_hart_init(struct pmu_hart *ph);

#endif
