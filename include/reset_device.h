/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System reset devices (lib/core/reset.c): one slot per kind, in the order
 * a reset tries them: every device that can do the reset's type, until one
 * resets the machine (a device that returns did not). Drivers fill their
 * slot when they find something to act on (lib/drivers/reset_*.c), boot
 * the platform's fallback; a new kind of device is a new slot.
 */
#ifndef ABACUS_RESET_DEVICE_H
#define ABACUS_RESET_DEVICE_H

#include <stdbool.h>

/*
 * The slots, in the order a reset tries them. A syscon or GPIO node is the
 * board's own statement of how it resets (one register write, one line,
 * nothing to go wrong between), so it comes first; a PMIC on I2C can also
 * switch the board off, but through a bus S-mode shares and a transaction
 * that may time out: it comes after them (on the HiFive Unmatched its
 * gpio-poweroff line powers off and the DA9063 reboots; on the VisionFive
 * 2 its gpio-restart line reboots and the AXP15060 powers off), as
 * OpenSBI 1.9 prefers GPIO lines to a PMIC for shutdown. The platform's
 * fallback is last.
 */
enum reset_slot {
	RESET_SLOT_SYSCON,      /* syscon-poweroff / syscon-reboot writes */
	RESET_SLOT_GPIO,        /* gpio-poweroff / gpio-restart lines */
	RESET_SLOT_HTIF,        /* the HTIF's exit request (Spike, QEMU spike): power-off only */
	RESET_SLOT_WATCHDOG,    /* the SoC's reset watchdog (Allwinner D1) */
	RESET_SLOT_RTC,         /* the SoC's RTC power requests (Sophgo CV18xx) */
	RESET_SLOT_FIRMWARE,    /* a request to the SoC's management core (TH1520's AON E902) */
	RESET_SLOT_PMIC,        /* a PMIC or board controller on an I2C bus (one per board) */
	RESET_SLOT_PLATFORM,    /* the platform's fallback (platform.system_reset) */
	RESET_SLOTS
};

struct reset_device {
	const char *name;          /* the boot log's; the driver may refine it as it finds more */
	enum reset_slot slot;
	bool (*supported)(unsigned long type);                   /* SBI_SRST_TYPE_* */
	void (*reset)(unsigned long type, unsigned long reason); /* returns if it did not reset */
};

/* A device's supported when it does every type (shutdown, both reboots), or the two reboots. */
bool reset_type_any(unsigned long type);
bool reset_type_reboot(unsigned long type);

/* Puts dev in its slot. */
void reset_device_add(const struct reset_device *dev);
/* Some device can do this type. */
bool reset_supported(unsigned long type);
/* Does not return when a device acts; returns if none could. */
void reset_system(unsigned long type, unsigned long reason);
/* Every device's name, in order, "; " between them; "none" without any. */
const char *reset_device_name(void);

#endif
