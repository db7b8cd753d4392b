# gpio-poweroff / gpio-restart reset lines (lib/drivers/reset_gpio.c) on the host,
# with a fake SiFive GPIO block and a fake machine timer.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_reset_gpio && build/host/test_reset_gpio

HOST_TESTS += reset_gpio
HOST_SRCS_reset_gpio := tests/host/test_reset_gpio.c lib/drivers/reset_gpio.c lib/core/dt_driver.c lib/core/dt_device_reg.c lib/core/dt_device_answers.c lib/core/reset.c lib/core/timer.c \
	lib/fdt/fdt_helpers.c lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c lib/common/format.c tests/host/host_console.c
HOST_LIBS_reset_gpio := -lfdt
