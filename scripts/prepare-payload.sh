#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The bytes of a one-image build's payload (Makefile, `make PAYLOAD=...`):
#   scripts/prepare-payload.sh PAYLOAD PAYLOAD_ADDR OUT.bin [CROSS_COMPILE]
# - an ELF is converted with objcopy -O binary; its entry point and lowest
#   loaded address must be PAYLOAD_ADDR (the image is run from its first byte);
# - a RISC-V Linux Image (magic "RSC\x05" at offset 56) needs a 2 MiB aligned
#   PAYLOAD_ADDR on RV64 (the kernel maps itself with 2 MiB pages);
# - anything else is copied as it is and entered at its first byte.
set -eu
payload=${1:?usage: prepare-payload.sh PAYLOAD PAYLOAD_ADDR OUT.bin [CROSS_COMPILE]}
addr=${2:?PAYLOAD_ADDR}
out=${3:?OUT.bin}
cross=${4:-riscv64-unknown-elf-}

fail() { echo "prepare-payload: $payload: $*" >&2; exit 1; }

[ -f "$payload" ] || fail "no such file"
[[ $addr =~ ^(0x[0-9a-fA-F]+|[0-9]+)$ ]] || fail "PAYLOAD_ADDR '$addr' is not a number"
addr_n=$((addr))
mkdir -p "$(dirname "$out")"

if [ "$(head -c 4 "$payload" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
	entry=$("${cross}readelf" -h "$payload" | sed -n 's/^ *Entry point address: *//p')
	lowest=$("${cross}readelf" -lW "$payload" | awk '$1 == "LOAD" { print $4 }' | sort | head -n 1)
	[ -n "$entry" ] && [ -n "$lowest" ] || fail "not an ELF with loadable segments"
	[ $((entry)) -eq "$addr_n" ] || fail "ELF entry $entry is not PAYLOAD_ADDR $addr"
	[ $((lowest)) -eq "$addr_n" ] || fail "lowest loaded address $lowest is not PAYLOAD_ADDR $addr"
	"${cross}objcopy" -O binary "$payload" "$out.tmp"
	what="ELF, entry $entry"
else
	if [ "$(od -An -tx1 -j 56 -N 4 "$payload" 2>/dev/null | tr -d ' ')" = 52534305 ]; then
		[ $((addr_n % 0x200000)) -eq 0 ] || fail "a Linux Image needs a 2 MiB aligned PAYLOAD_ADDR, not $addr"
		what="Linux Image"
	else
		what="raw image"
	fi
	cp "$payload" "$out.tmp"
fi
[ -s "$out.tmp" ] || fail "empty payload"
mv "$out.tmp" "$out"
echo "  PAYLOAD $out ($what, $(stat -c %s "$out") bytes at $addr)"
