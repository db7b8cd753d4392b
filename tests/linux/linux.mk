# SPDX-License-Identifier: BSD-2-Clause
#
# The Linux boot tests: Linux 6.1, 6.12 (on QEMU 7.2) and 7.2 (on QEMU 11.1)
# kernels (tinyconfig + tests/linux/kernel*.config) boot on the firmware under
# QEMU virt and run a static init program (tests/linux/init/) that checks the
# SBI PMU through perf_event_open, CPU hotplug, the kernel's KVM selftests and
# (7.2) user shadow stacks.
# Included by the top-level Makefile; also usable alone from the repository root:
#   make -f tests/linux/linux.mk linux-test
#
#   linux-kernel     $(BUILD)/linux/Image (6.1), $(BUILD)/linux-6.12/Image and
#                    Image-patched, $(BUILD)/linux-7.2/Image and Image-patched
#                    (7.2 built inside the sid root, build/sid: kernel-tree.sh;
#                    extracted and built once; rebuilt only when the fragments
#                    or patches change; ~3-5 min each on 2 cores)
#   linux-initramfs  $(BUILD)/linux-test/initramfs-<version>.cpio with the init
#                    program (and for 6.12 and 7.2 the KVM selftests)
#   linux-test       all of them, the firmware images (with 6.1 also the
#                    one-image build with its kernel in it,
#                    $(BUILD)/generic-payload-Image), then
#                    tests/linux/run-linux.sh (its case table lists the cases:
#                    PMU checks, KVM, the Abacus -> U-Boot -> Linux chain, ...)
# LINUX_KERNELS selects the kernels (default "6.1 6.12 7.2"). LINUX_FIRMWARE selects
# one -bios image for every case (default: Abacus, built first), e.g.
#   make -f tests/linux/linux.mk linux-test \
#        LINUX_FIRMWARE=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin

BUILD ?= build
LINUX_KERNELS ?= 6.1 6.12 7.2
LINUX_DIR := $(BUILD)/linux
# Kernels whose initramfs also holds the KVM selftests of their own tree.
LINUX_KVM_KERNELS := $(filter 6.12 7.2,$(LINUX_KERNELS))
LINUX_TEST_DIR := $(BUILD)/linux-test
LINUX_CROSS_COMPILE ?= riscv64-linux-gnu-
LINUX_FIRMWARE ?=

# Keep the includer's default goal; standalone, linux-test is the default.
linux_saved_default_goal := $(.DEFAULT_GOAL)

LINUX_INIT_SRCS := $(wildcard tests/linux/init/*.c tests/linux/init/*.S)
LINUX_INIT_CFLAGS := -static -O2 -std=gnu11 -Wall -Wextra -Werror -Iinclude -Itests/linux/init
LINUX_INITRAMFS := $(patsubst %,$(LINUX_TEST_DIR)/initramfs-%.cpio,$(LINUX_KERNELS))
# gen_init_cpio comes from the first kernel tree of the list (7.2's is in the
# sid root: tests/linux/kernel-tree.sh).
LINUX_CPIO_VERSION := $(firstword $(LINUX_KERNELS))
LINUX_CPIO_TREE := $(if $(filter 6.1,$(LINUX_CPIO_VERSION)),$(LINUX_DIR),$(if $(filter 7.2,$(LINUX_CPIO_VERSION)),$(or $(ABACUS_SID_ROOT),build/sid)/abacus-build/linux-7.2,$(BUILD)/linux-$(LINUX_CPIO_VERSION)))

.PHONY: linux-test linux-kernel linux-initramfs linux-firmware linux-kvm-selftests
linux-test: linux-firmware linux-kernel linux-initramfs
	@LINUX_FIRMWARE=$(LINUX_FIRMWARE) LINUX_KERNELS="$(LINUX_KERNELS)" BUILD=$(BUILD) tests/linux/run-linux.sh

linux-kernel:
	@for v in $(LINUX_KERNELS); do tests/linux/build-kernel.sh --version $$v || exit 1; done

linux-initramfs: $(LINUX_INITRAMFS)

# The Abacus images the cases boot (a no-op when built): the default one, the
# one that offers snapshot memory on every boot (make PMU_SNAPSHOT=y) and,
# with 6.1, the one-image build with that kernel in it (case embedded).
linux-firmware: linux-kernel
ifeq ($(LINUX_FIRMWARE),)
	@$(MAKE) -s -f Makefile BUILD=$(BUILD) firmware
	@$(MAKE) -s -f Makefile BUILD=$(BUILD) PMU_SNAPSHOT=y firmware
ifneq ($(filter 6.1,$(LINUX_KERNELS)),)
	@$(MAKE) -s -f Makefile BUILD=$(BUILD) PAYLOAD=$(LINUX_DIR)/Image firmware
endif
endif

$(LINUX_TEST_DIR)/init: $(LINUX_INIT_SRCS) tests/linux/init/linux_test.h include/sbi_spec.h
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(LINUX_CROSS_COMPILE)gcc $(LINUX_INIT_CFLAGS) -o $@ $(LINUX_INIT_SRCS) -lpthread

# Linux's own cpio generator (host C, from an extracted tree): no root
# needed for the /dev/console node.
$(LINUX_TEST_DIR)/gen_init_cpio:
	@tests/linux/build-kernel.sh --extract-only --version $(LINUX_CPIO_VERSION)
	@mkdir -p $(@D)
	@gcc -O2 -o $@ $(LINUX_CPIO_TREE)/src/usr/gen_init_cpio.c

linux-kvm-selftests: linux-kernel
	@for v in $(LINUX_KVM_KERNELS); do tests/linux/build-kvm-selftests.sh --version $$v || exit 1; done

$(LINUX_TEST_DIR)/initramfs-6.1.cpio: $(LINUX_TEST_DIR)/init $(LINUX_TEST_DIR)/gen_init_cpio tests/linux/initramfs.list
	@echo "  CPIO    $@"
	@sed 's|@INIT@|$(LINUX_TEST_DIR)/init|' tests/linux/initramfs.list >$(@:.cpio=.list)
	@$(LINUX_TEST_DIR)/gen_init_cpio $(@:.cpio=.list) >$@

# With the KVM selftests of the kernel's own configured tree: built after the kernel.
$(patsubst %,$(LINUX_TEST_DIR)/initramfs-%.cpio,$(LINUX_KVM_KERNELS)): $(LINUX_TEST_DIR)/initramfs-%.cpio: \
		$(LINUX_TEST_DIR)/init $(LINUX_TEST_DIR)/gen_init_cpio \
		tests/linux/initramfs.list tests/linux/initramfs-kvm.list linux-kvm-selftests
	@echo "  CPIO    $@"
	@{ sed 's|@INIT@|$(LINUX_TEST_DIR)/init|' tests/linux/initramfs.list; \
	   sed 's|@KVM@|$(BUILD)/linux-$*/kvm-selftests|' tests/linux/initramfs-kvm.list; } >$(@:.cpio=.list)
	@$(LINUX_TEST_DIR)/gen_init_cpio $(@:.cpio=.list) >$@

ifneq ($(linux_saved_default_goal),)
.DEFAULT_GOAL := $(linux_saved_default_goal)
endif
