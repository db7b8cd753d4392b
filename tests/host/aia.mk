# The AIA (include/aia.h) on the host: DT discovery and fixup on QEMU's own
# AIA DTs (tests/fixtures/aia/), the M-level APLIC and IMSIC set-up against
# models behind the MMIO and CSR seams. Appended to HOST_TESTS (host.mk);
# the test finds the DTBs in argv[1], else $AIA_FIXTURES, else build/fixtures/aia.

BUILD ?= build

HOST_TESTS += aia
HOST_SRCS_aia := tests/host/test_aia.c lib/drivers/aia_dt.c lib/fdt/fdt_helpers.c lib/drivers/aplic_setup.c \
	lib/drivers/imsic_setup.c lib/common/format.c tests/host/host_console.c
HOST_LIBS_aia := -lfdt

AIA_FIXTURE_DIR := $(BUILD)/fixtures/aia
AIA_DTBS := $(patsubst tests/fixtures/aia/%.dts,$(AIA_FIXTURE_DIR)/%.dtb,$(wildcard tests/fixtures/aia/*.dts))
export AIA_FIXTURES ?= $(abspath $(AIA_FIXTURE_DIR))

# -q: QEMU's own DT draws dtc warnings.
$(AIA_FIXTURE_DIR)/%.dtb: tests/fixtures/aia/%.dts
	@mkdir -p $(@D)
	dtc -q -I dts -O dtb -o $@ $<

.PHONY: aia-fixtures
aia-fixtures: $(AIA_DTBS)
host-tests: aia-fixtures
