# Host unit tests: each program in HOST_TESTS is built from HOST_SRCS_<name>
# (plus HOST_LIBS_<name>) into $(BUILD)/host/test_<name> and run by
# `make host-tests`; they print PASS:/FAIL: lines. Other fragments add their
# own programs after this one is included:
#     HOST_TESTS += pmu_dt
#     HOST_SRCS_pmu_dt := tests/host/test_pmu_dt.c lib/pmu/pmu_dt.c ...
#     HOST_LIBS_pmu_dt := -lfdt
# Standalone: make -f tests/host/host.mk host-tests

BUILD ?= build
HOST_CC ?= gcc
HOST_CFLAGS ?= -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined -Iinclude -Itests/host
HOST_HEADERS = $(wildcard include/*.h tests/host/*.h lib/pmu/*.h)

# The PMU core against the simulated hart.
HOST_PMU_SRCS := lib/pmu/pmu_core.c lib/pmu/pmu_events.c lib/pmu/pmu_counters.c lib/pmu/pmu_event_index.c \
	lib/pmu/pmu_platform.c \
	lib/common/sbi_memory.c lib/common/sbi_memory_map.c lib/common/sbi_heap.c tests/host/sim_hart.c tests/host/host_console.c tests/host/pmu_fixture.c

HOST_TESTS += pmu_core pmu_counters pmu_events thead_pmu
HOST_SRCS_pmu_core := tests/host/test_pmu_core.c $(HOST_PMU_SRCS)
HOST_SRCS_pmu_counters := tests/host/test_pmu_counters.c $(HOST_PMU_SRCS)
HOST_SRCS_pmu_events := tests/host/test_pmu_events.c $(HOST_PMU_SRCS)
# T-Head C906/C910's own overflow interrupt (mcounterinten/mcounterof) on the simulated hart.
HOST_SRCS_thead_pmu := tests/host/test_thead_pmu.c $(HOST_PMU_SRCS)
# The Andes AX45MP's (mcounterinten/mcounterovf, mcountermask_s/_u, mslideleg; andes_ax45_pmu.c).
HOST_TESTS += andes_pmu
HOST_SRCS_andes_pmu := tests/host/test_andes_pmu.c platform/generic/quirks/andes_ax45_pmu.c $(HOST_PMU_SRCS)

# The hart table: harts left out at cold boot, a hart's presence - late, gone (lib/core/hart_table.c).
HOST_TESTS += hart_table
HOST_SRCS_hart_table := tests/host/test_hart_table.c lib/core/hart_table.c

# Where the DT handed to S-mode goes (lib/fdt/fdt_placement.c), on DTs built with host libfdt.
HOST_TESTS += fdt_placement
HOST_SRCS_fdt_placement := tests/host/test_fdt_placement.c lib/fdt/fdt_placement.c lib/fdt/fdt_helpers.c \
	lib/common/sbi_memory.c lib/common/sbi_memory_map.c lib/common/sbi_heap.c
HOST_LIBS_fdt_placement := -lfdt

# The ISA extension names of a cpu node (lib/fdt/fdt_helpers.c).
HOST_TESTS += isa_names
HOST_SRCS_isa_names := tests/host/test_isa_names.c lib/fdt/fdt_helpers.c
HOST_LIBS_isa_names := -lfdt

# Prerequisites are expanded a second time, when the rule is used, so tests
# appended to HOST_TESTS by fragments included later are built too.
.SECONDEXPANSION:

$(BUILD)/host/test_%: $$(HOST_SRCS_$$*) $$(HOST_HEADERS)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $(HOST_SRCS_$*) $(HOST_LIBS_$*)

# Runs every program even after a failure; fails if any did.
.PHONY: host-tests
host-tests: $$(patsubst %,$$(BUILD)/host/test_%,$$(HOST_TESTS))
	@status=0; for t in $(HOST_TESTS); do $(BUILD)/host/test_$$t || status=1; done; exit $$status
