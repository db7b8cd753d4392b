/* SPDX-License-Identifier: BSD-2-Clause */
/* Device drivers found in the DT by compatible string. */
#ifndef ABACUS_DRIVERS_H
#define ABACUS_DRIVERS_H

#include <stdbool.h>
#include <stdint.h>
#include "dt_driver.h"

/*
 * UARTs (also usable before the DT is read, at a fixed address). A byte
 * waits at most this many status reads for room in the transmitter (a byte
 * at 9600 baud is ~1 ms; a read takes well under that): then it is dropped.
 */
#define UART_TX_MAX_POLLS 1000000
extern const struct dt_driver uart_ns16550_driver;
extern const struct dt_driver uart_sifive_driver;
void uart_ns16550_init_fixed(uintptr_t base, unsigned int reg_shift, unsigned int io_width);
void uart_sifive_init_fixed(uintptr_t base);
/* Console from the DT: stdout-path first, then the first UART found. */
int console_probe_dt(const void *fdt);

/* ACLINT / CLINT: machine software interrupts and the machine timer. */
extern const struct dt_driver aclint_mswi_driver;
extern const struct dt_driver aclint_mtimer_driver;
int aclint_probe_dt(const void *fdt);
bool aclint_mswi_present(void);
bool aclint_mtimer_present(void);
struct hart_state;
void aclint_send_ipi(struct hart_state *hs);
void aclint_clear_ipi(struct hart_state *hs);
uint64_t aclint_time(void);
void aclint_set_timecmp(struct hart_state *hs, uint64_t value);
uint64_t aclint_timebase_hz(void);

/* System reset devices. */
extern const struct dt_driver gpio_poweroff_driver;
extern const struct dt_driver gpio_restart_driver;
int reset_probe_dt(const void *fdt);
bool reset_supported(unsigned long type);
/* Does not return when the device acts; returns if there is no device. */
void reset_system(unsigned long type, unsigned long reason);
const char *reset_device_name(void);
void reset_set_fallback(void (*reset)(unsigned long type, unsigned long reason));
/* gpio-poweroff / gpio-restart lines (reset_gpio.c), tried after the syscon nodes. */
int reset_gpio_probe_dt(const void *fdt);
bool reset_gpio_supported(unsigned long type);
const char *reset_gpio_name(void);
/* Does not return when the line resets the machine; returns if there is no line. */
void reset_gpio_act(unsigned long type);

#endif
