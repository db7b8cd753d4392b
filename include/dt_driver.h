/* SPDX-License-Identifier: BSD-2-Clause */
/* Device drivers found in the DT by compatible string (lib/core/dt_driver.c). */
#ifndef ABACUS_DT_DRIVER_H
#define ABACUS_DT_DRIVER_H

#include <stdbool.h>
#include "fdt_helpers.h"

struct dt_driver {
	const char *compatible;      /* DT_COMPATIBLE("vendor,device", ...) */
	int (*probe)(const void *fdt, int node);
};

/*
 * The drivers of one kind, gathered by the linker from DT_DRIVER() entries
 * (firmware/abacus.ld): a new driver is one new file. The kinds are the
 * walks boot makes (firmware/boot_devices.c):
 *   console    UARTs; /chosen/stdout-path first, then the first one found
 *   timer_ipi  IPI doorbells and machine timers, every node (one per socket), and
 *              the interrupt controllers boot sets up (the AIA's, T-Head's PLIC)
 *   reset      reset devices, the first node each driver accepts, enabled or
 *              "reserved" (DT spec: kept for another software component, such
 *              as the platform firmware: the D1's reset watchdog)
 *   i2c        I2C controllers, in no walk: probed on demand for the devices
 *              on their bus (include/i2c_bus.h)
 * Within a kind, a node goes to the first driver (in link order) that matches it.
 */
struct dt_driver_table {
	const struct dt_driver *begin, *end;
};

#if defined(__clang__)
#define DT_DRIVER_NO_ASAN __attribute__((no_sanitize("address")))   /* host fuzzers: no redzones in the table */
#else
#define DT_DRIVER_NO_ASAN
#endif
/*
 * Defines the driver `var` of kind `table` (console, timer_ipi, reset, i2c),
 * called `name` in the dry run's report:
 *     DT_DRIVER(reset, x_driver, "x") = { DT_COMPATIBLE("vendor,x"), x_probe };
 * The firmware prints no driver's name, and keeps none; the dry run finds
 * each in a table of its own (dt_driver_name).
 */
#define DT_DRIVER(table, var, name) \
	DT_DRIVER_NAME(var, name) \
	const struct dt_driver var __attribute__((used, section("abacus_dt_" #table), aligned(8))) DT_DRIVER_NO_ASAN
#ifdef ABACUS_DRYRUN
struct dt_driver_name {
	const struct dt_driver *driver;
	const char *name;
};
#define DT_DRIVER_NAME(var, name) \
	extern const struct dt_driver var; \
	static const struct dt_driver_name var##_name \
		__attribute__((used, section("abacus_dt_names"), aligned(8))) DT_DRIVER_NO_ASAN = { &var, name };
/* The name DT_DRIVER gave the driver (scripts/abacus-dryrun/watch.c). */
const char *dt_driver_name(const struct dt_driver *d);
#else
#define DT_DRIVER_NAME(var, name)
#endif

/* The table of one kind: DT_DRIVERS(console). */
#define DT_DRIVERS(table) \
	((struct dt_driver_table){ __start_abacus_dt_##table, __stop_abacus_dt_##table })
extern const struct dt_driver __start_abacus_dt_console[], __stop_abacus_dt_console[];
extern const struct dt_driver __start_abacus_dt_timer_ipi[], __stop_abacus_dt_timer_ipi[];
extern const struct dt_driver __start_abacus_dt_reset[], __stop_abacus_dt_reset[];
extern const struct dt_driver __start_abacus_dt_i2c[], __stop_abacus_dt_i2c[];

/*
 * A driver's probe as the walks call it. The dry run (ABACUS_DRYRUN,
 * scripts/abacus-dryrun) watches each one: which driver took which node,
 * with what result, and what it set up.
 */
#ifdef ABACUS_DRYRUN
int dt_driver_probe_watched(const struct dt_driver *drv, const void *fdt, int node);
#define dt_driver_probe(drv, fdt, node) dt_driver_probe_watched(drv, fdt, node)
#else
#define dt_driver_probe(drv, fdt, node) ((drv)->probe(fdt, node))
#endif

/* True when the node is compatible with one of the driver's strings. */
bool dt_driver_matches(const struct dt_driver *drv, const void *fdt, int node);
/* Probes the first enabled node (in tree order) a driver of the table
 * matches and accepts; returns the node or < 0. */
int dt_probe_first(const void *fdt, struct dt_driver_table drivers);
/* Each driver of the table probes the first such node it accepts, a "reserved" one too; returns how many did. */
int dt_probe_each_once(const void *fdt, struct dt_driver_table drivers);
/* Probes every such node; returns how many probes succeeded. */
int dt_probe_all(const void *fdt, struct dt_driver_table drivers);
/* The node's first matching driver of the table probes it: true when it accepts it. */
bool dt_probe_node(const void *fdt, int node, struct dt_driver_table drivers);

#endif
