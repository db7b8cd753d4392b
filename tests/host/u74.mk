# The built-in U74 event map of the FU740 and FU540 quirks (platform/generic/quirks/u74_pmu.c)
# through the PMU core on a simulated U74 hart, and against pmu_dt_parse.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_u74_pmu && build/host/test_u74_pmu

HOST_TESTS += u74_pmu
HOST_SRCS_u74_pmu := tests/host/test_u74_pmu.c platform/generic/quirks/u74_pmu.c lib/ext/pmu/pmu_dt.c \
	$(HOST_PMU_SRCS)
HOST_LIBS_u74_pmu := -lfdt

$(BUILD)/host/test_u74_pmu: HOST_CFLAGS += -Iplatform/generic/quirks
$(BUILD)/host/test_u74_pmu: platform/generic/quirks/u74_pmu.h

# The T-Head C906/C910 and Andes AX45MP maps of the T-Head and RZ/Five quirks, the same way.
HOST_TESTS += vendor_pmu_maps
HOST_SRCS_vendor_pmu_maps := tests/host/test_vendor_pmu_maps.c platform/generic/quirks/thead_c9xx_pmu.c \
	platform/generic/quirks/andes_ax45_pmu.c lib/ext/pmu/pmu_dt.c $(HOST_PMU_SRCS)
HOST_LIBS_vendor_pmu_maps := -lfdt
$(BUILD)/host/test_vendor_pmu_maps: HOST_CFLAGS += -Iplatform/generic/quirks
$(BUILD)/host/test_vendor_pmu_maps: platform/generic/quirks/thead_c9xx_pmu.h platform/generic/quirks/andes_ax45_pmu.h
