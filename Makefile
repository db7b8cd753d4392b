# SPDX-License-Identifier: BSD-2-Clause
# Abacus: RISC-V M-mode SBI firmware.
#   make [PLATFORM=generic] [CROSS_COMPILE=...] [COMPILER=gcc12|gcc15|clang21] [BUILD=build]
#                 build/generic/abacus.bin: one image for every board its DT describes,
#                 run from wherever the loader put it (docs/porting.md)
#   make test     host unit tests + QEMU payload tests, ends with "N passed, N failed"
#   make run      boot QEMU virt with the firmware and the demo payload
#   make bench    retired instructions per SBI call, Abacus vs OpenSBI 1.1 (QEMU 7.2) and 1.9 (QEMU 11.1)
#   make compilers-test   the firmware built by every COMPILER, warning-free
#   make PAYLOAD=path/to/Image [PAYLOAD_ADDR=0x80200000]
#                 one image with the next stage built in: build/<platform>-payload-<name>/abacus.bin
#   make FW_TEXT_START=... FW_JUMP_ADDR=... FW_FDT_PATH=... (OpenSBI's names; firmware/opensbi_vars.mk)
#   make tools    host tools: build/tools/abacus-dryrun (the boot on a board's DT, on the host),
#                 build/tools/abacus-pmu-dt (riscv,pmu DT checker); make install-tools PREFIX=...
#   make dryrun-golden   rewrite tests/tools/dry-run-golden.txt (the dry run over Linux's DTs)
#   make fit FIT=/usr/lib/u-boot/<board>/u-boot.itb
#                 that FIT with Abacus in OpenSBI's place: build/<platform>/u-boot.itb
#                 (scripts/abacus-fit); make fit-test checks it on Debian's FITs

CROSS_COMPILE ?= riscv64-unknown-elf-
# The image is a position-independent executable that relocates itself at
# boot (firmware/entry.S): its objects are built by CROSS_COMPILE as usual
# (-fno-pic, medany: PC-relative code, no GOT) and linked -pie by a linker
# that makes PIEs: Debian's riscv64-linux-gnu- does, the bare-metal one not.
LINK_CROSS_COMPILE ?= riscv64-linux-gnu-
PLATFORM      ?= generic
BUILD         ?= build
# TEST_HOOKS=1: a separate test image with the firmware-specific test hooks
# (lib/ext/test_hooks/test_hooks_ecall.c) that some payload tests need.
TEST_HOOKS    ?= 0
# PMU snapshot memory is offered to S-mode only when asked for: stock Linux
# 6.12 and 7.2 mishandle it (docs/linux.md). PMU_SNAPSHOT=y: an image that
# offers it on every boot (build/<platform>-snapshot/); otherwise the DT
# property /chosen/abacus,pmu-snapshot asks for it at boot.
PMU_SNAPSHOT  ?= n
ifeq ($(filter y n,$(PMU_SNAPSHOT)),)
$(error PMU_SNAPSHOT must be y or n)
endif
O             := $(BUILD)/$(PLATFORM)
ifeq ($(TEST_HOOKS),1)
O             := $(O)-test-hooks
endif
ifeq ($(PMU_SNAPSHOT),y)
O             := $(O)-snapshot
endif
# EXTRA_EXT_DIRS=dir...: extension folders from outside lib/ext/ built in
# (below); the image gets a directory of its own, named after them.
EXTRA_EXT_DIRS ?=
ifneq ($(EXTRA_EXT_DIRS),)
empty         :=
O             := $(O)$(subst $(empty) $(empty),,$(foreach d,$(EXTRA_EXT_DIRS),-$(notdir $(d))))
endif
# COMPILER=: what builds the firmware (docs/bench.md, "Compilers"): Debian
# 12's riscv64-unknown-elf-gcc, GCC 12 (CROSS_COMPILE, the default), or one
# of the Debian sid root's (scripts/setup-sid.sh; run by scripts/sid-cc):
# its riscv64-unknown-elf-gcc, GCC 15, or its clang 21. Each but the default
# builds in a directory of its own (build/generic-clang21).
COMPILER      ?= gcc12
COMPILERS     := gcc12 gcc15 clang21
ifeq ($(filter $(COMPILER),$(COMPILERS)),)
$(error COMPILER must be one of: $(COMPILERS))
endif
ifneq ($(COMPILER),gcc12)
O             := $(O)-$(COMPILER)
endif
LIBFDT_SRC    := $(BUILD)/libfdt-src
# OpenSBI's FW_* variables (FW_TEXT_START, FW_JUMP_ADDR, FW_FDT_PATH, ...):
# checked, mapped to PAYLOAD/PAYLOAD_ADDR, and each image that sets one gets
# a build directory of its own (IMAGE_TAG).
include firmware/opensbi_vars.mk
# One-image builds (README): the objects of $(O) and the payload, placed at
# PAYLOAD_ADDR, linked into $(IMAGE)/abacus.bin. An ELF payload is converted
# to raw bytes (its entry must be PAYLOAD_ADDR); anything else (a Linux Image)
# is taken as it is.
# PAYLOAD_ADDR is where the payload is when the image is loaded at
# FW_TEXT_START: it moves with the image.
PAYLOAD       ?=
PAYLOAD_ADDR  ?= $(FW_DEFAULT_PAYLOAD_ADDR)
IMAGE         := $(O)$(IMAGE_TAG)
IMAGE_LDFLAGS := -DFW_TEXT_START=$(FW_TEXT_START)
ifneq ($(PAYLOAD),)
IMAGE         := $(IMAGE)-payload-$(basename $(notdir $(PAYLOAD)))
IMAGE_LDFLAGS += -DFW_PAYLOAD_ADDR=$(PAYLOAD_ADDR)
endif
# The image's own settings (its DT with FW_FDT_PATH), in its own directory, and its payload.
IMAGE_OBJS    := $(IMAGE)/fw_config.S.o $(if $(PAYLOAD),$(IMAGE)/fw_payload.S.o)

