# SPDX-License-Identifier: BSD-2-Clause
#
# S-mode test payloads: every tests/payloads/<name>.c, linked with the
# payload library (tests/payloads/lib), becomes $(BUILD)/payloads/<name>.elf.
# Included by the top-level Makefile; also usable alone from the repository
# root:  make -f tests/payloads/payloads.mk payloads
#
# Payloads may use upstream libfdt: it is fetched into
# $(LIBFDT_SRC) by scripts/fetch-libfdt.sh (never committed) and built for
# S-mode into $(BUILD)/payloads/libfdt/libfdt.a, linked into every payload.
#
# PAYLOAD_EXTRA_CFLAGS adds flags, e.g. the expected spec version for a run
# against another firmware:
#   make -f tests/payloads/payloads.mk payloads \
#        PAYLOAD_EXTRA_CFLAGS=-DEXPECTED_SBI_SPEC_VERSION=0x01000000

BUILD ?= build
CROSS_COMPILE ?= riscv64-unknown-elf-

# Keep the includer's default goal; standalone, the first target (payloads) is it.
payloads_saved_default_goal := $(.DEFAULT_GOAL)

# The top-level Makefile defines LIBFDT_SRC and the rule that fetches it.
ifndef LIBFDT_SRC
LIBFDT_SRC := $(BUILD)/libfdt-src
$(LIBFDT_SRC)/.complete:
	@scripts/fetch-libfdt.sh $(LIBFDT_SRC)
endif

PAYLOAD_CC := $(CROSS_COMPILE)gcc
PAYLOAD_AR := $(CROSS_COMPILE)ar
PAYLOAD_CFLAGS := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany \
	-ffreestanding -fno-builtin -nostdlib -O2 -Wall -Wextra -Werror \
	-Iinclude -Itests/payloads/lib -I$(LIBFDT_SRC) -MMD -MP $(PAYLOAD_EXTRA_CFLAGS)
PAYLOAD_LDSCRIPT := tests/payloads/lib/payload.ld
PAYLOAD_LDFLAGS := -nostdlib -static -T $(PAYLOAD_LDSCRIPT) -Wl,--build-id=none

PAYLOAD_DIR := $(BUILD)/payloads
PAYLOAD_LIB_SRCS := $(sort $(wildcard tests/payloads/lib/*.c tests/payloads/lib/*.S))
# String functions: the firmware's own (lib/common/libc_string.c), built for payloads.
PAYLOAD_LIB_OBJS := $(patsubst tests/payloads/lib/%,$(PAYLOAD_DIR)/lib/%.o,$(PAYLOAD_LIB_SRCS)) \
	$(PAYLOAD_DIR)/lib/libc_string.c.o
PAYLOAD_NAMES := $(sort $(basename $(notdir $(wildcard tests/payloads/*.c))))
PAYLOAD_ELFS := $(PAYLOAD_NAMES:%=$(PAYLOAD_DIR)/%.elf)
PAYLOAD_LIBFDT_FILES := fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_addresses.c fdt_strerror.c
PAYLOAD_LIBFDT_OBJS := $(PAYLOAD_LIBFDT_FILES:%.c=$(PAYLOAD_DIR)/libfdt/%.o)
PAYLOAD_LIBFDT := $(PAYLOAD_DIR)/libfdt/libfdt.a

.PHONY: payloads payloads-clean
payloads: $(PAYLOAD_ELFS)

# Every payload source may include <libfdt.h>: fetch it first.
$(PAYLOAD_DIR)/lib/%.o: tests/payloads/lib/% $(LIBFDT_SRC)/.complete
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c -o $@ $<

$(PAYLOAD_DIR)/lib/libc_string.c.o: lib/common/libc_string.c
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c -o $@ $<

$(PAYLOAD_DIR)/%.o: tests/payloads/%.c $(LIBFDT_SRC)/.complete
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c -o $@ $<

# Upstream code: our flags, minus the warnings it is not written for.
$(PAYLOAD_LIBFDT_OBJS): $(PAYLOAD_DIR)/libfdt/%.o: $(LIBFDT_SRC)/.complete include/libfdt_env.h include/libc_string.h
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -Wno-sign-compare -c -o $@ $(LIBFDT_SRC)/$*.c

$(PAYLOAD_LIBFDT): $(PAYLOAD_LIBFDT_OBJS)
	rm -f $@
	$(PAYLOAD_AR) rcs $@ $^

$(PAYLOAD_DIR)/%.elf: $(PAYLOAD_DIR)/%.o $(PAYLOAD_LIB_OBJS) $(PAYLOAD_LIBFDT) $(PAYLOAD_LDSCRIPT)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_LDFLAGS) -o $@ $< $(PAYLOAD_LIB_OBJS) \
		$(PAYLOAD_LIBFDT) -lgcc

# The same payloads linked for a machine whose RAM is not at 0x80000000:
# $(BUILD)/payloads-at-<base>/<name>.elf, the objects above linked at <base>
# (tt-atlantis: RAM at 0, QEMU loads -kernel at 0x200000). Only the payloads
# such a machine's cases run.
PAYLOAD_LOW_BASE := 0x200000
PAYLOAD_LOW_NAMES := base console timer ipi hsm rfence srst pmu_info hello
PAYLOAD_LOW_DIR := $(BUILD)/payloads-at-$(PAYLOAD_LOW_BASE)
PAYLOAD_LOW_ELFS := $(PAYLOAD_LOW_NAMES:%=$(PAYLOAD_LOW_DIR)/%.elf)
payloads: $(PAYLOAD_LOW_ELFS)

$(PAYLOAD_LOW_DIR)/%.elf: $(PAYLOAD_DIR)/%.o $(PAYLOAD_LIB_OBJS) $(PAYLOAD_LIBFDT) $(PAYLOAD_LDSCRIPT)
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_LDFLAGS) -Wl,--defsym=PAYLOAD_BASE=$(PAYLOAD_LOW_BASE) -o $@ $< \
		$(PAYLOAD_LIB_OBJS) $(PAYLOAD_LIBFDT) -lgcc

# Objects are intermediate only by accident of the pattern rules: keep them.
.SECONDARY: $(PAYLOAD_NAMES:%=$(PAYLOAD_DIR)/%.o) $(PAYLOAD_LIB_OBJS)

payloads-clean:
	rm -rf $(PAYLOAD_DIR)

-include $(wildcard $(PAYLOAD_DIR)/*.d $(PAYLOAD_DIR)/lib/*.d $(PAYLOAD_DIR)/libfdt/*.d)

ifneq ($(payloads_saved_default_goal),)
.DEFAULT_GOAL := $(payloads_saved_default_goal)
endif
