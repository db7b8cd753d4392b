# The console: the 16550 / DesignWare APB UART driver (lib/drivers/uart_ns16550.c) on the
# host, against a simulated register file; mmio_try_read and the console are
# faked by the test.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_uart_ns16550 && build/host/test_uart_ns16550

HOST_TESTS += uart_ns16550
HOST_SRCS_uart_ns16550 := tests/host/test_uart_ns16550.c lib/drivers/uart_ns16550.c lib/core/dt_driver.c \
	lib/fdt/fdt_helpers.c
HOST_LIBS_uart_ns16550 := -lfdt

# The console lock and the fatal trap report's way past it (lib/core/sbi_console.c):
# a trap inside the console, on its own hart or while another holds the lock.
HOST_TESTS += console_report
HOST_SRCS_console_report := tests/host/test_console_report.c lib/core/sbi_console.c lib/common/sbi_format.c
$(BUILD)/host/test_console_report: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -DABACUS_HOST

# The SiFive UART driver (lib/drivers/uart_sifive.c) against a simulated UART with
# an 8-entry transmit FIFO that drains when the test says (ABACUS_HOST: its
# registers are host_mmio_read/write of the test): the first drain's long wait.
HOST_TESTS += uart_sifive_drain
HOST_SRCS_uart_sifive_drain := tests/host/test_uart_sifive_drain.c lib/drivers/uart_sifive.c lib/core/dt_driver.c \
	lib/fdt/fdt_helpers.c
HOST_LIBS_uart_sifive_drain := -lfdt
$(BUILD)/host/test_uart_sifive_drain: HOST_CFLAGS := $(HOST_CFLAGS) -DABACUS_HOST
