# SPDX-License-Identifier: BSD-2-Clause
#
# The M-mode trampoline the "another load address" payload tests give QEMU
# as -bios (tests/payloads/mmode_trampoline.S): it jumps to the firmware
# loaded elsewhere. Included by the top-level Makefile after payloads.mk;
# built by `make payloads`.

MMODE_TRAMPOLINE := $(BUILD)/payloads/mmode-trampoline.bin

payloads: $(MMODE_TRAMPOLINE)

$(MMODE_TRAMPOLINE): tests/payloads/mmode_trampoline.S
	@mkdir -p $(@D)
	$(PAYLOAD_CC) -march=rv64imac -mabi=lp64 -nostdlib -static -Wl,-Ttext=0x80000000 \
		-Wl,--build-id=none -Wl,--no-warn-rwx-segments -o $(@:.bin=.elf) $<
	$(CROSS_COMPILE)objcopy -O binary $(@:.bin=.elf) $@
