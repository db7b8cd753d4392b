# SPDX-License-Identifier: BSD-2-Clause
#
# Next stages outside RAM for the payload tests (tests/qemu-tests.txt,
# "Where the next stage may be"): tests/payloads/next_stage_stub.S linked
#   - at 0x20000000, QEMU virt's flash: as raw bytes for -device loader, and
#     as a 32 MiB pflash image (the size QEMU virt's pflash0 must have) for
#     -blockdev/-M virt,pflash0=, where QEMU 11.1 names it in fw_dynamic_info;
#   - at 0x08000000, QEMU sifive_u's L2 LIM, as an ELF for -kernel: QEMU
#     names the lowest address it loaded in fw_dynamic_info. It is named
#     base.elf in its own folder because tests/run-qemu.sh waits for
#     "PAYLOAD-PASS <basename of -kernel>", and base is the payload that
#     passes (loaded at 0x80200000 with -device loader).
# Included by the top-level Makefile after payloads.mk; built by `make payloads`.

NEXT_STAGE_FLASH := $(BUILD)/payloads/next-stage-flash/stub.bin
NEXT_STAGE_PFLASH := $(BUILD)/payloads/next-stage-flash/pflash0.img
NEXT_STAGE_L2LIM := $(BUILD)/payloads/next-stage-l2lim/base.elf

payloads: $(NEXT_STAGE_FLASH) $(NEXT_STAGE_PFLASH) $(NEXT_STAGE_L2LIM)

# -N: no page alignment, so the ELF headers are in no loaded segment and the
# lowest loaded address is the link address itself.
next_stage_stub = $(PAYLOAD_CC) -march=rv64imac -mabi=lp64 -nostdlib -static -Wl,-N \
	-Wl,-Ttext=$(1) -DNEXT_STAGE_STUB_ADDR_TEXT='"$(1)"' -Wl,--build-id=none -Wl,--no-warn-rwx-segments

$(NEXT_STAGE_L2LIM): tests/payloads/next_stage_stub.S tests/payloads/next_stage.mk
	@mkdir -p $(@D)
	$(call next_stage_stub,0x08000000) -o $@ $<

$(NEXT_STAGE_FLASH): tests/payloads/next_stage_stub.S tests/payloads/next_stage.mk
	@mkdir -p $(@D)
	$(call next_stage_stub,0x20000000) -o $(@:.bin=.elf) $<
	$(CROSS_COMPILE)objcopy -O binary $(@:.bin=.elf) $@

# Sparse: 32 MiB of which the stub's bytes are written.
$(NEXT_STAGE_PFLASH): $(NEXT_STAGE_FLASH)
	@rm -f $@
	@truncate -s 32M $@
	@dd if=$< of=$@ conv=notrunc status=none
