# Drivers for the boards of issue 24 on the host, built as the dry run builds
# the firmware's drivers (-DABACUS_SIM_MMIO: include/mmio.h's accesses reach a
# simulated device, tests/host/host_mmio.c), each through the DT walk of its
# kind and the region check.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_plic_thead && build/host/test_plic_thead (and test_reset_*)

BOARD_DRIVER_SRCS := lib/core/dt_driver.c lib/core/dt_device_reg.c lib/core/dt_device_answers.c lib/fdt/fdt_helpers.c lib/common/smode_memory.c \
	lib/common/memory_map.c lib/common/heap.c lib/common/format.c tests/host/host_console.c \
	tests/host/host_mmio.c

# T-Head's PLIC: S-mode's access to it (lib/drivers/plic_thead.c).
HOST_TESTS += plic_thead
HOST_SRCS_plic_thead := tests/host/test_plic_thead.c lib/drivers/plic_thead.c $(BOARD_DRIVER_SRCS)
HOST_LIBS_plic_thead := -lfdt
$(BUILD)/host/test_plic_thead: HOST_CFLAGS += -DABACUS_HOST -DABACUS_SIM_MMIO

# Reboot through the Allwinner D1's reset watchdog (lib/drivers/reset_sunxi_wdt.c).
HOST_TESTS += reset_sunxi_wdt
HOST_SRCS_reset_sunxi_wdt := tests/host/test_reset_sunxi_wdt.c lib/drivers/reset_sunxi_wdt.c lib/core/reset.c \
	lib/core/timer.c tests/host/reset_sim.c $(BOARD_DRIVER_SRCS)
HOST_LIBS_reset_sunxi_wdt := -lfdt
$(BUILD)/host/test_reset_sunxi_wdt: HOST_CFLAGS += -DABACUS_HOST -DABACUS_SIM_MMIO

# Shutdown and reboot through the Sophgo CV18xx's RTC (lib/drivers/reset_cv1800_rtc.c).
HOST_TESTS += reset_cv1800_rtc
HOST_SRCS_reset_cv1800_rtc := tests/host/test_reset_cv1800_rtc.c lib/drivers/reset_cv1800_rtc.c lib/core/reset.c \
	lib/core/timer.c tests/host/reset_sim.c $(BOARD_DRIVER_SRCS)
HOST_LIBS_reset_cv1800_rtc := -lfdt
$(BUILD)/host/test_reset_cv1800_rtc: HOST_CFLAGS += -DABACUS_HOST -DABACUS_SIM_MMIO

# Shutdown and reboot through the TH1520's AON mailbox (lib/drivers/reset_th1520_aon.c).
HOST_TESTS += reset_th1520_aon
HOST_SRCS_reset_th1520_aon := tests/host/test_reset_th1520_aon.c lib/drivers/reset_th1520_aon.c lib/core/reset.c \
	lib/core/timer.c tests/host/reset_sim.c $(BOARD_DRIVER_SRCS)
HOST_LIBS_reset_th1520_aon := -lfdt
$(BUILD)/host/test_reset_th1520_aon: HOST_CFLAGS += -DABACUS_HOST -DABACUS_SIM_MMIO

# Reboot through the RZ/Five's watchdog and its CPG clock and reset (lib/drivers/reset_rzg2l_wdt.c).
HOST_TESTS += reset_rzg2l_wdt
HOST_SRCS_reset_rzg2l_wdt := tests/host/test_reset_rzg2l_wdt.c lib/drivers/reset_rzg2l_wdt.c lib/core/reset.c \
	lib/core/timer.c tests/host/reset_sim.c $(BOARD_DRIVER_SRCS)
HOST_LIBS_reset_rzg2l_wdt := -lfdt
$(BUILD)/host/test_reset_rzg2l_wdt: HOST_CFLAGS += -DABACUS_HOST -DABACUS_SIM_MMIO
