/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device regions: a DT is input, and a wrong one must not make the firmware
 * write into its own code or data, or into RAM (a serial node whose reg lies
 * at the trap vector would have the boot log overwrite it). So a driver
 * reads a device's reg ONLY through dt_device_reg() (scripts/layer-check.py
 * fails a driver or platform file that calls fdt_read_reg), before it first
 * touches the device, and keeps every register it uses inside that region.
 * lib/core/dt_device_reg.c.
 */
#ifndef ABACUS_DT_DEVICE_REG_H
#define ABACUS_DT_DEVICE_REG_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Reg entry `index` of `node`, checked: a region that is empty, wraps,
 * overlaps RAM (any /memory range) or the firmware (its image, BSS and heap:
 * all it may use while it boots), is smaller than min_size (the registers
 * the driver uses), or whose base is no multiple of `width` (the bytes of
 * each access the driver makes: 1, 2, 4 or 8; every register offset it uses
 * is a multiple of it), is refused with one boot-log line naming the node,
 * the region and why, e.g.
 *   abacus: serial@80000000: reg 0x80000000-0x800000ff lies in the firmware (0x80000000-0x8003ffff); device refused
 *   abacus: clint@2000004: reg 0x2000004-0x2010003 is not aligned to its 8-byte accesses; device refused
 * Returns 0 when the device may be used, DT_REG_ABSENT when the node has no
 * such entry (no line: the driver decides), DT_REG_REFUSED when refused: the
 * device is then not used at all (the probe fails). The width is an
 * argument, not a default, so that a new driver must say it.
 */
#define DT_REG_ABSENT  (-1)
#define DT_REG_REFUSED (-2)
int dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t *base,
		  uint64_t *size);
/*
 * A register at an offset the DT gives (a syscon-poweroff's `offset`) into
 * a region dt_device_reg() accepted: it must lie inside [base, base + size)
 * and its address be a multiple of width; else refused with one line naming
 * `node` (the node that gave the offset) and the register, e.g.
 *   abacus: poweroff: reg 0x100002-0x100005 is not aligned to its 4-byte accesses; device refused
 */
bool dt_device_reg_in(const void *fdt, int node, uint64_t base, uint64_t size, uint64_t offset, unsigned int width);
/* The same check for a region found another way (a syscon's regmap offset, an AIA scan): true when usable. */
bool dt_device_region_ok(const void *fdt, int node, uint64_t base, uint64_t size);
/*
 * A firmware-owned device's region (S/U-mode must never reach it: PMP
 * denies it, include/memory_map.h), recorded under `name`; false (refused,
 * one line) when it cannot be: the driver then does not use the device.
 */
bool dt_device_own(const void *fdt, int node, uint64_t base, uint64_t size, const char *name);
/*
 * True when the register at base + offset (width 1 or 4) answers a read,
 * made with a fault expected (mmio_try_read); else refused, one line
 * ("faults when read": nothing answers at that reg).
 */
bool dt_device_answers(const void *fdt, int node, uint64_t base, uint64_t size, uint64_t offset, unsigned int width);
/*
 * dt_device_reg() of the node's reg index (min_size, width: its arguments),
 * then dt_device_answers() of its 32-bit register at offset: true when
 * both accept it (base and size filled), else false (their one line).
 */
bool dt_device_reg_answers(const void *fdt, int node, int index, uint64_t min_size, unsigned int width, uint64_t offset,
			   uint64_t *base, uint64_t *size);
/* The refusal line for a region the driver cannot use, for reason `why`. */
void dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why);

#endif
