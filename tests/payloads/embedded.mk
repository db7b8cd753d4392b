# One-image builds and builds with OpenSBI's variables, for the payload tests
# (tests/qemu-tests.txt, "One-image builds" and "OpenSBI's build variables";
# README):
#   make embedded-images
# - build/generic-payload-hello: the demo payload built in (make PAYLOAD=...);
# - build/generic-payload-loop: a `j .` loop at 0x80100000 that must never
#   run (the loader's fw_dynamic_info wins over it);
# - build/generic-payload-base: base built in (QEMU sifive_u boots it);
# - build/generic-text-0x80400000: linked at FW_TEXT_START=0x80400000;
# - build/generic-jump-0x80200000: FW_JUMP_ADDR=0x80200000;
# - build/generic-jumpoff-0x100000: FW_JUMP_OFFSET=0x100000;
# - build/generic-options-0x1: FW_OPTIONS=1 (no boot prints), and with
#   FW_JUMP_OFFSET=0x100000 (build/generic-jumpoff-0x100000-options-0x1);
# - build/generic-fdtaddr-0x82200000: FW_JUMP_FDT_ADDR=0x82200000;
# - build/generic-fdt-fw-fdt-virt: FW_FDT_PATH=tests/fixtures/fw-fdt-virt.dts;
# - build/generic-payload-base-opensbi: FW_PAYLOAD_PATH=base.elf with
#   FW_PAYLOAD_OFFSET=0x200000 (OpenSBI's names for PAYLOAD, PAYLOAD_ADDR);
# - build/generic-fdt-qemu-xiangshan-kmh-payload-base and
#   build/generic-fdt-qemu-boston-aia-payload-base: QEMU xiangshan-kunminghu's
#   and boston-aia's DTs (tests/fixtures/machines/) and base built in: QEMU
#   passes those machines no DT (and the first no -kernel).
# - build/generic-vendor_demo: the made-up vendor extension of
#   tests/ext/vendor_demo/ built in (EXTRA_EXT_DIRS).

BUILD ?= build
EMBEDDED_LOOP := $(BUILD)/payloads/loop.bin

.PHONY: embedded-images
embedded-images: payloads $(EMBEDDED_LOOP)
	@$(MAKE) -s BUILD=$(BUILD) PAYLOAD=$(BUILD)/payloads/hello.elf firmware
	@$(MAKE) -s BUILD=$(BUILD) PAYLOAD=$(EMBEDDED_LOOP) PAYLOAD_ADDR=0x80100000 firmware
	@$(MAKE) -s BUILD=$(BUILD) PAYLOAD=$(BUILD)/payloads/base.elf firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_TEXT_START=0x80400000 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_JUMP_ADDR=0x80200000 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_JUMP_OFFSET=0x100000 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_OPTIONS=1 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_JUMP_OFFSET=0x100000 FW_OPTIONS=1 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_JUMP_FDT_ADDR=0x82200000 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_FDT_PATH=tests/fixtures/fw-fdt-virt.dts firmware
	@mkdir -p $(BUILD)/payloads/opensbi-names && cp $(BUILD)/payloads/base.elf $(BUILD)/payloads/opensbi-names/base-opensbi.elf
	@$(MAKE) -s BUILD=$(BUILD) FW_PAYLOAD_PATH=$(BUILD)/payloads/opensbi-names/base-opensbi.elf \
		FW_PAYLOAD_OFFSET=0x200000 firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_FDT_PATH=tests/fixtures/machines/qemu-xiangshan-kmh.dts \
		PAYLOAD=$(BUILD)/payloads/base.elf firmware
	@$(MAKE) -s BUILD=$(BUILD) FW_FDT_PATH=tests/fixtures/machines/qemu-boston-aia.dts \
		PAYLOAD=$(BUILD)/payloads/base.elf firmware
	@$(MAKE) -s BUILD=$(BUILD) EXTRA_EXT_DIRS=tests/ext/vendor_demo firmware

# jal x0, 0 (0x0000006f, little-endian): a hart that runs it spins there.
$(EMBEDDED_LOOP):
	@mkdir -p $(@D)
	@printf '\157\000\000\000' >$@
