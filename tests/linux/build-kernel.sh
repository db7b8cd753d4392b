#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Builds the Linux 6.1 kernel Image for the Abacus boot test:
#   tests/linux/build-kernel.sh [--extract-only] [BUILD_DIR]   (default build/linux)
#
# - extracts Debian's linux-source-6.1 (/usr/src/linux-source-6.1.tar.xz)
#   into BUILD_DIR/src once;
# - configures `make ARCH=riscv tinyconfig` plus tests/linux/kernel.config
#   in BUILD_DIR/obj, and checks that every option of the fragment took;
# - builds arch/riscv/boot/Image (nice, -j$LINUX_JOBS, default 2) and copies
#   it to BUILD_DIR/Image.
# The Image is rebuilt only when the fragment changes (its SHA-256 is kept
# in BUILD_DIR/Image.fragment-sha256). Output of the kernel build goes to
# BUILD_DIR/build.log.
set -eu
cd "$(dirname "$0")/../.."

extract_only=0
if [ "${1-}" = --extract-only ]; then
	extract_only=1
	shift
fi
B=${1:-build/linux}
TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
FRAGMENT=tests/linux/kernel.config
JOBS=${LINUX_JOBS:-2}
CROSS=${LINUX_CROSS_COMPILE:-riscv64-linux-gnu-}
KMAKE=(make -s -C "$B/src" O="$PWD/$B/obj" ARCH=riscv CROSS_COMPILE="$CROSS")

want=$(sha256sum "$FRAGMENT" | cut -d' ' -f1)
if [ "$extract_only" = 0 ] && [ -f "$B/Image" ] &&
   [ "$(cat "$B/Image.fragment-sha256" 2>/dev/null)" = "$want" ]; then
	exit 0
fi

mkdir -p "$B"
if [ ! -f "$B/src/.extracted" ]; then
	if [ ! -r "$TARBALL" ]; then
		echo "build-kernel.sh: $TARBALL not found (apt-get install linux-source-6.1)" >&2
		exit 1
	fi
	echo "  LINUX   extracting $TARBALL"
	rm -rf "$B/src" "$B/src.tmp"
	mkdir -p "$B/src.tmp"
	tar -xJf "$TARBALL" -C "$B/src.tmp"
	mv "$B/src.tmp/linux-source-6.1" "$B/src"
	rmdir "$B/src.tmp"
	touch "$B/src/.extracted"
fi
[ "$extract_only" = 0 ] || exit 0

for tool in "${CROSS}gcc" bc bison flex; do
	if ! command -v "$tool" >/dev/null; then
		echo "build-kernel.sh: $tool not found (scripts/setup.sh installs it)" >&2
		exit 1
	fi
done

echo "  LINUX   configuring (tinyconfig + $FRAGMENT)"
rm -f "$B/Image" "$B/Image.fragment-sha256"
mkdir -p "$B/obj"
"${KMAKE[@]}" tinyconfig >"$B/build.log" 2>&1
"$B/src/scripts/kconfig/merge_config.sh" -m -O "$B/obj" "$B/obj/.config" "$FRAGMENT" >>"$B/build.log" 2>&1
"${KMAKE[@]}" olddefconfig >>"$B/build.log" 2>&1

# Every line of the fragment must be in the final .config as written:
# a dependency that Kconfig silently dropped would make the test meaningless.
missing=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) grep -qxF -- "$line" "$B/obj/.config" || { echo "build-kernel.sh: not set: $line" >&2; missing=1; } ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }; opt=${opt%% *}
		grep -q "^$opt=" "$B/obj/.config" && { echo "build-kernel.sh: set but should not be: $opt" >&2; missing=1; } ;;
	esac
done <"$FRAGMENT"
[ "$missing" = 0 ] || exit 1

echo "  LINUX   building Image (-j$JOBS, log: $B/build.log)"
start=$(date +%s)
if ! nice "${KMAKE[@]}" -j"$JOBS" Image >>"$B/build.log" 2>&1; then
	tail -n 30 "$B/build.log" >&2
	echo "build-kernel.sh: kernel build failed (log: $B/build.log)" >&2
	exit 1
fi
cp "$B/obj/arch/riscv/boot/Image" "$B/Image"
echo "$want" >"$B/Image.fragment-sha256"
echo "  LINUX   $B/Image ($(stat -c %s "$B/Image") bytes, $(( $(date +%s) - start )) s)"
