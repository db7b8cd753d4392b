# Fuzzing and stress (docs/reliability.md).
#
#   make fuzz-short   each host fuzzer for FUZZ_SHORT_SECONDS (default 5), then
#                     the firmware-memory canary of a short random SBI run on
#                     8 harts; one PASS:/FAIL: line each (scripts/run-tests.sh)
#   make fuzz-long    each host fuzzer for FUZZ_LONG_SECONDS (default 600), the
#                     canary over FUZZ_LONG_CALLS calls per hart, and the long
#                     QEMU stress cases of tests/fuzz/stress-long.txt
#   make fuzzers      build the fuzzers only; make fuzz-seeds: their seeds
#
# The fuzzers (tests/fuzz/fuzz_*.c) are libFuzzer targets built by clang with
# ASan and UBSan; firmware sources are built for the host with -DABACUS_HOST.
# Their corpora grow in $(BUILD)/fuzz/corpus-* and are kept between runs.
# Standalone, from the repository root: make -f tests/host/fuzz.mk fuzz-short

BUILD ?= build
FUZZ_CC ?= clang
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_SHORT_SECONDS ?= 5
FUZZ_LONG_SECONDS ?= 600
FUZZ_LONG_CALLS ?= 100000
FUZZ_SANITIZE := address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -fsanitize=fuzzer,$(FUZZ_SANITIZE) \
	-DABACUS_HOST -Itests/fuzz/host -Iinclude -Ilib/ext -Itests/host -Itests/fuzz

# SBI calls through the C dispatcher: the PMU, SSE, FWFT and DBTR cores and the glue of every
# extension; what needs real hardware is a harness stand-in (fuzz_host.c).
FUZZ_SBI_SRCS := tests/fuzz/fuzz_sbi.c tests/fuzz/fuzz_host.c tests/host/sim_hart.c \
	lib/dispatch/sbi_ecall.c lib/ext/base/base_ecall.c lib/ext/dbcn/dbcn_ecall.c lib/ext/srst/srst_ecall.c \
	lib/ext/pmu/pmu_ecall.c lib/ext/time/time_ecall.c lib/ext/ipi/ipi_ecall.c lib/ext/rfence/rfence_ecall.c \
	lib/ext/hsm/hsm_ecall.c tests/fuzz/fuzz_hsm.c lib/ipi/ipi.c lib/ext/ipi/smode_ipi.c lib/core/hart_table.c lib/core/console.c lib/core/timer.c lib/core/hart_mask.c \
	lib/common/format.c lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c \
	lib/ext/pmu/pmu_core.c lib/ext/pmu/pmu_counters.c lib/ext/pmu/pmu_events.c lib/ext/pmu/pmu_event_index.c lib/ext/pmu/pmu_platform.c \
	tests/fuzz/fuzz_sbi3.c tests/host/sim_triggers.c lib/ext/sse/sse_ecall.c lib/ext/fwft/fwft_ecall.c \
	lib/ext/dbtr/dbtr_ecall.c lib/ext/sse/sse_core.c lib/ext/sse/sse_attrs.c lib/ext/sse/sse_context.c lib/ext/fwft/fwft_core.c lib/ext/dbtr/dbtr_core.c
# Device trees: the riscv,pmu parser, the DT helpers and fixups, on the
# firmware's own libfdt (fetched by scripts/fetch-libfdt.sh), built with the
# firmware's FDT_ASSUME_MASK and instrumented like the rest.
ifndef LIBFDT_SRC
LIBFDT_SRC := $(BUILD)/libfdt-src
$(LIBFDT_SRC)/.complete:
	@scripts/fetch-libfdt.sh $(LIBFDT_SRC)
endif
FUZZ_LIBFDT_SRCS := $(patsubst %,$(LIBFDT_SRC)/%,fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_strerror.c fdt_addresses.c)
FUZZ_DT_SRCS := tests/fuzz/fuzz_dt.c tests/fuzz/fuzz_dt_devices.c lib/core/dt_driver.c lib/ext/pmu/pmu_dt.c lib/ext/pmu/pmu_event_index.c lib/fdt/fdt_helpers.c firmware/fdt_fixup.c \
	lib/core/boot_hooks.c lib/ext/pmu/pmu_boot.c lib/ext/pmu/pmu_platform.c \
	lib/fdt/fdt_placement.c lib/drivers/aia_dt.c lib/core/dt_device_reg.c \
	lib/core/hart_table.c lib/common/format.c lib/common/smode_memory.c lib/common/memory_map.c lib/common/heap.c \
	$(wildcard tests/host/i2c_models/*.c)
# Sources fuzz_dt_devices.c includes (to reset their static state between inputs): built with it.
FUZZ_DT_INCLUDED := lib/core/dt_device_answers.c lib/core/timer.c lib/core/reset.c lib/drivers/uart_ns16550.c lib/drivers/uart_sifive.c \
	lib/drivers/aclint.c lib/drivers/reset_syscon.c lib/drivers/reset_gpio.c \
	lib/core/i2c_bus.c lib/core/i2c_bus_probe.c lib/core/i2c_reset.c lib/drivers/i2c_designware.c lib/drivers/i2c_ocores.c lib/drivers/i2c_k1.c \
	lib/drivers/i2c_riic.c lib/drivers/reset_axp15060.c lib/drivers/reset_da9063.c lib/drivers/reset_spacemit_p1.c lib/drivers/reset_sg2042_mcu.c
FUZZ_HEADERS = $(wildcard include/*.h tests/host/*.h tests/host/i2c_models/*.h tests/fuzz/*.h tests/fuzz/host/*.h \
	lib/ext/*/*.h)

