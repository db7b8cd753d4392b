# SPDX-License-Identifier: BSD-2-Clause
#
# QEMU sifive_u extras for the payload tests: the -kernel image that makes
# QEMU pass a bad fw_dynamic_info (tests/payloads/sifive_u_fw_dynamic_bait.S).
# It is named base.elf in its own folder because tests/run-qemu.sh waits for
# "PAYLOAD-PASS <basename of -kernel>", and the payload that runs is base,
# loaded with -device loader. Included by the top-level Makefile after
# payloads.mk; built by `make payloads`.

SIFIVE_U_BAIT := $(BUILD)/payloads/fw-dynamic-bait/base.elf
SIFIVE_U_BAIT_ADDR := 0x08000000

payloads: $(SIFIVE_U_BAIT)

# -N: no page alignment, so the ELF headers are in no loaded segment and the
# lowest loaded address is the bait address itself.
$(SIFIVE_U_BAIT): tests/payloads/sifive_u_fw_dynamic_bait.S
	@mkdir -p $(@D)
	$(PAYLOAD_CC) -march=rv64imac -mabi=lp64 -nostdlib -static -Wl,-N \
		-Wl,-Ttext=$(SIFIVE_U_BAIT_ADDR) -Wl,--build-id=none -Wl,--no-warn-rwx-segments -o $@ $<
