# The HiFive Unmatched's built-in U74 event map (platform/hifive-unmatched/u74_pmu.c)
# through the PMU core on a simulated U74 hart, and against pmu_dt_parse.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_u74_pmu && build/host/test_u74_pmu

HOST_TESTS += u74_pmu
HOST_SRCS_u74_pmu := tests/host/test_u74_pmu.c platform/hifive-unmatched/u74_pmu.c lib/pmu/pmu_dt.c \
	$(HOST_PMU_SRCS)
HOST_LIBS_u74_pmu := -lfdt

$(BUILD)/host/test_u74_pmu: HOST_CFLAGS += -Iplatform/hifive-unmatched
$(BUILD)/host/test_u74_pmu: platform/hifive-unmatched/u74_pmu.h
