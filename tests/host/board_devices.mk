# The console, timer and IPI drivers of the boards of issue 24 on the host,
# their registers simulated page by page so that every access is logged with
# its width (tests/host/sim_mmio.c): the RZ/Five's SCIF
# (lib/drivers/uart_renesas_scif.c), T-Head's ACLINT MSWI/MTIMER (SG2042)
# and the Andes PLMT (lib/drivers/aclint.c), the Andes PLICSW
# (lib/drivers/andes_plicsw.c). The K1's XScale UART is in uart.mk.
#
# The drivers are built as for the hart (no ABACUS_HOST): their register
# accesses are the loads and stores the simulated registers see; only the
# CSRs are the host stand-ins of tests/fuzz/host/riscv_csr.h.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_aclint && build/host/test_aclint

HOST_TESTS += uart_renesas_scif
HOST_SRCS_uart_renesas_scif := tests/host/test_uart_renesas_scif.c lib/drivers/uart_renesas_scif.c lib/core/dt_device_answers.c \
	lib/core/dt_driver.c lib/fdt/fdt_helpers.c tests/host/sim_mmio.c
HOST_LIBS_uart_renesas_scif := -lfdt

HOST_TESTS += aclint
HOST_SRCS_aclint := tests/host/test_aclint.c lib/drivers/aclint.c lib/core/dt_device_answers.c lib/core/dt_driver.c lib/core/timer.c \
	lib/fdt/fdt_helpers.c tests/host/sim_mmio.c tests/host/board_host.c lib/core/hart_table.c
HOST_LIBS_aclint := -lfdt
$(BUILD)/host/test_aclint: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS)

HOST_TESTS += andes_plicsw
HOST_SRCS_andes_plicsw := tests/host/test_andes_plicsw.c lib/drivers/andes_plicsw.c lib/core/dt_device_answers.c lib/core/dt_driver.c \
	lib/fdt/fdt_helpers.c tests/host/sim_mmio.c tests/host/board_host.c lib/core/hart_table.c
HOST_LIBS_andes_plicsw := -lfdt
$(BUILD)/host/test_andes_plicsw: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS)
