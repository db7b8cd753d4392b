#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Builds the two KVM selftests the Linux test runs (riscv/sbi_pmu_test and
# arch_timer), static, from the kernel tree build-kernel.sh extracted:
#   tests/linux/build-kvm-selftests.sh [--version V] [BUILD_DIR]
# V is 6.12 (default; BUILD_DIR default build/linux-6.12) or 7.2 (built in
# the sid root, like that kernel: tests/linux/kernel-tree.sh). Headers come
# from `make headers` of the configured kernel (obj/usr/include; headers_install
# would only copy them there again, and 7.2 wants rsync for that, which the sid
# root does not have); the programs end up
# in BUILD_DIR/kvm-selftests/. Rebuilt only when missing (the kernel tree
# never changes under a given version).
set -eu
cd "$(dirname "$0")/../.."

VERSION=6.12
if [ "${1-}" = --version ]; then
	VERSION=$2
	shift 2
fi
B=${1:-build/linux-$VERSION}
CROSS=${LINUX_CROSS_COMPILE:-riscv64-linux-gnu-}
JOBS=${LINUX_JOBS:-2}
OUT=$B/kvm-selftests
PROGRAMS="riscv/sbi_pmu_test arch_timer"

if [ -x "$OUT/riscv/sbi_pmu_test" ] && [ -x "$OUT/arch_timer" ]; then
	exit 0
fi
. tests/linux/kernel-tree.sh
if [ ! -f "$T/obj/.config" ]; then
	echo "build-kvm-selftests.sh: $T/obj/.config not found (tests/linux/build-kernel.sh --version $VERSION first)" >&2
	exit 1
fi
echo "  KVM     $VERSION selftests sbi_pmu_test, arch_timer (log: $B/kvm-selftests.log)"
mkdir -p "$OUT/riscv"
# Built where the tree's commands run (OR), then copied out to $OUT.
OR=$TR/kvm-selftests
if ! { in_tree make -s -C "$TR/src" O="$TR/obj" ARCH=riscv CROSS_COMPILE="$CROSS" headers &&
       in_tree env LDFLAGS=-static nice make -j"$JOBS" -C "$TR/src/tools/testing/selftests/kvm" ARCH=riscv \
		CROSS_COMPILE="$CROSS" OUTPUT="$OR" KHDR_INCLUDES="-isystem $TR/obj/usr/include" \
		$(for p in $PROGRAMS; do echo "$OR/$p"; done); } >"$B/kvm-selftests.log" 2>&1; then
	tail -n 30 "$B/kvm-selftests.log" >&2
	echo "build-kvm-selftests.sh: build failed (log: $B/kvm-selftests.log)" >&2
	exit 1
fi
if [ "$T/kvm-selftests" != "$OUT" ]; then
	for p in $PROGRAMS; do
		cp "$T/kvm-selftests/$p" "$OUT/$p"
	done
fi
