/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a platform folder supplies: only what the DT cannot tell. Addresses of
 * devices come from the DT; the fallback console here is used only until the
 * DT is read (and to report a missing or broken DT).
 */
#ifndef ABACUS_PLATFORM_H
#define ABACUS_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu.h"

struct platform_ops {
	const char *name;
	/* Console before the DT is parsed (a fixed UART of the board). */
	void (*early_console_init)(void);
	/* Next stage when no valid fw_dynamic_info is passed. */
	unsigned long default_next_addr;
	unsigned long default_next_mode;    /* PRV_S or PRV_U */
	/* PMU: platform firmware events and the default event table. */
	const struct pmu_platform *pmu;
	/* Optional: platform set-up after the generic DT set-up (cold boot). */
	int (*init)(const void *fdt);
	/* Optional: reset when the DT has no reset device; returns if it cannot. */
	void (*system_reset)(unsigned long type, unsigned long reason);
};

extern const struct platform_ops platform;

#endif
