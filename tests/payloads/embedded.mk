# One-image builds for the payload tests (tests/qemu-tests.txt, "One-image
# builds"; README): the firmware with a payload built in (make PAYLOAD=...).
#   make embedded-images
# - build/qemu-virt-payload-hello: the demo payload, QEMU virt;
# - build/qemu-virt-payload-loop: a `j .` loop at 0x80100000 that must never
#   run (the loader's fw_dynamic_info wins over it);
# - build/hifive-unmatched-payload-base: the HiFive Unmatched build with base.

BUILD ?= build
EMBEDDED_LOOP := $(BUILD)/payloads/loop.bin

.PHONY: embedded-images
embedded-images: payloads $(EMBEDDED_LOOP)
	@$(MAKE) -s BUILD=$(BUILD) PLATFORM=qemu-virt PAYLOAD=$(BUILD)/payloads/hello.elf firmware
	@$(MAKE) -s BUILD=$(BUILD) PLATFORM=qemu-virt PAYLOAD=$(EMBEDDED_LOOP) PAYLOAD_ADDR=0x80100000 firmware
	@$(MAKE) -s BUILD=$(BUILD) PLATFORM=hifive-unmatched PAYLOAD=$(BUILD)/payloads/base.elf firmware

# jal x0, 0 (0x0000006f, little-endian): a hart that runs it spins there.
$(EMBEDDED_LOOP):
	@mkdir -p $(@D)
	@printf '\157\000\000\000' >$@
