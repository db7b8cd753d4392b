# Board quirks chosen by the DT's root compatible (platform/generic/): every
# quirk of the generic image, matched on DTs built with host libfdt.
#   make build/host/test_platform_quirks && build/host/test_platform_quirks

HOST_TESTS += platform_quirks
HOST_SRCS_platform_quirks := tests/host/test_platform_quirks.c platform/generic/platform.c \
	$(wildcard platform/generic/quirks/*.c) tests/host/host_console.c lib/common/smode_memory.c \
	lib/common/memory_map.c lib/common/heap.c lib/core/dt_device_reg.c lib/core/dt_device_answers.c lib/fdt/fdt_helpers.c \
	lib/common/format.c lib/core/timer.c \
	tests/host/sim_hart.c lib/ext/pmu/pmu_platform.c   # the Andes PMU's CSRs (andes_ax45_pmu.c)
HOST_LIBS_platform_quirks := -lfdt

# The quirks as the dry run builds them (ABACUS_HOST): CSR accesses reach the test's CSR file.
$(BUILD)/host/test_platform_quirks: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -DABACUS_HOST -Iplatform/generic/quirks
$(BUILD)/host/test_platform_quirks: $(wildcard platform/generic/quirks/*.h)