FUZZ_DT_FIXTURES := $(patsubst tests/fixtures/%.dts,$(FUZZ_DIR)/seeds-dt/%.dtb,$(wildcard tests/fixtures/*.dts)) \
	$(patsubst tests/fixtures/aia/%.dts,$(FUZZ_DIR)/seeds-dt/aia-%.dtb,$(wildcard tests/fixtures/aia/*.dts)) \
	$(patsubst tests/fixtures/devices/%.dts,$(FUZZ_DIR)/seeds-dt/devices-%.dtb,$(wildcard tests/fixtures/devices/*.dts))
# In the top-level Makefile the canary needs the firmware and the payloads built.
FUZZ_QEMU_DEPS := $(if $(O),firmware payloads)

.PHONY: fuzzers fuzz-seeds fuzz-short fuzz-long

fuzzers: $(FUZZ_DIR)/fuzz_sbi $(FUZZ_DIR)/fuzz_dt

# fuzz_sbi dispatches through the table the firmware's build generates, made
# here of its own objects' SBI_EXTENSION entries (scripts/gen-ecall-table.py),
# and links the gathered tables as the firmware does (tests/host/ipi_reasons.ld).
FUZZ_SBI_OBJS := $(patsubst %.c,$(FUZZ_DIR)/sbi/%.o,$(FUZZ_SBI_SRCS))
# tests/fuzz/fuzz_hsm.c includes lib/ext/hsm/hsm.c and lib/trap/hart_run.c.
$(FUZZ_DIR)/sbi/%.o: %.c $(FUZZ_HEADERS) lib/ext/hsm/hsm.c lib/trap/hart_run.c
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS:-fsanitize=fuzzer,%=-fsanitize=fuzzer-no-link,%) -c $< -o $@
$(FUZZ_DIR)/sbi/sbi_ecall_table.c: $(FUZZ_SBI_OBJS) scripts/gen-ecall-table.py include/sbi_ecall.h
	@python3 scripts/gen-ecall-table.py $@ $(FUZZ_SBI_OBJS)
	@touch $@
$(FUZZ_DIR)/fuzz_sbi: $(FUZZ_SBI_OBJS) $(FUZZ_DIR)/sbi/sbi_ecall_table.c tests/host/ipi_reasons.ld
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_SBI_OBJS) $(FUZZ_DIR)/sbi/sbi_ecall_table.c -Wl,-T,tests/host/ipi_reasons.ld

$(FUZZ_DIR)/fuzz_dt: $(FUZZ_DT_SRCS) $(FUZZ_DT_INCLUDED) $(FUZZ_HEADERS) $(LIBFDT_SRC)/.complete
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -I$(LIBFDT_SRC) -DFDT_ASSUME_MASK=0x4 -Wno-sign-compare -o $@ \
		$(FUZZ_DT_SRCS) $(FUZZ_LIBFDT_SRCS) -Wl,-T,tests/host/boot_hooks.ld

$(FUZZ_DIR)/seeds-dt/%.dtb: tests/fixtures/%.dts
	@mkdir -p $(@D)
	@dtc -q -I dts -O dtb -o $@ $<

$(FUZZ_DIR)/seeds-dt/aia-%.dtb: tests/fixtures/aia/%.dts
	@mkdir -p $(@D)
	@dtc -q -I dts -O dtb -o $@ $<

$(FUZZ_DIR)/seeds-dt/devices-%.dtb: tests/fixtures/devices/%.dts
	@mkdir -p $(@D)
	@dtc -q -I dts -O dtb -o $@ $<

$(FUZZ_DIR)/.seeds: tests/fuzz/make-seeds.py
	@python3 tests/fuzz/make-seeds.py $(FUZZ_DIR)
	@touch $@

fuzz-seeds: $(FUZZ_DIR)/.seeds $(FUZZ_DT_FIXTURES)

# Every step runs even after a failure; the target fails if any did.
fuzz-short: fuzz-seeds $(FUZZ_QEMU_DEPS)
	@status=0; \
	$(MAKE) -s -f tests/host/fuzz.mk BUILD=$(BUILD) fuzzers || { echo "FAIL: fuzz: fuzzers did not build"; status=1; }; \
	tests/fuzz/run-fuzzer.sh $(FUZZ_DIR) sbi $(FUZZ_SHORT_SECONDS) -max_len=1024 || status=1; \
	tests/fuzz/run-fuzzer.sh $(FUZZ_DIR) dt $(FUZZ_SHORT_SECONDS) || status=1; \
	python3 tests/fuzz/stress-canary.py --build $(BUILD) --calls 2000 || status=1; \
	exit $$status

fuzz-long: fuzz-seeds $(FUZZ_QEMU_DEPS)
	@status=0; \
	$(MAKE) -s -f tests/host/fuzz.mk BUILD=$(BUILD) fuzzers || { echo "FAIL: fuzz: fuzzers did not build"; status=1; }; \
	tests/fuzz/run-fuzzer.sh $(FUZZ_DIR) sbi $(FUZZ_LONG_SECONDS) -max_len=4096 || status=1; \
	tests/fuzz/run-fuzzer.sh $(FUZZ_DIR) dt $(FUZZ_LONG_SECONDS) || status=1; \
	python3 tests/fuzz/stress-canary.py --build $(BUILD) --calls $(FUZZ_LONG_CALLS) --timeout 3600 || status=1; \
	BUILD=$(BUILD) tests/run-qemu.sh -j 1 -f tests/fuzz/stress-long.txt || status=1; \
	exit $$status
