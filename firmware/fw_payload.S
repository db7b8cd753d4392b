/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The embedded next stage of a one-image build (include/fw_payload.h): the
 * bytes of the payload file the Makefile prepared (an ELF converted to a raw
 * image, or a raw image such as a Linux Image as it is). firmware/abacus.ld
 * places this section at PAYLOAD_ADDR; only `make PAYLOAD=...` links it.
 */
	.section .fw_payload, "a"
	.incbin FW_PAYLOAD_BIN
