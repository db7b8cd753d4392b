# The PMU slice (lib/ext/pmu/) on the host (appended to HOST_TESTS, see
# tests/host/host.mk): its core against the simulated hart, and its
# riscv,pmu device-tree parser on dtc-compiled fixtures.

# The PMU core against the simulated hart.
HOST_PMU_SRCS := lib/ext/pmu/pmu_core.c lib/ext/pmu/pmu_events.c lib/ext/pmu/pmu_counters.c lib/ext/pmu/pmu_event_index.c \
	lib/ext/pmu/pmu_platform.c lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c \
	tests/host/sim_hart.c tests/host/host_console.c tests/host/pmu/pmu_fixture.c

HOST_TESTS += pmu_core pmu_counters pmu_events thead_pmu
HOST_SRCS_pmu_core := tests/host/pmu/test_pmu_core.c $(HOST_PMU_SRCS)
HOST_SRCS_pmu_counters := tests/host/pmu/test_pmu_counters.c $(HOST_PMU_SRCS)
HOST_SRCS_pmu_events := tests/host/pmu/test_pmu_events.c $(HOST_PMU_SRCS)
# T-Head C906/C910's own overflow interrupt (mcounterinten/mcounterof) on the simulated hart.
HOST_SRCS_thead_pmu := tests/host/pmu/test_thead_pmu.c $(HOST_PMU_SRCS)
# The Andes AX45MP's (mcounterinten/mcounterovf, mcountermask_s/_u, mslideleg; andes_ax45_pmu.c).
HOST_TESTS += andes_pmu
HOST_SRCS_andes_pmu := tests/host/pmu/test_andes_pmu.c platform/generic/quirks/andes_ax45_pmu.c $(HOST_PMU_SRCS)

# A board's compact built-in map expanded into rows (pmu_default_map_expand).
HOST_TESTS += pmu_default_map
HOST_SRCS_pmu_default_map := tests/host/pmu/test_pmu_default_map.c lib/ext/pmu/pmu_event_index.c

# The riscv,pmu parser, also on its own:
#   make -f tests/host/pmu/host.mk pmu-dt-test        (from the repository root)
# The test finds the DTBs in argv[1], else $PMU_DT_FIXTURES, else build/fixtures.

BUILD ?= build

HOST_TESTS += pmu_dt
HOST_SRCS_pmu_dt := tests/host/pmu/test_pmu_dt.c lib/ext/pmu/pmu_dt.c lib/ext/pmu/pmu_event_index.c
HOST_LIBS_pmu_dt := -lfdt

PMU_DT_FIXTURE_DIR := $(BUILD)/fixtures
PMU_DT_DTBS := $(patsubst tests/fixtures/%.dts,$(PMU_DT_FIXTURE_DIR)/%.dtb,$(wildcard tests/fixtures/*.dts))

# The suite runs the test without arguments: tell it where the DTBs are.
export PMU_DT_FIXTURES ?= $(abspath $(PMU_DT_FIXTURE_DIR))

# -q: QEMU's own DT draws dtc warnings (interrupt provider without #address-cells).
$(PMU_DT_FIXTURE_DIR)/%.dtb: tests/fixtures/%.dts
	@mkdir -p $(@D)
	dtc -q -I dts -O dtb -o $@ $<

.PHONY: pmu-dt-fixtures pmu-dt-test
pmu-dt-fixtures: $(PMU_DT_DTBS)
host-tests: pmu-dt-fixtures

PMU_DT_TEST_BIN := $(BUILD)/host/pmu_dt_standalone
PMU_DT_CFLAGS := -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
	-fno-sanitize-recover=undefined -Iinclude -Ilib/ext -Itests/host

$(PMU_DT_TEST_BIN): $(HOST_SRCS_pmu_dt) lib/ext/pmu/pmu.h include/console.h tests/host/test.h
	@mkdir -p $(@D)
	gcc $(PMU_DT_CFLAGS) -o $@ $(HOST_SRCS_pmu_dt) $(HOST_LIBS_pmu_dt)

pmu-dt-test: $(PMU_DT_TEST_BIN) $(PMU_DT_DTBS)
	$(PMU_DT_TEST_BIN) $(PMU_DT_FIXTURE_DIR)
