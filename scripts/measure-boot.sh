#!/bin/bash
# Retired instructions from reset to the first S-mode instruction, and binary
# size, for Abacus and Debian's OpenSBI 1.1, measured the same way: QEMU virt
# with one instruction per translation block and an execution trace
# (-singlestep -d exec,nochain), counting executed instructions until the
# first one at the next-stage address 0x80200000. Exact and repeatable
# (instret under -icount is not: it starts at a varying value).
#   usage: scripts/measure-boot.sh [SMP...]      (default: 1 4)
#   QEMU_EXTRA: more QEMU arguments, e.g. an AIA machine:
#     QEMU_EXTRA="-M virt,aia=aplic-imsic -cpu rv64,x-smaia=true,x-ssaia=true"
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
OPENSBI=${OPENSBI:-/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin}
ABACUS=${ABACUS:-$BUILD/generic/abacus.bin}
out=$BUILD/bench
mkdir -p "$out"
riscv64-unknown-elf-gcc -march=rv64imac_zicsr_zifencei -mabi=lp64 -nostdlib -static \
	-Wl,-Ttext=0x80200000 -Wl,--no-warn-rwx-segments -o "$out/boot_instret.elf" tests/bench/boot_instret.S
riscv64-unknown-elf-objcopy -O binary "$out/boot_instret.elf" "$out/boot_instret.bin"

count_to_smode() {  # firmware smp
	local fifo
	fifo=$(mktemp -u) && mkfifo "$fifo"
	awk '/^Trace/ { n++; if (index($0, "/0000000080200000/") > 0) { print n; exit } }' "$fifo" > "$fifo.count" &
	local awk_pid=$!
	# shellcheck disable=SC2086 # QEMU_EXTRA is a list of words
	timeout 300 qemu-system-riscv64 -M virt -nographic -smp "$2" -singlestep -d exec,nochain -D "$fifo" \
		-bios "$1" -device loader,file="$out/boot_instret.bin",addr=0x80200000 ${QEMU_EXTRA-} </dev/null >/dev/null 2>&1 &
	local qemu_pid=$!
	wait $awk_pid
	kill $qemu_pid 2>/dev/null; wait $qemu_pid 2>/dev/null
	cat "$fifo.count"; rm -f "$fifo" "$fifo.count"
}

smps=${*:-1 4}
printf '%-12s %10s' firmware "size (B)"
for n in $smps; do printf ' %16s' "insns -smp $n"; done
printf '\n'
for fw in "$ABACUS" "$OPENSBI"; do
	name=Abacus
	[ "$fw" = "$OPENSBI" ] && name="OpenSBI 1.1"
	printf '%-12s %10s' "$name" "$(stat -c %s "$fw")"
	for n in $smps; do printf ' %16s' "$(count_to_smode "$fw" "$n")"; done
	printf '\n'
done
