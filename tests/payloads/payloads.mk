# SPDX-License-Identifier: BSD-2-Clause
#
# S-mode test payloads: every tests/payloads/<name>.c, linked with the
# payload library (tests/payloads/lib), becomes $(BUILD)/payloads/<name>.elf.
# Included by the top-level Makefile; also usable alone from the repository
# root:  make -f tests/payloads/payloads.mk payloads
#
# PAYLOAD_EXTRA_CFLAGS adds flags, e.g. the expected spec version for a run
# against another firmware:
#   make -f tests/payloads/payloads.mk payloads \
#        PAYLOAD_EXTRA_CFLAGS=-DEXPECTED_SBI_SPEC_VERSION=0x01000000

BUILD ?= build
CROSS_COMPILE ?= riscv64-unknown-elf-

# Keep the includer's default goal; standalone, the first target (payloads) is it.
payloads_saved_default_goal := $(.DEFAULT_GOAL)

PAYLOAD_CC := $(CROSS_COMPILE)gcc
PAYLOAD_CFLAGS := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany \
	-ffreestanding -fno-builtin -nostdlib -O2 -Wall -Wextra -Werror \
	-Iinclude -Itests/payloads/lib -MMD -MP $(PAYLOAD_EXTRA_CFLAGS)
PAYLOAD_LDSCRIPT := tests/payloads/lib/payload.ld
PAYLOAD_LDFLAGS := -nostdlib -static -T $(PAYLOAD_LDSCRIPT) -Wl,--build-id=none

PAYLOAD_DIR := $(BUILD)/payloads
PAYLOAD_LIB_SRCS := $(sort $(wildcard tests/payloads/lib/*.c tests/payloads/lib/*.S))
PAYLOAD_LIB_OBJS := $(patsubst tests/payloads/lib/%,$(PAYLOAD_DIR)/lib/%.o,$(PAYLOAD_LIB_SRCS))
PAYLOAD_NAMES := $(sort $(basename $(notdir $(wildcard tests/payloads/*.c))))
PAYLOAD_ELFS := $(PAYLOAD_NAMES:%=$(PAYLOAD_DIR)/%.elf)

.PHONY: payloads payloads-clean
payloads: $(PAYLOAD_ELFS)

$(PAYLOAD_DIR)/lib/%.o: tests/payloads/lib/%
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c -o $@ $<

$(PAYLOAD_DIR)/%.o: tests/payloads/%.c
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c -o $@ $<

$(PAYLOAD_DIR)/%.elf: $(PAYLOAD_DIR)/%.o $(PAYLOAD_LIB_OBJS) $(PAYLOAD_LDSCRIPT)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_LDFLAGS) -o $@ $< $(PAYLOAD_LIB_OBJS) -lgcc

# Objects are intermediate only by accident of the pattern rules: keep them.
.SECONDARY: $(PAYLOAD_NAMES:%=$(PAYLOAD_DIR)/%.o) $(PAYLOAD_LIB_OBJS)

payloads-clean:
	rm -rf $(PAYLOAD_DIR)

-include $(wildcard $(PAYLOAD_DIR)/*.d $(PAYLOAD_DIR)/lib/*.d)

ifneq ($(payloads_saved_default_goal),)
.DEFAULT_GOAL := $(payloads_saved_default_goal)
endif
