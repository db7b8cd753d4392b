#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Compiles one RISC-V board DT of Debian sid's linux-source-7.2, as the
# kernel does (cpp with include/ and scripts/dtc/include-prefixes, then dtc):
#   scripts/linux-dtb.sh microchip/mpfs-icicle-kit OUT.dtb
# The sources come from the tree the Linux 7.2 test kernel was built in
# (ROOT/abacus-build/linux-7.2/src, tests/linux/kernel-tree.sh) when it is
# there, else only the DT files are taken out of the package's tarball once
# (BUILD/linux-7.2-dts, about a minute: the whole xz stream is read).
# ROOT is ${ABACUS_SID_ROOT:-build/sid} (scripts/setup-sid.sh).
set -eu
cd "$(dirname "$0")/.."

[ $# -eq 2 ] || { echo "usage: scripts/linux-dtb.sh VENDOR/BOARD OUT.dtb" >&2; exit 2; }
name=$1 out=$2
ROOT=${ABACUS_SID_ROOT:-build/sid}
BUILD=${BUILD:-build}
TARBALL=$ROOT/usr/src/linux-source-7.2.tar.xz
tree=$ROOT/abacus-build/linux-7.2/src
if [ ! -f "$tree/arch/riscv/boot/dts/$name.dts" ]; then
	tree=$BUILD/linux-7.2-dts/linux-source-7.2
	if [ ! -f "$BUILD/linux-7.2-dts/.complete" ]; then
		[ -r "$TARBALL" ] || { echo "linux-dtb.sh: $TARBALL not found (scripts/setup-sid.sh installs linux-source-7.2)" >&2; exit 1; }
		rm -rf "$BUILD/linux-7.2-dts"
		mkdir -p "$BUILD/linux-7.2-dts"
		tar -xJf "$TARBALL" -C "$BUILD/linux-7.2-dts" --wildcards \
			'linux-source-7.2/arch/riscv/boot/dts/*' 'linux-source-7.2/include/dt-bindings/*' \
			'linux-source-7.2/scripts/dtc/include-prefixes/*'
		touch "$BUILD/linux-7.2-dts/.complete"
	fi
fi
src=$tree/arch/riscv/boot/dts/$name.dts
[ -f "$src" ] || { echo "linux-dtb.sh: no $src" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp -I "$tree/include" \
	-I "$tree/scripts/dtc/include-prefixes" -I "$(dirname "$src")" "$src" |
	dtc -q -I dts -O dtb -o "$out" -
