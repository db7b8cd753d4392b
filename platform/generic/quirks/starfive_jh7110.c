/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * StarFive JH7110 (VisionFive 2, Milk-V Mars, Star64, ...): four U74 cores
 * and an S7 monitor core, as on the FU740 (the JH7110 data sheet; Linux's
 * jh7110.dtsi names its cpus "sifive,u74-mc" and the monitor core
 * "sifive,s7"). Linux's JH7110 DTs and U-Boot's have no riscv,pmu node, so
 * the U74's event map is the quirk's (u74_pmu.c). A riscv,pmu node, where a
 * DT has one, wins over it (lib/ext/pmu/pmu_dt.c). Everything else comes from
 * the DT: the UART, the CLINT, the harts, the GPIO reboot line, the PMIC.
 *
 * The I2C controllers' clocks: Linux's DesignWare driver gates its
 * controller's APB clock while the bus is idle (runtime PM), so the
 * VisionFive 2's power-off through its AXP15060 on I2C5 would find I2C5
 * unclocked. Each transfer first sets the clock's gate again, as OpenSBI
 * 1.9 does before its PMIC write (platform/generic/starfive/jh7110.c,
 * pmic_i2c_clk_enable, which writes bit 31 alone when the register reads
 * 0). The clock is the controller node's clocks = <&syscrg
 * N>: the SYSCRG's register of clock N is at 4 N, bit 31 its enable (Linux
 * 7.2 drivers/clk/starfive/clk-starfive-jh71x0.c, jh71x0_clk_reg_get: base
 * + 4 * idx; JH71X0_CLK_ENABLE BIT(31); I2C5's is JH7110_SYSCLK_I2C5_APB
 * 143, at 0x23c), set by read-modify-write as Linux's gate does.
 */
#include <libfdt.h>
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "i2c_bus.h"
#include "platform.h"
#include "heap.h"
#include "u74_pmu.h"

#define JH7110_CLK_ENABLE (1U << 31)

/* A controller clocked by one SYSCRG clock gets that clock's gate set before each transfer. */
static void jh7110_i2c_power(const void *fdt, struct i2c_bus *bus)
{
	uint32_t clock;
	int crg = fdt_phandle_args(fdt, bus->node, "clocks", "starfive,jh7110-syscrg", 1, &clock);
	struct i2c_bus_power *power;
	uint64_t base, size, reg;

	if (crg < 0)
		return;
	reg = 4 * (uint64_t)clock;
	/* A transfer's write must not fault: the register is read once here, with a fault expected. */
	if (!dt_device_reg_answers(fdt, crg, 0, reg + 4, 4, reg, &base, &size))
		return;
	power = heap_alloc(sizeof(*power), 8);
	if (!power)
		return;
	*power = (struct i2c_bus_power){ .reg = base + reg, .clear = 0, .set = JH7110_CLK_ENABLE };
	bus->power = power;
	bus->nr_power = 1;
}

PLATFORM_QUIRK(jh7110_quirk) = {
	.name = "StarFive JH7110",
	.compatible = DT_COMPATIBLE("starfive,jh7110"),
	.pmu = &u74_pmu_platform,
	.hooks = &(const struct platform_hooks){ .i2c_bus_power = jh7110_i2c_power },
};
