# The HTIF console and power-off (lib/drivers/htif.c) on the host, the test
# playing the host of a simulated tohost/fromhost pair. The test includes the
# driver's source (to start each case from a fresh driver): it is a
# prerequisite, not a source of its own.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_htif && build/host/test_htif

HOST_TESTS += htif
HOST_SRCS_htif := tests/host/test_htif.c lib/core/dt_driver.c lib/core/dt_device_answers.c lib/fdt/fdt_helpers.c
HOST_LIBS_htif := -lfdt
$(BUILD)/host/test_htif: lib/drivers/htif.c
