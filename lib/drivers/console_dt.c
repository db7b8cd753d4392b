/* SPDX-License-Identifier: BSD-2-Clause */
/* Picks the console UART from the DT: /chosen/stdout-path first, then the first UART. */
#include <libfdt.h>
#include "drivers.h"
#include "fdt_helpers.h"

static const struct dt_driver *const uart_drivers[] = { &uart_ns16550_driver, &uart_sifive_driver, NULL };

int console_probe_dt(const void *fdt)
{
	int node = fdt_stdout_node(fdt);

	if (node >= 0) {
		for (const struct dt_driver *const *d = uart_drivers; *d; d++)
			if (dt_driver_matches(*d, fdt, node) && (*d)->probe(fdt, node) == 0)
				return node;
	}
	return dt_probe_first(fdt, uart_drivers);
}
