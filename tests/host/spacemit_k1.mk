# The SpacemiT K1 quirk (platform/generic/quirks/spacemit_k1.c): its match,
# the X60 event map through the PMU core on a simulated X60 hart.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_spacemit_x60_pmu && build/host/test_spacemit_x60_pmu

HOST_TESTS += spacemit_x60_pmu
HOST_SRCS_spacemit_x60_pmu := tests/host/test_spacemit_x60_pmu.c platform/generic/platform.c \
	platform/generic/quirks/spacemit_k1.c platform/generic/quirks/spacemit_x60_pmu.c lib/pmu/pmu_dt.c \
	$(HOST_PMU_SRCS)
HOST_LIBS_spacemit_x60_pmu := -lfdt
$(BUILD)/host/test_spacemit_x60_pmu: HOST_CFLAGS += -Iplatform/generic/quirks
$(BUILD)/host/test_spacemit_x60_pmu: $(wildcard platform/generic/quirks/spacemit_*.h)
