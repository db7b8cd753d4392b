# The console: the 16550 / DesignWare APB / XScale UART driver (lib/drivers/uart_ns16550.c)
# on the host, against a simulated register file (the XScale's logging every
# access: tests/host/sim_mmio.c); mmio_try_read and the console are faked by the test.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_uart_ns16550 && build/host/test_uart_ns16550

HOST_TESTS += uart_ns16550
HOST_SRCS_uart_ns16550 := tests/host/test_uart_ns16550.c lib/drivers/uart_ns16550.c lib/core/dt_device_answers.c lib/core/dt_driver.c \
	lib/fdt/fdt_helpers.c tests/host/sim_mmio.c
HOST_LIBS_uart_ns16550 := -lfdt

# The SiFive UART driver (lib/drivers/uart_sifive.c), likewise.
HOST_TESTS += uart_sifive
HOST_SRCS_uart_sifive := tests/host/test_uart_sifive.c lib/drivers/uart_sifive.c lib/core/dt_device_answers.c lib/core/dt_driver.c \
	lib/fdt/fdt_helpers.c
HOST_LIBS_uart_sifive := -lfdt

# The console lock and the fatal trap report's way past it (lib/core/console.c):
# a trap inside the console, on its own hart or while another holds the lock.
HOST_TESTS += console_report
HOST_SRCS_console_report := tests/host/test_console_report.c lib/core/console.c lib/core/timer.c \
	lib/common/format.c
$(BUILD)/host/test_console_report: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -DABACUS_HOST

# The console's rule for a UART that stops draining (lib/core/console.c): a simulated
# UART and a fake clock.
HOST_TESTS += console_stall
HOST_SRCS_console_stall := tests/host/test_console_stall.c lib/core/console.c lib/core/timer.c \
	lib/common/format.c
$(BUILD)/host/test_console_stall: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -DABACUS_HOST