CC_gcc12   := $(CROSS_COMPILE)gcc
CC_gcc15   := scripts/sid-cc riscv64-unknown-elf-gcc
CC_clang21 := scripts/sid-cc clang-21 --target=riscv64-unknown-elf
CC      := $(CC_$(COMPILER))
OBJCOPY := $(CROSS_COMPILE)objcopy
SIZE    := $(CROSS_COMPILE)size
FW_LD      := $(LINK_CROSS_COMPILE)ld
FW_READELF := $(LINK_CROSS_COMPILE)readelf
# The sid root's compilers' objects are linked by its own linker (binutils
# 2.47): Debian 12's ld (2.40) crashes on their objects (GCC 15's and clang 21's alike).
ifneq ($(COMPILER),gcc12)
FW_LD      := scripts/sid-cc riscv64-linux-gnu-ld
endif

# The ecall fast path (firmware/trap_entry.S) saves only the caller-saved
# registers C may use; keeping t2-t6 out of all firmware C code saves ten
# loads/stores per ecall.
FW_FIXED_REGS := -ffixed-t2 -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6
# The stack bound's input (scripts/stack-check.py): GCC's call graphs with
# each function's frame; clang writes no call graph (stack-check reads the
# default build's).
FW_STACK_INFO := -fstack-usage -fcallgraph-info=su
# GCC's RISC-V default (-malign-data=xlen) aligns every array, struct and
# string literal to 8 bytes, padding each string and byte table of the image;
# their natural alignment (clang's, which has no such option) leaves the
# code as it is and the padding out.
FW_ALIGN_DATA := -malign-data=natural
ifeq ($(COMPILER),clang21)
FW_FIXED_REGS := -ffixed-x7 -ffixed-x28 -ffixed-x29 -ffixed-x30 -ffixed-x31
FW_STACK_INFO :=
FW_ALIGN_DATA :=
endif
ARCH_FLAGS := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
FW_CFLAGS  = $(ARCH_FLAGS) $(FW_OPT) -g -std=gnu11 -ffreestanding -fno-builtin -nostdlib -fno-pic \
	      -fno-stack-protector -fno-common -ffunction-sections -fdata-sections \
	      -Wall -Wextra -Werror -Iinclude -Ilib/ext -I$(LIBFDT_SRC) $(FW_STACK_INFO) $(FW_FIXED_REGS) $(FW_ALIGN_DATA)
