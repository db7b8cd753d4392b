# The SpacemiT K1 quirk (platform/generic/quirks/spacemit_k1.c): the X60
# event map through the PMU core on a simulated X60 hart.
#
# Part of the host suite (tests/host/host.mk, target host-tests); on its own:
#   make build/host/test_spacemit_x60_pmu && build/host/test_spacemit_x60_pmu

HOST_TESTS += spacemit_x60_pmu
HOST_SRCS_spacemit_x60_pmu := tests/host/test_spacemit_x60_pmu.c platform/generic/quirks/spacemit_x60_pmu.c \
	lib/ext/pmu/pmu_dt.c $(HOST_PMU_SRCS)
HOST_LIBS_spacemit_x60_pmu := -lfdt
$(BUILD)/host/test_spacemit_x60_pmu: HOST_CFLAGS += -Iplatform/generic/quirks
$(BUILD)/host/test_spacemit_x60_pmu: $(wildcard platform/generic/quirks/spacemit_*.h)

# Its hart set-up against simulated registers (tests/host/sim_mmio.c), built as
# for the hart (no ABACUS_HOST: its register accesses are the loads and stores
# the simulated registers see; the CSRs are tests/fuzz/host/riscv_csr.h's).
HOST_TESTS += spacemit_k1
HOST_SRCS_spacemit_k1 := tests/host/test_spacemit_k1.c platform/generic/platform.c lib/fdt/fdt_helpers.c \
	platform/generic/quirks/spacemit_k1.c platform/generic/quirks/spacemit_x60_pmu.c lib/core/timer.c lib/ext/pmu/pmu_platform.c \
	platform/generic/quirks/andes_ax45_pmu.c tests/host/sim_hart.c \
	lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c tests/host/host_console.c \
	tests/host/sim_mmio.c
HOST_LIBS_spacemit_k1 := -lfdt
$(BUILD)/host/test_spacemit_k1: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -Iplatform/generic/quirks
$(BUILD)/host/test_spacemit_k1: $(wildcard platform/generic/quirks/spacemit_*.h)

# The generic side: HSM hart_start of a hart that has not come, with and without
# a platform waker (lib/ext/hsm/hsm.c and lib/trap/hart_run.c, included by the test; its time source faked).
HOST_TESTS += hsm_wake
HOST_SRCS_hsm_wake := tests/host/test_hsm_wake.c lib/core/timer.c
$(BUILD)/host/test_hsm_wake: HOST_CFLAGS := -Itests/fuzz/host $(HOST_CFLAGS) -DABACUS_HOST
$(BUILD)/host/test_hsm_wake: lib/ext/hsm/hsm.c lib/trap/hart_run.c
