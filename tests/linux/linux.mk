# SPDX-License-Identifier: BSD-2-Clause
#
# The Linux boot test: a Linux 6.1 kernel (tinyconfig + tests/linux/kernel.config)
# boots on the firmware under QEMU virt and runs a static init program
# (tests/linux/init/) that checks the SBI PMU through perf_event_open.
# Included by the top-level Makefile; also usable alone from the repository root:
#   make -f tests/linux/linux.mk linux-test
#
#   linux-kernel     $(BUILD)/linux/Image (extracted and built once; rebuilt only
#                    when kernel.config changes; ~3-8 min on 2 cores)
#   linux-initramfs  $(BUILD)/linux/initramfs.cpio with $(BUILD)/linux/init
#   linux-test       both, the firmware (and the one-image build with the
#                    kernel, $(BUILD)/qemu-virt-payload-Image), then
#                    tests/linux/run-linux.sh: cases exact, fw, uboot (the
#                    Abacus -> U-Boot -> Linux chain), embedded
# LINUX_FIRMWARE selects the -bios image (default: Abacus, built first), e.g.
#   make -f tests/linux/linux.mk linux-test \
#        LINUX_FIRMWARE=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin

BUILD ?= build
LINUX_DIR := $(BUILD)/linux
LINUX_CROSS_COMPILE ?= riscv64-linux-gnu-
LINUX_FIRMWARE ?= $(BUILD)/qemu-virt/abacus.bin

# Keep the includer's default goal; standalone, linux-test is the default.
linux_saved_default_goal := $(.DEFAULT_GOAL)

LINUX_INIT_SRCS := $(wildcard tests/linux/init/*.c tests/linux/init/*.S)
LINUX_INIT_CFLAGS := -static -O2 -std=gnu11 -Wall -Wextra -Werror -Iinclude -Itests/linux/init

.PHONY: linux-test linux-kernel linux-initramfs linux-firmware
linux-test: linux-firmware linux-kernel linux-initramfs
	@LINUX_FIRMWARE=$(LINUX_FIRMWARE) BUILD=$(BUILD) tests/linux/run-linux.sh

linux-kernel:
	@tests/linux/build-kernel.sh $(LINUX_DIR)

linux-initramfs: $(LINUX_DIR)/initramfs.cpio

# The default firmware comes from the top-level Makefile (a no-op when built),
# and so does the one-image build with the kernel in it (case embedded).
linux-firmware: linux-kernel
ifeq ($(LINUX_FIRMWARE),$(BUILD)/qemu-virt/abacus.bin)
	@$(MAKE) -s -f Makefile BUILD=$(BUILD) PLATFORM=qemu-virt firmware
	@$(MAKE) -s -f Makefile BUILD=$(BUILD) PLATFORM=qemu-virt PAYLOAD=$(LINUX_DIR)/Image firmware
endif

$(LINUX_DIR)/init: $(LINUX_INIT_SRCS) tests/linux/init/linux_test.h include/sbi_spec.h
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(LINUX_CROSS_COMPILE)gcc $(LINUX_INIT_CFLAGS) -o $@ $(LINUX_INIT_SRCS) -lpthread

# Linux's own cpio generator (host C, from the extracted tree): no root
# needed for the /dev/console node.
$(LINUX_DIR)/gen_init_cpio:
	@tests/linux/build-kernel.sh --extract-only $(LINUX_DIR)
	@gcc -O2 -o $@ $(LINUX_DIR)/src/usr/gen_init_cpio.c

$(LINUX_DIR)/initramfs.cpio: $(LINUX_DIR)/init $(LINUX_DIR)/gen_init_cpio tests/linux/initramfs.list
	@echo "  CPIO    $@"
	@sed 's|@INIT@|$(LINUX_DIR)/init|' tests/linux/initramfs.list >$(LINUX_DIR)/initramfs.list
	@$(LINUX_DIR)/gen_init_cpio $(LINUX_DIR)/initramfs.list >$@

ifneq ($(linux_saved_default_goal),)
.DEFAULT_GOAL := $(linux_saved_default_goal)
endif
