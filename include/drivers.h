/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The drivers (lib/drivers/), each found in the DT by compatible string
 * (include/dt_driver.h) and plugged into a layer-1 interface: the console
 * (include/console.h), IPI doorbells (include/ipi_device.h), the
 * machine timer (include/timer_device.h), reset devices
 * (include/reset_device.h). Which of them a board's DT is walked for, and
 * in which walk, is boot's choice (firmware/boot_devices.c). The AIA has
 * headers of its own (include/aia.h, aplic.h, imsic.h).
 */
#ifndef ABACUS_DRIVERS_H
#define ABACUS_DRIVERS_H

#include <stdbool.h>
#include <stdint.h>
#include "dt_driver.h"

/*
 * UARTs: the console device, only from the DT (never at a fixed address).
 * A driver only tries to put a byte; how long the console waits for room
 * is the console's rule (lib/core/console.c). A UART whose registers
 * fault when probed is refused.
 */
/* The 16550 at base, registers 1 << reg_shift bytes apart, accessed io_width (1 or 4) bytes wide. */
void uart_ns16550_init(uintptr_t base, unsigned int reg_shift, unsigned int io_width);

/* T-Head's PLIC: the boot log's line on the PLICs S-mode was given (none: nothing). */
void plic_thead_log(void);

#endif
