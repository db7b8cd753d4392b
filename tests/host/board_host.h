/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the timer/IPI drivers' host tests share (tests/host/board_host.c):
 * harts in the real hart table (lib/core/hart_table.c) whose interrupt
 * controllers have known phandles, DTs with their cpu nodes and device
 * nodes built here, and the region checks a driver calls, faked: the DT's
 * reg as it is (the checks themselves are lib/core/dt_device_reg.c's,
 * tested with the memory map), each owned region and each refusal
 * recorded, a window where mmio_try_read faults.
 */
#ifndef ABACUS_BOARD_HOST_H
#define ABACUS_BOARD_HOST_H

#include <stdbool.h>
#include <stdint.h>
#include "hart.h"

#define BOARD_HARTS_MAX 64
#define BOARD_INTC_PHANDLE(i) (0x100u + (i))

extern struct hart_state board_harts[BOARD_HARTS_MAX];

/* n harts in the table, hartid i, no doorbell or timer. */
void board_harts_reset(unsigned int n);

/* A tree in buf (size bytes): #address-cells = #size-cells = 2, /cpus with n cpu nodes and their controllers. */
int board_fdt_create(void *buf, int size, unsigned int n);
/*
 * A node `name` at the root: compatible (a string list, len bytes), one reg
 * <base size>, interrupts-extended = for each hart first..first+count-1 the
 * pairs <its controller, irqs[k]> for the nirqs irqs. Returns the node or < 0.
 */
int board_fdt_add_node(void *buf, const char *name, const char *compatible, int len, uint64_t base, uint64_t size,
		       unsigned int first, unsigned int count, const uint32_t *irqs, unsigned int nirqs);

/* What the region checks saw. */
#define BOARD_OWNED_MAX 32
struct board_checks {
	unsigned int refusals, owned;
	const char *refused_why;
	struct { uint64_t base, size; const char *name; } own[BOARD_OWNED_MAX];
	uintptr_t fault_from, fault_to;     /* mmio_try_read faults here */
};
extern struct board_checks board_checks;
void board_checks_reset(void);

#endif
