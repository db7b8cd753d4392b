# I2C: the bus layer (lib/core/i2c_bus.c), the controller drivers
# (lib/drivers/i2c_*.c) against models of their registers on a simulated bus
# (tests/host/i2c_models/, the models the dry run and fuzz_dt use too;
# tests/host/i2c_sim.c fakes the layer-1 calls around them), and the PMIC
# resets (lib/drivers/reset_<pmic>.c, lib/core/i2c_reset.c) against
# simulated PMICs.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_i2c_designware && build/host/test_i2c_designware

I2C_MODEL_SRCS := $(wildcard tests/host/i2c_models/*.c)
HOST_HEADERS += $(wildcard tests/host/i2c_models/*.h)
I2C_SIM_SRCS := tests/host/i2c_sim.c lib/core/i2c_bus_probe.c lib/fdt/fdt_helpers.c $(I2C_MODEL_SRCS)

HOST_TESTS += i2c_designware i2c_ocores i2c_k1 i2c_riic
HOST_SRCS_i2c_designware := tests/host/test_i2c_designware.c lib/drivers/i2c_designware.c $(I2C_SIM_SRCS)
HOST_SRCS_i2c_ocores := tests/host/test_i2c_ocores.c lib/drivers/i2c_ocores.c $(I2C_SIM_SRCS)
HOST_SRCS_i2c_k1 := tests/host/test_i2c_k1.c lib/drivers/i2c_k1.c $(I2C_SIM_SRCS)
HOST_LIBS_i2c_designware := -lfdt
HOST_LIBS_i2c_ocores := -lfdt
HOST_LIBS_i2c_k1 := -lfdt
HOST_SRCS_i2c_riic := tests/host/test_i2c_riic.c lib/drivers/i2c_riic.c $(I2C_SIM_SRCS)
HOST_LIBS_i2c_riic := -lfdt

HOST_TESTS += i2c_reset
HOST_SRCS_i2c_reset := tests/host/test_i2c_reset.c lib/core/i2c_bus.c lib/core/i2c_reset.c lib/core/reset.c \
	lib/core/timer.c lib/core/dt_driver.c lib/fdt/fdt_helpers.c lib/common/format.c tests/host/host_console.c \
	lib/drivers/reset_axp15060.c lib/drivers/reset_da9063.c lib/drivers/reset_spacemit_p1.c lib/drivers/reset_sg2042_mcu.c
HOST_LIBS_i2c_reset := -lfdt

# The shared models themselves: a DT's controller and its devices, the DA9063's pages, the log.
HOST_TESTS += i2c_models
HOST_SRCS_i2c_models := tests/host/test_i2c_models.c $(I2C_MODEL_SRCS)
HOST_LIBS_i2c_models := -lfdt

# A delay on a time source that does not move ends (the K1 unit reset's hold, found by fuzz_dt).
HOST_TESTS += timer_delay
HOST_SRCS_timer_delay := tests/host/test_timer_delay.c lib/core/timer.c
