# riscv,pmu device-tree parser (lib/pmu/pmu_dt.c): host test on dtc-compiled fixtures.
#
# Part of the host suite (tests/host/host.mk, target host-tests), and on its own:
#   make -f tests/host/pmu_dt.mk pmu-dt-test        (from the repository root)
# The test finds the DTBs in argv[1], else $PMU_DT_FIXTURES, else build/fixtures.

BUILD ?= build

HOST_TESTS += pmu_dt
HOST_SRCS_pmu_dt := tests/host/test_pmu_dt.c lib/pmu/pmu_dt.c lib/pmu/pmu_event_index.c
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
	-fno-sanitize-recover=undefined -Iinclude -Itests/host

$(PMU_DT_TEST_BIN): $(HOST_SRCS_pmu_dt) include/pmu.h include/console.h tests/host/test.h
	@mkdir -p $(@D)
	gcc $(PMU_DT_CFLAGS) -o $@ $(HOST_SRCS_pmu_dt) $(HOST_LIBS_pmu_dt)

pmu-dt-test: $(PMU_DT_TEST_BIN) $(PMU_DT_DTBS)
	$(PMU_DT_TEST_BIN) $(PMU_DT_FIXTURE_DIR)
