# abacus-pmu-dt: the riscv,pmu device-tree checker, a host program built from
# the firmware's own DT parser and PMU core (docs/pmu.md, "Checking a DT on
# the host"). Included by the top-level Makefile:
#   make tools                               build/tools/abacus-pmu-dt
#   make install-tools [PREFIX=/usr/local] [DESTDIR=]   $(DESTDIR)$(PREFIX)/bin/abacus-pmu-dt
# The test build (ASan/UBSan) is $(BUILD)/host/abacus-pmu-dt-asan, run by
# tests/tools/test_abacus_pmu_dt.py in `make test`.

BUILD ?= build
PREFIX ?= /usr/local
TOOL_PMU_DT := $(BUILD)/tools/abacus-pmu-dt
TOOL_PMU_DT_ASAN := $(BUILD)/host/abacus-pmu-dt-asan

# The firmware's sources (unchanged), the simulated hart in place of the CSRs,
# the board quirks (chosen by the DT's root compatible, as boot chooses them:
# their default maps), and the tool's own files.
TOOL_PMU_DT_SRCS := $(wildcard scripts/abacus-pmu-dt/*.c) \
	lib/ext/pmu/pmu_dt.c lib/ext/pmu/pmu_core.c lib/ext/pmu/pmu_events.c lib/ext/pmu/pmu_counters.c lib/ext/pmu/pmu_event_index.c lib/ext/pmu/pmu_platform.c \
	lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c lib/common/format.c lib/fdt/fdt_helpers.c lib/core/dt_device_reg.c lib/core/dt_device_answers.c \
	tests/host/sim_hart.c platform/generic/platform.c $(wildcard platform/generic/quirks/*.c) lib/core/timer.c
TOOL_PMU_DT_HEADERS = $(wildcard scripts/abacus-pmu-dt/*.h include/*.h lib/ext/pmu/*.h tests/host/sim_hart.h \
	platform/generic/quirks/u74_pmu.h)
TOOL_CC ?= gcc
TOOL_CFLAGS := -std=gnu11 -Wall -Wextra -Werror -g -Itests/fuzz/host -Iinclude -Ilib/ext -Itests/host \
	-Iplatform/generic/quirks -Iscripts/abacus-pmu-dt
TOOL_LIBS := -lfdt

.PHONY: tools install-tools
tools: $(TOOL_PMU_DT)

$(TOOL_PMU_DT): $(TOOL_PMU_DT_SRCS) $(TOOL_PMU_DT_HEADERS)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(TOOL_CC) $(TOOL_CFLAGS) -O2 -o $@ $(TOOL_PMU_DT_SRCS) $(TOOL_LIBS)

$(TOOL_PMU_DT_ASAN): $(TOOL_PMU_DT_SRCS) $(TOOL_PMU_DT_HEADERS)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@$(TOOL_CC) $(TOOL_CFLAGS) -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
		-o $@ $(TOOL_PMU_DT_SRCS) $(TOOL_LIBS)

install-tools: $(TOOL_PMU_DT)
	install -D -m 0755 $(TOOL_PMU_DT) $(DESTDIR)$(PREFIX)/bin/abacus-pmu-dt

# make test: the ASan build on every fixture, QEMU's DTs and the firmware's own
# boot log (needs build/generic firmware, and the
# sid root's QEMU 11.1), then on every riscv,pmu board DT of Linux 6.12 and 7.2
# (extracted and compiled once into $(BUILD)/linux-dts/), then the dry run's
# tests (scripts/abacus-dryrun/tools.mk: its ASan build, every Linux 7.2 board
# DT against tests/tools/dry-run-golden.txt), then the docs tried literally
# (tests/tools/test_docs.py; needs `make embedded-images`). All run; any
# failing fails.
.PHONY: tools-test
tools-test: $(TOOL_PMU_DT) $(TOOL_PMU_DT_ASAN)
	@export BUILD=$(BUILD) TOOL=$(TOOL_PMU_DT_ASAN) TOOL_PLAIN=$(TOOL_PMU_DT) DRYRUN=$(DRYRUN_ASAN) DRYRUN_PLAIN=$(DRYRUN); \
	python3 tests/tools/test_abacus_pmu_dt.py; a=$$?; \
	python3 tests/tools/test_linux_pmu_dts.py; b=$$?; \
	python3 tests/tools/test_dry_run.py; d=$$?; \
	python3 tests/tools/test_docs.py; c=$$?; \
	[ $$a = 0 ] && [ $$b = 0 ] && [ $$c = 0 ] && [ $$d = 0 ]
