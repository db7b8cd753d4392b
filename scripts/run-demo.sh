#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# `make run`: boots QEMU virt (4 harts) with FIRMWARE as -bios and the demo
# payload (tests/payloads/hello.c) as -kernel. Builds nothing: the Makefile
# builds the firmware and the payloads first. The payload powers the machine
# off when done; Ctrl-A X leaves QEMU earlier.
#   usage: scripts/run-demo.sh FIRMWARE
#   env:   BUILD (default: build/ of this repository), QEMU (default
#          qemu-system-riscv64)
set -eu

firmware=${1:?usage: scripts/run-demo.sh FIRMWARE}
root=$(cd "$(dirname "$0")/.." && pwd)
payload=${BUILD:-$root/build}/payloads/hello.elf
qemu=${QEMU:-qemu-system-riscv64}

for f in "$firmware" "$payload"; do
	if [ ! -f "$f" ]; then
		echo "run-demo: $f not found (make firmware payloads)" >&2
		exit 1
	fi
done
exec "$qemu" -M virt -smp 4 -nographic -bios "$firmware" -kernel "$payload"
