/* SPDX-License-Identifier: BSD-2-Clause */
/* Device drivers found in the DT by compatible string. */
#ifndef ABACUS_DRIVERS_H
#define ABACUS_DRIVERS_H

#include <stdbool.h>
#include <stdint.h>

struct dt_driver {
	const char *name;
	const char *const *compatible;      /* NULL-terminated */
	int (*probe)(const void *fdt, int node);
};

/* True when the node is compatible with one of the driver's strings. */
bool dt_driver_matches(const struct dt_driver *drv, const void *fdt, int node);
/* Probes the first enabled node (in tree order) a driver of the NULL-terminated
 * list matches and accepts; returns the node or < 0. */
int dt_probe_first(const void *fdt, const struct dt_driver *const *drivers);
/* Each driver of the list probes the first such node it accepts; returns how many did. */
int dt_probe_each_once(const void *fdt, const struct dt_driver *const *drivers);
/* Probes every such node; returns how many probes succeeded. */
int dt_probe_all(const void *fdt, const struct dt_driver *const *drivers);

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
/* Busy-waits ms milliseconds for a reset to take effect (reset_gpio.c). */
void reset_delay_ms(uint32_t ms);

#endif
