# Host unit tests: each program in HOST_TESTS is built from HOST_SRCS_<name>
# (plus HOST_LIBS_<name>) into $(BUILD)/host/test_<name> and run by
# `make host-tests`; they print PASS:/FAIL: lines. Other fragments add their
# own programs after this one is included (an extension's, from
# tests/host/<extension>/host.mk, which the top-level Makefile includes all of):
#     HOST_TESTS += pmu_dt
#     HOST_SRCS_pmu_dt := tests/host/pmu/test_pmu_dt.c lib/ext/pmu/pmu_dt.c ...
#     HOST_LIBS_pmu_dt := -lfdt
# Standalone: make -f tests/host/host.mk host-tests

BUILD ?= build
HOST_CC ?= gcc
HOST_CFLAGS ?= -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined -Iinclude -Ilib/ext -Itests/host
HOST_HEADERS = $(wildcard include/*.h tests/host/*.h lib/ext/*/*.h tests/host/*/*.h)
# The IPI reasons' table, for the host programs that link reasons, gathered as the firmware's linker script does.
HOST_IPI_REASONS_LD := -Wl,-T,tests/host/ipi_reasons.ld

# The hart table: harts left out at cold boot, a hart's presence - late, gone (lib/core/hart_table.c).
HOST_TESTS += hart_table
HOST_SRCS_hart_table := tests/host/test_hart_table.c lib/core/hart_table.c

# Where the DT handed to S-mode goes (lib/fdt/fdt_placement.c), on DTs built with host libfdt.
HOST_TESTS += fdt_placement
HOST_SRCS_fdt_placement := tests/host/test_fdt_placement.c lib/fdt/fdt_placement.c lib/fdt/fdt_helpers.c \
	lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c
HOST_LIBS_fdt_placement := -lfdt

# The ISA extension names of a cpu node (lib/fdt/fdt_helpers.c).
HOST_TESTS += isa_names
HOST_SRCS_isa_names := tests/host/test_isa_names.c lib/fdt/fdt_helpers.c
HOST_LIBS_isa_names := -lfdt

# The compatible lists of drivers and quirks and their matcher (DT_COMPATIBLE, lib/fdt/fdt_helpers.c).
HOST_TESTS += dt_compatible
HOST_SRCS_dt_compatible := tests/host/test_dt_compatible.c lib/fdt/fdt_helpers.c
HOST_LIBS_dt_compatible := -lfdt

# A phandle-and-cells property (clocks = <&crg 5>) and its node (fdt_phandle_args, lib/fdt/fdt_helpers.c).
HOST_TESTS += fdt_phandle_args
HOST_SRCS_fdt_phandle_args := tests/host/test_fdt_phandle_args.c lib/fdt/fdt_helpers.c
HOST_LIBS_fdt_phandle_args := -lfdt

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