# Code that runs once, at boot (DT discovery, the boot log, S-mode's DT, the
# AIA's discovery and APLIC set-up, the PMP plan), or once at the end (the
# reset devices and drivers, the I2C controllers and PMICs only a reset uses),
# is built for size: it keeps the image small, and with it the firmware
# region (image, BSS, per-hart blocks, one NAPOT range: its size in
# docs/boot.md). So are the ACLINT and IMSIC drivers: besides their
# probes and the hart set-up, all they run is a doorbell's or a timer's one
# load or store, the same at -Os. Everything else (every path an SBI call
# or an IPI takes) stays at -O2, and so does libfdt (at -Os boot takes much
# longer: docs/boot.md).
FW_OPT     := -O2
FW_COLD_SRCS := firmware/boot.c firmware/boot_finish.c firmware/fw_dynamic.c firmware/hart_init.c \
	lib/fdt/fdt_helpers.c firmware/fdt_fixup.c lib/fdt/fdt_placement.c lib/drivers/aia_dt.c \
	lib/core/dt_driver.c lib/core/dt_device_reg.c lib/core/dt_device_answers.c firmware/boot_devices.c \
	lib/drivers/aia.c lib/drivers/aplic_setup.c lib/drivers/imsic_setup.c lib/ext/pmu/pmu_dt.c \
	lib/drivers/aclint.c lib/drivers/imsic.c lib/core/pmp.c lib/core/hart_lifecycle.c lib/core/trap_report.c \
	lib/common/heap.c lib/common/memory_map.c firmware/fw_payload.c lib/ext/pmu/pmu_event_index.c lib/core/hart_enables.c \
	lib/core/pmp_plan.c lib/core/reset.c lib/drivers/reset_syscon.c lib/drivers/reset_gpio.c \
	lib/core/i2c_bus.c lib/core/i2c_bus_probe.c lib/core/i2c_reset.c lib/drivers/i2c_designware.c lib/drivers/i2c_ocores.c lib/drivers/i2c_k1.c \
	lib/drivers/i2c_riic.c lib/drivers/reset_axp15060.c lib/drivers/reset_da9063.c lib/drivers/reset_spacemit_p1.c lib/drivers/reset_sg2042_mcu.c \
	lib/drivers/plic_thead.c lib/drivers/reset_sunxi_wdt.c lib/drivers/reset_cv1800_rtc.c lib/drivers/reset_th1520_aon.c lib/drivers/reset_rzg2l_wdt.c \
	lib/core/hart_enables_hw.c lib/ext/pmu/pmu_hart.c lib/ext/fwft/fwft_hart.c lib/ext/dbtr/dbtr_hart.c
FW_ASFLAGS := $(ARCH_FLAGS) -g -Iinclude -Ilib/ext -D__ASSEMBLER__
# -pie --no-dynamic-linker: a PIE with its R_RISCV_RELATIVE relocations in
# .rela.dyn, which firmware/entry.S applies; the dynamic-linking sections are
# discarded (firmware/abacus.ld).
FW_LDFLAGS := -pie --no-dynamic-linker --gc-sections --no-warn-rwx-segments --build-id=none

