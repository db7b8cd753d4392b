#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Builds the two KVM selftests the Linux 6.12 test runs (riscv/sbi_pmu_test
# and arch_timer), static, from the kernel tree build-kernel.sh extracted:
#   tests/linux/build-kvm-selftests.sh [BUILD_DIR]   (default build/linux-6.12)
# Headers come from `make headers_install` into BUILD_DIR/obj/usr (the
# configured kernel); the programs go to BUILD_DIR/kvm-selftests/. Rebuilt
# only when missing (the kernel tree never changes under a given version).
set -eu
cd "$(dirname "$0")/../.."

B=${1:-build/linux-6.12}
CROSS=${LINUX_CROSS_COMPILE:-riscv64-linux-gnu-}
JOBS=${LINUX_JOBS:-2}
OUT=$PWD/$B/kvm-selftests

if [ -x "$OUT/riscv/sbi_pmu_test" ] && [ -x "$OUT/arch_timer" ]; then
	exit 0
fi
if [ ! -f "$B/obj/.config" ]; then
	echo "build-kvm-selftests.sh: $B/obj/.config not found (tests/linux/build-kernel.sh --version 6.12 first)" >&2
	exit 1
fi
echo "  KVM     selftests sbi_pmu_test, arch_timer (log: $B/kvm-selftests.log)"
mkdir -p "$OUT"
if ! { make -s -C "$B/src" O="$PWD/$B/obj" ARCH=riscv CROSS_COMPILE="$CROSS" headers_install &&
       LDFLAGS=-static nice make -j"$JOBS" -C "$B/src/tools/testing/selftests/kvm" ARCH=riscv \
		CROSS_COMPILE="$CROSS" OUTPUT="$OUT" KHDR_INCLUDES="-isystem $PWD/$B/obj/usr/include" \
		"$OUT/riscv/sbi_pmu_test" "$OUT/arch_timer"; } >"$B/kvm-selftests.log" 2>&1; then
	tail -n 30 "$B/kvm-selftests.log" >&2
	echo "build-kvm-selftests.sh: build failed (log: $B/kvm-selftests.log)" >&2
	exit 1
fi
