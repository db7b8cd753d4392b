#!/bin/bash
# Retired instructions from reset to the first S-mode instruction, and binary
# size, for Abacus and Debian's OpenSBI 1.1, measured the same way:
# QEMU virt -smp 1 -icount shift=0, next stage = tests/bench/boot_instret.S.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OPENSBI=${OPENSBI:-/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin}
out=$BUILD/bench
mkdir -p "$out"
riscv64-unknown-elf-gcc -march=rv64imac_zicsr_zifencei -mabi=lp64 -nostdlib -static \
	-Wl,-Ttext=0x80200000 -Wl,--no-warn-rwx-segments -o "$out/boot_instret.elf" tests/bench/boot_instret.S
riscv64-unknown-elf-objcopy -O binary "$out/boot_instret.elf" "$out/boot_instret.bin"

measure() {  # firmware [smp]
	timeout 60 qemu-system-riscv64 -M virt -nographic -smp "${2:-1}" -icount shift=0 -bios "$1" \
		-device loader,file="$out/boot_instret.bin",addr=0x80200000 </dev/null 2>/dev/null |
		tr -d '\r' | sed -n 's/^boot-instret 0x\([0-9a-f]*\)$/\1/p' | head -1
}

printf '%-12s %10s %22s\n' firmware "size (B)" "instructions to S-mode"
for fw in "$BUILD/qemu-virt/abacus.bin" "$OPENSBI"; do
	name=Abacus
	[ "$fw" = "$OPENSBI" ] && name="OpenSBI 1.1"
	hex=$(measure "$fw")
	printf '%-12s %10s %22s\n' "$name" "$(stat -c %s "$fw")" "$((16#${hex:-0}))"
done