# The firmware's sources: every file of its folders (docs/architecture.md,
# "Layers"), so a new file, driver or extension needs no line here.
FW_LIB_DIRS := lib/common lib/core lib/fdt lib/drivers lib/ipi lib/trap lib/dispatch
# Each SBI extension is one folder of lib/ext/ (docs/architecture.md, "Adding
# an extension"): its ecall glue, core, hardware seam, lifecycle and DT
# parser. The test hooks go only into the test-hook image; EXTRA_EXT_DIRS
# adds extension folders from elsewhere (tests/ext/vendor_demo: a made-up
# vendor extension the tests build in), each image in a directory of its own.
EXT_DIRS := $(filter-out lib/ext/test_hooks,$(sort $(wildcard lib/ext/*))) \
	$(if $(filter 1,$(TEST_HOOKS)),lib/ext/test_hooks) $(EXTRA_EXT_DIRS)
dir_srcs = $(sort $(wildcard $(addsuffix /*.c,$(1)) $(addsuffix /*.S,$(1))))
FW_SRCS := firmware/entry.S firmware/trap_entry.S $(sort $(wildcard firmware/*.c)) \
	$(call dir_srcs,$(FW_LIB_DIRS) $(EXT_DIRS))

ifeq ($(TEST_HOOKS),1)
FW_CFLAGS += -DABACUS_TEST_HOOKS
endif
ifeq ($(PMU_SNAPSHOT),y)
FW_CFLAGS += -DABACUS_PMU_SNAPSHOT=1
endif

# A platform folder: platform.c, plus an optional platform.mk adding sources or flags.
# The two per-board builds of before are the generic image's quirks now.
ifneq ($(filter qemu-virt hifive-unmatched,$(PLATFORM)),)
$(error PLATFORM=$(PLATFORM) is no longer a build of its own: the generic image (make, or make PLATFORM=generic: build/generic/abacus.bin) boots it, with the board's quirk from platform/generic/quirks/ chosen by the DT's root compatible (docs/porting.md))
endif
PLATFORM_SRCS := $(wildcard platform/$(PLATFORM)/*.c)
-include platform/$(PLATFORM)/platform.mk
ifeq ($(PLATFORM_SRCS),)
$(error unknown PLATFORM '$(PLATFORM)': no platform/$(PLATFORM)/*.c)
endif

LIBFDT_FILES := fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_strerror.c fdt_addresses.c
LIBFDT_OBJS  := $(patsubst %.c,$(O)/libfdt/%.o,$(LIBFDT_FILES))
FW_OBJS      := $(patsubst %,$(O)/%.o,$(FW_SRCS) $(PLATFORM_SRCS)) $(LIBFDT_OBJS)
# The ecall dispatch table (include/sbi_ecall.h): generated from the
# SBI_EXTENSION entries of the objects (scripts/gen-ecall-table.py; it fails
# when it cannot give each extension a slot). The list of objects is a
# prerequisite too: an extension added or gone regenerates it.
ECALL_GEN          := $(O)/gen
ECALL_TABLE_OBJ    := $(ECALL_GEN)/sbi_ecall_table.o
ECALL_ENTRY_OBJS   := $(filter-out $(LIBFDT_OBJS),$(FW_OBJS))
# The Andes PLICSW doorbell is built for size as the ACLINT is: a send is one store, a clear a load and a store.
FW_COLD_SRCS += lib/drivers/andes_plicsw.c
# So are the quirks whose every hook runs once, at boot: the RZ/Five's (the PMA entry, the DMA pool node, the
# I2C clock) and the JH7110's (the I2C clock).
FW_COLD_SRCS += platform/generic/quirks/renesas_rzfive.c platform/generic/quirks/starfive_jh7110.c
FW_COLD_OPT ?= -Os
# So is every *_boot.c: what a service adds to the end of boot (include/boot_hooks.h).
FW_COLD_SRCS += $(filter %_boot.c,$(FW_SRCS)) lib/core/boot_hooks.c
$(patsubst %,$(O)/%.o,$(FW_COLD_SRCS)): FW_OPT := $(FW_COLD_OPT)
# The code built for size saves and restores its registers through shared
# routines (-msave-restore, lib/common/save_restore.S): a call each way in
# place of a store and a load per register in every function, 2 KiB less
# for a few instructions more per call (boot: 0.06 %). Not the code a hart
# runs as it starts, stops or suspends (the HSM calls' paths), which keeps
# its own prologues; a doorbell's or a timer's leaf functions have none.
FW_HART_PATH_SRCS := firmware/hart_init.c lib/core/hart_lifecycle.c lib/core/hart_enables.c lib/core/hart_enables_hw.c \
	lib/core/pmp.c lib/drivers/imsic.c lib/ext/pmu/pmu_hart.c lib/ext/fwft/fwft_hart.c lib/ext/dbtr/dbtr_hart.c
$(patsubst %,$(O)/%.o,$(filter-out $(FW_HART_PATH_SRCS),$(FW_COLD_SRCS))): FW_OPT := $(FW_COLD_OPT) -msave-restore

.PHONY: all firmware clean distclean test run bench libfdt
all: firmware
firmware: $(IMAGE)/abacus.elf $(IMAGE)/abacus.bin

$(LIBFDT_SRC)/.complete:
	@scripts/fetch-libfdt.sh $(LIBFDT_SRC)
libfdt: $(LIBFDT_SRC)/.complete

# Upstream libfdt, freestanding, with our libfdt_env.h (include/ comes first).
# ASSUME_LATEST drops per-access version checks (a third of all boot
# instructions went there); boot refuses DTBs older than version 17 instead.
$(O)/libfdt/%.o: $(LIBFDT_SRC)/.complete include/libfdt_env.h include/libc_string.h Makefile
	@mkdir -p $(@D)
	@echo "  CC      libfdt/$*.c"
	@$(CC) $(FW_CFLAGS) -DFDT_ASSUME_MASK=0x4 -Wno-sign-compare -c $(LIBFDT_SRC)/$*.c -o $@

$(O)/%.c.o: %.c $(LIBFDT_SRC)/.complete Makefile
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@

$(O)/%.S.o: %.S Makefile
	@mkdir -p $(@D)
	@echo "  AS      $<"
	@$(CC) $(FW_ASFLAGS) -MMD -MP -c $< -o $@

$(ECALL_GEN)/objects: FORCE
	@mkdir -p $(@D)
	@echo "$(ECALL_ENTRY_OBJS)" | cmp -s - $@ 2>/dev/null || echo "$(ECALL_ENTRY_OBJS)" >$@
$(ECALL_GEN)/sbi_ecall_table.c: $(ECALL_ENTRY_OBJS) $(ECALL_GEN)/objects scripts/gen-ecall-table.py include/sbi_ecall.h
	@echo "  GEN     $@"
	@python3 scripts/gen-ecall-table.py $@ $(ECALL_ENTRY_OBJS)
	@touch $@
$(ECALL_TABLE_OBJ): $(ECALL_GEN)/sbi_ecall_table.c
	@echo "  CC      $<"
	@$(CC) $(FW_CFLAGS) -c $< -o $@

$(IMAGE)/abacus.ld: firmware/abacus.ld $(IMAGE)/image.config
	@mkdir -p $(@D)
	@$(CC) -E -P -x c $(IMAGE_LDFLAGS) $< -o $@

# The image's settings as last built: a change relinks even when no file changed.
$(IMAGE)/image.config: FORCE
	@mkdir -p $(@D)
	@echo "$(IMAGE_LDFLAGS) $(FW_CONFIG_FLAGS) $(abspath $(PAYLOAD))" | cmp -s - $@ 2>/dev/null || \
		echo "$(IMAGE_LDFLAGS) $(FW_CONFIG_FLAGS) $(abspath $(PAYLOAD))" >$@

# What the image does by default (FW_JUMP_ADDR ...) and its embedded DT (FW_FDT_PATH).
$(IMAGE)/fw_config.S.o: firmware/fw_config.S $(IMAGE)/image.config $(FW_FDT_DTB) Makefile
	@echo "  AS      $<"
	@$(CC) $(FW_ASFLAGS) $(FW_CONFIG_FLAGS) -c $< -o $@

ifneq ($(FW_FDT_DTS),)
$(FW_FDT_DTB): $(FW_FDT_DTS)
	@mkdir -p $(@D)
	@echo "  DTC     $<"
	@dtc -q -I dts -O dtb -o $@ $<
endif

# The link fails unless the linker made a PIE whose only dynamic relocations
# are R_RISCV_RELATIVE: entry.S applies no other kind, packed 12 to 1 after
# the link (scripts/pack-relocs.py).
$(IMAGE)/abacus.elf: $(FW_OBJS) $(ECALL_TABLE_OBJ) $(IMAGE_OBJS) $(IMAGE)/abacus.ld scripts/check-relocs.sh scripts/pack-relocs.py
	@echo "  LD      $@"
	@$(FW_LD) $(FW_LDFLAGS) -T $(IMAGE)/abacus.ld -Map $(IMAGE)/abacus.map -o $@.tmp $(FW_OBJS) $(ECALL_TABLE_OBJ) $(IMAGE_OBJS) || \
		{ echo "the image is a position-independent executable: link it with a linker that makes PIEs," \
		       "LINK_CROSS_COMPILE=riscv64-linux-gnu- (Debian gcc-riscv64-linux-gnu)" >&2; exit 1; }
	@scripts/check-relocs.sh $@.tmp $(FW_READELF) "$(LINK_CROSS_COMPILE)"
	@scripts/pack-relocs.py $@.tmp
	@mv $@.tmp $@

$(IMAGE)/abacus.bin: $(IMAGE)/abacus.elf
	@$(OBJCOPY) -O binary $< $@
	@echo "  BIN     $@ ($$(stat -c %s $@) bytes)"

# A distribution's U-Boot FIT with this image in OpenSBI's place (docs/porting.md,
# "Distributions: Abacus in U-Boot's FIT"), and the tool's test on Debian's FITs.
.PHONY: fit fit-test
fit: $(IMAGE)/abacus.bin
	@test -n "$(FIT)" || { echo "make fit FIT=path/to/u-boot.itb (the distribution's FIT)" >&2; exit 1; }
	@scripts/abacus-fit --firmware $(IMAGE)/abacus.bin $(FIT) $(IMAGE)/u-boot.itb
fit-test: $(IMAGE)/abacus.bin
	@BUILD=$(BUILD) python3 tests/tools/test_abacus_fit.py
# make install-tools installs it with the host tools (a Python 3 script: mkimage and dtc do the rest).
.PHONY: install-fit
install-tools: install-fit
install-fit:
	install -D -m 0755 scripts/abacus-fit $(DESTDIR)$(PREFIX)/bin/abacus-fit

ifneq ($(PAYLOAD),)
$(IMAGE)/payload.bin: $(PAYLOAD) $(IMAGE)/image.config scripts/prepare-payload.sh
	@scripts/prepare-payload.sh $(PAYLOAD) $(PAYLOAD_ADDR) $@ $(CROSS_COMPILE)

$(IMAGE)/fw_payload.S.o: firmware/fw_payload.S $(IMAGE)/payload.bin Makefile
	@echo "  AS      $< ($(PAYLOAD) at $(PAYLOAD_ADDR))"
	@$(CC) $(FW_ASFLAGS) -DFW_PAYLOAD_BIN='"$(abspath $(IMAGE)/payload.bin)"' -c $< -o $@
endif
.PHONY: FORCE
FORCE:

-include $(patsubst %.o,%.d,$(filter-out $(LIBFDT_OBJS),$(FW_OBJS)))

# Tests: host unit tests, S-mode payloads and the QEMU runner.
-include tests/host/host.mk
# Each extension's host tests (tests/host/<extension>/host.mk).
-include $(sort $(wildcard tests/host/*/host.mk))
-include tests/host/u74.mk
-include tests/host/platform.mk
-include tests/host/reset_gpio.mk
-include tests/host/uart.mk
-include tests/host/i2c.mk
-include tests/host/htif.mk
-include tests/host/misaligned.mk
-include tests/host/isolation.mk
-include tests/host/aia.mk
-include tests/host/board_devices.mk
-include tests/payloads/boards_own.mk
-include tests/host/board_drivers.mk
-include tests/host/spacemit_k1.mk
-include tests/payloads/payloads.mk
-include tests/payloads/next_stage.mk
-include tests/payloads/trampoline.mk
-include tests/payloads/embedded.mk
-include tests/payloads/boards.mk
-include tests/linux/linux.mk
-include tests/host/fuzz.mk
-include scripts/abacus-pmu-dt/tools.mk
-include scripts/abacus-dryrun/tools.mk

test:
	@scripts/run-tests.sh

run: firmware payloads
	@scripts/run-demo.sh $(O)/abacus.bin

# The benchmark measures snapshot_set_shmem too: on the image that offers
# snapshot memory (PMU_SNAPSHOT=y; the SBI calls' code is the default image's).
bench:
	@$(MAKE) -s BUILD=$(BUILD) COMPILER=$(COMPILER) PMU_SNAPSHOT=y firmware
	@FIRMWARE=$(BUILD)/$(PLATFORM)-snapshot$(if $(filter-out gcc12,$(COMPILER)),-$(COMPILER))/abacus.bin scripts/bench.sh

# The firmware built by each compiler: warnings are errors (FW_CFLAGS), so a
# build that finishes is a warning-free one.
.PHONY: compilers-test
compilers-test:
	@mkdir -p $(BUILD)
	@for c in $(COMPILERS); do \
		if $(MAKE) -s BUILD=$(BUILD) COMPILER=$$c firmware >$(BUILD)/compiler-$$c.log 2>&1; then \
			echo "PASS: compilers: $$c builds the firmware warning-free"; \
		else \
			tail -n 20 $(BUILD)/compiler-$$c.log; \
			echo "FAIL: compilers: $$c (log: $(BUILD)/compiler-$$c.log)"; st=1; \
		fi; \
	done; exit $${st:-0}

clean:
	rm -rf $(O) $(BUILD)/host $(BUILD)/tools $(BUILD)/payloads $(BUILD)/test-logs

distclean:
	rm -rf $(BUILD)
