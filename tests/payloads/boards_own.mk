# SPDX-License-Identifier: BSD-2-Clause
#
# The DTs of the "Boards' own console, timer and IPI on virt" cases of
# tests/qemu-tests.txt: boards' DTs (tests/fixtures/boards/*.dts: Linux
# 7.2's, and the RZ/Five's as Renesas's U-Boot hands it over) moved onto QEMU
# virt with 256 MiB of RAM by tests/tools/board_dt_on_virt.py, which keeps the
# compatible strings of the console, CLINT/ACLINT and Andes PLMT/PLICSW
# nodes and puts the first three on QEMU's devices:
# $(BUILD)/fixtures/boards-own/<board>.dtb. Built with the payloads.
# Included by the top-level Makefile.

BOARD_OWN_DIR := $(BUILD)/fixtures/boards-own
BOARD_OWN_DTBS := $(BOARD_OWN_DIR)/bananapi-f3.dtb $(BOARD_OWN_DIR)/milkv-pioneer.dtb \
	$(BOARD_OWN_DIR)/rzfive-smarc-uboot.dtb
# The RZ/Five's SCIF stays where it is (QEMU has none): QEMU's 16550 beside it prints.
BOARD_OWN_CONSOLE_rzfive-smarc-uboot := beside

$(BOARD_OWN_DIR)/%.dtb: tests/fixtures/boards/%.dts tests/tools/board_dt_on_virt.py
	@mkdir -p $(@D)
	@python3 tests/tools/board_dt_on_virt.py --quiet --console $(or $(BOARD_OWN_CONSOLE_$*),move) $< $@

payloads: $(BOARD_OWN_DTBS)

# The mover itself (tests/tools/test_board_dt_on_virt.py), with the other host tools' tests.
.PHONY: board-dt-on-virt-test
board-dt-on-virt-test:
	@python3 tests/tools/test_board_dt_on_virt.py
tools-test: board-dt-on-virt-test
