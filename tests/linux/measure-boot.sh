#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Measures a Linux boot to userspace on Abacus and on OpenSBI 1.1 (Debian's
# fw_jump.bin), for docs/linux.md:
#   - under -smp 1 -icount shift=0 (deterministic): the instructions retired
#     in the firmware before the kernel starts, from reset to the first user
#     instruction, and to power-off, split by the mmode_insns plugin
#     (tests/linux/qemu-plugin/mmode_insns.c); and instret/time as the init
#     program reads them when it starts;
#   - without -icount, -smp 1 and -smp 4: the time CSR at userspace entry
#     (10 MHz; QEMU's virtual clock follows the host clock then) and the
#     wall time of the whole run, best of $RUNS runs; a run that does not
#     power off within 60 s is counted as a hang and left out.
# Usage: tests/linux/measure-boot.sh   (after make -f tests/linux/linux.mk linux-test)
# Environment: BUILD (default build), RUNS (default 3), OPENSBI (fw_jump.bin path).
set -u
cd "$(dirname "$0")/../.." || exit 2

BUILD=${BUILD:-build}
RUNS=${RUNS:-3}
OPENSBI=${OPENSBI:-/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin}
PLUGIN=$BUILD/linux/mmode_insns.so
OUT=$BUILD/linux/measure
mkdir -p "$OUT"

gcc -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -o "$PLUGIN" \
	tests/linux/qemu-plugin/mmode_insns.c || exit 1

boot()   # boot FIRMWARE LOG QEMU-ARGS...: one boot with abacus_test=boot
{
	local fw=$1 log=$2
	shift 2
	timeout 60 qemu-system-riscv64 -M virt -m 256M -nographic -no-reboot -bios "$fw" \
		-kernel "$BUILD/linux/Image" -initrd "$BUILD/linux-test/initramfs-6.1.cpio" \
		-append "console=ttyS0 earlycon panic=-1 abacus_test=boot" "$@" </dev/null >"$log" 2>&1
}

field()  # field LOG REGEX: the first capture group of the first matching line
{
	tr -d '\r' <"$1" | sed -nE "s/$2/\\1/p" | head -n 1
}

printf '%-11s | %-28s | %12s | %12s | %12s | %12s\n' firmware measurement "fw to kernel" \
	"fw to user" "all to user" "fw to exit"
for fw_name in abacus opensbi-1.1; do
	fw=$BUILD/generic/abacus.bin
	[ "$fw_name" = abacus ] || fw=$OPENSBI
	log=$OUT/$fw_name-icount.log
	boot "$fw" "$log" -smp 1 -icount shift=0 -plugin "$PLUGIN" -d plugin -D "$log.plugin"
	printf '%-11s | %-28s | %12s | %12s | %12s | %12s\n' "$fw_name" "insns, -smp 1 -icount 0" \
		"$(field "$log.plugin" '^mmode_insns: to the next stage: firmware ([0-9]+)$')" \
		"$(field "$log.plugin" '^mmode_insns: to userspace: firmware ([0-9]+),.*')" \
		"$(field "$log.plugin" '^mmode_insns: to userspace: .* total ([0-9]+)$')" \
		"$(field "$log.plugin" '^mmode_insns: to exit: firmware ([0-9]+),.*')"
	printf '%-11s | %-28s | %12s\n' "$fw_name" "instret at init, -icount 0" \
		"$(field "$log" '^linux: userspace reached: instret ([0-9]+),.*')"
done

echo
printf '%-11s | %-7s | %-26s | %-20s | %s\n' firmware harts "userspace at (time CSR)" \
	"wall, whole run" hangs
for fw_name in abacus opensbi-1.1; do
	fw=$BUILD/generic/abacus.bin
	[ "$fw_name" = abacus ] || fw=$OPENSBI
	for smp in 1 4; do
		best_ticks=999999999999 best_ms=999999999 hangs=0
		for run in $(seq "$RUNS"); do
			log=$OUT/$fw_name-smp$smp-$run.log
			start=$(date +%s%N)
			if ! boot "$fw" "$log" -smp "$smp"; then
				hangs=$((hangs + 1))
				continue
			fi
			ms=$((($(date +%s%N) - start) / 1000000))
			ticks=$(field "$log" '^linux: userspace reached: .*time ([0-9]+) ticks.*')
			[ "$ticks" -ge "$best_ticks" ] || best_ticks=$ticks
			[ "$ms" -ge "$best_ms" ] || best_ms=$ms
		done
		printf '%-11s | %-7s | %22d ms | %17d ms | %d of %d runs hung\n' "$fw_name" "$smp" \
			$((best_ticks / 10000)) "$best_ms" "$hangs" "$RUNS"
	done
done
