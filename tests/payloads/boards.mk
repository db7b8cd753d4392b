# SPDX-License-Identifier: BSD-2-Clause
#
# What the board cases of tests/qemu-tests.txt need besides the payloads:
#  - boards' DTs (tests/fixtures/boards/*.dts: Linux 7.2's, U-Boot's for the
#    HiFive Unmatched) moved onto QEMU virt with 256 MiB of RAM by
#    tests/tools/dt_to_virt.c: $(BUILD)/fixtures/boards/<board>-virt.dtb;
# Included by the top-level Makefile after tests/payloads/payloads.mk.

HOST_CC ?= gcc
DT_TO_VIRT := $(BUILD)/tools/dt-to-virt
BOARD_DTBS := $(patsubst tests/fixtures/boards/%.dts,$(BUILD)/fixtures/boards/%-virt.dtb,\
	$(wildcard tests/fixtures/boards/*.dts))

$(DT_TO_VIRT): tests/tools/dt_to_virt.c
	@mkdir -p $(@D)
	$(HOST_CC) -std=gnu11 -Wall -Wextra -Werror -O1 -o $@ $< -lfdt

$(BUILD)/fixtures/boards/src/%.dtb: tests/fixtures/boards/%.dts
	@mkdir -p $(@D)
	dtc -q -I dts -O dtb -o $@ $<

$(BUILD)/fixtures/boards/%-virt.dtb: $(BUILD)/fixtures/boards/src/%.dtb $(DT_TO_VIRT)
	$(DT_TO_VIRT) $< $@ 0x10000000

payloads: $(BOARD_DTBS)
