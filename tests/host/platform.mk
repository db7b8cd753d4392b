# Board quirks chosen by the DT's root compatible (platform/generic/): every
# quirk of the generic image, matched on DTs built with host libfdt.
#   make build/host/test_platform_quirks && build/host/test_platform_quirks

HOST_TESTS += platform_quirks
HOST_SRCS_platform_quirks := tests/host/test_platform_quirks.c platform/generic/platform.c lib/ext/pmu/pmu_platform.c \
	$(wildcard platform/generic/quirks/*.c) tests/host/host_console.c
HOST_LIBS_platform_quirks := -lfdt

$(BUILD)/host/test_platform_quirks: HOST_CFLAGS += -Iplatform/generic/quirks
$(BUILD)/host/test_platform_quirks: $(wildcard platform/generic/quirks/*.h)
